"""Draw a print's front matter: title, checklist, what else to fetch, assembly, credits and the rules (mm, pt)."""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, Paragraph, Spacer

from pnp.cardset.frontmatter import FrontMatter, RuleSection, load_front_matter
from pnp.cardset.model import CardSet
from pnp.catalog import games
from pnp.paths import cardsets_root
from pnp.print.credits import credits
from pnp.print.fonts import missing_glyphs
from pnp.rules.book import load

BODY_PT = 7.5         # rules and lists: the smallest text on these pages stays above 6 pt
BODY_LEADING = BODY_PT * 1.25  # pt: the line spacing of body text and list items
NOTE_PT = 6.5
HEAD_PT = 10.0
TITLE_PT = 20.0
INK = colors.Color(0.12, 0.12, 0.12)
ACCENT = colors.Color(0.45, 0.22, 0.10)
TOP = 32.0            # mm: below the corner targets on every front-matter page
BOTTOM = 30.0         # mm from the paper's bottom edge: above the corner targets
FIRST_TOP = 50.0      # mm: page 1 keeps room for the title and the calibration block
SIDE = 10.0           # mm left and right
COLUMN_GAP = 6.0      # mm
QUIET = "#6b6b6b"     # the rulebook's own heading, beside the project's English one
HEADINGS = ("fm-head", "fm-section")
BODY_STYLES = ("fm-body", "fm-note", "fm-item")
END_GAP = 5.0         # mm between the last page's balanced columns and the line that ends the front matter


@dataclass(frozen=True)
class BookSection(RuleSection):
    """A rules.yaml section under the project's English heading, with the rulebook's own heading where the
    book is in another language (to find the section there)."""

    original: str = ""


def front_matter(cs: CardSet) -> FrontMatter:
    """What a print opens with: the card set's own front matter, the credits for its icons and fonts first
    among its credits, and a built-in game's rules.yaml in place of rules the folder writes itself."""
    fm = load_front_matter(cs)
    fm.credits = credits(cs) + fm.credits
    rules, source = builtin_rules(cs)
    if rules:
        fm.rules, fm.rules_source = rules, source
    return fm


def builtin_rules(cs: CardSet) -> tuple[list[RuleSection], str]:
    """The built-in game's rules.yaml, numbered by section, when this card set is that game's own folder."""
    try:
        own = (cardsets_root() / cs.slug).resolve() == Path(cs.folder).resolve()
    except OSError:
        own = False
    if not own or cs.slug not in games():
        return [], ""
    book = load(cs.slug)
    sections = []
    for n, sec in enumerate(book.sections, 1):
        statements = tuple((s.id.split(".", 1)[-1], s.text) for s in sec.statements)
        english = sec.heading_en or sec.heading
        original = "" if sec.heading in english else sec.heading  # only where it tells more than the English
        sections.append(BookSection(str(n), english, statements, original))
    where = (f"The rules restated in the pnp project's own words, numbered as 'pnp rules {cs.slug}' and "
             f"'pnp judge' cite them (with the prefix {cs.slug}.). Where the rulebook is silent, "
             f"'pnp rules {cs.slug} gaps' lists the rulings.")
    return sections, where


def styles(font: str, bold: str) -> dict[str, ParagraphStyle]:
    """Paragraph styles of the front matter, in the set's regular and bold faces (sizes in pt)."""
    base = dict(fontName=font, textColor=INK)
    return {
        "title": ParagraphStyle("fm-title", fontName=bold, fontSize=TITLE_PT, leading=TITLE_PT * 1.15,
                                textColor=ACCENT),
        "sub": ParagraphStyle("fm-sub", fontSize=8.5, leading=10.5, **base),
        "head": ParagraphStyle("fm-head", fontName=bold, fontSize=HEAD_PT, leading=HEAD_PT * 1.25,
                               textColor=ACCENT, spaceBefore=6, spaceAfter=2),
        "section": ParagraphStyle("fm-section", fontName=bold, fontSize=8.2, leading=10, textColor=INK,
                                  spaceBefore=4, spaceAfter=1),
        "body": ParagraphStyle("fm-body", fontSize=BODY_PT, leading=BODY_LEADING, spaceAfter=1.2, **base),
        "item": ParagraphStyle("fm-item", fontSize=BODY_PT, leading=BODY_LEADING, leftIndent=9,
                               firstLineIndent=-9, spaceAfter=1.5, **base),
        "part": ParagraphStyle("fm-part", fontSize=NOTE_PT, leading=NOTE_PT * 1.25, leftIndent=9,
                               spaceAfter=2, textColor=colors.Color(0.3, 0.3, 0.3), fontName=font),
        "note": ParagraphStyle("fm-note", fontSize=NOTE_PT, leading=NOTE_PT * 1.3, **base),
    }


