"""Colour values of card sets: reportlab colour names and #rrggbb, plus CSS-style #rgb shorthand."""
from __future__ import annotations

import re
from functools import lru_cache

SHORT_HEX = re.compile(r"#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])\b")


def expand_short_hex(text: str) -> str:
    """#rgb written as #rrggbb (reportlab alone would read '#800' as the number 0x800, a near-black green)."""
    return SHORT_HEX.sub(lambda m: "#" + "".join(c * 2 for c in m.groups()), text) if "#" in text else text


@lru_cache(maxsize=None)
def to_colour(value: str):
    """A reportlab Color from a name, #rrggbb or #rgb; ValueError/KeyError/AttributeError when not a colour."""
    from reportlab.lib import colors  # lazy: card sets load (pnp games, validate) without the drawing library

    value = value.strip()
    return colors.toColor(expand_short_hex(value) if len(value) == 4 else value)
