"""Image exports: a PNG per card face at a chosen DPI; Tabletop Simulator exports live in pnp.print.tts."""
from __future__ import annotations

import io
from pathlib import Path

from pnp.cardset.model import CardSet, Component
from pnp.print.options import PrintOptions


def _faces(comp: Component) -> list[tuple[object, str]]:
    """(piece, side) for every distinct face of a component, fronts then backs."""
    return [(p, "front") for p in comp.pieces] + [(p, "back") for p in comp.pieces if p.has_back]


def face_pdf(cs: CardSet, comp: Component, faces, options: PrintOptions) -> bytes:
    """A PDF with one page per face, each page the trim box (bleed cut off)."""
    from reportlab.lib.units import mm

    from pnp.print.canvas import new_canvas
    from pnp.print.face import FaceDrawer
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
    canvas.save()
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


def export_pngs(cs: CardSet, options: PrintOptions, out_dir: Path, dpi: int) -> list[Path]:
    """One PNG per distinct card face: <out>/<slug>-png/<component>/<id>[-back].png."""
    files = []
    for comp in cs.components:
        if comp.type == "board":
            continue
        faces = _faces(comp)
        folder = out_dir / f"{cs.slug}-png" / comp.name
        folder.mkdir(parents=True, exist_ok=True)
        for (piece, side), img in zip(faces, rasterise(face_pdf(cs, comp, faces, options), dpi=dpi)):
            path = folder / f"{piece.id}{'-back' if side == 'back' else ''}.png"
            img.save(path, optimize=False)
            files.append(path)
    return files


def export_images(cs: CardSet, options: PrintOptions, out_dir: Path, *, png_dpi: int | None,
                  tts) -> list[Path]:
    """The requested image exports; returns the files written. tts: False, True or a pnp.print.tts.TtsOptions."""
    files = export_pngs(cs, options, out_dir, png_dpi) if png_dpi else []
    if tts:
        from pnp.print.tts import TtsOptions, export_tts
        files += export_tts(cs, options, out_dir, tts if isinstance(tts, TtsOptions) else None)
    return files
