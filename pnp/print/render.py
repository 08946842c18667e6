"""Render a card set to one press-ready PDF: front matter (with calibration), sheets of fronts and backs, tiled boards."""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.lib.units import mm

from pnp.cardset.model import CardSet, Component, Piece
from pnp.cardset.text import TextEngine
from pnp import limits
from pnp.errors import RenderError
from pnp.outpath import OutFolder, atomic_write, make_folder, out_path, write_file
from pnp.paths import templates_root
from pnp.print.canvas import new_canvas
from pnp.print.cutfile import CUT_MARK_LENGTH, cut_margins, draw_registration, sheet_svg
from pnp.print.face import FaceDrawer
from pnp.print.images import save
from pnp.print.imposition import Line, Rect, back_rect, crop_marks, cut_lines, fit_grid, tile_board
from pnp.print import frontmatter as fmp
from pnp.print.credits import credits
from pnp.print.marks import (CALIBRATION_W, PRINTER_SETTING, ROUND_CUT, draw_calibration, draw_calibration_back,
                             draw_lines, draw_tile_marks, target_positions)
from pnp.print.options import PrintOptions, with_settings

PT_PER_MM = 72.0 / 25.4


@dataclass
class RenderResult:
    """What a render produced."""

    files: list[Path] = field(default_factory=list)
    pages: int = 0
    sheets: int = 0
    cards: int = 0
    overflows: list = field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON summary for scripts."""
        return {"files": [str(f) for f in self.files], "pages": self.pages, "sheets": self.sheets,
                "cards": self.cards,
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
    defaults = {k: v for k, v in cs.print_defaults.items() if k not in explicit}
    try:
        return with_settings(options, defaults) if defaults else options
    except RenderError as exc:  # a bad `print:` value in the manifest: say where it is
        if exc.field in defaults:
            exc.file, exc.field = str(cs.manifest or cs.folder), f"print.{exc.field}"
        raise


class _Writer:
    """Draws pages of one PDF; each front sheet is followed by its back page in duplex modes."""

    def __init__(self, canvas, cs: CardSet, options: PrintOptions, drawer, progress):
        self.c, self.cs, self.opt, self.drawer, self.progress = canvas, cs, options, drawer, progress
        self.bleed = cs.bleed if options.bleed is None else options.bleed
        self.pages = 0
        self.cut_sheets: list = []  # (1-based PDF page, grid, cards used, shape) of each front page
        self.font = drawer.fonts["regular"]

    def page(self, paper: tuple[float, float]) -> float:
        """Start drawing a page of `paper` mm; returns its height in mm."""
        self.c.setPageSize((paper[0] * PT_PER_MM, paper[1] * PT_PER_MM))
        return paper[1]

    def end_page(self) -> None:
        self.c.showPage()
        self.pages += 1
        limits.PAGES.check(self.pages, file=self.cs.manifest or self.cs.folder)

    def place(self, piece: Piece, side: str, comp: Component, trim: Rect, ink: Rect, ph: float,
              shared: bool = True) -> None:
        """Draw a face with its trim box at `trim` (mm, top-left origin), its ink clipped to `ink`.

        A shared face (printed more than once) becomes a PDF form drawn once and reused; a face
        printed once is drawn straight onto the page.
        """
        name = self.drawer.form(self.c, piece, side, comp.size, self.bleed, comp.shape) if shared else None
        self.c.saveState()
        b = self.bleed
        if (ink.x, ink.y, ink.w, ink.h) != (trim.x - b, trim.y - b, trim.w + 2 * b, trim.h + 2 * b):
            clip = self.c.beginPath()
            clip.rect(ink.x * mm, (ph - ink.bottom) * mm, ink.w * mm, ink.h * mm)
            self.c.clipPath(clip, stroke=0, fill=0)
        self.c.translate((trim.x - b) * mm, (ph - trim.bottom - b) * mm)
        if name:
            self.c.doForm(name)
        else:
            self.drawer.face(self.c, piece, side, comp.size, self.bleed, comp.shape)
        self.c.restoreState()

    def front_matter(self) -> None:
        """The first pages: what to cut, what else to fetch, assembly, credits and the rules, with the
        calibration ruler and targets in the corners of the first sheet (on the card sheets' paper and
        duplex mapping). In duplex modes the card sheets still start on a front page."""
        opt = self.opt
        fm = fmp.front_matter(self.cs)
        fm.checklist = [self._with_pages(item, comp) for item, comp in zip(fm.checklist, self.cs.components)]
        cards = [c for c in self.cs.components if c.type != "board"]
        paper = self.grid(cards[0]).paper if cards else (min(opt.paper), max(opt.paper))
        styles = fmp.styles(self.font, self.drawer.fonts["bold"])
        flow = fmp.story(fm, styles)
        self.page(paper)
        fmp.draw_header(self.c, fm, paper, styles, paper[0] - 32 - CALIBRATION_W - 16)
        notes = [f"Paper {paper[0]:g} x {paper[1]:g} mm ({'landscape' if paper[0] > paper[1] else 'portrait'}, "
                 f"like the card sheets), bleed {self.bleed:g} mm, backs: {opt.backs}, "
                 f"back offset {opt.back_offset[0]:g},{opt.back_offset[1]:g} mm.",
                 f"Printer setting: {PRINTER_SETTING[opt.backs]}."]
        draw_calibration(self.c, paper, self.font, notes)
        fmp.fill(self.c, flow, paper, fmp.FIRST_TOP)
        fmp.footer(self.c, paper, self.font, f"{self.cs.name}: front matter, page 1")
        self.end_page()
        first = self.pages
        if opt.duplex:
            self.page(paper)
            targets = [back_rect(Rect(x, y, 0.0, 0.0), paper, opt.backs, opt.back_offset)
                       for x, y in target_positions(paper)]
            draw_calibration_back(self.c, paper, [(r.x, r.y) for r in targets], self.font,
                                  PRINTER_SETTING[opt.backs])
            fmp.fill(self.c, flow, paper, fmp.TOP)
            fmp.footer(self.c, paper, self.font, f"{self.cs.name}: front matter, page 2")
            self.end_page()
        while flow:
            self.page(paper)
            fmp.fill(self.c, flow, paper, fmp.TOP)
            fmp.footer(self.c, paper, self.font, f"{self.cs.name}: front matter, page {self.pages - first + 2}")
            self.end_page()
        if opt.duplex and (self.pages - first) % 2 == 0:  # an odd count: keep card fronts on odd pages
            self.page(paper)
            self.end_page()

    def _with_pages(self, item, comp: Component):
        """A board's checklist line says how many pages its tiles take on this paper."""
        if comp.type != "board":
            return item
        tiles = len(tile_board(comp.size, self.opt.paper, self.opt.margins, comp.overlap).tiles)
        return replace(item, detail=item.detail + (f", printed on {tiles} pages to join" if tiles > 1 else
                                                   ", on one page"))

    def blank_back(self, paper) -> None:
        """An empty back page keeping fronts on odd pages in duplex modes."""
        if self.opt.duplex:
            self.page(paper)
            self.end_page()

    def grid(self, comp: Component):
        """The imposition grid of a card component under these options."""
        opt = self.opt
        margins = cut_margins(opt.margins) if opt.cut_file else opt.margins
        return fit_grid(opt.paper, margins, comp.size, self.bleed, opt.gap,
                        gutterfold=opt.backs == "gutterfold", layout=opt.layout)

    def sheets(self, comp: Component) -> None:
        opt = self.opt
        fold = opt.backs == "gutterfold"
        grid = self.grid(comp)
        sequence = [p for p in comp.pieces for _ in range(p.copies)]
        with_backs = opt.backs != "none" and any(p.has_back for p in comp.pieces)
        key = lambda p, side: self.drawer.key(p, side, comp.size, self.bleed, comp.shape)  # noqa: E731
        uses = Counter(key(p, "front") for p in sequence)
        uses.update(key(p, "back") for p in sequence if with_backs and p.has_back)
        shared = lambda p, side: uses[key(p, side)] > 1  # noqa: E731
        behind = lambda r: back_rect(r, grid.paper, opt.backs, opt.back_offset)  # noqa: E731
        for start in range(0, len(sequence), grid.per_sheet):
            chunk = sequence[start:start + grid.per_sheet]
            placed = list(zip(grid.slots, grid.inks, chunk))
            ph = self.page(grid.paper)
            for slot, ink, piece in placed:
                self.place(piece, "front", comp, slot, ink, ph, shared(piece, "front"))
                if fold and with_backs and piece.has_back:
                    self.place(piece, "back", comp, behind(slot), behind(ink), ph, shared(piece, "back"))
                if self.progress:
                    self.progress(1)
            self._guides(grid, len(chunk), ph, comp)
            if opt.cut_file:
                draw_registration(self.c, grid.paper)
                self.cut_sheets.append((self.pages + 1, grid, len(chunk), comp.shape))
            if fold:
                self.c.setDash(3, 2)
                draw_lines(self.c, [Line(grid.paper[0] / 2, 0, grid.paper[0] / 2, grid.paper[1])], ph, 0.3, 0.5)
                self.c.setDash()
            self.end_page()
            if opt.duplex:
                ph = self.page(grid.paper)
                if with_backs:
                    for slot, ink, piece in placed:
                        if piece.has_back:
                            self.place(piece, "back", comp, behind(slot), behind(ink), ph, shared(piece, "back"))
                self.end_page()

    def _guides(self, grid, used: int, ph: float, comp: Component) -> None:

        if self.opt.cut == "none":
            return
        if comp.shape == "round":
            self.c.setStrokeColor(ROUND_CUT)
            self.c.setLineWidth(0.3)
            for s in grid.slots[:used]:
                self.c.circle((s.x + s.w / 2) * mm, (ph - s.y - s.h / 2) * mm, min(s.w, s.h) / 2 * mm)
        length = self.opt.mark_length
        if length is None and self.opt.cut_file:
            length = CUT_MARK_LENGTH
        lines = crop_marks(grid, used, length) if self.opt.cut == "marks" else cut_lines(grid, used)
        draw_lines(self.c, lines, ph, 0.25 if self.opt.cut == "marks" else 0.2)

    def board(self, comp: Component) -> None:

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


