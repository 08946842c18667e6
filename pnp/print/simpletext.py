"""Fast layout for text with <b>, <i>, <u>, <br/>, <font color="..."> and :icons:: greedy word wrap, line by line.

An icon is part of the word it touches, so punctuation right after it never wraps onto a line of its own.
Anything richer (other tags or attributes, entities beyond the basic ones) goes through reportlab's Paragraph.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.cardset.svg import is_svg
from pnp.cardset.text import ICON_RE
from pnp.cardset.colours import to_colour
from pnp.print.images import draw_image
from pnp.print.vectors import draw_svg

TAG = re.compile(r'<(/?)([a-zA-Z]+)(?:\s+color\s*=\s*"([^"<>]*)")?\s*(/?)>')
SIMPLE_TAGS = {"b", "i", "u", "br", "font"}
ENTITY = re.compile(r"&(amp|lt|gt|quot|#39|#x27|apos);")
SPACES = re.compile(r"(\s+)")
ICON = "icon"  # first item of an inline icon's style (ICON, colour); the run's text is the image path


def parse(markup: str, icons=None) -> list | None:
    """Lines (split at <br/>) of words, each a list of (text, (bold, italic, colour, underline)) runs; None if not simple.

    With icons (name -> image path), a known :name: becomes a run (path, (ICON, colour)): an SVG icon takes
    the colour of the <font color> around it.
    """
    tags = list(TAG.finditer(markup))
    if markup.count("<") != len(tags) or any(not _simple(m) for m in tags):
        return None
    entities = "&" in markup
    if entities and "&" in ENTITY.sub("", markup):
        return None
    lines, words, word, bold, italic, under, colours, pos = [], [], [], False, False, False, [], 0
    for m in tags + [None]:
        chunk = markup[pos:m.start()] if m else markup[pos:]
        style = (bold, italic, colours[-1] if colours else None, under)
        for piece in SPACES.split(chunk):
            if not piece:
                continue
            if piece.isspace():
                if word:
                    words.append(word)
                    word = []
            else:
                if entities:
                    piece = html.unescape(piece)
                if icons and ":" in piece:
                    word += _icon_runs(piece, style, icons)
                else:
                    word.append((piece, style))
        if m is None:
            break
        pos = m.end()
        name = m.group(2).lower()
        if name == "b":
            bold = not m.group(1)
        elif name == "i":
            italic = not m.group(1)
        elif name == "u":
            under = not m.group(1)
        elif name == "font":
            if m.group(1):
                colours = colours[:-1]
            else:
                colours.append(_colour(m.group(3)))
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


def _simple(m) -> bool:
    """A tag the fast path draws: b, i, br, and font with a valid color (and nothing else)."""
    name = m.group(2).lower()
    if name not in SIMPLE_TAGS or (m.group(3) is not None and name != "font"):
        return False
    if name == "font" and not m.group(1):
        return m.group(3) is not None and _colour(m.group(3)) is not None
    return True


def _colour(value: str):
    try:
        return to_colour(value)
    except (ValueError, AttributeError, KeyError):
        return None


def _icon_runs(text: str, style, icons) -> list:
    if not icons or ":" not in text:
        return [(text, style)]
    runs, pos = [], 0
    for m in ICON_RE.finditer(text):
        if m.group(1) in icons:
            if m.start() > pos:
                runs.append((text[pos:m.start()], style))
            runs.append((str(icons[m.group(1)]), (ICON, style[2])))
            pos = m.end()
    if pos < len(text):
        runs.append((text[pos:], style))
    return runs


def text_width(text: str, face: str, size: float) -> float:
    """stringWidth in points; short pieces are remembered (card texts repeat the same words on every card),
    long ones are not, so hostile text cannot fill the memory."""
    return _short_width(text, face, size) if len(text) <= 40 else stringWidth(text, face, size)


_short_width = lru_cache(maxsize=65536)(stringWidth)


@lru_cache(maxsize=None)
def _stretchy_space(face: str) -> bool:
    """True when the face's space is byte 32 of its first subset, so the PDF word spacing (Tw) widens it."""
    font = pdfmetrics.getFont(face)
    if not getattr(font, "_dynamicFont", False):
        return True
    return bool(getattr(font, "_asciiReadable", False)) and 32 in font.face.charToGlyph


def _width(text: str, style, font, size: float) -> float:
    return size if style[0] == ICON else text_width(text, font.face(style[0], style[1]), size)


