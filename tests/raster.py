"""Printed pages as pixels (pypdfium2) and where a colour lies on them, in mm: the raster checks' one toolkit."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

NEAR = 60  # a pixel is of a colour when its R, G and B differences add up to less than this


def rgb(hexcolour: str) -> np.ndarray:
    """'#rrggbb' as an (r, g, b) array."""
    return np.array([int(hexcolour[i:i + 2], 16) for i in (1, 3, 5)])


def is_colour(pixels, colour: str):
    """Which of the pixels (…, 3) are of colour."""
    return np.abs(pixels - rgb(colour)).sum(axis=-1) < NEAR


def pages(pdf, dpi: float, wanted=lambda index: True) -> list:
    """RGB rasters (uint8) of the PDF's pages at dpi; None for a page not `wanted` (by 0-based index), which is
    not rendered."""
    doc = pdfium.PdfDocument(str(pdf))
    # uint8 as rendered, straight from pdfium's bitmap in RGB order (the same pixels as through PIL, without its
    # copies): each comparison with rgb()'s int64 colours widens only the pixels it reads
    out = [page.render(scale=dpi / 72, rev_byteorder=True).to_numpy()[..., :3].copy()
           if wanted(i) else None for i, page in enumerate(doc)]
    doc.close()
    return out


def edges(img, rect, colour: str, dpi: float, reach: float) -> tuple[float, float, float, float]:
    """Left, top, right, bottom (mm) of the run of colour along rect's two centre lines, looked for within reach
    mm around rect (only the centre lines are read: the whole rectangle per card is 20 times slower)."""
    mm_per_px = 25.4 / dpi
    cy, cx = int((rect.y + rect.h / 2) / mm_per_px), int((rect.x + rect.w / 2) / mm_per_px)
    lo_x, hi_x = max(0, int((rect.x - reach) / mm_per_px)), int((rect.right + reach) / mm_per_px)
    lo_y, hi_y = max(0, int((rect.y - reach) / mm_per_px)), int((rect.bottom + reach) / mm_per_px)
    xs = np.nonzero(is_colour(img[cy, lo_x:hi_x], colour))[0] + lo_x
    ys = np.nonzero(is_colour(img[lo_y:hi_y, cx], colour))[0] + lo_y
    assert len(xs) and len(ys), f"no {colour} at {rect}"
    return xs[0] * mm_per_px, ys[0] * mm_per_px, (xs[-1] + 1) * mm_per_px, (ys[-1] + 1) * mm_per_px


def assert_card(img, rect, colour: str, what: str, dpi: float, tol: float, reach: float) -> None:
    """colour fills rect on the raster: each of its four edges within tol mm."""
    got = edges(img, rect, colour, dpi, reach)
    want = (rect.x, rect.y, rect.right, rect.bottom)
    assert got == pytest.approx(want, abs=tol), f"{what}: {colour} at {got}, expected {want}"