def render_pdf(cs: CardSet, out_file: Path, options: PrintOptions, progress=None) -> RenderResult:
    """Write the card set's PDF to out_file atomically (temp file, then rename); same input, same bytes."""
    out_file = Path(out_file)
    if options.cut_file and options.backs == "gutterfold":
        raise RenderError("a cut file needs flat sheets, but gutterfold sheets are folded before cutting",
                          field="cut_file", expected="--backs duplex-long, duplex-short or none",
                          hint="drop --cut-file or choose another --backs")
    _writable(out_file.parent)
    drawer = FaceDrawer(cs, text_engine(cs), ink_saver=options.ink_saver)
    with atomic_write(out_file) as tmp:
        canvas = new_canvas(tmp)
        canvas.setTitle(cs.name)
        canvas.setAuthor(cs.author or "pnp")
        canvas.setSubject(" ".join([f"Print-and-play sheets for {cs.name}. Credits:"] + credits(cs)))
        canvas.setCreator("pnp (print-and-play toolkit)")
        canvas.setKeywords(["print-and-play", cs.slug])
        writer = _Writer(canvas, cs, options, drawer, progress)
        if options.calibration:
            writer.front_matter()
        for comp in sheet_groups(cs.components):
            if comp.type == "board":
                writer.board(comp)
            else:
                writer.sheets(comp)
        save(canvas, tmp)
    sheets = writer.pages // 2 if options.duplex else writer.pages
    files = [out_file] + (_write_cut_files(cs, out_file, writer.cut_sheets, options) if options.cut_file else [])
    return RenderResult(files, writer.pages, sheets, cs.count, list(drawer.overflows))