def layout(lines, font, size: float, width: float):
    """Wrap words into (words, width, ends_paragraph) lines no wider than width (points).

    None when a single word is wider than width. font is a pnp.print.fonts.Font: its face(bold, italic)
    names the face of each run.
    """
    space = text_width(" ", font.name, size)
    out = []
    for words in lines:
        current, current_w = [], 0.0
        for word in words:
            if len(word) == 1:
                w = _width(word[0][0], word[0][1], font, size)
            else:
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
    """Draw wrapped lines in a Font and colour; the first baseline sits one ascent below `top` (points).

    Justified lines (all but a paragraph's last) spread their words to the full width. Icons are drawn
    size x size points, centred on the middle of the lower-case letters. All the lines go in one PDF text
    object; icons and underlines are drawn beside it.
    """
    canvas.setFillColor(color)
    space = text_width(" ", font.name, size)
    y = top - size * 0.93
    text = canvas.beginText(x, y)
    pen = _Pen(text, size, color)
    for words, line_w, last in wrapped:
        lx = x + {"left": 0.0, "center": (width - line_w) / 2, "right": width - line_w}.get(align, 0.0)
        extra = (width - line_w) / (len(words) - 1) if align == "justify" and not last and len(words) > 1 else 0.0
        pen.word_space(extra)
        if extra or any(style[0] == ICON or style[3] for word in words for _, style in word):
            _draw_placed(canvas, pen, words, font, size, lx, y, space, extra, color)
        else:
            text.setTextOrigin(lx, y)
            for face, colour, piece in _runs(words, font):
                pen.style(face, colour or color)
                text.textOut(piece)
        y -= leading
    pen.word_space(0.0)  # Tw is graphics state: it would widen later text too
    canvas.drawText(text)
    if pen.colour is not color:
        canvas.setFillColor(color)  # the canvas's own idea of the fill colour holds again


class _Pen:
    """A text object's face, fill colour and word spacing, each written only when it changes."""

    def __init__(self, text, size: float, colour):
        self.text, self.size, self.face, self.colour, self.spacing = text, size, None, colour, 0.0

    def style(self, face: str, colour) -> None:
        if face != self.face:
            self.text.setFont(face, self.size)
            self.face = face
        if colour is not self.colour:
            self.text.setFillColor(colour)
            self.colour = colour

    def word_space(self, extra: float) -> None:
        if extra != self.spacing:
            self.text.setWordSpace(extra)
            self.spacing = extra


def _runs(words, font) -> list[list]:
    """[face, colour, text] runs of a line: consecutive pieces alike joined, words separated by a space."""
    runs: list[list] = []
    for i, word in enumerate(words):
        for j, (t, style) in enumerate(word):
            face = font.face(style[0], style[1])
            piece = (" " if i and not j else "") + t
            if runs and runs[-1][0] == face and runs[-1][1] == style[2]:
                runs[-1][2] += piece
            else:
                runs.append([face, style[2], piece])
    return runs


def _draw_placed(canvas, pen: _Pen, words, font, size: float, x: float, y: float, space: float, extra: float,
                 color) -> None:
    """Write a line with `space + extra` points between words (icons, underlines and justified lines).

    Pieces alike in face and colour go out as one string whose spaces the PDF word spacing (Tw, set by the
    caller) widens by `extra`, so every word lands where it would placed one by one; a piece after an icon,
    or in a face whose space is not `space` wide, starts at its own position.
    """
    text = pen.text
    run: list[str] = []
    after_text = False  # the text cursor stands where the last piece drawn (a text piece) ended
    for i, word in enumerate(words):
        gap = bool(i)
        if i:
            x += space + extra
        for t, style in word:
            if style[0] == ICON:
                if is_svg(t):
                    draw_svg(canvas, t, x, y + size * 0.27 - size / 2, size, size, style[1] or color)
                else:
                    draw_image(canvas, t, x, y + size * 0.27 - size / 2, size, size)
                x += size
                gap = after_text = False
                continue
            face, colour = font.face(style[0], style[1]), style[2] or color
            w = text_width(t, face, size)
            joins = after_text and face == pen.face and colour is pen.colour and (
                not gap or (_stretchy_space(face) and text_width(" ", face, size) == space))
            if joins:
                run.append(" " + t if gap else t)
            else:
                if run:
                    text.textOut("".join(run))
                    run = []
                pen.style(face, colour)
                text.setTextOrigin(x, y)
                run.append(t)
            if style[3]:  # underline: a rule just below the baseline, in the text's colour
                canvas.saveState()
                canvas.setStrokeColor(colour)
                canvas.setLineWidth(size * 0.06)
                canvas.line(x, y - size * 0.11, x + w, y - size * 0.11)
                canvas.restoreState()
            x += w
            gap, after_text = False, True
    if run:
        text.textOut("".join(run))
