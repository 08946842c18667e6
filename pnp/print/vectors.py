"""Draw SVG icons as PDF vectors: each icon one form XObject per document, placed and tinted per use."""
from __future__ import annotations

import os
from functools import lru_cache

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.platypus import paraparser

from pnp.cardset.svg import VectorIcon, load_svg

# reportlab's paragraph <img> opens its src as an image file before drawing; an SVG icon there is named
# 'pnp-svg:<digest>', which the paragraph parser's ImageReader (swapped once, below) takes without opening
# anything, and PnpCanvas.drawImage draws as vectors.
INLINE_PREFIX = "pnp-svg:"
_inline: dict[str, str] = {}   # icon digest -> its file


def icon_of(path: str) -> VectorIcon:
    """The parsed icon of a file (cached per file version; the loader has checked it already)."""
    st = os.stat(path)
    return load_svg(str(path), st.st_mtime_ns, st.st_size)


def inline_src(path: str) -> str:
    """An <img src> for reportlab paragraphs standing for an SVG icon (see INLINE_PREFIX)."""
    digest = icon_of(path).digest
    _inline[digest] = str(path)
    _paragraph_reader()
    return INLINE_PREFIX + digest


def inline_path(image) -> str | None:
    """The SVG file an <img src> from inline_src stands for, else None."""
    name = getattr(image, "fileName", image)
    if isinstance(name, str) and name.startswith(INLINE_PREFIX):
        return _inline.get(name[len(INLINE_PREFIX):])
    return None


@lru_cache(maxsize=None)
def _paragraph_reader() -> None:
    """Let reportlab's paragraph parser take 'pnp-svg:' sources (size from the <img> tag, nothing opened)."""
    class IconReader(ImageReader):
        """An ImageReader that stands in for an inline SVG icon, and is an ordinary one otherwise."""

        def __init__(self, fileName, ident=None):  # noqa: N803 - reportlab's name
            if isinstance(fileName, str) and fileName.startswith(INLINE_PREFIX):
                self.fileName, self._image, self._width, self._height = fileName, None, 1, 1
                return
            super().__init__(fileName, ident)

    paraparser.ImageReader = IconReader


def _form_name(canvas, icon: VectorIcon) -> str:
    """The document's form for an icon, made on first use; parts without a fill of their own take the
    colour in force where the form is drawn (PDF forms inherit the graphics state)."""
    name = "Vec" + icon.digest
    doc = canvas._doc
    reg = doc.getXObjectName(name)
    if reg not in doc.idToObject:
        x0, y0, w, h = icon.box
        form = pdfdoc.PDFFormXObject(x0, y0, x0 + w, y0 + h)
        form.compression = canvas._pageCompression
        lines = []
        for shape in icon.shapes:
            paint = "f*" if shape.even_odd else "f"
            if shape.fill is None:
                lines += [shape.ops, paint]
            else:
                lines += ["q", "%g %g %g rg" % shape.fill, shape.ops, paint, "Q"]
        form.setStreamList(lines)
        doc.Reference(form, reg)
        doc.addForm(name, form)
    return name


def draw_svg(canvas, path: str, x: float, y: float, w: float, h: float, color=None, cover: bool = False) -> None:
    """Draw an SVG icon in the box (points, bottom-left x, y), centred with its aspect kept; its
    currentColor parts in `color` (a reportlab colour; None keeps the canvas's fill colour).

    cover: scale to cover the whole box (for backs) instead of fitting inside it.
    """
    icon = icon_of(path)
    name = _form_name(canvas, icon)
    x0, y0, vw, vh = icon.box
    scale = (max if cover else min)(w / vw, h / vh)
    left, bottom = x + (w - vw * scale) / 2, y + (h - vh * scale) / 2
    canvas.saveState()
    if color is not None:
        canvas.setFillColor(color)
    canvas.transform(scale, 0, 0, -scale, left - x0 * scale, bottom + (vh + y0) * scale)
    canvas.doForm(name)
    canvas.restoreState()
