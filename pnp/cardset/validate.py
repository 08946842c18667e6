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
    """All problems found in one card set; loading errors stop at the first, face errors are per card."""
    from pnp.print.face import FaceDrawer
    from pnp.print.imposition import fit_grid
    from pnp.print.options import PrintOptions
    from pnp.print.render import effective_options, text_engine

    name = Path(folder).name
    try:
        cs = load_cardset(Path(folder))
    except PnpError as exc:
        return [Problem("error", exc.one_line(), name)]
    from pnp.print.canvas import new_canvas

    options = effective_options(cs, options or PrintOptions())
    bleed = cs.bleed if options.bleed is None else options.bleed
    problems: list[Problem] = []
    drawer = FaceDrawer(cs, text_engine(cs), ink_saver=False)
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
                    problems.append(Problem("error", exc.one_line(), cs.slug))
        problems += _safe_zone(cs, comp)
    problems = list(dict.fromkeys(problems))  # a template error repeats for every card using it
    for o in drawer.overflows:
        problems.append(Problem("warning", f"card {o.card}: text in box '{o.box}' does not fit even at "
                                           f"{o.size:g} pt; shorten it, enlarge the box or lower min_size", cs.slug))
    return problems


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
                    out.append(Problem("warning", f"layout '{lname}' box '{box.name}' ({box.x:g},{box.y:g} "
                                                  f"{box.w:g}x{box.h:g} mm) leaves the {cs.safe:g} mm safe zone of a "
                                                  f"{w:g}x{h:g} mm piece; move it inward", cs.slug))
    return out