def sheet_groups(components: list[Component]) -> list[Component]:
    """Components as they go onto sheets: pieces of one size and shape share sheets (a small component does
    not start a sheet of its own), placed where the first of them comes; boards stay as they are."""
    out: list[Component] = []
    where: dict[tuple, int] = {}
    for comp in components:
        key = (comp.size, comp.shape)
        if comp.type == "board":
            out.append(comp)
        elif key in where:
            first = out[where[key]]
            out[where[key]] = Component(f"{first.name}+{comp.name}", first.type, first.size,
                                        first.pieces + comp.pieces, first.shape, first.overlap)
        else:
            where[key] = len(out)
            out.append(comp)
    return out


def _write_cut_files(cs: CardSet, out_file: Path, sheets: list, options: PrintOptions) -> list[Path]:
    """One SVG per front page, <pdf stem>-cut/page-NNN.svg; stale page files from earlier runs are removed.

    The folder is made by pnp.outpath.make_folder (a link there is refused), so only files inside it are removed.
    """
    folder = OutFolder(make_folder(out_path(out_file.parent, out_file.stem, "-cut")))
    files = [write_file(folder.file(f"page-{page:03d}", ".svg"),
                        sheet_svg(grid, used, shape, options.corner_radius, f"{cs.name}: page {page}"))
             for page, grid, used, shape in sheets]
    for old in folder.path.glob("page-*.svg"):
        if old not in files and old.is_file() and not old.is_symlink():
            old.unlink()
    return files


def _writable(folder: Path) -> None:
    make_folder(folder, link_ok=True)
    if not os.access(folder, os.W_OK):
        raise RenderError("the output folder cannot be written", file=str(folder),
                          hint="fix its permissions or choose another folder with -o")
