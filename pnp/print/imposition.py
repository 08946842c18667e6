"""Pure imposition geometry in mm (page origin top-left, y down): grids, backs, marks and tiles."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

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
    """Where the trim boxes of one sheet's fronts land, and how far each front's ink reaches."""

    paper: tuple[float, float]    # page width, height as printed (after orientation)
    landscape: bool
    cols: int
    rows: int
    slots: tuple[Rect, ...]       # trim boxes, row-major
    bleed: float
    gutterfold: bool = False
    layout: str = "gutters"       # gutters: a full bleed round each card; packed: cards butted at the trim
    inks: tuple[Rect, ...] = ()   # per slot: the trim box plus the bleed it keeps (packed: outer edges only)

    @property
    def per_sheet(self) -> int:
        """Pieces per sheet."""
        return self.cols * self.rows


def _count(avail: float, size: float, gap: float) -> int:
    return max(0, int(math.floor((avail + gap + 1e-9) / (size + gap))))


def _avail(paper, margins, gutterfold) -> tuple[float, float]:
    pw, ph = paper
    top, right, bottom, left = margins
    return (pw / 2 - FOLD_GUTTER / 2 - left) if gutterfold else (pw - left - right), ph - top - bottom


def _origin(paper, margins, gutterfold, grid_w, grid_h) -> tuple[float, float]:
    """Top-left of a grid_w x grid_h block: centred between the margins (gutterfold: against the fold)."""
    pw, _ = paper
    top, _, _, left = margins
    avail_w, avail_h = _avail(paper, margins, gutterfold)
    x0 = (pw / 2 - FOLD_GUTTER / 2 - grid_w) if gutterfold else left + (avail_w - grid_w) / 2
    return x0, top + (avail_h - grid_h) / 2


def _gutters(paper, landscape, margins, piece, bleed, gap, gutterfold) -> Grid:
    w, h = piece
    ow, oh = w + 2 * bleed, h + 2 * bleed
    avail_w, avail_h = _avail(paper, margins, gutterfold)
    cols, rows = _count(avail_w, ow, gap), _count(avail_h, oh, gap)
    grid_w, grid_h = cols * ow + max(cols - 1, 0) * gap, rows * oh + max(rows - 1, 0) * gap
    x0, y0 = _origin(paper, margins, gutterfold, grid_w, grid_h)
    slots = tuple(Rect(x0 + c * (ow + gap) + bleed, y0 + r * (oh + gap) + bleed, w, h)
                  for r in range(rows) for c in range(cols))
    inks = tuple(Rect(s.x - bleed, s.y - bleed, ow, oh) for s in slots)
    return Grid(paper, landscape, cols, rows, slots, bleed, gutterfold, "gutters", inks)


def _packed(paper, landscape, margins, piece, bleed) -> Grid:
    """Cards butted at the trim; the outer bleed shrinks (to half the bleed at least) to stay in the margins."""
    w, h = piece
    avail_w, avail_h = _avail(paper, margins, False)
    cols, rows = _count(avail_w - bleed, w, 0.0), _count(avail_h - bleed, h, 0.0)
    bx = min(bleed, (avail_w - cols * w) / 2)
    by = min(bleed, (avail_h - rows * h) / 2)
    x0, y0 = _origin(paper, margins, False, cols * w + 2 * bx, rows * h + 2 * by)
    slots = tuple(Rect(x0 + bx + c * w, y0 + by + r * h, w, h) for r in range(rows) for c in range(cols))
    inks = []
    for i, s in enumerate(slots):
        r, c = divmod(i, cols)
        left, right = (bx if c == 0 else 0.0), (bx if c == cols - 1 else 0.0)
        top, bottom = (by if r == 0 else 0.0), (by if r == rows - 1 else 0.0)
        inks.append(Rect(s.x - left, s.y - top, w + left + right, h + top + bottom))
    return Grid(paper, landscape, cols, rows, slots, bleed, False, "packed", tuple(inks))


def _packed_fold(paper, landscape, margins, piece, bleed) -> Grid:
    """A packed grid on the front half of a gutterfold sheet, against the fold."""
    pw, ph = paper
    top, _, bottom, left = margins
    half = (pw / 2 - FOLD_GUTTER / 2, ph)
    g = _packed(half, landscape, (top, 0.0, bottom, left), piece, bleed)
    if not g.slots:
        return replace(g, paper=paper, gutterfold=True)
    shift = half[0] - max(r.right for r in g.inks)
    move = lambda r: Rect(r.x + shift, r.y, r.w, r.h)  # noqa: E731
    return replace(g, paper=paper, gutterfold=True, slots=tuple(map(move, g.slots)), inks=tuple(map(move, g.inks)))


def fit_grid(paper: tuple[float, float], margins: tuple[float, float, float, float],
             piece: tuple[float, float], bleed: float, gap: float = 0.0, gutterfold: bool = False,
             layout: str = "auto") -> Grid:
    """The grid fitting most pieces on portrait or landscape paper.

    layout: packed (cards butted, bleed on the outer edges only), gutters (a full bleed and the gap
    round each card) or auto (whichever fits more; gutters on a tie or when a gap is asked for;
    portrait before landscape on a tie).
    Raises RenderError with the numbers when not even one piece with its full bleed fits.
    """
    pw, ph = min(paper), max(paper)
    candidates = []
    for sheet, landscape in (((pw, ph), False), ((ph, pw), True)):
        if layout in ("auto", "gutters"):
            candidates.append(_gutters(sheet, landscape, margins, piece, bleed, gap, gutterfold))
        if layout == "packed" or (layout == "auto" and gap == 0):
            pack = _packed_fold if gutterfold else _packed
            candidates.append(pack(sheet, landscape, margins, piece, bleed))
    best = candidates[0]
    for g in candidates[1:]:
        if g.per_sheet > best.per_sheet:
            best = g
    whole = [g for g in candidates if g.layout == "gutters"] or candidates
    if max(g.per_sheet for g in whole) == 0:  # a piece must fit with its full bleed somewhere
        w, h = piece
        top, right, bottom, left = margins
        need = f"{w + 2 * bleed:g} x {h + 2 * bleed:g} mm ({w:g} x {h:g} + {bleed:g} mm bleed each side)"
        room = f"{ph - left - right:g} x {pw - top - bottom:g} mm" if not gutterfold else "half the sheet"
        raise RenderError(f"a {w:g} x {h:g} mm piece with its bleed needs {need}, but the paper "
                          f"{pw:g} x {ph:g} mm with margins leaves at most {room}",
                          field="size/bleed", expected="a piece and bleed that fit inside the margins",
                          hint="use larger paper, smaller margins or bleed (--bleed 0), or a board component")
    return best


def flip_axis(paper: tuple[float, float], mode: str) -> str:
    """The axis the sheet turns about between its two sides: 'vertical' (left-right) or 'horizontal'.

    duplex-long turns the sheet over its long edge: vertical on portrait paper, horizontal on landscape;
    duplex-short the other one; gutterfold folds about the vertical middle line.
    """
    pw, ph = paper
    long_is_vertical = ph >= pw
    if mode == "gutterfold":
        return "vertical"
    if mode == "duplex-long":
        return "vertical" if long_is_vertical else "horizontal"
    if mode == "duplex-short":
        return "horizontal" if long_is_vertical else "vertical"
    raise ValueError(f"no backs in mode {mode!r}")


def back_rect(front: Rect, paper: tuple[float, float], mode: str,
              offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where a front's rectangle lands on the back page (or the other half of a gutterfold sheet).

    The back page is drawn upright as it is seen after turning the sheet over the edge the mode names,
    so a back is the front's rectangle mirrored across that axis, never turned. The offset (x right,
    y down, mm, in the back page's own coordinates) moves every back.
    """
    pw, ph = paper
    dx, dy = offset
    if flip_axis(paper, mode) == "vertical":
        return Rect(pw - front.x - front.w + dx, front.y + dy, front.w, front.h)
    return Rect(front.x + dx, ph - front.y - front.h + dy, front.w, front.h)


