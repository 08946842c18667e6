"""Border ornaments drawn as vectors: a band of meander (Greek key), laurel or waves round a box.

Each motif is drawn edge by edge in a local frame: u runs along the edge (points), v into the band from
its outer edge (y = -v on the canvas after the edge's rotation). The number of repeats on an edge is
whole and the repeat stretched to fit, so corners meet cleanly; a square corner block closes each corner.
"""
from __future__ import annotations

from pnp.print_values import ORNAMENTS as MOTIFS


def draw_ornament(canvas, motif: str, x: float, y: float, w: float, h: float, band: float, color,
                  line_width: float = 0.8) -> None:
    """Draw a `band`-wide border of the motif just inside the box (points, bottom-left x, y) in `color`."""
    if motif not in MOTIFS or band <= 0 or w < 2 * band or h < 2 * band:
        return
    edges = ((x, y + h, 0, w), (x + w, y + h, -90, h), (x + w, y, 180, w), (x, y, 90, h))
    canvas.saveState()
    canvas.setStrokeColor(color)
    canvas.setFillColor(color)
    canvas.setLineWidth(line_width)
    canvas.setLineJoin(0)
    canvas.setLineCap(0)
    for ox, oy, angle, length in edges:
        canvas.saveState()
        canvas.translate(ox, oy)
        canvas.rotate(angle)
        _corner(canvas, motif, band)
        run = length - 2 * band
        repeat = {"meander": band, "laurel": band * 0.9, "waves": band * 1.25}[motif]
        count = max(1, round(run / repeat))
        step = run / count
        {"meander": _meander, "laurel": _laurel, "waves": _waves}[motif](canvas, band, step, count, line_width)
        canvas.restoreState()
    canvas.restoreState()


def _corner(canvas, motif: str, band: float) -> None:
    """The corner block: a square with a dot (meander, waves) or a small rosette (laurel)."""
    inset = band * 0.15
    if motif == "laurel":
        canvas.circle(band / 2, -band / 2, band * 0.22, stroke=0, fill=1)
        return
    canvas.rect(inset, -band + inset, band - 2 * inset, band - 2 * inset, stroke=1, fill=0)
    canvas.circle(band / 2, -band / 2, band * 0.12, stroke=0, fill=1)


def _meander(canvas, band: float, step: float, count: int, lw: float) -> None:
    """Two rails with a square spiral (a Greek key) hung from the outer rail in each repeat."""
    inset = band * 0.15
    top, bottom = -inset, -band + inset
    p = canvas.beginPath()
    p.moveTo(band, top)
    p.lineTo(band + step * count, top)
    p.moveTo(band, bottom)
    p.lineTo(band + step * count, bottom)
    height = top - bottom
    for i in range(count):
        u = band + i * step
        sx, sy = step / 5, height / 4
        pts = [(0.5, 0), (0.5, 3), (3.5, 3), (3.5, 1), (1.5, 1), (1.5, 2), (2.5, 2)]
        p.moveTo(u + pts[0][0] * sx, top - pts[0][1] * sy)
        for px, py in pts[1:]:
            p.lineTo(u + px * sx, top - py * sy)
    canvas.drawPath(p, stroke=1, fill=0)


def _laurel(canvas, band: float, step: float, count: int, lw: float) -> None:
    """A stem along the middle of the band with two long leaves in each repeat, one each side, staggered."""
    mid = -band / 2
    p = canvas.beginPath()
    p.moveTo(band, mid)
    p.lineTo(band + step * count, mid)
    canvas.drawPath(p, stroke=1, fill=0)
    leaf_l, leaf_w = min(step * 1.1, band * 0.62), band * 0.13
    for i in range(count):
        for side, at in ((1, 0.1), (-1, 0.55)):
            canvas.saveState()
            canvas.translate(band + (i + at) * step, mid)
            canvas.rotate(32 * side)
            p = canvas.beginPath()
            p.moveTo(0, 0)
            p.curveTo(leaf_l * 0.3, leaf_w * 1.2, leaf_l * 0.7, leaf_w, leaf_l, 0)
            p.curveTo(leaf_l * 0.7, -leaf_w, leaf_l * 0.3, -leaf_w * 1.2, 0, 0)
            p.close()
            canvas.drawPath(p, stroke=0, fill=1)
            canvas.restoreState()


def _waves(canvas, band: float, step: float, count: int, lw: float) -> None:
    """A running scroll (Vitruvian wave) above an inner rail: each repeat a crest curling into a dot."""
    inset = band * 0.15
    base = -band + inset
    crest = -inset
    p = canvas.beginPath()
    p.moveTo(band, base)
    p.lineTo(band + step * count, base)
    p.moveTo(band, base)
    for i in range(count):
        u = band + i * step
        p.curveTo(u + step * 0.35, base, u + step * 0.45, crest, u + step * 0.7, crest)
        p.curveTo(u + step * 0.95, crest, u + step * 0.95, (crest + base) / 2, u + step * 0.75, (crest + base) / 2)
        p.curveTo(u + step * 0.62, (crest + base) / 2, u + step * 0.62, base + (crest - base) * 0.7,
                  u + step * 0.72, base + (crest - base) * 0.72)
        p.moveTo(u + step * 0.75, (crest + base) / 2)
        p.curveTo(u + step * 0.9, (crest + base) / 2, u + step * 0.95, base, u + step, base)
    canvas.drawPath(p, stroke=1, fill=0)
    for i in range(count):
        canvas.circle(band + (i + 0.74) * step, base + (crest - base) * 0.62, band * 0.06 + lw * 0.2, stroke=0, fill=1)

