"""Draw one piece's front or back from its layout (or image) into a reusable PDF form."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from pnp.cardset.images import check_image
from pnp.cardset.inside import inside
from pnp.cardset.model import CardSet, Piece
from pnp.cardset.text import TextEngine, plain_text, unbalanced_tag, unknown_icons
from pnp.cardset.svg import check_svg, is_svg
from pnp.errors import CardsetError
from pnp.names import suggest
from pnp.print import simpletext
from pnp.cardset.colours import expand_short_hex, to_colour
from pnp.print.fonts import missing_glyphs, register_fonts, set_fonts
from pnp.print.images import draw_image, image_size
from pnp.print.ornaments import draw_ornament
from pnp.print.vectors import draw_svg, inline_src

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
INK_SAVER_STROKE = colors.Color(0.75, 0.75, 0.75)
INK_SAVER_ICON = colors.Color(0.55, 0.55, 0.55)  # the darkest grey of SVG pictures in ink-saver mode


@dataclass(frozen=True)
class Overflow:
    """Text that does not fit its box even at its minimum size."""

    card: str
    box: str
    size: float
    source: str = ""    # the card's data file and row


@dataclass(frozen=True)
class TextFinding:
    """A problem in a card's rendered text, found when the drawer checks (pnp validate)."""

    level: str          # error | warning
    card: str
    box: str
    field: str | None   # the data field holding the text, when one does
    message: str
    hint: str
    file: str = ""      # where to fix it: the card's data row, or the layout's 'file:line'


@lru_cache(maxsize=None)
def _style(font: str, size: float, leading: float, align: str, color: str) -> ParagraphStyle:
    return ParagraphStyle(f"{font}-{size}-{leading}-{align}-{color}", fontName=font, fontSize=size,
                          leading=leading, alignment=ALIGN[align], textColor=to_colour(color))


