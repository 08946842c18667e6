"""Named work limits for untrusted input (card sets, imports), each raisable with a PNP_LIMIT_* variable."""
from __future__ import annotations

import math
import os
from dataclasses import dataclass

from pnp.errors import LimitError


def _number(v: float) -> str:
    """A count as written in an error: whole numbers in full (2000000, not 2e+06)."""
    return str(int(v)) if float(v).is_integer() and abs(v) < 1e18 else f"{v:g}"


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
            raise LimitError(f"{self.what} is {_number(amount)}, over the limit of {_number(self.value)} ({self.name})",
                             file=None if file is None else str(file), card=card, field=field,
                             hint=f"reduce it, or raise the limit with {self.env}=N if you trust this input")


COPIES_PER_CARD = Limit("copies_per_card", 1000, "copies of one card")
PIECES_PER_SET = Limit("pieces_per_set", 20000, "pieces in the card set (copies included)")
ROWS = Limit("rows", 20000, "rows in one data file")
PAGES = Limit("pages", 2000, "pages in one PDF")
ADVICE_SEARCH = Limit("advice_search", 500_000_000, "size of one Argonauts turn's exact search (its states x "
                      "(cards + sets of single-use treasures), about 3-8 bytes each)")
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
SHEET_CELLS = Limit("sheet_cells", 1_000_000, "cells one spreadsheet sheet spans (rows x columns, repeats counted)")
SHEET_XML_BYTES = Limit("sheet_xml_bytes", 200_000_000, "bytes of a spreadsheet's XML once unzipped")
CELL_CHARS = Limit("cell_chars", 100_000, "characters in one cell or value")
FONT_BYTES = Limit("font_bytes", 30_000_000, "bytes in one font file")
CAMPAIGNS = Limit("campaigns", 25_000, "campaigns in one simulation")
ROUNDS = Limit("rounds", 10_000, "rounds in one simulated game")
ICON_BYTES = Limit("icon_bytes", 262_144, "bytes in one SVG icon")
ICON_PATHS = Limit("icon_paths", 256, "paths in one SVG icon")
ICON_NUMBERS = Limit("icon_numbers", 100_000, "numbers in one SVG icon's path data")
