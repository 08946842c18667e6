"""Fast layout for text with only <b>, <i>, <br/> markup and :icon: images: greedy word wrap, left, centred,
right or justified, drawn word by word.

Anything richer (fonts, colours, other tags) goes through reportlab's Paragraph instead.
"""
from __future__ import annotations

import html
import re

from reportlab.pdfbase.pdfmetrics import stringWidth

TAG = re.compile(r"<(/?)([a-zA-Z]+)\s*(/?)>")
SIMPLE_TAGS = {"b", "i", "br"}
ENTITY = re.compile(r"&(amp|lt|gt|quot|#39|#x27|apos);")
ICON = re.compile(r":([A-Za-z0-9_-]+):")
ICON_RISE = 0.35  # icon centre above the baseline, in font sizes (about the middle of the x-height)

# A piece is (text, bold, icon path or None); a word is a list of pieces; a paragraph line is a list of words.


def _pieces(chunk: str, bold: bool, icons: dict) -> list[tuple[str, bool, str | None]]:
    out, pos = [], 0
    for m in ICON.finditer(chunk) if icons and ":" in chunk else ():
        path = icons.get(m.group(1))
        if path is None:
            continue
        if m.start() > pos:
            out.append((html.unescape(chunk[pos:m.start()]), bold, None))
        out.append(("", bold, str(path)))
        pos = m.end()
    if pos < len(chunk):
        out.append((html.unescape(chunk[pos:]), bold, None))
    return out


def parse(markup: str, icons: dict | None = None):
    """Paragraph lines (split at <br/>) of words, each word a list of pieces; None if the markup is not simple."""
    if "<" in markup:
        for m in TAG.finditer(markup):
            if m.group(2).lower() not in SIMPLE_TAGS:
                return None
        if re.search(r"<(?!/?(b|i|br)\s*/?>)", markup, re.I):
            return None
    if "&" in ENTITY.sub("", markup):
        return None
    icons = icons or {}
    lines, words, word, bold, pos = [], [], [], False, 0
    for m in list(TAG.finditer(markup)) + [None]:
        chunk = markup[pos:m.start()] if m else markup[pos:]
        if chunk:
            parts = chunk.split()
            if chunk[0].isspace() and word:
                words.append(word)
                word = []
            for i, piece in enumerate(parts):
                if i:
                    words.append(word)
                    word = []
                word.extend(_pieces(piece, bold, icons) if icons and ":" in piece else
                            [(html.unescape(piece) if "&" in piece else piece, bold, None)])
            if chunk[-1].isspace() and word:
                words.append(word)
                word = []
        if m is None:
            break
        pos = m.end()
        name = m.group(2).lower()
        if name == "b":
            bold = not m.group(1)
        elif name == "br":
            if word:
                words.append(word)
                word = []
            lines.append(words)
            words = []
    if word:
        words.append(word)
    lines.append(words)
    return lines


_WIDTHS: dict = {}


def text_width(text: str, font: str, size: float) -> float:
    """stringWidth, remembered: card texts repeat the same words many times."""
    key = (text, font, size)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) > 100_000:
            _WIDTHS.clear()
        w = _WIDTHS[key] = stringWidth(text, font, size)
    return w


def _width(piece, fonts, size: float) -> float:
    text, bold, icon = piece
    return size if icon else text_width(text, fonts[1] if bold else fonts[0], size)


def layout(lines, fonts: tuple[str, str], size: float, width: float):
    """Wrap words into lines no wider than width (points): [(words, width, last line of its paragraph)].

    None when a single word is wider than width.
    """
    space = text_width(" ", fonts[0], size)
    out = []
    for words in lines:
        current, current_w = [], 0.0
        for word in words:
            w = sum(_width(p, fonts, size) for p in word)
            if w > width + 0.01:
                return None
            if current and current_w + space + w > width + 0.01:
                out.append((current, current_w, False))
                current, current_w = [], 0.0
            current_w += (space if current else 0.0) + w
            current.append(word)
        out.append((current, current_w, True))
    return out


def draw(canvas, wrapped, fonts, size: float, leading: float, align: str, top: float, x: float, width: float,
         color) -> None:
    """Draw wrapped lines; the first baseline sits one ascent below `top` (points).

    Justified lines widen their spaces (PDF word spacing) to fill the width, except each paragraph's last line.
    """
    from pnp.print.images import draw_image
    regular, bold = fonts
    space = text_width(" ", regular, size)
    canvas.setFillColor(color)
    y = top - size * 0.93
    text = canvas.beginText(x, y)
    font, word_space = None, 0.0
    icons = []
    for words, line_w, last in wrapped:
        extra = 0.0
        if align == "justify" and not last and len(words) > 1:
            extra = (width - line_w) / (len(words) - 1)
        if extra != word_space:
            text.setWordSpace(extra)
            word_space = extra
        cursor = x + {"center": (width - line_w) / 2, "right": width - line_w}.get(align, 0.0)
        text.setTextOrigin(cursor, y)
        pending = ""
        for i, word in enumerate(words):
            if i:
                pending += " "
                cursor += text_width(" ", font or regular, size) + extra
            for t, b, icon in word:
                if icon:
                    if pending:
                        text.textOut(pending)
                        pending = ""
                    icons.append((icon, cursor, y))
                    cursor += size
                    text.setTextOrigin(cursor, y)
                    continue
                f = bold if b else regular
                if f != font:
                    if pending:
                        text.textOut(pending)
                        pending = ""
                    text.setFont(f, size)
                    font = f
                pending += t
                cursor += text_width(t, f, size)
        if pending:
            text.textOut(pending)
        y -= leading
    canvas.drawText(text)
    for icon, ix, iy in icons:
        draw_image(canvas, icon, ix, iy + size * ICON_RISE - size / 2, size, size)
