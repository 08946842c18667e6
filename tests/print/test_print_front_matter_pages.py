"""Front-matter pages are full or deliberately ended, and rule headings read cleanly (issue 27 item 2).

Each game's front matter is rendered once; every front-matter page's columns are measured from the PDF's text positions:
all but the last page are filled to the bottom, the last one ends with balanced columns and an end line."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from reportlab.platypus import Paragraph

from pnp.cardset.find import builtin_sets
from pnp.cardset.load import load_cardset
from pnp.print import frontmatter as fmp
from print_fixtures import SHARED_PRINTS

FOOTER = "front matter, page"
END = "End of the front matter"
PT_MM = 25.4 / 72
pytestmark = SHARED_PRINTS  # the module's prints are test_print_front_matter's: on the worker that made them


def column_depths(path) -> list[tuple[list[float | None], str]]:
    """Per front-matter page: how far down each text column reaches (0 top .. 1 bottom, None if empty)
    and the page's text."""
    doc = pdfium.PdfDocument(str(path))
    pages = []
    for k, page in enumerate(doc):
        tp = page.get_textpage()
        text = tp.get_text_range()
        if FOOTER not in text:
            break
        w, h = page.get_width() * PT_MM, page.get_height() * PT_MM
        top = fmp.FIRST_TOP if k == 0 else fmp.TOP
        cols = fmp.columns((w, h), top)
        low: list[float | None] = [None] * len(cols)
        for r in range(tp.count_rects()):
            box = tp.get_rect(r)
            left, bottom, _, upper = (v * PT_MM for v in box)
            if h - upper < top - 1 or h - bottom > h - fmp.BOTTOM + 1 or END in tp.get_text_bounded(*box):
                continue                      # the title, calibration block, end line and footer
            for i, (x, _, cw, _) in enumerate(cols):
                if x - 1 <= left < x + cw:
                    low[i] = max(low[i] or 0.0, (h - bottom - top) / (h - top - fmp.BOTTOM))
        pages.append((low, text))
    doc.close()
    return pages


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    from print_fixtures import printed_builtin
    # each game as a user prints it (PrintOptions()), the same PDFs test_print_front_matter reads
    return {path.name: column_depths(printed_builtin(tmp_path_factory, path)) for path in builtin_sets()}


def test_no_front_matter_page_is_left_half_empty(printed):
    assert len(printed) == 8
    for game, pages in printed.items():
        flowing = [(low, text) for low, text in pages if any(v is not None for v in low)]
        assert flowing, game
        for low, _ in flowing[:-1]:           # a page followed by more front matter is full
            assert all(v is not None and v > 0.85 for v in low), f"{game}: a page filled only to {low}"
        low, text = flowing[-1]               # the last ends on purpose: balanced columns, then the end line
        depth = [v or 0.0 for v in low]
        assert max(depth) <= 1.4 * sum(depth) / len(depth), f"{game}: last page's columns reach {low}"
        assert END in text and sum(END in t for _, t in pages) == 1, game


def _headings(game: str) -> list[str]:
    from pnp.print.fonts import register_fonts
    fonts = register_fonts()
    cs = load_cardset(next(p for p in builtin_sets() if p.name == game))
    flow = fmp.story(fmp.front_matter(cs), fmp.styles(fonts["regular"], fonts["bold"]))
    return [p.text for p in flow if isinstance(p, Paragraph) and p.text.startswith("\u00a7")]


def test_rule_headings_are_english_with_the_rulebooks_own_title_quiet():
    """Micro Hero's rulebook is Czech: each heading is the project's English title; the Czech one follows
    in the small grey note face, not in parentheses inside the bold heading."""
    from xml.sax.saxutils import escape

    from pnp.rules.book import load
    heads = _headings("micro-hero")
    sections = load("micro-hero").sections
    assert len(heads) == len(sections) >= 30
    for n, (head, sec) in enumerate(zip(heads, sections), 1):
        bold, _, quiet = head.partition("<font ")
        assert bold.strip() == f"\u00a7{n} {escape(sec.heading_en)}", head
        assert f'size="{fmp.NOTE_PT}" color="{fmp.QUIET}"' in quiet, head
        assert quiet.endswith(f"rulebook: {escape(sec.heading)}</font>"), head
    assert any("Draw a Trial" in h and "Vytáhněte Zkoušku" in h for h in heads)


def test_english_rulebooks_print_no_second_title():
    for game in ("later-years", "twelve-labors"):
        assert not any("rulebook:" in h for h in _headings(game)), game