@dataclass
class FaceDrawer:
    """Renders pieces of one card set; identical faces are drawn once and reused as PDF forms."""

    cardset: CardSet
    text: TextEngine
    ink_saver: bool = False
    check: bool = False                # collect TextFindings (unknown icons, unbalanced markup, missing glyphs)
    overflows: list[Overflow] = field(default_factory=list)
    findings: list[TextFinding] = field(default_factory=list)
    _forms: dict = field(default_factory=dict)
    _uses: dict = field(default_factory=dict)

    def __post_init__(self):
        self.fonts = register_fonts()
        self.file = str(self.cardset.manifest or self.cardset.folder)
        self.font_table = set_fonts(self.cardset.fonts, self.file)

    # -- public ------------------------------------------------------------------------------
    def key(self, piece: Piece, side: str, size: tuple[float, float], bleed: float, shape: str) -> tuple:
        """What makes a face look the way it does: faces with equal keys are drawn identically."""
        layout = piece.layout if side == "front" else piece.back_layout
        image = piece.image if side == "front" else piece.back_image
        used = self._used_fields(layout) if layout else set()
        fields_key = tuple(sorted((k, repr(v)) for k, v in piece.fields.items() if "*" in used or k in used))
        return (side, layout, str(image), fields_key, size, bleed, shape)

    def form(self, canvas, piece: Piece, side: str, size: tuple[float, float], bleed: float, shape: str) -> str:
        """Name of a PDF form holding this face, bleed box from (0, 0); drawn on first use."""
        key = self.key(piece, side, size, bleed, shape)
        name = self._forms.get(key)
        if name is None:
            name = f"F{len(self._forms)}"
            w, h = (size[0] + 2 * bleed) * mm, (size[1] + 2 * bleed) * mm
            canvas.beginForm(name, 0, 0, w, h)
            self.face(canvas, piece, side, size, bleed, shape)
            canvas.endForm()
            self._forms[key] = name
        return name

    def face(self, canvas, piece: Piece, side: str, size: tuple[float, float], bleed: float, shape: str) -> None:
        """Draw a piece's front or back with its bleed box's bottom-left corner at the origin."""
        layout = piece.layout if side == "front" else piece.back_layout
        image = piece.image if side == "front" else piece.back_image
        self.draw(canvas, piece, layout, image, size, bleed, shape)

    def _used_fields(self, layout_name: str) -> set[str]:
        """Fields a layout's templates read; faces equal in these fields are drawn once."""
        if layout_name not in self._uses:
            layout = self.cardset.layouts[layout_name]
            names = self.text.variables("plain", layout.background or "")
            for box in layout.boxes:
                for key in ("text", "image", "icon", "fill", "stroke", "color", "when"):
                    if key in box.spec:
                        src = str(box.spec[key])
                        if key == "when" and not src.strip().startswith("{{"):
                            src = "{{ " + src + " }}"
                        names |= self.text.variables("inline" if key == "text" else "plain", src)
                if "template" in box.spec:
                    names |= self.text.variables("file", str(box.spec["template"]))
            self._uses[layout_name] = names
        return self._uses[layout_name]

    def draw(self, canvas, piece: Piece, layout_name, image, size, bleed: float, shape: str) -> None:
        """Draw a face with the bleed box's bottom-left corner at the origin."""
        w, h = size
        ow, oh = w + 2 * bleed, h + 2 * bleed
        if image is not None:
            self._cover_image(canvas, str(image), ow, oh, piece)
        elif layout_name is not None:
            layout = self.cardset.layouts[layout_name]
            fields = piece.fields
            if layout.background and not self.ink_saver:
                fill = self._render_plain(layout.background, fields, piece, f"layout '{layout_name}' background")
                if fill:
                    canvas.setFillColor(self._colour(fill, piece, "background"))
                    if shape == "round":
                        r = min(w, h) / 2 + bleed
                        canvas.circle(ow / 2 * mm, oh / 2 * mm, r * mm, stroke=0, fill=1)
                    else:
                        canvas.rect(0, 0, ow * mm, oh * mm, stroke=0, fill=1)
            for box in layout.boxes:
                try:
                    self._box(canvas, box, fields, piece, layout_name, bleed, oh)
                except CardsetError as exc:
                    if exc.file == self.file and box.file:  # a mistake in the layout: point at its line
                        exc.file = box.where()
                    raise
        if self.ink_saver:
            canvas.setStrokeColor(INK_SAVER_STROKE)
            canvas.setLineWidth(0.3)
            if shape == "round":
                canvas.circle(ow / 2 * mm, oh / 2 * mm, min(w, h) / 2 * mm, stroke=1, fill=0)
            else:
                canvas.rect(bleed * mm, bleed * mm, w * mm, h * mm, stroke=1, fill=0)

    # -- boxes -------------------------------------------------------------------------------
    def _render_plain(self, source: str, fields: dict, piece: Piece, where: str) -> str:
        if "{" not in source:
            return source
        return self.text.render("plain", source, fields, where=where, file=self.file, card=piece.id)

    def _colour(self, value: str, piece: Piece, field_name: str):
        try:
            return to_colour(value)
        except (ValueError, KeyError, AttributeError):
            raise CardsetError(f"bad colour '{value}'", file=self.file, card=piece.id, field=field_name,
                               expected="#rrggbb or a colour name", hint="fix the colour value") from None

    def _box(self, canvas, box, fields, piece, layout_name, bleed, oh) -> None:
        where = f"layout '{layout_name}' box '{box.name}'"
        repeat = box.get("repeat")
        count, dx, dy = (int(repeat.get("count", 1)), float(repeat.get("dx", 0)), float(repeat.get("dy", 0))) \
            if repeat else (1, 0.0, 0.0)
        for i in range(count):
            local = {**fields, "i": i} if repeat else fields
            when = box.get("when")
            if when is not None and not self._truthy(when, local, piece, where):
                continue
            x, y = bleed + box.x + i * dx, bleed + box.y + i * dy
            # reportlab origin is bottom-left: the box's bottom edge in points
            bx, by, bw, bh = x * mm, (oh - y - box.h) * mm, box.w * mm, box.h * mm
            turn = box.get("rotate", 0)
            rotated = turn in (90, 180, 270)
            if turn == 180:
                canvas.saveState()
                canvas.translate(bx + bw, by + bh)
                canvas.rotate(180)
                bx, by = 0.0, 0.0
            elif rotated:  # a quarter turn clockwise (90) or anticlockwise (270) about the box's centre
                canvas.saveState()
                canvas.translate(bx + bw / 2, by + bh / 2)
                canvas.rotate(-turn)
                bw, bh = bh, bw
                bx, by = -bw / 2, -bh / 2
            if "shape" in box.spec:
                self._shape(canvas, box, local, piece, where, bx, by, bw, bh)
            if "ornament" in box.spec:
                self._ornament(canvas, box, local, piece, where, bx, by, bw, bh)
            if "image" in box.spec or "icon" in box.spec:
                self._image(canvas, box, local, piece, where, bx, by, bw, bh)
            if box.is_text:
                self._text(canvas, box, local, piece, where, bx, by, bw, bh)
            if rotated:
                canvas.restoreState()

    def _truthy(self, expr, fields, piece, where) -> bool:
        if isinstance(expr, bool):
            return expr
        src = str(expr).strip()
        if not src.startswith("{{"):
            src = "{{ " + src + " }}"
        value = self.text.render("plain", src, fields, where=f"{where} when", file=self.file, card=piece.id)
        return value.strip() not in ("", "False", "None", "0", "false", "[]")

    def _shape(self, canvas, box, fields, piece, where, bx, by, bw, bh) -> None:
        fill = box.get("fill")
        stroke = box.get("stroke")
        fill = self._render_plain(str(fill), fields, piece, where) if fill else None
        stroke = self._render_plain(str(stroke), fields, piece, where) if stroke else None
        if self.ink_saver:
            fill = None
            stroke = stroke and INK_SAVER_STROKE
        if fill:
            canvas.setFillColor(self._colour(fill, piece, f"{box.name}.fill"))
        if stroke:
            canvas.setStrokeColor(stroke if not isinstance(stroke, str) else self._colour(stroke, piece,
                                                                                           f"{box.name}.stroke"))
            canvas.setLineWidth(float(box.get("stroke_width", 0.5)))
        if not fill and not stroke:
            return
        shape = box.get("shape")
        if shape == "rect":
            radius = float(box.get("radius", 0)) * mm
            if radius:
                canvas.roundRect(bx, by, bw, bh, radius, stroke=1 if stroke else 0, fill=1 if fill else 0)
            else:
                canvas.rect(bx, by, bw, bh, stroke=1 if stroke else 0, fill=1 if fill else 0)
        elif shape == "ellipse":
            canvas.ellipse(bx, by, bx + bw, by + bh, stroke=1 if stroke else 0, fill=1 if fill else 0)
        elif shape == "line" and stroke:
            canvas.line(bx, by + bh, bx + bw, by)

    def _image(self, canvas, box, fields, piece, where, bx, by, bw, bh) -> None:
        """An image box (a PNG, JPEG or SVG file) or an icon box (a name from the set's icons:)."""
        if "icon" in box.spec:
            value = self._render_plain(str(box.get("icon")), fields, piece, where)
            if not value:
                return
            path = self.cardset.icons.get(value)
            if path is None:
                near = suggest(value, list(self.cardset.icons), n=1)
                raise CardsetError(f"unknown icon '{value}' in {where}", file=self.file, card=piece.id,
                                   field=box.name, expected=f"one of the set's icons: "
                                   f"{', '.join(sorted(self.cardset.icons)) or '(none: add icons: to cardset.yaml)'}",
                                   hint=f"did you mean '{near[0]}'?" if near else "add it under icons: in cardset.yaml")
        else:
            value = self._render_plain(str(box.get("image")), fields, piece, where)
            if not value:
                return
            path = inside(self.cardset.folder, value, file=self.file, card=piece.id, field=box.name, what="image")
            if not path.is_file():
                raise CardsetError(f"image '{value}' not found for {where}", file=self.file, card=piece.id,
                                   field=box.name, expected=f"a file relative to {self.cardset.folder}",
                                   hint="add the image or fix the name")
        if is_svg(path):
            check_svg(path, file=self.file, card=piece.id, field=box.name)
            color = self._render_plain(str(box.get("color", "#000000")), fields, piece, where)
            ink = self._colour(color, piece, f"{box.name}.color")
            if self.ink_saver:  # grey of the same lightness, never darker than INK_SAVER_ICON: watermarks stay pale
                grey = max(0.299 * ink.red + 0.587 * ink.green + 0.114 * ink.blue, INK_SAVER_ICON.red)
                ink = colors.Color(grey, grey, grey)
            draw_svg(canvas, str(path), bx, by, bw, bh, ink)
            return
        check_image(path, file=self.file, card=piece.id, field=box.name)
        draw_image(canvas, str(path), bx, by, bw, bh, preserve_aspect=True)

    def _ornament(self, canvas, box, fields, piece, where, bx, by, bw, bh) -> None:
        """A border band of a motif (meander, laurel, waves) round the box, in its `color`."""
        color = self._render_plain(str(box.get("color", "#000000")), fields, piece, where)
        ink = INK_SAVER_STROKE if self.ink_saver else self._colour(color, piece, f"{box.name}.color")
        draw_ornament(canvas, str(box.get("ornament")), bx, by, bw, bh, float(box.get("band", 3)) * mm, ink,
                      float(box.get("stroke_width", 0.8)))

    def _cover_image(self, canvas, path: str, ow: float, oh: float, piece: Piece) -> None:
        if is_svg(path):
            draw_svg(canvas, path, 0, 0, ow * mm, oh * mm, cover=True)
            return
        try:
            iw, ih = image_size(path)
        except Exception:
            raise CardsetError("image cannot be read", file=path, card=piece.id, field="image",
                               expected="a PNG or JPEG file", hint="re-export the image") from None
        scale = max(ow / iw, oh / ih)
        dw, dh = iw * scale, ih * scale
        p = canvas.beginPath()
        p.rect(0, 0, ow * mm, oh * mm)
        canvas.saveState()
        canvas.clipPath(p, stroke=0, fill=0)
        draw_image(canvas, path, (ow - dw) / 2 * mm, (oh - dh) / 2 * mm, dw * mm, dh * mm)
        canvas.restoreState()

    def _text(self, canvas, box, fields, piece, where, bx, by, bw, bh) -> None:
        if "template" in box.spec:
            markup = self.text.render("file", str(box.get("template")), fields, where=where, file=self.file,
                                      card=piece.id)
        else:
            markup = self.text.render("inline", str(box.get("text")), fields, where=where, file=self.file,
                                      card=piece.id)
        if not markup:
            return
        font = self.font_table[box.get("font", "regular")]
        if self.check:
            self._check_text(markup, font, piece, box, fields)
        base = float(box.get("size", 9))
        size, min_size = base, float(box.get("min_size", base))
        align, valign = box.get("align", "left"), box.get("valign", "top")
        color = self._render_plain(str(box.get("color", "#000000")), fields, piece, where)
        self._colour(color, piece, f"{box.name}.color")
        runs = simpletext.parse(markup, self.cardset.icons)
        while True:
            leading = float(box.get("leading", base * 1.2)) * size / base
            at_floor = size <= min_size
            if runs is not None:
                wrapped = simpletext.layout(runs, font, size, bw)
                if wrapped is not None:
                    height = len(wrapped) * leading
                    if height <= bh + 0.01 or at_floor:
                        if height > bh + 0.01:
                            self.overflows.append(Overflow(piece.id, box.name, size, piece.source))
                        top = {"top": by + bh, "middle": by + (bh + height) / 2, "bottom": by + height}[valign]
                        simpletext.draw(canvas, wrapped, font, size, leading, align, top, bx, bw, to_colour(color))
                        return
                elif at_floor:  # a word wider than the box even at the floor: Paragraph breaks it
                    runs = None
                    continue
            else:
                try:
                    from reportlab.platypus import Paragraph  # lazy: start-up time (platypus ~70 ms)
                    para = Paragraph(expand_short_hex(self.text.expand_icons(markup, size, inline_src)),
                                     _style(font.name, size, leading, align, color))
                    _, ph = para.wrap(bw, bh)
                    fits = ph <= bh + 0.01 and para.minWidth() <= bw + 0.01
                    if fits or at_floor:
                        if not fits:
                            self.overflows.append(Overflow(piece.id, box.name, size, piece.source))
                        y = {"top": by + bh - ph, "middle": by + (bh - ph) / 2, "bottom": by}[valign]
                        canvas.setFillColor(to_colour(color))  # SVG icons (canvas.drawImage) take it
                        para.drawOn(canvas, bx, y)
                        return
                except (ValueError, TypeError, KeyError, AttributeError) as exc:  # markup reportlab cannot use
                    reason = " ".join(str(exc).split())[-160:]
                    raise CardsetError(f"card text markup cannot be laid out ({reason})", file=self.file,
                                       card=piece.id, field=box.name, expected="reportlab paragraph markup",
                                       hint="close every tag and use valid colours and sizes "
                                            "(see 'pnp docs cardsets')") from None
            size = max(min_size, size - 0.5)

    def _check_text(self, markup: str, font, piece: Piece, box, fields: dict) -> None:
        """Record unknown :icons:, unbalanced markup and characters the box's font cannot draw."""
        def holder(needle: str) -> str | None:
            return next((k for k, v in fields.items() if isinstance(v, str) and needle in v), None)

        def add(level, field_name, message, hint):
            file = piece.source if field_name else self._text_source(box)
            self.findings.append(TextFinding(level, piece.id, box.name, field_name, message, hint, file))

        for name in dict.fromkeys(unknown_icons(markup, self.cardset.icons)):
            near = suggest(name, list(self.cardset.icons), n=1)
            add("error", holder(f":{name}:"), f"unknown icon ':{name}:'",
                (f"did you mean ':{near[0]}:'? " if near else "") +
                f"icons of this set: {', '.join(sorted(self.cardset.icons)) or '(none: add icons: to cardset.yaml)'}")
        tag = unbalanced_tag(markup)
        if tag:
            name = tag.split(">")[0].strip("</")
            add("error", holder(f"<{name}") or holder(f"</{name}"), f"unbalanced markup: {tag}",
                "close every tag in the same field (with |safe the data's markup is used as written)")
        for tag, style, face in (("b", (True, False), "bold"), ("i", (False, True), "italic")):
            already = font.bold if tag == "b" else font.italic
            if f"<{tag}>" in markup and not already and font.face(*style) == font.name:
                add("warning", holder(f"<{tag}>"), f"<{tag}> prints as the regular face: font "
                    f"'{box.get('font', 'regular')}' has no {face} face", f"add {face}: FILE.ttf to its family under fonts:")
        missing = missing_glyphs(plain_text(markup), font.name)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing[:5]) + (" ..." if len(missing) > 5 else "")
            add("error", holder(missing[0]), f"font '{box.get('font', 'regular')}' cannot draw {shown}",
                "remove those characters or name a font that has them under fonts: in cardset.yaml")

    def _text_source(self, box) -> str:
        """Where a box's own text is written: its template file, else the layout's 'file:line'."""
        if "template" in box.spec:
            try:
                return self.text.env.loader.get_source(self.text.env, str(box.get("template")))[1]
            except Exception:  # noqa: BLE001 - an unreadable template is reported when rendered
                pass
        return box.where()
