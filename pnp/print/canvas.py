"""A reportlab canvas set up the way every pnp PDF needs: invariant, compressed, embedded fonts, SVG icons."""
from __future__ import annotations

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from pnp.print.fonts import register_fonts
from pnp.print.vectors import draw_svg, inline_path


class PnpCanvas(Canvas):
    """A Canvas whose drawImage draws SVG icons standing in reportlab paragraphs as vectors."""

    def drawImage(self, image, x, y, width=None, height=None, *args, **kwargs):  # noqa: N802 - reportlab's name
        svg = inline_path(image)
        if svg and width and height:
            draw_svg(self, svg, x, y, width, height)
            return (width, height)
        return super().drawImage(image, x, y, width, height, *args, **kwargs)


def new_canvas(target, pagesize=None):
    """A Canvas writing to target (path or file object): byte-for-byte repeatable, binary streams."""
    rl_config.useA85 = 0  # binary streams: smaller files, no base-85 pass
    kwargs = {"pagesize": pagesize} if pagesize else {}
    return PnpCanvas(target, invariant=1, pageCompression=1, initialFontName=register_fonts()["regular"],
                     **kwargs)
