"""Pure imposition geometry in mm (page origin top-left, y down): grids, backs, marks and tiles."""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.errors import RenderError

FOLD_GUTTER = 4.0  # mm between the front and back halves of a gutterfold sheet


@dataclass(frozen=True)
class Rect:
    """A rectangle in mm, top-left origin."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """y of the bottom edge."""
        return self.y + self.h


@dataclass(frozen=True)
class Line:
    """A line segment in mm, top-left origin."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """Where the trim boxes of one sheet's fronts land."""

    paper: tuple[float, float]    # page width, height as printed (after orientation)
    landscape: bool
    cols: int
    rows: int
    slots: tuple[Rect, ...]       # trim boxes, row-major
    bleed: float
    gutterfold: bool = False

    @property
    def per_sheet(self) -> int:
        """Pieces per sheet."""
        return self.cols * self.rows


def _count(avail: float, size: float, gap: float) -> int:
    return max(0, int(math.floor((avail + gap + 1e-9) / (size + gap))))


def _grid(paper, landscape, margins, piece, bleed, gap, gutterfold) -> Grid:
    pw, ph = paper
    top, right, bottom, left = margins
    w, h = piece
    ow, oh = w + 2 * bleed, h + 2 * bleed
    avail_w = (pw / 2 - FOLD_GUTTER / 2 - left) if gutterfold else (pw - left - right)
    avail_h = ph - top - bottom
    cols, rows = _count(avail_w, ow, gap), _count(avail_h, oh, gap)
    grid_w, grid_h = cols * ow + max(cols - 1, 0) * gap, rows * oh + max(rows - 1, 0) * gap
    x0 = (pw / 2 - FOLD_GUTTER / 2 - grid_w) if gutterfold else left + (avail_w - grid_w) / 2
    y0 = top + (avail_h - grid_h) / 2
    slots = tuple(Rect(x0 + c * (ow + gap) + bleed, y0 + r * (oh + gap) + bleed, w, h)
                  for r in range(rows) for c in range(cols))
    return Grid((pw, ph), landscape, cols, rows, slots, bleed, gutterfold)


def fit_grid(paper: tuple[float, float], margins: tuple[float, float, float, float],
             piece: tuple[float, float], bleed: float, gap: float = 0.0, gutterfold: bool = False) -> Grid:
    """The grid fitting most pieces: portrait or landscape paper, centred (gutterfold: against the fold).

    Raises RenderError with the numbers when not even one piece with its bleed fits.
    """
    pw, ph = min(paper), max(paper)
    portrait = _grid((pw, ph), False, margins, piece, bleed, gap, gutterfold)
    landscape = _grid((ph, pw), True, margins, piece, bleed, gap, gutterfold)
    best = landscape if landscape.per_sheet > portrait.per_sheet else portrait
    if best.per_sheet == 0:
        w, h = piece
        top, right, bottom, left = margins
        need = f"{w + 2 * bleed:g} x {h + 2 * bleed:g} mm ({w:g} x {h:g} + {bleed:g} mm bleed each side)"
        room = f"{ph - left - right:g} x {pw - top - bottom:g} mm" if not gutterfold else "half the sheet"
        raise RenderError(f"a {w:g} x {h:g} mm piece with its bleed needs {need}, but the paper "
                          f"{pw:g} x {ph:g} mm with margins leaves at most {room}",
                          field="size/bleed", expected="a piece and bleed that fit inside the margins",
                          hint="use larger paper, smaller margins or bleed (--bleed 0), or a board component")
    return best


def back_rect(front: Rect, paper: tuple[float, float], mode: str,
              offset: tuple[float, float] = (0.0, 0.0)) -> tuple[Rect, int]:
    """Where a front's back lands on the back page (or the same sheet for gutterfold), and its rotation.

    duplex-long: mirrored left-right; duplex-short: mirrored top-bottom and turned 180 degrees;
    gutterfold: mirrored across the vertical fold. The offset (x right, y down, mm) moves every back.
    """
    pw, ph = paper
    dx, dy = offset
    if mode in ("duplex-long", "gutterfold"):
        return Rect(pw - front.x - front.w + dx, front.y + dy, front.w, front.h), 0
    if mode == "duplex-short":
        return Rect(front.x + dx, ph - front.y - front.h + dy, front.w, front.h), 180
    raise ValueError(f"no backs in mode {mode!r}")