def drawable_heading(heading: str, font: str) -> str:
    """A rule heading without its trailing "(original)" when the font cannot draw that original (the
    Chinese headings of Hera and Zeus would print as empty boxes); the English stays."""
    head, sep, original = heading.rpartition(" (")
    return head if sep and missing_glyphs(original, font) else heading


def story(fm: FrontMatter, st: dict[str, ParagraphStyle]) -> list:
    """The flowing part of the front matter, in reading order; every text from the card set is escaped."""
    out: list = []
    if fm.about:
        out.append(Paragraph(escape(fm.about), st["body"]))
    out.append(Paragraph("What to cut out", st["head"]))
    out.append(Paragraph("Tick each line once its pieces are cut; the counts are those the sheets print.",
                         st["note"]))
    for item in fm.checklist:
        out.append(Paragraph(f"\u2610 <b>{item.count}</b> {escape(item.label)} "
                             f"<font size={NOTE_PT}>({escape(item.detail)})</font>", st["item"]))
        if item.parts:
            out.append(Paragraph(" \u00b7 ".join(f"{n} {escape(k)}" for n, k in item.parts), st["part"]))
    if fm.also_need:
        out.append(Paragraph("You will also need", st["head"]))
        out += [Paragraph(f"\u2610 {escape(t)}", st["item"]) for t in fm.also_need]
    if fm.assembly:
        out.append(Paragraph("Assembly", st["head"]))
        out += [Paragraph(f"<b>{i}.</b> {escape(t)}", st["item"]) for i, t in enumerate(fm.assembly, 1)]
    if fm.credits:
        out.append(Paragraph("Credits", st["head"]))
        out += [Paragraph(escape(t), st["note"]) for t in fm.credits]
    if fm.rules:
        out.append(Paragraph("Rules", st["head"]))
        if fm.rules_source:
            out.append(Paragraph(escape(fm.rules_source), st["note"]))
        for sec in fm.rules:
            heading = drawable_heading(sec.heading, st["section"].fontName)
            original = getattr(sec, "original", "")
            quiet = (f' <font name="{st["note"].fontName}" size="{NOTE_PT}" color="{QUIET}">\u00b7 rulebook: '
                     f'{escape(original)}</font>'
                     if original and not missing_glyphs(original, st["note"].fontName) else "")
            out.append(Paragraph(f"\u00a7{sec.number} {escape(heading)}{quiet}", st["section"]))
            out += [Paragraph(f"<b>{escape(rid)}</b> {escape(text)}", st["body"]) for rid, text in sec.statements]
    out.append(Spacer(1, 1))
    return out


def columns(paper: tuple[float, float], top: float) -> list[tuple[float, float, float, float]]:
    """Column frames (x, y from the page bottom, w, h in mm) between `top` and the bottom band."""
    pw, ph = paper
    n = 3 if pw < 250 else 4
    w = (pw - 2 * SIDE - (n - 1) * COLUMN_GAP) / n
    return [(SIDE + i * (w + COLUMN_GAP), BOTTOM, w, ph - top - BOTTOM) for i in range(n)]


def fill(canvas, flow: list, paper: tuple[float, float], top: float) -> None:
    """Flow `flow` into this page's columns, consuming what fits (paragraphs split across columns). On the
    page where the flow ends the columns are balanced to one height and a line under them ends the front
    matter, so no page is left half empty by accident."""
    frames = columns(paper, top)
    font = next((f.style.fontName for f in flow if isinstance(f, Paragraph) and f.style.name in BODY_STYLES), None)
    height = balanced_height(flow, frames)
    if height is not None:
        frames = [(x, y + h - height, w, height) for x, y, w, h in frames]
    pour(canvas, flow, frames)
    if flow and all(isinstance(f, Spacer) for f in flow):
        flow.clear()                          # only the closing space is left: it ends here, not on a page of its own
    if font and not flow:
        end_line(canvas, paper, frames[0][1] - END_GAP, font)


