"""Card and paper size presets and parsers, in mm."""
from __future__ import annotations

from pnp.errors import CardsetError

CARD_SIZES = {
    "poker": (63.0, 88.0), "bridge": (57.0, 89.0), "mini": (44.0, 63.0), "tarot": (70.0, 120.0),
    "square": (70.0, 70.0), "euro": (59.0, 92.0), "a6": (105.0, 148.0), "a5": (148.0, 210.0),
}
PAPER_SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}


def parse_size(value, *, file: str | None = None, field: str = "size", presets=CARD_SIZES) -> tuple[float, float]:
    """(width, height) in mm from a preset name, 'WxH' or a [w, h] list."""
    if isinstance(value, str):
        key = value.strip().lower()
        if key in presets:
            return presets[key]
        if "x" in key:
            value = key.split("x", 1)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        try:
            w, h = float(value[0]), float(value[1])
        except (TypeError, ValueError):
            w = h = -1.0
        if w > 0 and h > 0:
            return w, h
    raise CardsetError(f"bad size {value!r}", file=file, field=field,
                       expected=f"a preset ({', '.join(presets)}), 'WxH' or [width, height] in mm",
                       hint="e.g. size: poker or size: [63, 88]")
