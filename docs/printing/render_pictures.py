"""Render the pictures in docs/printing.md from pnp's own output: python docs/printing/render_pictures.py"""
from __future__ import annotations

import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WIDTH = 260  # px, small enough to commit


def page_png(pdf: Path, index: int, name: str, width: int = WIDTH) -> None:
    """One page of a PDF as a small 32-colour PNG under docs/printing/."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf))
    page = doc[index]
    img = page.render(scale=width / page.get_size()[0]).to_pil().convert("RGB")
    doc.close()
    img.quantize(colors=32, dither=0).save(HERE / name, optimize=True)


def numbered_deck(folder: Path, count: int) -> Path:
    """Landscape cards numbered 1..count, each front and back in its own colour and labelled."""
    import yaml
    folder.mkdir(parents=True)
    colours = ["#c0392b", "#2e86c1", "#28b463", "#d4ac0d", "#8e44ad", "#e67e22", "#17a589", "#566573"]
    rows = "".join(f"{i},{i},{colours[(i - 1) % len(colours)]}\n" for i in range(1, count + 1))
    (folder / "cards.csv").write_text("id,n,tint\n" + rows)
    text = {"x": 4, "y": 18, "w": 80, "h": 30, "size": 30, "align": "center", "color": "#ffffff"}
    (folder / "layouts.yaml").write_text(yaml.safe_dump({
        "front": {"background": "{{ tint }}", "boxes": {"n": {**text, "text": "{{ n }}", "font": "bold"}}},
        "back": {"background": "{{ tint }}", "boxes": {"n": {**text, "text": "back {{ n }}"}}}}))
    (folder / "cardset.yaml").write_text(yaml.safe_dump({
        "name": "Numbered", "slug": "numbered", "bleed": 3, "layouts": "layouts.yaml",
        "components": [{"name": "deck", "type": "cards", "size": [88, 63], "data": "cards.csv",
                        "layout": "front", "back": {"layout": "back"}}]}))
    return folder


def main() -> None:
    from pnp.cardset.find import resolve_set
    from pnp.cardset.load import load_cardset
    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf

    cs = load_cardset(resolve_set("twelve-labors"))
    deck = next(c for c in cs.components if c.name == "deck")
    cs.components[:] = [deck]  # the 100-card deck only: sheets of poker cards
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        render_pdf(cs, out / "packed.pdf", PrintOptions())
        page_png(out / "packed.pdf", 0, "front-matter.png", width=420)
        page_png(out / "packed.pdf", 2, "packed.png")
        page_png(out / "packed.pdf", 3, "packed-back.png")
        render_pdf(cs, out / "gutters.pdf", PrintOptions(layout="gutters", calibration=False))
        page_png(out / "gutters.pdf", 0, "gutters.png", width=340)
        render_pdf(cs, out / "cut.pdf", PrintOptions(cut_file="svg", corner_radius=3, calibration=False))
        page_png(out / "cut.pdf", 0, "cut-file.png", width=340)
        numbered = load_cardset(numbered_deck(out / "numbered", 5))
        render_pdf(numbered, out / "numbered.pdf", PrintOptions(calibration=False))
        page_png(out / "numbered.pdf", 0, "duplex-front.png", width=300)
        page_png(out / "numbered.pdf", 1, "duplex-back.png", width=300)


if __name__ == "__main__":
    main()
