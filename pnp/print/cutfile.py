"""Print-then-cut: registration marks for cutting machines and a per-sheet SVG of every card's trim (mm)."""
from __future__ import annotations

from reportlab.lib.units import mm

from pnp.print.imposition import Grid, Rect

REG_INSET = 5.0      # mm from the paper edges to the outer edge of each registration mark
REG_SQUARE = 5.0     # mm, the filled square at the top-left corner
REG_ARM = 15.0       # mm, length of each arm of the L marks at the top-right and bottom-left corners
REG_THICK = 0.5      # mm, thickness of the L arms
REG_CLEAR = 12.0     # mm, the smallest margin on every side once the marks are on the sheet
CUT_MARK_LENGTH = 3.0  # mm, crop marks stop short of the registration marks


def registration_marks(paper: tuple[float, float]) -> list[Rect]:
    """Filled rectangles (mm, top-left origin): a square top-left, L marks top-right and bottom-left.

    The layout of Silhouette Studio's 'Type 1' print-and-cut marks; other machines (Cricut, Brother)
    read any of these three corners the same way once the inset and length are set to match.
    """
    pw, ph = paper
    i, a, t = REG_INSET, REG_ARM, REG_THICK
    return [Rect(i, i, REG_SQUARE, REG_SQUARE),
            Rect(pw - i - a, i, a, t), Rect(pw - i - t, i, t, a),          # top-right L
            Rect(i, ph - i - t, a, t), Rect(i, ph - i - a, t, a)]          # bottom-left L


def cut_margins(margins: tuple[float, float, float, float]) -> tuple[float, ...]:
    """Margins that keep cards clear of the registration marks."""
    return tuple(max(m, REG_CLEAR) for m in margins)


def trim_shapes(grid: Grid, used: int, shape: str, radius: float) -> list[tuple[str, tuple[float, ...]]]:
    """('rect', x, y, w, h, r) or ('circle', cx, cy, r) for each used slot's trim, in mm."""
    out = []
    for s in grid.slots[:used]:
        if shape == "round":
            out.append(("circle", (s.x + s.w / 2, s.y + s.h / 2, min(s.w, s.h) / 2)))
        else:
            out.append(("rect", (s.x, s.y, s.w, s.h, min(radius, s.w / 2, s.h / 2))))
    return out


def _n(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def sheet_svg(grid: Grid, used: int, shape: str, radius: float, title: str) -> str:
    """An SVG the size of the sheet (1 user unit = 1 mm): the registration marks, then one cut path per card."""
    pw, ph = grid.paper
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(pw)}mm" height="{_n(ph)}mm" '
             f'viewBox="0 0 {_n(pw)} {_n(ph)}">',
             f"  <title>{_escape(title)}</title>",
             '  <g id="registration" fill="#000000" stroke="none">']
    for r in registration_marks(grid.paper):
        lines.append(f'    <rect x="{_n(r.x)}" y="{_n(r.y)}" width="{_n(r.w)}" height="{_n(r.h)}"/>')
    lines.append("  </g>")
    lines.append('  <g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">')
    for i, (kind, v) in enumerate(trim_shapes(grid, used, shape, radius), 1):
        if kind == "circle":
            lines.append(f'    <circle id="card-{i}" cx="{_n(v[0])}" cy="{_n(v[1])}" r="{_n(v[2])}"/>')
        else:
            x, y, w, h, r = v
            corner = f' rx="{_n(r)}" ry="{_n(r)}"' if r > 0 else ""
            lines.append(f'    <rect id="card-{i}" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner}/>')
    lines += ["  </g>", "</svg>", ""]
    return "\n".join(lines)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def draw_registration(canvas, paper: tuple[float, float]) -> None:
    """Fill the registration marks on a PDF page."""
    _, ph = paper
    canvas.setFillColorRGB(0, 0, 0)
    for r in registration_marks(paper):
        canvas.rect(r.x * mm, (ph - r.bottom) * mm, r.w * mm, r.h * mm, stroke=0, fill=1)
