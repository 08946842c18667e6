"""Render docs/gallery/: each built-in game's first page and first card page, from pnp's own output.

Run from the checkout: python docs/make_gallery.py (about 10 s). Pictures are palette PNGs at 50 dpi.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

HERE = Path(__file__).resolve().parent
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


if __name__ == "__main__":
    main()
