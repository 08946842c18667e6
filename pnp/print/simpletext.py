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
    """Wrap words into lines no wider than width (points); None when a single word is wider than width.

    font is a pnp.print.fonts.Font: its face(bold, italic) names the face of each run.
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
                out.append((current, current_w))
                current, current_w = [], 0.0
            current_w += (space if current else 0.0) + w
            current.append(word)
        out.append((current, current_w))
    return out


def draw(canvas, wrapped, font, size: float, leading: float, align: str, top: float, x: float, width: float,
         color) -> None:
    """Draw wrapped lines in a Font; the first baseline sits one ascent below `top` (points).

    Icons are drawn size x size points, centred on the middle of the lower-case letters.
    """
    canvas.setFillColor(color)
    y = top - size * 0.93
    for words, line_w in wrapped:
        lx = x + {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}.get(align, 0.0)
        runs: list[list] = []  # [face, text]: consecutive pieces in one face drawn in one go; icons alone
        for i, word in enumerate(words):
            for j, (t, style) in enumerate(word):
                space = " " if i and not j else ""
                if style == ICON:
                    if space:
                        runs.append([font.name, space])
                    runs.append([ICON, t])
                    continue
                face = font.face(*style)
                if runs and runs[-1][0] == face:
                    runs[-1][1] += space + t
                else:
                    runs.append([face, space + t])
        if not any(face == ICON for face, _ in runs):
            text = canvas.beginText(lx, y)
            for face, piece in runs:
                text.setFont(face, size)
                text.textOut(piece)
            canvas.drawText(text)
        else:
            cx = lx
            for face, piece in runs:
                if face == ICON:
                    canvas.drawImage(piece, cx, y + size * 0.27 - size / 2, size, size, mask="auto")
                    cx += size
                else:
                    text = canvas.beginText(cx, y)
                    text.setFont(face, size)
                    text.textOut(piece)
                    canvas.drawText(text)
                    cx += stringWidth(piece, face, size)
        y -= leading
