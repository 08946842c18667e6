"""Named work limits for untrusted input (card sets, imports), each raisable with a PNP_LIMIT_* variable."""
from __future__ import annotations

import math
import os
from dataclasses import dataclass

from pnp.errors import LimitError


@dataclass(frozen=True)
class Limit:
    """One limit: its name, default value and what it counts."""

    name: str
    default: float
    what: str

    @property
    def env(self) -> str:
        """The environment variable that overrides it."""
        return "PNP_LIMIT_" + self.name.upper()

    @property
    def value(self) -> float:
        """The limit in force: the environment override when it is a positive number, else the default."""
        raw = os.environ.get(self.env)
        try:
            v = float(raw) if raw else self.default
        except ValueError:
            v = self.default
        return v if math.isfinite(v) and v > 0 else self.default

    def check(self, amount: float, *, file=None, card=None, field=None) -> None:
        """Raise LimitError when amount exceeds the limit; the error names the limit and how to raise it."""
        if amount > self.value:
            raise LimitError(f"{self.what} is {amount:g}, over the limit of {self.value:g} ({self.name})",
                             file=None if file is None else str(file), card=card, field=field,
                             hint=f"reduce it, or raise the limit with {self.env}=N if you trust this input")


COPIES_PER_CARD = Limit("copies_per_card", 1000, "copies of one card")
PIECES_PER_SET = Limit("pieces_per_set", 20000, "pieces in the card set (copies included)")
ROWS = Limit("rows", 20000, "rows in one data file")
PAGES = Limit("pages", 2000, "pages in one PDF")
REPEAT = Limit("repeat", 200, "repeat count of a layout box")
BOXES = Limit("boxes", 3000, "boxes drawn by one layout (repeats counted)")
IMAGE_PIXELS = Limit("image_pixels", 100_000_000, "pixels in one image")
FILE_BYTES = Limit("file_bytes", 20_000_000, "bytes in one data file")
YAML_NODES = Limit("yaml_nodes", 1_000_000, "YAML nodes after expanding aliases")
NESTING = Limit("nesting", 100, "nesting depth")
TEMPLATE_SECONDS = Limit("template_seconds", 2, "seconds spent rendering one template")
TEMPLATE_CHARS = Limit("template_chars", 200_000, "characters made by one template expression")
TEXT_CHARS = Limit("text_chars", 10_000, "characters of text in one box")
TEMPLATE_RANGE = Limit("template_range", 10_000, "numbers in one template range()")
BOARD_MM = Limit("board_mm", 5000, "board or track side in mm")
TRACK_BOXES = Limit("track_boxes", 1000, "boxes on one track")
ICON_BYTES = Limit("icon_bytes", 262_144, "bytes in one SVG icon")
ICON_PATHS = Limit("icon_paths", 256, "paths in one SVG icon")
ICON_NUMBERS = Limit("icon_numbers", 100_000, "numbers in one SVG icon's path data")
