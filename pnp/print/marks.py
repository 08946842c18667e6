"""Draw cut guides, the calibration ruler and registration targets, and board-tile marks."""
from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Frame, Paragraph

from pnp.print.imposition import Line, Tiling

RULER_MM = 50.0
ROUND_CUT = colors.Color(0.45, 0.6, 0.78)  # a round token's cut circle: tinted, so a punch a hair off leaves no black rim
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


PRINTER_SETTING = {
    "duplex-long": "two-sided, flip on long edge (long-edge binding)",
    "duplex-short": "two-sided, flip on short edge (short-edge binding)",
    "gutterfold": "one-sided; fold each sheet down the dashed middle line",
    "none": "one-sided",
}
CALIBRATION_W = 72.0  # mm: the calibration block's width, in the page's top-right corner (no target there)


def ruler_at(paper: tuple[float, float]) -> tuple[float, float]:
    """Where the ruler's base line starts (mm, top-left): the top-right corner, clear of every target."""
    return paper[0] - 10.0 - CALIBRATION_W, 20.0


def target_positions(paper: tuple[float, float]) -> list[tuple[float, float]]:
    """Where the calibration page's three registration targets sit (mm, top-left): near three corners.

    Three corners make the set lopsided, so a back mirrored the wrong way cannot line up by chance.
    """
    pw, ph = paper
    return [(20.0, 20.0), (pw - 20.0, ph - 20.0), (20.0, ph - 20.0)]


def draw_calibration(canvas, paper: tuple[float, float], font: str, notes: list[str]) -> None:
    """The calibration block of the first page: the corner targets, a 50 mm ruler with mm ticks and its text."""
    pw, ph = paper
    for tx, ty in target_positions(paper):
        draw_target(canvas, tx, ty, ph)
    x0, y0 = ruler_at(paper)
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.4)
    canvas.line(x0 * mm, (ph - y0) * mm, (x0 + RULER_MM) * mm, (ph - y0) * mm)
    for i in range(int(RULER_MM) + 1):
        tick = 5.0 if i % 10 == 0 else (3.5 if i % 5 == 0 else 2.0)
        canvas.line((x0 + i) * mm, (ph - y0) * mm, (x0 + i) * mm, (ph - y0 + tick) * mm)
    canvas.setFillColor(colors.black)
    canvas.setFont(font, 6.5)
    for i in range(0, int(RULER_MM) + 1, 10):
        canvas.drawCentredString((x0 + i) * mm, (ph - y0 - 3) * mm, f"{i}")
    canvas.drawString((x0 + RULER_MM + 3) * mm, (ph - y0 - 3) * mm, "mm")
    text = ["<b>Calibration.</b> Print at 100% (actual size, no 'fit to page'). "
            f"The ruler above must measure exactly {RULER_MM:g} mm.",
            "Two-sided prints: hold this sheet to the light; the three corner targets must line up with those "
            "on the back. If all are off by the same amount, pass that shift as --back-offset X,Y (mm, as "
            "measured on the back page: x right, y down)."] + [escape(n) for n in notes]
    style = ParagraphStyle("calibration", fontName=font, fontSize=6.5, leading=7.8, spaceAfter=1)
    frame = Frame(x0 * mm, (ph - 49) * mm, CALIBRATION_W * mm, (49 - y0 - 4.5) * mm, leftPadding=0,
                  rightPadding=0, topPadding=0, bottomPadding=0)
    for line in text:
        if not frame.add(Paragraph(line, style), canvas, trySplit=1):
            break


def draw_calibration_back(canvas, paper: tuple[float, float], targets: list[tuple[float, float]], font: str,
                          setting: str) -> None:
    """The calibration page's back: the targets where the printer puts the back, and the setting to use."""
    pw, ph = paper
    for tx, ty in targets:
        draw_target(canvas, tx, ty, ph)
    canvas.setFillColor(colors.black)
    canvas.setFont(font, 6.5)
    canvas.drawCentredString(pw / 2 * mm, 24 * mm, f"Back of the first sheet: its targets sit behind those on "
                                                   f"the front. Printer setting: {setting}.")


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
