"""Render a card set to one press-ready PDF: calibration page, sheets of fronts and backs, tiled boards."""
from __future__ import annotations

import os
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pnp.cardset.model import CardSet, Component, Piece
from pnp.cardset.text import TextEngine
from pnp.errors import RenderError
from pnp.paths import templates_root
from pnp.print.imposition import Line, back_rect, crop_marks, cut_lines, fit_grid, tile_board
from pnp.print.options import PrintOptions

PT_PER_MM = 72.0 / 25.4


@dataclass
class RenderResult:
    """What a render produced."""

    files: list[Path] = field(default_factory=list)
    pages: int = 0
    cards: int = 0
    overflows: list = field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON summary for scripts."""
        return {"files": [str(f) for f in self.files], "pages": self.pages, "cards": self.cards,
                "overflows": [{"card": o.card, "box": o.box, "size": o.size, "source": o.source}
                              for o in self.overflows]}


def text_engine(cs: CardSet) -> TextEngine:
    """The Jinja2 text engine for a card set: its own templates/ first, then the shared ones."""
    folders = [cs.folder / "templates", cs.folder]
    try:
        folders.append(templates_root())
    except Exception:
        pass
    return TextEngine(folders, cs.icons)


def effective_options(cs: CardSet, options: PrintOptions, explicit: set[str] = frozenset()) -> PrintOptions:
    """Options with the card set's `print:` defaults applied where the user gave none."""
    from pnp.print.options import with_settings
    defaults = {k: v for k, v in cs.print_defaults.items() if k not in explicit}
    return with_settings(options, defaults) if defaults else options


class _Writer:
    """Draws pages of one PDF; each front sheet is followed by its back page in duplex modes."""

    def __init__(self, canvas, cs: CardSet, options: PrintOptions, drawer, progress):
        self.c, self.cs, self.opt, self.drawer, self.progress = canvas, cs, options, drawer, progress
        self.bleed = cs.bleed if options.bleed is None else options.bleed
        self.pages = 0
        self.font = drawer.fonts["regular"]

    def page(self, paper: tuple[float, float]) -> float:
        """Start drawing a page of `paper` mm; returns its height in mm."""
        self.c.setPageSize((paper[0] * PT_PER_MM, paper[1] * PT_PER_MM))
        return paper[1]

    def end_page(self) -> None:
        self.c.showPage()
        self.pages += 1

    def place(self, piece: Piece, side: str, comp: Component, x: float, y: float, ph: float, rotation: int,
              shared: bool = True) -> None:
        """Draw a face whose trim box's top-left corner is at (x, y) mm on the page.

        A shared face (printed more than once) becomes a PDF form drawn once and reused; a face
        printed once is drawn straight onto the page.
        """
        from reportlab.lib.units import mm
        name = self.drawer.form(self.c, piece, side, comp.size, self.bleed, comp.shape) if shared else None
        ow, oh = comp.size[0] + 2 * self.bleed, comp.size[1] + 2 * self.bleed
        left, bottom = (x - self.bleed) * mm, (ph - y - comp.size[1] - self.bleed) * mm
        self.c.saveState()
        if rotation == 180:
            self.c.translate(left + ow * mm, bottom + oh * mm)
            self.c.rotate(180)
        else:
            self.c.translate(left, bottom)
        if name:
            self.c.doForm(name)
        else:
            self.drawer.face(self.c, piece, side, comp.size, self.bleed, comp.shape)
        self.c.restoreState()

    def calibration(self, title: str) -> None:
        from pnp.print.marks import draw_calibration, draw_target, target_position
        paper = (min(self.opt.paper), max(self.opt.paper))
        ph = self.page(paper)
        notes = [f"Paper {paper[0]:g} x {paper[1]:g} mm, bleed {self.bleed:g} mm, backs: {self.opt.backs}, "
                 f"back offset {self.opt.back_offset[0]:g},{self.opt.back_offset[1]:g} mm."]
        draw_calibration(self.c, paper, title, self.font, notes)
        self.end_page()
        if self.opt.duplex:
            self.page(paper)
            tx, ty = target_position(paper)
            r, _ = back_rect(_point(tx, ty), paper, self.opt.backs, self.opt.back_offset)
            draw_target(self.c, r.x, r.y, ph)
            self.end_page()

    def blank_back(self, paper) -> None:
        """An empty back page keeping fronts on odd pages in duplex modes."""
        if self.opt.duplex:
            self.page(paper)
            self.end_page()

    def sheets(self, comp: Component) -> None:
        from pnp.print.marks import draw_lines
        opt = self.opt
        fold = opt.backs == "gutterfold"
        grid = fit_grid(opt.paper, opt.margins, comp.size, self.bleed, opt.gap, gutterfold=fold)
        sequence = [p for p in comp.pieces for _ in range(p.copies)]
        with_backs = opt.backs != "none" and any(p.has_back for p in comp.pieces)
        key = lambda p, side: self.drawer.key(p, side, comp.size, self.bleed, comp.shape)  # noqa: E731
        uses = Counter(key(p, "front") for p in sequence)
        uses.update(key(p, "back") for p in sequence if with_backs and p.has_back)
        shared = lambda p, side: uses[key(p, side)] > 1  # noqa: E731
        for start in range(0, len(sequence), grid.per_sheet):
            chunk = sequence[start:start + grid.per_sheet]
            ph = self.page(grid.paper)
            for slot, piece in zip(grid.slots, chunk):
                self.place(piece, "front", comp, slot.x, slot.y, ph, 0, shared(piece, "front"))
                if fold and with_backs and piece.has_back:
                    r, rot = back_rect(slot, grid.paper, "gutterfold", opt.back_offset)
                    self.place(piece, "back", comp, r.x, r.y, ph, rot, shared(piece, "back"))
                if self.progress:
                    self.progress(1)
            self._guides(grid, len(chunk), ph, comp)
            if fold:
                self.c.setDash(3, 2)
                draw_lines(self.c, [Line(grid.paper[0] / 2, 0, grid.paper[0] / 2, grid.paper[1])], ph, 0.3, 0.5)
                self.c.setDash()
            self.end_page()
            if opt.duplex:
                ph = self.page(grid.paper)
                if with_backs:
                    for slot, piece in zip(grid.slots, chunk):
                        if piece.has_back:
                            r, rot = back_rect(slot, grid.paper, opt.backs, opt.back_offset)
                            self.place(piece, "back", comp, r.x, r.y, ph, rot, shared(piece, "back"))
                self.end_page()

    def _guides(self, grid, used: int, ph: float, comp: Component) -> None:
        from reportlab.lib.units import mm

        from pnp.print.marks import draw_lines
        if self.opt.cut == "none":
            return
        if comp.shape == "round":
            self.c.setStrokeColorRGB(0, 0, 0)
            self.c.setLineWidth(0.3)
            for s in grid.slots[:used]:
                self.c.circle((s.x + s.w / 2) * mm, (ph - s.y - s.h / 2) * mm, min(s.w, s.h) / 2 * mm)
        lines = crop_marks(grid, used) if self.opt.cut == "marks" else cut_lines(grid, used)
        draw_lines(self.c, lines, ph, 0.25 if self.opt.cut == "marks" else 0.2)

    def board(self, comp: Component) -> None:
        from reportlab.lib.units import mm

        from pnp.print.marks import draw_lines, draw_tile_marks
        piece = comp.pieces[0]
        bw, bh = comp.size
        tiling = tile_board(comp.size, self.opt.paper, self.opt.margins, comp.overlap)
        name = self.drawer.form(self.c, piece, "front", comp.size, 0.0, "square")
        for tile in tiling.tiles:
            ph = self.page(tiling.paper)
            reg, place = tile.region, tile.place
            self.c.saveState()
            clip = self.c.beginPath()
            clip.rect(place.x * mm, (ph - place.bottom) * mm, place.w * mm, place.h * mm)
            self.c.clipPath(clip, stroke=0, fill=0)
            self.c.translate((place.x - reg.x) * mm, (ph - place.y - bh + reg.y) * mm)
            self.c.doForm(name)
            self.c.restoreState()
            edges = []
            if reg.x == 0:
                edges.append(Line(place.x, place.y, place.x, place.bottom))
            if abs(reg.right - bw) < 1e-6:
                edges.append(Line(place.right, place.y, place.right, place.bottom))
            if reg.y == 0:
                edges.append(Line(place.x, place.y, place.right, place.y))
            if abs(reg.bottom - bh) < 1e-6:
                edges.append(Line(place.x, place.bottom, place.right, place.bottom))
            if self.opt.cut != "none":
                draw_lines(self.c, edges, ph, 0.3)
            if len(tiling.tiles) > 1:
                draw_tile_marks(self.c, tiling, tile, ph, self.font, comp.name)
            self.end_page()
            if self.progress:
                self.progress(1)
            self.blank_back(tiling.paper)


