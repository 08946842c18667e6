"""Render docs/gallery/: each built-in game's first page and first card page, from pnp's own output, and
its board whole and one of each token, drawn by pnp's own face renderer (before a board is cut into tiles).

Run from the checkout: python docs/make_gallery.py (about 15 s). Pictures are palette PNGs at 50 dpi.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.units import mm

from pnp.cardset.find import builtin_sets
from pnp.cardset.load import load_cardset
from pnp.print.canvas import new_canvas
from pnp.print.face import FaceDrawer
from pnp.print.render import text_engine

HERE = Path(__file__).resolve().parent
GAP = 4.0             # mm between tokens in the tokens picture
CARD_PAGE = {"by-jove": 14, "labors-of-herakles": 16, "micro-hero": 4}  # 0-based: a page of cards, after the
# front matter and its back (By Jove and Labors of Herakles print their board tiles first)


def main() -> None:
    """Print every game to a scratch folder and save page 1 and the first card page of each as PNG."""
    out = HERE / "gallery"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pnp", "print", "--all", "--paper", "a4", "-o", tmp], check=True,
                       capture_output=True)
        for pdf in sorted(Path(tmp).glob("*.pdf")):
            doc = pdfium.PdfDocument(str(pdf))
            cards = CARD_PAGE.get(pdf.stem, 2)
            for label, index in (("first-page", 0), ("cards", min(cards, len(doc) - 1))):
                image = doc[index].render(scale=50 / 72).to_pil().convert("RGB").quantize(colors=64)
                image.save(out / f"{pdf.stem}-{label}.png", optimize=True)
            doc.close()
    for folder in builtin_sets():
        pieces(folder, out)


def pieces(folder: Path, out: Path) -> None:
    """<game>-board.png (each board whole) and <game>-tokens.png (one of each token, in a row), if any."""
    cs = load_cardset(folder)
    drawer = FaceDrawer(cs, text_engine(cs))
    boards = [(c, p) for c in cs.components if c.type == "board" for p in c.pieces]
    tokens = [(c, p) for c in cs.components if c.type == "tokens" for p in c.pieces]
    for label, faces in (("board", boards[:1]), ("tokens", tokens)):
        if not faces:
            continue
        width = sum(c.size[0] + GAP for c, _ in faces) + GAP
        height = max(c.size[1] for c, _ in faces) + 2 * GAP
        with tempfile.TemporaryDirectory() as tmp:
            pdf = Path(tmp) / "faces.pdf"
            canvas = new_canvas(str(pdf))
            canvas.setPageSize((width * mm, height * mm))
            x = GAP
            for comp, piece in faces:
                canvas.saveState()
                canvas.translate(x * mm, (height - GAP - comp.size[1]) * mm)
                drawer.face(canvas, piece, "front", comp.size, 0.0, comp.shape)
                canvas.restoreState()
                x += comp.size[0] + GAP
            canvas.save()
            doc = pdfium.PdfDocument(str(pdf))
            image = doc[0].render(scale=(50 if label == "board" else 100) / 72).to_pil()
            image.convert("RGB").quantize(colors=64).save(out / f"{folder.name}-{label}.png", optimize=True)
            doc.close()


if __name__ == "__main__":
    main()
