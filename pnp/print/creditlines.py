"""The credits block of a printed PDF: who made its icons and fonts, wrapped at the foot of a page."""
from __future__ import annotations

CREDITS_PT = 6.5   # type size of the credits (points): small, and above the 6 pt floor for reading
MARGIN_MM = 20.0   # from the paper's left and right edges
BOTTOM_MM = 32.0   # from the bottom edge: clear of the calibration targets 20 mm in from the corners


def draw_credits(canvas, paper: tuple[float, float], font: str, lines: list[str]) -> None:
    """Draw the credit lines wrapped to the paper's width, ending BOTTOM_MM above its foot (paper in mm)."""
    from reportlab.lib import colors
    from reportlab.lib.units import mm
    from reportlab.lib.utils import simpleSplit
    if not lines:
        return
    width = (paper[0] - 2 * MARGIN_MM) * mm
    rows = ["Credits"] + [row for line in lines for row in simpleSplit(line, font, CREDITS_PT, width)]
    leading = CREDITS_PT * 1.25
    canvas.saveState()
    canvas.setFillColor(colors.Color(0.25, 0.25, 0.25))
    canvas.setFont(font, CREDITS_PT)
    y = BOTTOM_MM * mm + leading * (len(rows) - 1)
    for row in rows:
        canvas.drawString(MARGIN_MM * mm, y, row)
        y -= leading
    canvas.restoreState()
