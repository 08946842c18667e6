"""Print options: paper, margins, bleed, cut guides, backs, offsets and ink saving (mm)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp import limits
from pnp.cardset.sizes import PAPER_SIZES, parse_size
from pnp.errors import RenderError, UsageError
from pnp.print_values import BACK_MODES, CUT_FILES, CUT_MODES, LAYOUTS

MAX_BLEED = 10.0  # mm: printers ask for 3 (1/8 in); more than 10 is a slip for a gap or a margin


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
        size = parse_size(value, field="paper", presets=PAPER_SIZES)
        if not all(math.isfinite(v) and v <= limits.BOARD_MM.value for v in size):
            raise ValueError(size)
        return size
    except Exception as exc:  # re-raised as a print-option error
        raise RenderError(f"bad paper {value!r}", field="paper",
                          expected=f"a4, letter, a3 or WxH in mm (at most {limits.BOARD_MM.value:g} mm a side)",
                          hint="e.g. --paper letter or --paper 300x400") from exc


def parse_pair(value, field: str, count: int) -> tuple[float, ...]:
    """Numbers from 'a,b' (or a list); one number is repeated `count` times."""
    items = value if isinstance(value, (list, tuple)) else str(value).split(",")
    try:
        nums = tuple(float(v) for v in items)
    except (TypeError, ValueError):
        nums = ()
    if not all(math.isfinite(n) for n in nums) or (field == "margins" and any(n < 0 for n in nums)):
        nums = ()
    if len(nums) == 1:
        nums = nums * count
    if len(nums) != count:
        raise RenderError(f"bad {field} {value!r}", field=field,
                          expected=f"{count} numbers in mm separated by commas (finite"
                                   + (", each 0 or more)" if field == "margins" else ")"),
                          hint=f"e.g. --{field.replace('_', '-')} {','.join(['1'] * count)}")
    return nums


def _back_offset(value) -> tuple[float, float]:
    """X,Y mm; a single number is refused, since it could mean X only or both (say which)."""
    if not isinstance(value, (list, tuple)) and "," not in str(value):
        v = str(value).strip()
        raise RenderError(f"back offset {v!r} is one number, but the backs move in X and Y", field="back_offset",
                          expected="X,Y in mm", hint=f"write --back-offset {v},0 (across only) or "
                                                     f"--back-offset {v},{v} (both ways)")
    return parse_pair(value, "back_offset", 2)


def refuse_contradictions(settings: dict) -> None:
    """UsageError for options given together that cannot both hold (None = not given)."""
    given = {k for k, v in settings.items() if v is not None}
    if settings.get("layout") == "packed" and settings.get("gap"):
        raise UsageError(f"--layout packed butts the cards together, so --gap {settings['gap']:g} cannot apply",
                         field="gap", hint="drop --gap, or use --layout gutters (which spaces the cards)")
    if "corner_radius" in given and not settings.get("cut_file"):
        raise UsageError("--corner-radius rounds the corners of the cut file, and no cut file was asked for",
                         field="corner_radius", hint="add --cut-file svg, or drop --corner-radius")
    if "mark_length" in given and settings.get("cut") in ("lines", "none"):
        raise UsageError(f"--mark-length sets crop marks, but --cut {settings['cut']} draws none",
                         field="mark_length", hint="use --cut marks, or drop --mark-length")


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
            changes["margins"] = parse_pair([value] if isinstance(value, (int, float)) else value, "margins", 4)
        elif key == "back_offset":
            changes["back_offset"] = _back_offset(value)
        elif key in ("bleed", "gap"):
            changes[key] = _length(key, value)
            if key == "bleed" and changes[key] > MAX_BLEED:
                raise RenderError(f"bleed of {changes[key]:g} mm is out of range", field="bleed",
                                  expected=f"0 to {MAX_BLEED:g} mm (printers usually ask for 3)",
                                  hint="e.g. --bleed 3; space between cards is --gap, space round the sheet "
                                       "--margins")
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
    return _fits(replace(base, **changes))


def _fits(o: PrintOptions) -> PrintOptions:
    """Refuse margins that leave no room on the paper, and gaps or bleeds that could not fit on it."""
    top, right, bottom, left = o.margins
    room_w, room_h = min(o.paper) - left - right, min(o.paper) - top - bottom
    room = min(room_w, room_h)
    if room <= 0:
        raise RenderError(f"margins {','.join(f'{m:g}' for m in o.margins)} mm leave no room on "
                          f"{o.paper[0]:g} x {o.paper[1]:g} mm paper", field="margins",
                          expected="margins smaller than half the paper", hint="e.g. --margins 5")
    for key in ("gap", "bleed"):
        v = getattr(o, key) or 0.0
        if (v if key == "gap" else 2 * v) > room:
            raise RenderError(f"{key} of {v:g} mm does not fit on {o.paper[0]:g} x {o.paper[1]:g} mm paper "
                              f"with these margins (at most {room if key == 'gap' else room / 2:g} mm)", field=key,
                              expected="a value that leaves room for a card", hint=f"use e.g. --{key} 2")
    if any(abs(v) > max(o.paper) for v in o.back_offset):
        raise RenderError(f"back offset {o.back_offset[0]:g},{o.back_offset[1]:g} mm is larger than the paper",
                          field="back_offset", expected="a shift of a few mm", hint="e.g. --back-offset 0.5,-0.3")
    return o
