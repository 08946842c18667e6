"""Image exports: a PNG per card face at a chosen DPI; Tabletop Simulator exports live in pnp.print.tts."""
from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

from pnp.cardset.model import CardSet, Component
from pnp.print.options import PrintOptions


def face_pdf(cs: CardSet, comp: Component, faces, options: PrintOptions, target: Path | None = None):
    """A PDF with one page per face, each page the trim box (bleed cut off): bytes, or written to target."""
    from reportlab.lib.units import mm

    from pnp.print.canvas import new_canvas
    from pnp.print.face import FaceDrawer
    from pnp.print.images import save
    from pnp.print.render import text_engine

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
    import pypdfium2 as pdfium

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
    import pypdfium2 as pdfium

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


def _distinct_faces(cs: CardSet, comp: Component, options: PrintOptions):
    """(piece, side, file name) for each face drawn differently, and each piece's (front, back) file names."""
    from pnp.print.face import FaceDrawer
    from pnp.print.render import text_engine

    bleed = cs.bleed if options.bleed is None else options.bleed
    drawer = FaceDrawer(cs, text_engine(cs), ink_saver=options.ink_saver)
    key = lambda p, side: drawer.key(p, side, comp.size, bleed, comp.shape)  # noqa: E731
    backs = [p for p in comp.pieces if p.has_back]
    shared_backs = {key(p, "back") for p in backs}
    names: dict = {}
    faces = []
    for p in comp.pieces:
        names.setdefault(key(p, "front"), f"{p.id}.png")
    for p in backs:
        k = key(p, "back")
        if k not in names:
            names[k] = "back.png" if len(shared_backs) == 1 else f"{p.id}-back.png"
    seen = set()
    for side, pieces in (("front", comp.pieces), ("back", backs)):
        for p in pieces:
            k = key(p, side)
            if k not in seen:
                seen.add(k)
                faces.append((p, side, names[k]))
    index = [{"id": p.id, "copies": p.copies, "front": names[key(p, "front")],
              "back": names[key(p, "back")] if p.has_back else None} for p in comp.pieces]
    return faces, index


def export_pngs(cs: CardSet, options: PrintOptions, out_dir: Path, dpi: int) -> list[Path]:
    """One PNG per distinct face, written as each page is rasterised: <out>/<slug>-png/<component>/.

    A face shared by several cards (a common back) is one file; cards.json in each folder says which
    files each card uses. Boards are one PNG each, without bleed. PNGs carry their DPI.
    """
    files = []
    for comp in cs.components:
        folder = out_dir / f"{cs.slug}-png" / comp.name
        folder.mkdir(parents=True, exist_ok=True)
        pdf = folder / ".faces.pdf.part"  # on disk, so image decks never sit in memory whole
        if comp.type == "board":
            board_options = replace(options, bleed=0.0)
            face_pdf(cs, comp, [(comp.pieces[0], "front")], board_options, pdf)
            board = comp.pieces[0]
            faces, index = [(board, "front", f"{comp.name}.png")], [{"id": board.id, "front": f"{comp.name}.png"}]
        else:
            faces, index = _distinct_faces(cs, comp, options)
            face_pdf(cs, comp, [(p, side) for p, side, _ in faces], options, pdf)
        try:
            for (_, _, name), img in zip(faces, iter_rasters(str(pdf), dpi)):
                path = folder / name
                img.save(path, compress_level=3, dpi=(dpi, dpi))  # level 3: 2-3x faster than 6, ~8 % larger
                files.append(path)
        finally:
            pdf.unlink()
        index_path = folder / "cards.json"
        index_path.write_text(json.dumps({"dpi": dpi, "cards": index}, indent=2), encoding="utf-8")
        files.append(index_path)
    return files


def export_images(cs: CardSet, options: PrintOptions, out_dir: Path, *, png_dpi: int | None,
                  tts) -> list[Path]:
    """The requested image exports; returns the files written. tts: False, True or a pnp.print.tts.TtsOptions."""
    files = export_pngs(cs, options, out_dir, png_dpi) if png_dpi else []
    if tts:
        from pnp.print.tts import TtsOptions, export_tts
        files += export_tts(cs, options, out_dir, tts if isinstance(tts, TtsOptions) else None)
    return files
