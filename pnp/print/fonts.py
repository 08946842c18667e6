"""Register the bundled DejaVu Sans (Greek included) with reportlab, once."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
FONTS = {"regular": "DejaVuSans", "bold": "DejaVuSans-Bold"}


@lru_cache(maxsize=None)
def register_fonts() -> dict[str, str]:
    """Register the bundled fonts and their bold family mapping; returns name -> reportlab font name."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in FONTS.values():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / f"{name}.ttf")))
    regular, bold = FONTS["regular"], FONTS["bold"]
    for italic in (0, 1):
        addMapping(regular, 0, italic, regular)
        addMapping(regular, 1, italic, bold)
    return dict(FONTS)