def _ink_rects(grid: Grid, used: int | None) -> tuple[list[Rect], list[Rect]]:
    """Trim boxes and ink boxes of the used slots (gutterfold: both halves)."""
    n = len(grid.slots) if used is None else used
    slots, inks = list(grid.slots[:n]), list(grid.inks[:n])
    if grid.gutterfold:
        slots += [back_rect(s, grid.paper, "gutterfold") for s in slots]
        inks += [back_rect(r, grid.paper, "gutterfold") for r in inks]
    return slots, inks


def crop_marks(grid: Grid, used: int | None = None, length: float | None = None) -> list[Line]:
    """Crop marks at every cut line, from the outer edge of the ink out towards the paper edge on all four sides.

    length: mm from the ink edge (None: all the way to the paper edge).
    """
    pw, ph = grid.paper
    slots, inks = _ink_rects(grid, used)
    if not slots:
        return []
    top, bottom = min(r.y for r in inks), max(r.bottom for r in inks)
    left, right = min(r.x for r in inks), max(r.right for r in inks)
    out = lambda edge, limit: limit if length is None else (  # noqa: E731
        max(limit, edge - length) if limit < edge else min(limit, edge + length))
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.right)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.bottom)})
    lines = [Line(x, out(top, 0.0), x, top) for x in xs] + [Line(x, bottom, x, out(bottom, ph)) for x in xs]
    lines += [Line(out(left, 0.0), y, left, y) for y in ys] + [Line(right, y, out(right, pw), y) for y in ys]
    return lines


def _free(lo: float, hi: float, covered: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Parts of [lo, hi] outside every covered interval."""
    parts, at = [], lo
    for a, b in sorted(covered):
        if a > at + 1e-6:
            parts.append((at, min(a, hi)))
        at = max(at, b)
    if at < hi - 1e-6:
        parts.append((at, hi))
    return [(a, b) for a, b in parts if b - a > 1e-6]


def cut_lines(grid: Grid, used: int | None = None) -> list[Line]:
    """Cut lines at every trim edge, drawn only where no card's ink (trim or bleed) lies: margins and gutters."""
    pw, ph = grid.paper
    slots, inks = _ink_rects(grid, used)
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.right)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.bottom)})
    eps = 1e-6
    lines = []
    for x in xs:
        cover = [(r.y, r.bottom) for r in inks if r.x - eps <= x <= r.right + eps]
        lines += [Line(x, a, x, b) for a, b in _free(0.0, ph, cover)]
    for y in ys:
        cover = [(r.x, r.right) for r in inks if r.y - eps <= y <= r.bottom + eps]
        lines += [Line(a, y, b, y) for a, b in _free(0.0, pw, cover)]
    return lines


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