def _point(x: float, y: float):
    from pnp.print.imposition import Rect
    return Rect(x, y, 0.0, 0.0)


def render_pdf(cs: CardSet, out_file: Path, options: PrintOptions, progress=None) -> RenderResult:
    """Write the card set's PDF to out_file atomically (temp file, then rename); same input, same bytes."""
    from pnp.print.canvas import new_canvas
    from pnp.print.face import FaceDrawer

    out_file = Path(out_file)
    _writable(out_file.parent)
    drawer = FaceDrawer(cs, text_engine(cs), ink_saver=options.ink_saver)
    fd, tmp = tempfile.mkstemp(prefix=f".{out_file.stem}-", suffix=".pdf.part", dir=out_file.parent)
    os.close(fd)
    try:
        canvas = new_canvas(tmp)
        canvas.setTitle(cs.name)
        canvas.setAuthor(cs.author or "pnp")
        canvas.setSubject(f"Print-and-play sheets for {cs.name}")
        canvas.setCreator("pnp (print-and-play toolkit)")
        canvas.setKeywords(["print-and-play", cs.slug])
        writer = _Writer(canvas, cs, options, drawer, progress)
        if options.calibration:
            writer.calibration(cs.name)
        for comp in cs.components:
            if comp.type == "board":
                writer.board(comp)
            else:
                writer.sheets(comp)
        canvas.save()
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, out_file)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return RenderResult([out_file], writer.pages, cs.count, list(drawer.overflows))


def _writable(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RenderError(f"cannot create the output folder ({exc.strerror})", file=str(folder),
                          hint="choose another folder with -o") from None
    if not os.access(folder, os.W_OK):
        raise RenderError("the output folder cannot be written", file=str(folder),
                          hint="fix its permissions or choose another folder with -o")
