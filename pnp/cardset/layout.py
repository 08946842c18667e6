"""Named layouts: boxes in mm from the trim's top-left corner, inheritable with `extends`."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.cardset.yamlpos import located
from pnp.errors import CardsetError
from pnp.names import suggest



@dataclass(frozen=True)
class Box:
    """One named box of a layout; every length in mm, font sizes in points."""

    name: str
    x: float
    y: float
    w: float
    h: float
    spec: dict
    file: str = ""                     # the YAML file defining the box ...
    keys: tuple = ()                   # ... and its key path there, for 'file:line' in errors

    def where(self) -> str:
        """'file:line' of the box's definition (the file alone when unknown)."""
        return located(self.file, *self.keys) if self.file and self.keys else self.file

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


def _box(layout: str, name: str, spec: dict, file: str, keys: tuple = ()) -> Box:
    where = f"layout '{layout}' box '{name}'"

    def error(message, field, expected, hint, key=None):
        at = located(file, *keys, *([key] if key and key in spec else [])) if keys else file
        return CardsetError(f"{where} {message}", file=at, field=field, expected=expected, hint=hint)

    try:
        x, y, w, h = (float(spec[k]) for k in ("x", "y", "w", "h"))
    except KeyError as exc:
        raise error(f"has no '{exc.args[0]}'", exc.args[0], "x, y, w and h in mm",
                    f"add {exc.args[0]}: <mm> to the box") from None
    except (TypeError, ValueError):
        raise error("has a non-numeric position", "x/y/w/h", "numbers in mm", "write e.g. x: 4") from None
    size, min_size = _num(spec.get("size", 9)), _num(spec.get("min_size", 0))
    if min_size > size:
        raise error(f"has min_size {spec['min_size']} above size {spec.get('size', 9)}", "min_size",
                    "min_size <= size (points)", "lower min_size or raise size", "min_size")
    return Box(name, x, y, w, h, dict(spec), file, keys)


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def resolve_layouts(raw: dict, file: str, prefix: tuple = ()) -> dict[str, Layout]:
    """Resolve every layout's `extends` chain, merging boxes key by key; detect cycles.

    prefix is the key path of the layouts mapping inside file (('layouts',) when inline in the manifest).
    """
    if not isinstance(raw, dict):
        raise CardsetError("layouts must be a mapping of layout names", file=file, field="layouts",
                           expected="name: {boxes: {...}}", hint="see 'pnp docs cardsets'")
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
                               expected="{boxes: {...}}", hint="see 'pnp docs cardsets'")
        parent = spec.get("extends")
        base = {"background": None, "boxes": {}}
        if parent is not None:
            if parent not in raw:
                raise CardsetError(f"layout '{name}' extends unknown layout '{parent}'",
                                   file=located(file, *prefix, name, "extends"), field="extends",
                                   expected=f"one of {', '.join(sorted(raw))}", hint=_did_you_mean(parent, raw))
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
        own = (raw[name] or {}).get("boxes") or {}
        boxes = tuple(_box(name, b, s, file, prefix + ((name, "boxes", b) if b in own else _origin(raw, name, b)))
                      for b, s in m["boxes"].items())
        bg = m["background"]
        layouts[name] = Layout(name, None if bg is None else str(bg), boxes)
    return layouts


def _origin(raw: dict, name: str, box: str) -> tuple:
    """Key path of the nearest ancestor layout defining `box` (an inherited box is reported where written)."""
    seen = set()
    while name in raw and name not in seen:
        seen.add(name)
        spec = raw[name] or {}
        if box in (spec.get("boxes") or {}):
            return (name, "boxes", box)
        name = spec.get("extends")
    return ()


def _did_you_mean(name, choices) -> str:
    near = suggest(str(name), [str(c) for c in choices], n=1)
    return f"did you mean '{near[0]}'?" if near else "fix the name"
