"""Draw cut guides, the calibration ruler and registration target, and board-tile marks."""
from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm

from pnp.print.imposition import Line, Tiling

RULER_MM = 50.0
TARGET_R = 6.0  # mm, outer ring of the registration target


def draw_lines(canvas, lines: list[Line], page_h: float, width: float = 0.25, grey: float = 0.0) -> None:
    """Stroke lines given in top-left mm coordinates."""
    canvas.setStrokeColor(colors.Color(grey, grey, grey))
    canvas.setLineWidth(width)
    for ln in lines:
        canvas.line(ln.x1 * mm, (page_h - ln.y1) * mm, ln.x2 * mm, (page_h - ln.y2) * mm)


def draw_target(canvas, cx: float, cy: float, page_h: float) -> None:
    """A registration target centred at (cx, cy) mm, top-left coordinates."""
    x, y = cx * mm, (page_h - cy) * mm
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.3)
    for r in (TARGET_R, TARGET_R * 0.6, TARGET_R * 0.2):
        canvas.circle(x, y, r * mm, stroke=1, fill=0)
    canvas.line(x - (TARGET_R + 2) * mm, y, x + (TARGET_R + 2) * mm, y)
    canvas.line(x, y - (TARGET_R + 2) * mm, x, y + (TARGET_R + 2) * mm)


def target_position(paper: tuple[float, float]) -> tuple[float, float]:
    """Where the calibration page's registration target sits (mm, top-left)."""
    return 40.0, 40.0


def draw_calibration(canvas, paper: tuple[float, float], title: str, font: str, notes: list[str]) -> None:
    """The first page: a 50 mm ruler with mm ticks, a registration target and how to check them."""
    pw, ph = paper
    draw_target(canvas, *target_position(paper), ph)
    x0, y0 = 30.0, 80.0
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.4)
    canvas.line(x0 * mm, (ph - y0) * mm, (x0 + RULER_MM) * mm, (ph - y0) * mm)
    for i in range(int(RULER_MM) + 1):
        tick = 5.0 if i % 10 == 0 else (3.5 if i % 5 == 0 else 2.0)
        canvas.line((x0 + i) * mm, (ph - y0) * mm, (x0 + i) * mm, (ph - y0 - tick) * mm)
    canvas.setFillColor(colors.black)
    canvas.setFont(font, 7)
    for i in range(0, int(RULER_MM) + 1, 10):
        canvas.drawCentredString((x0 + i) * mm, (ph - y0 - 8) * mm, f"{i}")
    canvas.setFont(font, 14)
    canvas.drawString(70 * mm, (ph - 38) * mm, title)
    canvas.setFont(font, 9)
    lines = ["Calibration: print at 100% (actual size, no 'fit to page').",
             f"The ruler below must measure exactly {RULER_MM:g} mm.",
             "On duplex prints, hold the sheet to the light: the target must line up with the one on the back."]
    for i, text in enumerate(lines + notes):
        canvas.drawString(30 * mm, (ph - 100 - i * 5) * mm, text)


def draw_tile_marks(canvas, tiling: Tiling, tile, page_h: float, font: str, name: str) -> None:
    """Seam ticks at each overlap's middle, a cut line on the tile to trim, shaded glue strips, a label."""
    r, c = tile.row, tile.col
    reg, place = tile.region, tile.place
    canvas.setFont(font, 7)
    canvas.setFillColor(colors.black)
    canvas.drawString(place.x * mm, (page_h - place.y + 1.5) * mm,
                      f"{name}: tile row {r + 1} of {tiling.rows}, column {c + 1} of {tiling.cols}")
    to_page_x = lambda bx: place.x + (bx - reg.x)  # noqa: E731
    to_page_y = lambda by: place.y + (by - reg.y)  # noqa: E731
    ticks = []
    for sx in tiling.seams_x():
        if reg.x < sx < reg.right:
            px = to_page_x(sx)
            ys = [reg.y + reg.h * f for f in (0.1, 0.5, 0.9)]
            ticks += [Line(px, to_page_y(y) - 3, px, to_page_y(y) + 3) for y in ys]
            ticks += [Line(px - 3, to_page_y(y), px + 3, to_page_y(y)) for y in ys]
            if sx < reg.x + tiling.overlap:  # this tile is trimmed along the seam and laid over its neighbour
                canvas.setDash(2, 2)
                draw_lines(canvas, [Line(px, place.y, px, place.bottom)], page_h, 0.4)
                canvas.setDash()
            else:
                canvas.setFillColor(colors.Color(0, 0, 0, alpha=0.06))
                canvas.rect(px * mm, (page_h - place.bottom) * mm, (place.right - px) * mm, place.h * mm,
                            stroke=0, fill=1)
    for sy in tiling.seams_y():
        if reg.y < sy < reg.bottom:
            py = to_page_y(sy)
            xs = [reg.x + reg.w * f for f in (0.1, 0.5, 0.9)]
            ticks += [Line(to_page_x(x) - 3, py, to_page_x(x) + 3, py) for x in xs]
            ticks += [Line(to_page_x(x), py - 3, to_page_x(x), py + 3) for x in xs]
            if sy < reg.y + tiling.overlap:
                canvas.setDash(2, 2)
                draw_lines(canvas, [Line(place.x, py, place.right, py)], page_h, 0.4)
                canvas.setDash()
            else:
                canvas.setFillColor(colors.Color(0, 0, 0, alpha=0.06))
                canvas.rect(place.x * mm, (page_h - place.bottom) * mm, place.w * mm, (place.bottom - py) * mm,
                            stroke=0, fill=1)
    draw_lines(canvas, ticks, page_h, 0.4)
