"""Image exports: a PNG per card face at a chosen DPI, and the face PDFs and rasters they (and pnp.print.tts) use."""
from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.units import mm

from pnp.cardset.model import CardSet, Component
from pnp.outpath import OutFolder, make_folder, out_path, scratch_file, write_file
from pnp.print.canvas import new_canvas
from pnp.print.face import FaceDrawer
from pnp.print.images import save
from pnp.print.options import PrintOptions
from pnp.print.render import text_engine


def face_pdf(cs: CardSet, comp: Component, faces, options: PrintOptions, target: Path | None = None):
    """A PDF with one page per face, each page the trim box (bleed cut off): bytes, or written to target."""
    bleed = cs.bleed if options.bleed is None else options.bleed
    drawer = FaceDrawer(cs, text_engine(cs), ink_saver=options.ink_saver)
    buf = io.BytesIO()
    w, h = comp.size
    canvas = new_canvas(buf, pagesize=(w * mm, h * mm))
    for piece, side in faces:
        name = drawer.form(canvas, piece, side, comp.size, bleed, comp.shape)
        canvas.saveState()
        canvas.translate(-bleed * mm, -bleed * mm)
        canvas.doForm(name)
        canvas.restoreState()
        canvas.showPage()
    if target is not None:
        save(canvas, target)
        return target
    save(canvas, buf)
    return buf.getvalue()


def rasterise(pdf: bytes, dpi: float | None = None, size_px: tuple[int, int] | None = None):
    """PIL images of every page, at a DPI or at an exact pixel size."""
    doc = pdfium.PdfDocument(pdf)
    images = []
    for page in doc:
        pw, ph = page.get_size()
        scale = (size_px[0] / pw) if size_px else dpi / 72.0
        img = page.render(scale=scale).to_pil().convert("RGB")
        if size_px and img.size != size_px:
            img = img.resize(size_px)
        images.append(img)
    doc.close()
    return images


def iter_rasters(pdf, dpi: float, reopen_every: int = 16):
    """PIL images of the pages one at a time; the document is reopened every few pages so pdfium's cache
    of decoded images does not grow with the deck."""
    doc = pdfium.PdfDocument(pdf)
    count = len(doc)
    try:
        for i in range(count):
            if i and i % reopen_every == 0:
                doc.close()
                doc = pdfium.PdfDocument(pdf)
            page = doc[i]
            yield page.render(scale=dpi / 72.0).to_pil().convert("RGB")
            page.close()
    finally:
        doc.close()


def _distinct_faces(cs: CardSet, comp: Component, options: PrintOptions, folder: OutFolder):
    """(piece, side, path) for each face drawn differently, and each piece's (front, back) file names."""
    bleed = cs.bleed if options.bleed is None else options.bleed
    drawer = FaceDrawer(cs, text_engine(cs), ink_saver=options.ink_saver)
    key = lambda p, side: drawer.key(p, side, comp.size, bleed, comp.shape)  # noqa: E731
    backs = [p for p in comp.pieces if p.has_back]
    shared_backs = {key(p, "back") for p in backs}
    names: dict = {}
    faces = []
    if len(shared_backs) == 1:  # one back for all: back.png, named first so a card called 'back' cannot take it
        names[next(iter(shared_backs))] = folder.file("back", ".png", key=("", "shared back"))
    for p in comp.pieces:
        if key(p, "front") not in names:
            names[key(p, "front")] = folder.file(p.id, ".png", key=(p.id, "front"))
    for p in backs:
        k = key(p, "back")
        if k not in names:
            names[k] = folder.file(p.id, "-back.png", key=(p.id, "back"))
    seen = set()
    for side, pieces in (("front", comp.pieces), ("back", backs)):
        for p in pieces:
            k = key(p, side)
            if k not in seen:
                seen.add(k)
                faces.append((p, side, names[k]))
    index = [{"id": p.id, "copies": p.copies, "front": names[key(p, "front")].name,
              "back": names[key(p, "back")].name if p.has_back else None} for p in comp.pieces]
    return faces, index


def export_pngs(cs: CardSet, options: PrintOptions, out_dir: Path, dpi: int, tick=None) -> list[Path]:
    """One PNG per distinct face, written as each page is rasterised: <out>/<slug>-png/<component>/.

    A face shared by several cards (a common back) is one file; cards.json in each folder says which
    files each card uses. Boards are one PNG each, without bleed. PNGs carry their DPI. Names from the
    set pass through pnp.outpath; each file is written whole or not at all.
    """
    files = []
    top = OutFolder(make_folder(out_path(make_folder(out_dir, link_ok=True), cs.slug, "-png")))
    for comp in cs.components:
        folder = top.folder(comp.name)
        index_path = folder.file("cards", ".json", key=("", "index"))
        if comp.type == "board":
            board = comp.pieces[0]
            path = folder.file(comp.name, ".png", key=(board.id, "front"))
            faces, index = [(board, "front", path)], [{"id": board.id, "front": path.name}]
            face_options, face_list = replace(options, bleed=0.0), [(board, "front")]
        else:
            faces, index = _distinct_faces(cs, comp, options, folder)
            face_options, face_list = options, [(p, side) for p, side, _ in faces]
        with scratch_file(index_path, ".pdf") as pdf:  # on disk, so image decks never sit in memory whole
            face_pdf(cs, comp, face_list, face_options, pdf)
            for (_, _, path), img in zip(faces, iter_rasters(str(pdf), dpi)):
                # level 3: 2-3x faster than 6, ~8 % larger
                write_file(path, lambda out, img=img: img.save(out, format="PNG", compress_level=3, dpi=(dpi, dpi)))
                files.append(path)
        write_file(index_path, json.dumps({"dpi": dpi, "cards": index}, indent=2))
        files.append(index_path)
        if tick:
            tick(1)  # one component done (the print command's progress bar)
    return files
