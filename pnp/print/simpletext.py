"""Fast layout for plain text with only <b>, <i>, <br/> markup and :icons:: greedy word wrap, drawn line by line.

An icon is part of the word it touches, so punctuation right after it never wraps onto a line of its own.
Anything richer (fonts, colours, justification) goes through reportlab's Paragraph instead.
"""
from __future__ import annotations

import html
import re

from reportlab.pdfbase.pdfmetrics import stringWidth

TAG = re.compile(r"<(/?)([a-zA-Z]+)\s*(/?)>")
SIMPLE_TAGS = {"b", "i", "br"}
ENTITY = re.compile(r"&(amp|lt|gt|quot|#39|#x27|apos);")
ICON = "icon"  # the style of a run that is an inline icon (its text is the image path)


def parse(markup: str, icons=None) -> list | None:
    """Paragraph lines (split at <br/>) of words, each word a list of (text, (bold, italic)) runs; None if not simple.

    With icons (name -> image path), a known :name: becomes a run (path, ICON).
    """
    if "<" in markup:
        for m in TAG.finditer(markup):
            if m.group(2).lower() not in SIMPLE_TAGS:
                return None
        if re.search(r"<(?!/?(b|i|br)\s*/?>)", markup, re.I):
            return None
    if "&" in ENTITY.sub("", markup):
        return None
    lines, words, word, bold, italic, pos = [], [], [], False, False, 0
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
                word += _icon_runs(html.unescape(piece), (bold, italic), icons)
        if m is None:
            break
        pos = m.end()
        name = m.group(2).lower()
        if name == "b":
            bold = not m.group(1)
        elif name == "i":
            italic = not m.group(1)
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


def _icon_runs(text: str, style, icons) -> list:
    if not icons or ":" not in text:
        return [(text, style)]
    from pnp.cardset.text import ICON_RE
    runs, pos = [], 0
    for m in ICON_RE.finditer(text):
        if m.group(1) in icons:
            if m.start() > pos:
                runs.append((text[pos:m.start()], style))
            runs.append((str(icons[m.group(1)]), ICON))
            pos = m.end()
    if pos < len(text):
        runs.append((text[pos:], style))
    return runs


def _width(text: str, style, font, size: float) -> float:
    return size if style == ICON else stringWidth(text, font.face(*style), size)


def layout(lines, font, size: float, width: float):
    """Wrap words into (words, width, ends_paragraph) lines no wider than width (points).

    None when a single word is wider than width. font is a pnp.print.fonts.Font: its face(bold, italic)
    names the face of each run.
    """
    space = stringWidth(" ", font.name, size)
    out = []
    for words in lines:
        current, current_w = [], 0.0
        for word in words:
            w = sum(_width(t, style, font, size) for t, style in word)
            if w > width + 0.01:
                return None
            if current and current_w + space + w > width + 0.01:
                out.append((current, current_w, False))
                current, current_w = [], 0.0
            current_w += (space if current else 0.0) + w
            current.append(word)
        out.append((current, current_w, True))
    return out


def draw(canvas, wrapped, font, size: float, leading: float, align: str, top: float, x: float, width: float,
         color) -> None:
    """Draw wrapped lines in a Font; the first baseline sits one ascent below `top` (points).

    Justified lines (all but a paragraph's last) spread their words to the full width. Icons are drawn
    size x size points, centred on the middle of the lower-case letters.
    """
    canvas.setFillColor(color)
    space = stringWidth(" ", font.name, size)
    y = top - size * 0.93
    for words, line_w, last in wrapped:
        lx = x + {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}.get(align, 0.0)
        extra = (width - line_w) / (len(words) - 1) if align == "justify" and not last and len(words) > 1 else 0.0
        if extra or any(style == ICON for word in words for _, style in word):
            _draw_placed(canvas, words, font, size, lx, y, space + extra)
        else:
            text = canvas.beginText(lx, y)
            for face, piece in _runs(words, font):
                text.setFont(face, size)
                text.textOut(piece)
            canvas.drawText(text)
        y -= leading


def _runs(words, font) -> list[list]:
    """[face, text] runs of a line: consecutive pieces in one face joined, words separated by a space."""
    runs: list[list] = []
    for i, word in enumerate(words):
        for j, (t, style) in enumerate(word):
            face = font.face(*style)
            piece = (" " if i and not j else "") + t
            if runs and runs[-1][0] == face:
                runs[-1][1] += piece
            else:
                runs.append([face, piece])
    return runs


def _draw_placed(canvas, words, font, size: float, x: float, y: float, gap: float) -> None:
    """Draw a line word by word, `gap` points between words (icons and justified lines)."""
    for i, word in enumerate(words):
        if i:
            x += gap
        for t, style in word:
            if style == ICON:
                canvas.drawImage(t, x, y + size * 0.27 - size / 2, size, size, mask="auto")
                x += size
            else:
                face = font.face(*style)
                text = canvas.beginText(x, y)
                text.setFont(face, size)
                text.textOut(t)
                canvas.drawText(text)
                x += stringWidth(t, face, size)
