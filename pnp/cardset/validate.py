"""Card-set validation findings from the format alone: Problem, and boxes past the bleed or the safe zone.

The whole check that draws every face ("would it print") is pnp.print.check.validate_set."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One validation finding: an error (fails validation) or a warning."""

    level: str
    message: str
    set: str

    def to_dict(self) -> dict:
        """JSON form."""
        return {"level": self.level, "set": self.set, "message": self.message}


def past_bleed(cs, comp, bleed: float) -> list[Problem]:
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
def safe_zone(cs, comp) -> list[Problem]:
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