def crop_marks(grid: Grid, used: int | None = None) -> list[Line]:
    """Crop marks on every trim edge, running from the grid out to the paper edges."""
    pw, ph = grid.paper
    slots = grid.slots[:used] if used is not None else grid.slots
    if not slots:
        return []
    b = grid.bleed
    top = min(s.y for s in slots) - b
    bottom = max(s.bottom for s in slots) + b
    left = min(s.x for s in slots) - b
    right = max(s.right for s in slots) + b
    if grid.gutterfold:
        right = pw - left
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.right)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.bottom)})
    if grid.gutterfold:
        xs = sorted(set(xs) | {round(pw - x, 4) for x in xs})
    lines = [Line(x, 0.0, x, top) for x in xs] + [Line(x, bottom, x, ph) for x in xs]
    lines += [Line(0.0, y, left, y) for y in ys] + [Line(right, y, pw, y) for y in ys]
    return lines


def cut_lines(grid: Grid, used: int | None = None) -> list[Line]:
    """Full cut lines across the sheet at every trim edge."""
    pw, ph = grid.paper
    slots = grid.slots[:used] if used is not None else grid.slots
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.right)})
    if grid.gutterfold:
        xs = sorted(set(xs) | {round(pw - x, 4) for x in xs})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.bottom)})
    return [Line(x, 0.0, x, ph) for x in xs] + [Line(0.0, y, pw, y) for y in ys]


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: which board region it shows and where on the page."""

    row: int
    col: int
    region: Rect      # in board mm
    place: Rect       # where the region lands on the page (mm)


@dataclass(frozen=True)
class Tiling:
    """A board split across pages with overlap strips."""

    paper: tuple[float, float]
    landscape: bool
    rows: int
    cols: int
    overlap: float
    tiles: tuple[Tile, ...]

    def seams_x(self) -> list[float]:
        """Board x of each vertical seam (the middle of each overlap strip)."""
        step = self.tiles[0].region.w - self.overlap if self.tiles else 0
        return [(c + 1) * step + self.overlap / 2 for c in range(self.cols - 1)]

    def seams_y(self) -> list[float]:
        """Board y of each horizontal seam (the middle of each overlap strip)."""
        step = self.tiles[0].region.h - self.overlap if self.tiles else 0
        return [(r + 1) * step + self.overlap / 2 for r in range(self.rows - 1)]


def _tiling(board, paper, landscape, margins, overlap) -> Tiling:
    bw, bh = board
    pw, ph = paper
    top, right, bottom, left = margins
    aw, ah = pw - left - right, ph - top - bottom
    if aw <= overlap or ah <= overlap:
        raise RenderError(f"margins leave {aw:g} x {ah:g} mm, not more than the {overlap:g} mm overlap",
                          field="overlap", expected="overlap smaller than the printable area",
                          hint="reduce margins or overlap")
    cols = 1 if bw <= aw else math.ceil((bw - overlap) / (aw - overlap))
    rows = 1 if bh <= ah else math.ceil((bh - overlap) / (ah - overlap))
    tiles = []
    for r in range(rows):
        for c in range(cols):
            rx = c * (aw - overlap) if cols > 1 else 0.0
            ry = r * (ah - overlap) if rows > 1 else 0.0
            rw, rh = min(aw, bw - rx), min(ah, bh - ry)
            px = left + ((aw - bw) / 2 if cols == 1 else 0.0)
            py = top + ((ah - bh) / 2 if rows == 1 else 0.0)
            tiles.append(Tile(r, c, Rect(rx, ry, rw, rh), Rect(px, py, rw, rh)))
    return Tiling((pw, ph), landscape, rows, cols, overlap, tuple(tiles))


def tile_board(board: tuple[float, float], paper: tuple[float, float],
               margins: tuple[float, float, float, float], overlap: float = 10.0) -> Tiling:
    """Split a board over as few pages as possible (portrait or landscape), overlapping by `overlap` mm."""
    pw, ph = min(paper), max(paper)
    a = _tiling(board, (pw, ph), False, margins, overlap)
    b = _tiling(board, (ph, pw), True, margins, overlap)
    return b if len(b.tiles) < len(a.tiles) else a
