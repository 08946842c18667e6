"""Fast layout for plain text with only <b>, <i> and <br/> markup: greedy word wrap, drawn line by line.

Anything richer (fonts, colours, images, justification) goes through reportlab's Paragraph instead.
"""
from __future__ import annotations

import html
import re

from reportlab.pdfbase.pdfmetrics import stringWidth

TAG = re.compile(r"<(/?)([a-zA-Z]+)\s*(/?)>")
SIMPLE_TAGS = {"b", "i", "br"}
ENTITY = re.compile(r"&(amp|lt|gt|quot|#39|#x27|apos);")


def parse(markup: str) -> list[list[list[tuple[str, bool]]]] | None:
    """Paragraph lines (split at <br/>) of words, each word a list of (text, bold) runs; None if not simple."""
    if "<" in markup:
        for m in TAG.finditer(markup):
            if m.group(2).lower() not in SIMPLE_TAGS:
                return None
        if re.search(r"<(?!/?(b|i|br)\s*/?>)", markup, re.I):
            return None
    if "&" in ENTITY.sub("", markup):
        return None
    lines, words, word, bold, pos = [], [], [], False, 0
    for m in list(TAG.finditer(markup)) + [None]:
        chunk = markup[pos:m.start()] if m else markup[pos:]
        pieces = re.split(r"(\s+)", chunk)
        for piece in pieces:
            if not piece:
                continue
            if piece.isspace():
                if word:
                    words.append(word)
                    word = []
            else:
                word.append((html.unescape(piece), bold))
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


def layout(lines, fonts: tuple[str, str], size: float, width: float):
    """Wrap words into lines no wider than width (points); None when a single word is wider than width."""
    regular, bold = fonts
    space = stringWidth(" ", regular, size)
    out = []
    for words in lines:
        current, current_w = [], 0.0
        for word in words:
            w = sum(stringWidth(t, bold if b else regular, size) for t, b in word)
            if w > width + 0.01:
                return None
            if current and current_w + space + w > width + 0.01:
                out.append((current, current_w))
                current, current_w = [], 0.0
            current_w += (space if current else 0.0) + w
            current.append(word)
        out.append((current, current_w))
    return out


def draw(canvas, wrapped, fonts, size: float, leading: float, align: str, top: float, x: float, width: float,
         color) -> None:
    """Draw wrapped lines; the first baseline sits one ascent below `top` (points)."""
    regular, bold = fonts
    canvas.setFillColor(color)
    y = top - size * 0.93
    for words, line_w in wrapped:
        lx = x + {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}.get(align, 0.0)
        runs: list[list] = []  # [font, text]: consecutive pieces in one font drawn in one go
        for i, word in enumerate(words):
            for j, (t, b) in enumerate(word):
                font = bold if b else regular
                piece = (" " if i and not j else "") + t
                if runs and runs[-1][0] == font:
                    runs[-1][1] += piece
                else:
                    runs.append([font, piece])
        text = canvas.beginText(lx, y)
        for font, piece in runs:
            text.setFont(font, size)
            text.textOut(piece)
        canvas.drawText(text)
        y -= leading
