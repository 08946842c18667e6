"""Generate the layout of a score track (cells from..to laid out in rows), in mm."""
from __future__ import annotations

import math

from pnp.cardset.layout import Box, Layout
from pnp import limits
from pnp.errors import CardsetError


def track_layout(name: str, comp: dict, file) -> tuple[Layout, tuple[float, float]]:
    """A layout drawing cells `from`..`to` in rows of `columns` cells of `cell` mm; and its size."""
    try:
        lo, hi = int(comp.get("from", 0)), int(comp["to"])
    except (KeyError, TypeError, ValueError, OverflowError):
        raise CardsetError(f"track '{name}' needs whole numbers from/to", file=str(file), field="to",
                           expected="from: 0, to: N", hint="add to: <last number>") from None
    if hi < lo:
        raise CardsetError(f"track '{name}' runs from {lo} to {hi}", file=str(file), field="to",
                           expected="to >= from", hint="swap the numbers")
    count = hi - lo + 1
    limits.TRACK_BOXES.check(count, file=file, field="to")
    cell = comp.get("cell", [15, 15])
    try:
        cw, ch = (float(cell), float(cell)) if isinstance(cell, (int, float)) else (float(cell[0]), float(cell[1]))
        cols = int(comp.get("columns") or min(count, 10))
    except (TypeError, ValueError, IndexError, KeyError):
        cw = ch = cols = math.nan
    if not (0 < cw < math.inf and 0 < ch < math.inf and isinstance(cols, int) and cols > 0):
        raise CardsetError(f"track '{name}' has cell {cell!r} and columns {comp.get('columns')!r}", file=str(file),
                           field="cell", expected="cell: mm or [w, h] mm (positive), columns: a whole number > 0",
                           hint="e.g. cell: [15, 15], columns: 10")
    limits.BOARD_MM.check(max(cols * cw, math.ceil(count / cols) * ch), file=file, field="cell")
    rows = math.ceil(count / cols)
    try:
        labels = {int(k): str(v) for k, v in (comp.get("labels") or {}).items()}
    except (TypeError, ValueError, AttributeError):
        raise CardsetError(f"track '{name}' has labels {comp.get('labels')!r}", file=str(file), field="labels",
                           expected="a mapping of box number: label", hint="e.g. labels: {10: Win}") from None
    fill = comp.get("fill", "#f6efd9")
    boxes = []
    for i, n in enumerate(range(lo, hi + 1)):
        r, c = divmod(i, cols)
        if r % 2:  # snake so consecutive numbers stay adjacent
            c = cols - 1 - c
        x, y = c * cw, r * ch
        boxes.append(Box(f"cell{n}", x, y, cw, ch, {"shape": "rect", "fill": fill, "stroke": "#333333",
                                                     "stroke_width": 0.6}))
        size = max(6.0, min(cw, ch) * 1.1)  # points: about a third of the cell
        boxes.append(Box(f"num{n}", x, y + ch * 0.1, cw, ch * 0.5,
                         {"text": str(n), "font": "bold", "size": size, "leading": size, "min_size": 4,
                          "align": "center", "valign": "middle"}))
        if n in labels:
            boxes.append(Box(f"label{n}", x + 0.5, y + ch * 0.58, cw - 1, ch * 0.38,
                             {"text": labels[n], "size": max(4.0, min(cw, ch) * 0.45), "align": "center",
                              "valign": "middle", "min_size": 3}))
    return Layout(f"__track_{name}", None, tuple(boxes)), (cols * cw, rows * ch)