def balanced_height(flow: list, frames: list[tuple[float, float, float, float]]) -> float | None:
    """The least column height (mm, to about 1 mm) that takes all of `flow` in these frames, or None if it
    runs on past them."""
    scratch = Canvas(io.BytesIO())            # trial pours draw here, never on the page

    def fits(height: float) -> bool:
        rest = list(flow)
        dropped = pour(scratch, rest, [(x, y + h - height, w, height) for x, y, w, h in frames])
        return not rest and not dropped
    full, width = frames[0][3], frames[0][2]
    need = 0.0                                # mm of the flow in one column: no column can take less
    for f in flow:
        need += f.wrap(width * mm, full * mm)[1] / mm + (f.getSpaceBefore() + f.getSpaceAfter()) / mm
        if need > len(frames) * full:
            return None                       # runs on: not the last page (the cheap answer)
    if not flow:
        return None
    lo, step = max(0.0, need / len(frames) - 10), 4.0
    hi = min(full, lo + 10 + step)
    while not fits(hi):                       # grow from the even share until it fits
        if hi >= full:
            return None
        lo, step = hi, step * 2
        hi = min(full, hi + step)
    while hi - lo > 1:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    return hi


def end_line(canvas, paper: tuple[float, float], y: float, font: str) -> None:
    """A short rule and a quiet line saying the front matter ends here (y in mm from the page bottom)."""
    pw, _ = paper
    canvas.setStrokeColor(ACCENT)
    canvas.setLineWidth(0.6)
    canvas.line((pw / 2 - 30) * mm, (y + 3.5) * mm, (pw / 2 + 30) * mm, (y + 3.5) * mm)
    canvas.setFillColor(colors.Color(0.35, 0.35, 0.35))
    canvas.setFont(font, NOTE_PT)
    canvas.drawCentredString(pw / 2 * mm, y * mm, "End of the front matter: the sheets to cut follow.")


def pour(canvas, flow: list, frames: list[tuple[float, float, float, float]]) -> int:
    """Draw what fits of `flow` into the frames (x, y, w, h mm) in turn, consuming it; how many pieces too
    big for an empty column were left out."""
    dropped = 0
    for x, y, w, h in frames:
        frame = Frame(x * mm, y * mm, w * mm, h * mm, leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0, showBoundary=0)
        while flow:
            head = flow[0]
            if not frame._atTop and orphaned(head, frame):  # noqa: SLF001 - a heading goes with its text
                break
            if frame.add(head, canvas, trySplit=1):
                flow.pop(0)
                continue
            parts = frame.split(head, canvas)
            if len(parts) > 1 and frame.add(parts[0], canvas, trySplit=1):
                flow[0:1] = parts[1:]
                continue
            if frame._atTop:  # noqa: SLF001 - nothing fits an empty column: leave it out rather than loop
                flow.pop(0)
                dropped += 1
                continue
            break
        if not flow:
            break
    return dropped


def orphaned(head, frame: Frame) -> bool:
    """Whether a heading would end this column without two lines of its text under it."""
    if not isinstance(head, Paragraph) or head.style.name not in HEADINGS:
        return False
    _, height = head.wrap(frame._aW, frame._y - frame._y1p)  # noqa: SLF001 - the frame's space left
    return height + head.style.spaceBefore + 2.5 * BODY_LEADING > frame._y - frame._y1p  # noqa: SLF001


def draw_header(canvas, fm: FrontMatter, paper: tuple[float, float], st: dict, width: float) -> None:
    """Title and the line under it, right of the top-left target, `width` mm wide."""
    pw, ph = paper
    pieces = sum(i.count for i in fm.checklist)
    sub = f"Print-and-play edition{' by ' + escape(fm.author) if fm.author else ''} \u00b7 {pieces} pieces to cut"
    frame = Frame(32 * mm, (ph - FIRST_TOP + 2) * mm, width * mm, (FIRST_TOP - 2 - 10) * mm, leftPadding=0,
                  rightPadding=0, topPadding=0, bottomPadding=0)
    flow = [Paragraph(escape(fm.title), st["title"]), Paragraph(sub, st["sub"])]
    fill_one(canvas, frame, flow)


def fill_one(canvas, frame: Frame, flow: list) -> None:
    """Draw what fits of `flow` in one frame; the rest is dropped (a header never runs on)."""
    for f in flow:
        if not frame.add(f, canvas, trySplit=1):
            parts = frame.split(f, canvas)
            if parts:
                frame.add(parts[0], canvas, trySplit=1)
            return


def footer(canvas, paper: tuple[float, float], font: str, text: str) -> None:
    """A small centred line in the bottom band, between the corner targets."""
    pw, _ = paper
    canvas.setFillColor(colors.Color(0.35, 0.35, 0.35))
    canvas.setFont(font, NOTE_PT)
    canvas.drawCentredString(pw / 2 * mm, 18 * mm, text)
