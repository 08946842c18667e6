"""Print options: paper, margins, bleed, cut guides, backs, offsets and ink saving (mm)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp.cardset.sizes import PAPER_SIZES, parse_size
from pnp.errors import RenderError

BACK_MODES = ("duplex-long", "duplex-short", "gutterfold", "none")
CUT_MODES = ("marks", "lines", "none")
LAYOUTS = ("auto", "packed", "gutters")
CUT_FILES = ("svg",)


@dataclass(frozen=True)
class PrintOptions:
    """Everything that decides how sheets are laid out; lengths in mm."""

    paper: tuple[float, float] = PAPER_SIZES["a4"]
    margins: tuple[float, float, float, float] = (5.0, 5.0, 5.0, 5.0)  # top, right, bottom, left
    bleed: float | None = None          # None: the card set's own bleed
    cut: str = "marks"
    mark_length: float | None = None    # crop-mark length from the ink edge; None: to the paper edge
    layout: str = "auto"                # auto | packed | gutters (see imposition.fit_grid)
    cut_file: str | None = None         # svg: also a cutting-machine file per sheet
    corner_radius: float = 0.0          # mm, rounded card corners in the cut file
    gap: float = 0.0
    backs: str = "duplex-long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    calibration: bool = True

    @property
    def duplex(self) -> bool:
        """True when backs go on their own pages."""
        return self.backs in ("duplex-long", "duplex-short")


def parse_paper(value) -> tuple[float, float]:
    """Paper size from a preset (a4, letter, a3), 'WxH' or [w, h] mm."""
    try:
        return parse_size(value, field="paper", presets=PAPER_SIZES)
    except Exception as exc:  # re-raised as a print-option error
        raise RenderError(f"bad paper {value!r}", field="paper",
                          expected="a4, letter, a3 or WxH in mm", hint="e.g. --paper letter or --paper 300x400") from exc


def parse_pair(value, field: str, count: int) -> tuple[float, ...]:
    """Numbers from 'a,b' (or a list); one number is repeated `count` times."""
    items = value if isinstance(value, (list, tuple)) else str(value).split(",")
    try:
        nums = tuple(float(v) for v in items)
    except ValueError:
        nums = ()
    if len(nums) == 1:
        nums = nums * count
    if len(nums) != count:
        raise RenderError(f"bad {field} {value!r}", field=field, expected=f"{count} numbers in mm separated by commas",
                          hint=f"e.g. --{field.replace('_', '-')} {','.join(['1'] * count)}")
    return nums


def _length(key: str, value) -> float:
    """A finite length of 0 mm or more, or a RenderError naming the option."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        v = math.nan
    if not math.isfinite(v) or v < 0:
        raise RenderError(f"{key} is {value!r}", field=key, expected="a finite number of mm, 0 or more",
                          hint=f"use e.g. --{key.replace('_', '-')} 3")
    return v


def with_settings(base: PrintOptions, settings: dict) -> PrintOptions:
    """Options updated from a mapping of manifest/CLI values (None values are ignored)."""
    changes = {}
    for key, value in settings.items():
        if value is None:
            continue
        if key == "paper":
            changes["paper"] = parse_paper(value)
        elif key == "margins":
            changes["margins"] = parse_pair(value, "margins", 4) if not isinstance(value, (int, float)) \
                else (float(value),) * 4
        elif key == "back_offset":
            changes["back_offset"] = parse_pair(value, "back_offset", 2)
        elif key in ("bleed", "gap"):
            v = float(value)
            if v < 0:
                raise RenderError(f"{key} is {v:g} mm", field=key, expected="0 or more mm", hint=f"use --{key} 0")
            changes[key] = v
        elif key == "backs":
            if value not in BACK_MODES:
                raise RenderError(f"bad backs mode {value!r}", field="backs", expected=", ".join(BACK_MODES),
                                  hint="e.g. --backs duplex-short")
            changes["backs"] = value
        elif key in ("mark_length", "corner_radius"):
            changes[key] = _length(key, value)
        elif key in ("layout", "cut_file"):
            allowed = LAYOUTS if key == "layout" else CUT_FILES
            if value not in allowed:
                raise RenderError(f"bad {key} {value!r}", field=key, expected=", ".join(allowed),
                                  hint=f"e.g. --{key.replace('_', '-')} {allowed[0]}")
            changes[key] = value
        elif key == "cut":
            if value not in CUT_MODES:
                raise RenderError(f"bad cut mode {value!r}", field="cut", expected=", ".join(CUT_MODES),
                                  hint="e.g. --cut lines")
            changes["cut"] = value
        elif key in ("ink_saver", "calibration"):
            changes[key] = bool(value)
    return replace(base, **changes)
