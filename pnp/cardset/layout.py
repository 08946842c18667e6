"""Named layouts: boxes in mm from the trim's top-left corner, inheritable with `extends`."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import CardsetError

BOX_KEYS = {"x", "y", "w", "h", "text", "template", "image", "shape", "fill", "stroke", "stroke_width",
            "radius", "font", "size", "leading", "min_size", "align", "valign", "color", "rotate", "when",
            "repeat"}
LAYOUT_KEYS = {"extends", "background", "boxes"}
SHAPES = {"rect", "ellipse", "line"}
ALIGNS = {"left", "center", "right", "justify"}
VALIGNS = {"top", "middle", "bottom"}


@dataclass(frozen=True)
class Box:
    """One named box of a layout; every length in mm, font sizes in points."""

    name: str
    x: float
    y: float
    w: float
    h: float
    spec: dict

    def get(self, key, default=None):
        """A box key's value, or default."""
        return self.spec.get(key, default)

    @property
    def is_text(self) -> bool:
        """True for boxes that render text."""
        return "text" in self.spec or "template" in self.spec


@dataclass(frozen=True)
class Layout:
    """A resolved layout: background colour (template) and boxes in drawing order."""

    name: str
    background: str | None
    boxes: tuple[Box, ...]


def _check_keys(where: str, given, valid, file: str) -> None:
    unknown = sorted(set(given) - set(valid))
    if unknown:
        raise CardsetError(f"unknown key '{unknown[0]}' in {where}", file=file, field=unknown[0],
                           expected=f"one of {', '.join(sorted(valid))}", hint=f"rename or remove '{unknown[0]}'")


def _box(layout: str, name: str, spec: dict, file: str) -> Box:
    where = f"layout '{layout}' box '{name}'"
    _check_keys(where, spec, BOX_KEYS, file)
    try:
        x, y, w, h = (float(spec[k]) for k in ("x", "y", "w", "h"))
    except KeyError as exc:
        raise CardsetError(f"{where} has no '{exc.args[0]}'", file=file, field=exc.args[0],
                           expected="x, y, w and h in mm", hint=f"add {exc.args[0]}: <mm> to the box") from None
    except (TypeError, ValueError):
        raise CardsetError(f"{where} has a non-numeric position", file=file, field="x/y/w/h",
                           expected="numbers in mm", hint="write e.g. x: 4") from None
    if w <= 0 or h <= 0:
        raise CardsetError(f"{where} has w={w}, h={h}", file=file, field="w/h", expected="positive sizes in mm",
                           hint="give the box a positive width and height")
    for key, valid in (("shape", SHAPES), ("align", ALIGNS), ("valign", VALIGNS)):
        if key in spec and spec[key] not in valid:
            raise CardsetError(f"{where} has {key} '{spec[key]}'", file=file, field=key,
                               expected=f"one of {', '.join(sorted(valid))}", hint=f"set {key} to a valid value")
    if spec.get("rotate", 0) not in (0, 180):
        raise CardsetError(f"{where} has rotate {spec['rotate']}", file=file, field="rotate",
                           expected="0 or 180", hint="use rotate: 180 for an upside-down half")
    return Box(name, x, y, w, h, dict(spec))


def resolve_layouts(raw: dict, file: str) -> dict[str, Layout]:
    """Resolve every layout's `extends` chain, merging boxes key by key; detect cycles."""
    if not isinstance(raw, dict):
        raise CardsetError("layouts must be a mapping of layout names", file=file, field="layouts",
                           expected="name: {boxes: {...}}", hint="see docs/cardsets.md")
    merged: dict[str, dict] = {}

    def merge(name: str, chain: tuple[str, ...]) -> dict:
        if name in merged:
            return merged[name]
        if name in chain:
            raise CardsetError(f"layout '{name}' extends itself through {' -> '.join(chain + (name,))}",
                               file=file, field="extends", hint="break the cycle")
        spec = raw[name] or {}
        if not isinstance(spec, dict):
            raise CardsetError(f"layout '{name}' is not a mapping", file=file, field=name,
                               expected="{boxes: {...}}", hint="see docs/cardsets.md")
        _check_keys(f"layout '{name}'", spec, LAYOUT_KEYS, file)
        parent = spec.get("extends")
        base = {"background": None, "boxes": {}}
        if parent is not None:
            if parent not in raw:
                raise CardsetError(f"layout '{name}' extends unknown layout '{parent}'", file=file, field="extends",
                                   expected=f"one of {', '.join(sorted(raw))}", hint="fix the layout name")
            p = merge(parent, chain + (name,))
            base = {"background": p["background"], "boxes": {k: dict(v) for k, v in p["boxes"].items()}}
        if "background" in spec:
            base["background"] = spec["background"]
        for box_name, box_spec in (spec.get("boxes") or {}).items():
            base["boxes"].setdefault(box_name, {}).update(box_spec or {})
        merged[name] = base
        return base

    layouts = {}
    for name in raw:
        m = merge(name, ())
        boxes = tuple(_box(name, b, s, file) for b, s in m["boxes"].items())
        bg = m["background"]
        layouts[name] = Layout(name, None if bg is None else str(bg), boxes)
    return layouts
