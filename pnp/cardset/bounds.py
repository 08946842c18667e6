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
        drawn = 0
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
                                       expected="{count: N, dx: mm, dy: mm}", hint="see 'pnp docs cardsets'")
                count = _finite(repeat.get("count", 1), file=file, field="repeat.count", where=where,
                                expected="a whole number of copies", minimum=0)
                if count != int(count):
                    raise CardsetError(f"{where} has repeat count {count:g}", file=str(file), field="repeat.count",
                                       expected="a whole number", hint="write e.g. count: 5")
                limits.REPEAT.check(count, file=file, field=f"{layout.name}.{box.name}.repeat.count")
                for key in ("dx", "dy"):
                    _finite(repeat.get(key, 0), file=file, field=f"repeat.{key}", where=where, expected="mm")
            drawn += int(repeat.get("count", 1)) if isinstance(repeat, dict) else 1
        limits.BOXES.check(drawn, file=file, field=f"{layout.name}.boxes")
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


SCALAR = (str, int, float, bool)


def _what(value) -> str:
    return {list: "a list", dict: "a mapping", int: "a number", float: "a number", bool: "true/false",
            str: "text"}.get(type(value), type(value).__name__)


def _kind(value, want, *, file, field, expected) -> None:
    if value is not None and not isinstance(value, want):
        raise CardsetError(f"{field} is {_what(value)}", file=str(file), field=field,
                           expected=expected, hint=f"write {field} as {expected}")


def check_shapes(raw: dict, layouts_raw, file, layouts_file) -> None:
    """Refuse manifest and layout values of the wrong kind (a list where a name belongs, ...) before use."""
    for key in ("icons", "print"):
        _kind(raw.get(key), dict, file=file, field=key, expected="a mapping of name: value")
    for name, value in (raw.get("icons") or {}).items():
        _kind(value, str, file=file, field=f"icons.{name}", expected="an image path")
    comps = raw.get("components")
    _kind(comps, list, file=file, field="components", expected="a list of components")
    for comp in comps or []:
        if not isinstance(comp, dict):
            continue
        cname = comp.get("name")
        _kind(cname, (str, int), file=file, field="components.name", expected="a name")
        where = f"components.{cname}"
        for key in ("type", "layout", "images", "backs", "shape"):
            _kind(comp.get(key), str, file=file, field=f"{where}.{key}", expected="a name")
        _kind(comp.get("fields"), dict, file=file, field=f"{where}.fields", expected="a mapping of field: value")
        _kind(comp.get("labels"), dict, file=file, field=f"{where}.labels", expected="a mapping of number: label")
        data = comp.get("data")
        for f in data if isinstance(data, list) else [data]:
            _kind(f, str, file=file, field=f"{where}.data", expected="a file name (or a list of them)")
    if not isinstance(layouts_raw, dict):
        return  # resolve_layouts names it
    for lname, spec in layouts_raw.items():
        _kind(spec, dict, file=layouts_file, field=f"{lname}", expected="a mapping with boxes:")
        spec = spec or {}
        _kind(spec.get("extends"), str, file=layouts_file, field=f"{lname}.extends", expected="a layout name")
        _kind(spec.get("background"), SCALAR, file=layouts_file, field=f"{lname}.background", expected="a colour")
        _kind(spec.get("boxes"), dict, file=layouts_file, field=f"{lname}.boxes", expected="a mapping of box: {...}")
        for bname, box in (spec.get("boxes") or {}).items():
            _kind(box, dict, file=layouts_file, field=f"{lname}.{bname}", expected="a mapping like {x: 4, y: 4, ...}")
            for key, value in (box or {}).items():
                if key != "repeat":
                    _kind(value, SCALAR, file=layouts_file, field=f"{lname}.{bname}.{key}",
                          expected="a single value (text, number or colour)")


def check_row(row: dict, file, card: str) -> None:
    """A data row's id is one name or number, and its layout, back_layout and back columns name one thing each."""
    if row.get("id") is not None and not isinstance(row["id"], (str, int, float)):
        raise CardsetError(f"id is {_what(row['id'])}", file=str(file), card=str(card), field="id",
                           expected="a name or number", hint="write the id as one name")
    for key in ("layout", "back_layout", "back"):
        if row.get(key) and not isinstance(row[key], str):
            raise CardsetError(f"{key} is {_what(row[key])}", file=str(file), card=card, field=key,
                               expected="a name", hint=f"write {key} as one name")
