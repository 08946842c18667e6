"""Check a card set without writing anything: structure, images, templates, text fit, paper fit."""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from pnp.cardset.load import load_cardset
from pnp.errors import PnpError


@dataclass(frozen=True)
class Problem:
    """One validation finding: an error (fails validation) or a warning."""

    level: str
    message: str
    set: str

    def to_dict(self) -> dict:
        """JSON form."""
        return {"level": self.level, "set": self.set, "message": self.message}


def validate_set(folder: Path, options=None) -> list[Problem]:
    """All problems found in one card set; loading errors stop at the first, face errors are per card.

    A mistake shared by many cards (a template typo, a layout's text) is said once, listing the cards.
    """
    from pnp.print.face import FaceDrawer
    from pnp.print.imposition import fit_grid
    from pnp.print.options import PrintOptions
    from pnp.print.render import effective_options, text_engine

    name = Path(folder).name
    try:
        cs = load_cardset(Path(folder))
        drawer = FaceDrawer(cs, text_engine(cs), ink_saver=False, check=True)
    except PnpError as exc:
        return [Problem("error", exc.one_line(), name)]
    from pnp.print.canvas import new_canvas

    options = effective_options(cs, options or PrintOptions())
    bleed = cs.bleed if options.bleed is None else options.bleed
    problems: list[Problem] = []
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
        problems += _safe_zone(cs, comp) + _past_bleed(cs, comp, piece_bleed)
    problems += [Problem("error", line, cs.slug) for line in _once(card_errors)]
    try:  # the front matter a print opens with (frontmatter.yaml)
        from pnp.cardset.frontmatter import load_front_matter
        load_front_matter(cs)
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


def _past_bleed(cs, comp, bleed: float) -> list[Problem]:
    """Warn for shapes and images reaching past the bleed (they are cut off, or spill onto a neighbour)."""
    out, seen = [], set()
    w, h = comp.size
    for piece in comp.pieces:
        for lname in (piece.layout, piece.back_layout):
            if lname is None or lname in seen or lname.startswith("__track_"):
                continue
            seen.add(lname)
            for box in cs.layouts[lname].boxes:
                if "shape" not in box.spec and "image" not in box.spec:
                    continue
                rep = box.get("repeat") or {}
                n = int(rep.get("count", 1)) if isinstance(rep, dict) else 1
                dx, dy = (float(rep.get("dx", 0)), float(rep.get("dy", 0))) if isinstance(rep, dict) else (0.0, 0.0)
                x0, y0 = box.x + min(0.0, (n - 1) * dx), box.y + min(0.0, (n - 1) * dy)
                x1, y1 = box.x + box.w + max(0.0, (n - 1) * dx), box.y + box.h + max(0.0, (n - 1) * dy)
                past = max(-bleed - x0, -bleed - y0, x1 - (w + bleed), y1 - (h + bleed))
                if past > 0.01:
                    out.append(Problem("warning", f"{box.where()}: layout '{lname}' box '{box.name}' "
                                                  f"({x0:g},{y0:g} to {x1:g},{y1:g} mm) runs {past:g} mm past the "
                                                  f"{bleed:g} mm bleed of a {w:g}x{h:g} mm piece and is cut off there; "
                                                  "move it inward or shrink it", cs.slug))
    return out
def _safe_zone(cs, comp) -> list[Problem]:
    """Warn for text boxes reaching outside the safe zone of the component's pieces."""
    out, seen = [], set()
    w, h = comp.size
    for piece in comp.pieces:
        for lname in (piece.layout, piece.back_layout):
            if lname is None or lname in seen or lname.startswith("__track_") or comp.type == "board":
                continue
            seen.add(lname)
            for box in cs.layouts[lname].boxes:
                if box.is_text and not box.get("repeat") and (
                        box.x < cs.safe - 1e-6 or box.y < cs.safe - 1e-6 or
                        box.x + box.w > w - cs.safe + 1e-6 or box.y + box.h > h - cs.safe + 1e-6):
                    out.append(Problem("warning", f"{box.where()}: layout '{lname}' box '{box.name}' ({box.x:g},{box.y:g} "
                                                  f"{box.w:g}x{box.h:g} mm) leaves the {cs.safe:g} mm safe zone of a "
                                                  f"{w:g}x{h:g} mm piece; move it inward", cs.slug))
    return out
