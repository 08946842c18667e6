"""A reportlab canvas set up the way every pnp PDF needs: invariant, compressed, embedded fonts."""
from __future__ import annotations

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from pnp.print.fonts import register_fonts


def new_canvas(target, pagesize=None):
    """A Canvas writing to target (path or file object): byte-for-byte repeatable, binary streams."""

    rl_config.useA85 = 0  # binary streams: smaller files, no base-85 pass
    kwargs = {"pagesize": pagesize} if pagesize else {}
    return Canvas(target, invariant=1, pageCompression=1, initialFontName=register_fonts()["regular"], **kwargs)
