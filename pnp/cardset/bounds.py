"""Numbers in a loaded card set are finite and in range, and its work is within pnp.limits."""
from __future__ import annotations

import math

from pnp import limits
from pnp.cardset.model import CardSet
from pnp.errors import CardsetError

# box key: (smallest allowed, what it is)
BOX_NUMBERS = {"size": (0.5, "a font size in points"), "leading": (0.5, "a line height in points"),
               "min_size": (0.5, "a font size in points"), "stroke_width": (0.0, "a line width in points"),
               "radius": (0.0, "a corner radius in mm")}


def _finite(value, *, file, field, where, expected, minimum=None, card=None) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        v = math.nan
    if not math.isfinite(v) or (minimum is not None and v < minimum) or isinstance(value, bool):
        low = f" >= {minimum:g}" if minimum is not None else ""
        raise CardsetError(f"{where} has {field} {value!r}", file=str(file), card=card, field=field,
                           expected=f"{expected}: a finite number{low}", hint=f"write {field} as a number, e.g. 4")
    return v


def check_bounds(cs: CardSet, layouts_file=None) -> None:
    """Refuse NaN/infinite/negative/non-numeric sizes and work past the limits (copies, repeats, board sides)."""
    file = layouts_file or cs.manifest or cs.folder
    biggest = limits.BOARD_MM.value
    for layout in cs.layouts.values():
        for box in layout.boxes:
            where = f"layout '{layout.name}' box '{box.name}'"
            for key, value in (("x", box.x), ("y", box.y), ("w", box.w), ("h", box.h)):
                v = _finite(value, file=file, field=key, where=where, expected="a length in mm")
                limits.BOARD_MM.check(abs(v), file=file, field=f"{layout.name}.{box.name}.{key}")
            for key, (low, what) in BOX_NUMBERS.items():
                if key in box.spec:
                    _finite(box.spec[key], file=file, field=key, where=where, expected=what, minimum=low)
            repeat = box.get("repeat")
            if repeat is not None:
                if not isinstance(repeat, dict):
                    raise CardsetError(f"{where} has repeat {repeat!r}", file=str(file), field="repeat",
                                       expected="{count: N, dx: mm, dy: mm}", hint="see docs/cardsets.md")
                count = _finite(repeat.get("count", 1), file=file, field="repeat.count", where=where,
                                expected="a whole number of copies", minimum=0)
                if count != int(count):
                    raise CardsetError(f"{where} has repeat count {count:g}", file=str(file), field="repeat.count",
                                       expected="a whole number", hint="write e.g. count: 5")
                limits.REPEAT.check(count, file=file, field=f"{layout.name}.{box.name}.repeat.count")
                for key in ("dx", "dy"):
                    _finite(repeat.get(key, 0), file=file, field=f"repeat.{key}", where=where, expected="mm")
    total = 0
    for comp in cs.components:
        for side, v in zip(("width", "height"), comp.size):
            _finite(v, file=cs.manifest or cs.folder, field="size", where=f"component '{comp.name}'",
                    expected="a length in mm", minimum=0)
            if v > biggest:
                limits.BOARD_MM.check(v, file=cs.manifest or cs.folder, field=f"components.{comp.name}.size")
        for piece in comp.pieces:
            limits.COPIES_PER_CARD.check(piece.copies, file=piece.source or cs.manifest, card=piece.id, field="copies")
            total += piece.copies
    limits.PIECES_PER_SET.check(total, file=cs.manifest or cs.folder, field="copies")
