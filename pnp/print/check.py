"""Check a card set without writing anything: structure, images, templates, text fit, paper fit (by drawing every face)."""
from __future__ import annotations

import io
from pathlib import Path

from pnp.cardset.filenames import unsafe_names
from pnp.cardset.load import load_cardset
from pnp.cardset.validate import Problem, past_bleed, safe_zone
from pnp.errors import PnpError
from pnp.print.canvas import new_canvas
from pnp.print.face import FaceDrawer
from pnp.print.frontmatter import front_matter
from pnp.print.imposition import fit_grid
from pnp.print.options import PrintOptions
from pnp.print.render import effective_options, text_engine


def validate_set(folder: Path, options=None) -> list[Problem]:
    """All problems found in one card set; loading errors stop at the first, face errors are per card.

    A mistake shared by many cards (a template typo, a layout's text) is said once, listing the cards.
    """
    name = Path(folder).name
    try:
        cs = load_cardset(Path(folder))
        drawer = FaceDrawer(cs, text_engine(cs), ink_saver=False, check=True)
    except PnpError as exc:
        return [Problem("error", exc.one_line(), name)]
    options = effective_options(cs, options or PrintOptions())
    bleed = cs.bleed if options.bleed is None else options.bleed
    problems = [Problem("error", line, cs.slug) for line in unsafe_names(cs)]
    card_errors: list[PnpError] = []
    canvas = new_canvas(io.BytesIO())
    for comp in cs.components:
        if comp.type != "board":
            try:
                fit_grid(options.paper, options.margins, comp.size, bleed, options.gap,
                         gutterfold=options.backs == "gutterfold", layout=options.layout)
            except PnpError as exc:
                problems.append(Problem("error", f"component '{comp.name}': {exc.one_line()}", cs.slug))
        piece_bleed = 0.0 if comp.type == "board" else bleed
        for piece in comp.pieces:
            for side in ("front", "back"):
                layout = piece.layout if side == "front" else piece.back_layout
                image = piece.image if side == "front" else piece.back_image
                if layout is None and image is None:
                    continue
                try:
                    drawer.form(canvas, piece, side, comp.size, piece_bleed, comp.shape)
                except PnpError as exc:
                    card_errors.append(exc)
        problems += safe_zone(cs, comp) + past_bleed(cs, comp, piece_bleed)
    problems += [Problem("error", line, cs.slug) for line in _once(card_errors)]
    try:  # the front matter a print opens with (frontmatter.yaml)
        front_matter(cs)
    except PnpError as exc:
        problems.append(Problem("error", exc.one_line(), cs.slug))
    problems += [Problem(level, line, cs.slug) for level, line in _findings(drawer.findings)]
    problems = list(dict.fromkeys(problems))
    boxes = {(b.name, p.id): (p, lay, b) for c in cs.components for p in c.pieces
             for lay in (p.layout, p.back_layout) if lay for b in cs.layouts[lay].boxes}
    for o in drawer.overflows:
        piece, lay, box = boxes[(o.box, o.card)]
        at = f" ({box.where()})" if box.file else ""
        problems.append(Problem("warning", f"{piece.source}: card {o.card}: text in layout '{lay}' box '{o.box}'"
                                           f"{at} does not fit even at {o.size:g} pt; "
                                           "shorten it, enlarge the box or lower min_size", cs.slug))
    return problems


def _once(errors: list[PnpError]) -> list[str]:
    """One line per distinct error; the same mistake met on several cards names them together."""
    groups: dict[tuple, list[str]] = {}
    for e in errors:
        groups.setdefault((e.file, e.field, e.message, e.expected, e.hint), []).append(e.card)
    lines = []
    for (file, field, message, expected, hint), cards in groups.items():
        cards = [c for c in dict.fromkeys(cards) if c]
        err = PnpError(message, file=file, card=_cards(cards), field=field, expected=expected, hint=hint)
        lines.append(err.one_line())
    return lines


def _cards(cards: list[str]) -> str | None:
    if not cards:
        return None
    if len(cards) == 1:
        return cards[0]
    shown = ", ".join(cards[:3]) + (f" and {len(cards) - 3} more" if len(cards) > 3 else "")
    return f"{shown} ({len(cards)} cards)"


def _findings(findings) -> list[tuple[str, str]]:
    """Text findings as (level, line): data-field ones per card, layout-text ones once with their cards."""
    groups: dict[tuple, list[str]] = {}
    for f in findings:
        key = (f.level, f.file, f.field, f.box, f.message, f.hint, f.card if f.field else None)
        groups.setdefault(key, []).append(f.card)
    out = []
    for (level, file, field, box, message, hint, _card), cards in groups.items():
        message = message if field else f"box '{box}': {message}"
        err = PnpError(message, file=file, card=_cards(list(dict.fromkeys(cards))), field=field, hint=hint)
        out.append((level, err.one_line()))
    return out
