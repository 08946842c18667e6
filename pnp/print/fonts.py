"""Fonts: the bundled DejaVu Sans family (Greek included), the Cinzel display face and a set's own TTFs, registered once."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from pnp.cardset.fonts import BUNDLED, DISPLAY_FACES, STYLE_SUFFIX
from pnp.errors import CardsetError

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
FONTS = dict(zip(BUNDLED, ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique", "DejaVuSans-BoldOblique")))
# Bundled display faces for titles (OFL; pnp/fonts/OFL-*.txt): box font name -> (regular, bold) reportlab names
DISPLAY = dict(zip(DISPLAY_FACES, (("Cinzel-Regular", "Cinzel-Bold"),)))


@dataclass(frozen=True)
class Font:
    """A box font: its family's four reportlab faces and whether the text starts bold and/or italic."""

    faces: tuple[str, str, str, str]   # regular, bold, italic, bold italic
    bold: bool = False
    italic: bool = False

    @property
    def name(self) -> str:
        """The reportlab face the text starts in."""
        return self.face(False, False)

    def face(self, bold: bool, italic: bool) -> str:
        """The face for text marked bold and/or italic inside this font."""
        return self.faces[int(bold or self.bold) + 2 * int(italic or self.italic)]


def _family(faces: tuple[str, str, str, str]) -> None:
    for bold, italic in ((1, 1), (0, 1), (1, 0), (0, 0)):  # a face standing in for another maps back as itself
        addMapping(faces[0], bold, italic, faces[bold + 2 * italic])


@lru_cache(maxsize=None)
def register_fonts() -> dict[str, str]:
    """Register the bundled faces and their family mapping; returns box font name -> reportlab font name."""
    for name in list(FONTS.values()) + [face for faces in DISPLAY.values() for face in faces]:
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / f"{name}.ttf")))
    _family(tuple(FONTS[k] for k in BUNDLED))
    for regular, bold in DISPLAY.values():
        _family((regular, bold, regular, bold))
    return dict(FONTS)


def bundled_fonts() -> dict[str, Font]:
    """The bundled family's box font names: regular, bold, italic, bold-italic."""
    faces = tuple(register_fonts()[k] for k in BUNDLED)
    table = {name: Font(faces, *STYLE_SUFFIX["" if name == "regular" else "-" + name]) for name in FONTS}
    for family, (regular, bold) in DISPLAY.items():  # no italic: <i> keeps the upright face
        for suffix, (b, i) in STYLE_SUFFIX.items():
            table[f"{family}{suffix}"] = Font((regular, bold, regular, bold), b, i)
    return table


@lru_cache(maxsize=None)
def _register_file(path: Path, digest: str, where: str) -> str:
    """Register one TTF file under a name made from its content (same file, same name); returns that name."""
    name = f"pnp-{digest[:12]}"
    try:
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except Exception as exc:  # TTFError, or struct/index errors from a damaged file
        cff = isinstance(exc, TTFError) and "postscript outlines" in str(exc).lower()
        raise CardsetError(f"font file '{path.name}' cannot be embedded: {exc}", file=where, field="fonts",
                           expected="a TrueType-outline .ttf or .otf file",
                           hint="convert CFF/PostScript OpenType fonts to TTF (e.g. with fontforge)" if cff
                           else "use another font file") from None
    return name


def set_fonts(families: dict[str, dict[str, Path]], where: str) -> dict[str, Font]:
    """Box fonts of a card set: the bundled ones plus each family of its `fonts:` (missing faces fall back)."""
    table = bundled_fonts()
    for family, files in families.items():
        names = {}
        for face, path in files.items():
            digest = hashlib.sha1(Path(path).read_bytes()).hexdigest()
            names[face] = _register_file(Path(path), digest, where)
        regular = names.get("regular") or next(iter(names.values()))
        bold = names.get("bold", regular)
        italic = names.get("italic", regular)
        faces = (regular, bold, italic, names.get("bold_italic", bold if "bold" in names else italic))
        _family(faces)
        for suffix, (b, i) in STYLE_SUFFIX.items():
            table[f"{family}{suffix}"] = Font(faces, b, i)
    return table


def missing_glyphs(text: str, font_name: str) -> list[str]:
    """Characters of text that the registered font cannot draw (whitespace and controls ignored)."""
    face = pdfmetrics.getFont(font_name).face
    cmap = face.charToGlyph
    return sorted({ch for ch in text if not ch.isspace() and ord(ch) >= 32 and ord(ch) not in cmap})
