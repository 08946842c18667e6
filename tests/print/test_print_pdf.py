"""PDF structure of rendered sets (pypdf): pages, sizes, text, metadata, images, determinism, atomicity."""
import hashlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.cardset.load import load_cardset
from pnp.errors import CardsetError
from pnp.paths import cardsets_root
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import write_set

REPO = Path(__file__).resolve().parents[2]

PT = 72 / 25.4


def render(folder, tmp_path, **opts):
    out = tmp_path / "out" / "set.pdf"
    res = render_pdf(load_cardset(folder), out, PrintOptions(**opts))
    return out, res


def test_twelve_labors_deck_has_100_cards_in_five_colours():
    cs = load_cardset(cardsets_root() / "twelve-labors")
    deck = next(c for c in cs.components if c.name == "deck")
    assert deck.count == 100
    by_colour = {}
    for p in deck.pieces:
        by_colour.setdefault(p.fields["colour"], {})[int(p.fields["value"])] = p.copies
    assert len(by_colour) == 5
    assert all(v == {0: 10, 1: 6, 2: 4} for v in by_colour.values())


def test_pages_sizes_and_text(tmp_path):
    folder = write_set(tmp_path / "s")
    out, res = render(folder, tmp_path)
    reader = PdfReader(out)
    # calibration front + back, then 9 packed poker cards on one portrait sheet, front + back
    assert len(reader.pages) == res.pages == 4 and res.sheets == 2
    w, h = (float(v) for v in reader.pages[2].mediabox.upper_right)
    assert (round(w / PT), round(h / PT)) == (210, 297)
    w, h = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (round(w / PT), round(h / PT)) == (210, 297)  # the calibration sheet is oriented like the cards
    text = reader.pages[2].extract_text()
    assert "Alpha Card" in text and "Beta Card" in text
    assert "50" in reader.pages[0].extract_text()
    assert reader.metadata.title == "Test Set"
    assert reader.metadata.creator.startswith("pnp")


def test_fonts_are_embedded(tmp_path):
    out, _ = render(write_set(tmp_path / "s"), tmp_path)
    data = out.read_bytes()
    assert b"/FontFile2" in data and b"DejaVuSans" in data
    assert b"/BaseFont /Helvetica" not in data


def test_same_input_same_bytes(tmp_path):
    folder = write_set(tmp_path / "s")
    a, _ = render(folder, tmp_path)
    first = hashlib.sha256(a.read_bytes()).hexdigest()
    b, _ = render(folder, tmp_path)
    assert hashlib.sha256(b.read_bytes()).hexdigest() == first


def test_no_backs_and_gutterfold_page_counts(tmp_path):
    folder = write_set(tmp_path / "s")
    _, res = render(folder, tmp_path, backs="none", calibration=False)
    assert res.pages == res.sheets == 1
    _, res = render(folder, tmp_path, backs="none", calibration=False, layout="gutters")
    assert res.pages == 2
    _, res = render(folder, tmp_path, backs="gutterfold", calibration=False)
    from pnp.print.imposition import fit_grid
    per_sheet = fit_grid((210, 297), (5, 5, 5, 5), (63, 88), 3, gutterfold=True).per_sheet
    assert per_sheet == 4  # two columns beside the fold on landscape A4, two rows
    assert res.pages == -(-9 // per_sheet) == 3  # fronts and backs share each sheet


def test_each_image_embedded_once(tmp_path):
    from PIL import Image
    folder = tmp_path / "imgs"
    folder.mkdir()
    for i in range(3):
        Image.new("RGB", (60, 84), (40 * i, 90, 200)).save(folder / f"{i}.png")
    Image.new("RGB", (60, 84), (10, 10, 10)).save(folder / "back.png")
    (folder / "cardset.yaml").write_text(
        "name: Imgs\ncomponents:\n  - {name: cards, size: poker, images: ., back: {image: back.png}}\n")
    (folder / "extra.csv").write_text("")
    out, res = render(folder, tmp_path)
    assert res.cards == 3
    data = out.read_bytes()
    assert data.count(b"/Subtype /Image") == 4  # 3 fronts + 1 shared back, whatever the copies


def test_bare_image_folder_is_an_image_deck(tmp_path):
    example = REPO / "docs" / "examples" / "image-deck"
    cs = load_cardset(example)
    assert cs.count == 6 and all(p.back_image and p.back_image.name == "back.png" for p in cs.components[0].pieces)


def test_back_per_card_from_backs_folder(tmp_path):
    from PIL import Image
    folder = tmp_path / "imgs"
    (folder / "backs").mkdir(parents=True)
    for name in ("a", "b"):
        Image.new("RGB", (60, 84), "red").save(folder / f"{name}.png")
        Image.new("RGB", (60, 84), "blue").save(folder / "backs" / f"{name}.png")
    cs = load_cardset(folder)
    assert [p.back_image.parent.name for p in cs.components[0].pieces] == ["backs", "backs"]


def test_failed_render_leaves_no_pdf_behind(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,art\nok,Fine,\nbad,Broken,missing.png\n")
    layouts = (folder / "layouts.yaml").read_text().replace(
        "front:\n  background: '#c00000'\n  boxes:\n",
        "front:\n  background: '#c00000'\n  boxes:\n    art: {x: 5, y: 20, w: 50, h: 40, image: '{{ art }}'}\n")
    (folder / "layouts.yaml").write_text(layouts)
    out = tmp_path / "out" / "set.pdf"
    with pytest.raises(CardsetError) as exc:
        render_pdf(load_cardset(folder), out, PrintOptions())
    assert exc.value.card == "bad"
    assert list((tmp_path / "out").iterdir()) == []


def test_ink_saver_drops_background_fills(tmp_path):
    import numpy as np
    import pypdfium2 as pdfium

    def coloured_share(pdf):
        doc = pdfium.PdfDocument(str(pdf))
        img = np.asarray(doc[0].render(scale=30 / 72).to_pil().convert("RGB")).astype(int)
        doc.close()
        r, g, b = img[..., 0], img[..., 1], img[..., 2]
        return ((abs(r - g) > 80) | (abs(g - b) > 80)).mean()  # saturated (red bleed, green trim) pixels

    folder = write_set(tmp_path / "s")
    normal, _ = render(folder, tmp_path, calibration=False, backs="none")
    assert coloured_share(normal) > 0.3
    saver, _ = render(folder, tmp_path, calibration=False, backs="none", ink_saver=True)
    assert coloured_share(saver) < 0.001


def test_board_tiles_across_pages(tmp_path):
    folder = write_set(tmp_path / "b", manifest={"components": [
        {"name": "board", "type": "board", "size": [500, 380], "layout": "board", "overlap": 12}]},
        layouts={"board": {"background": "#dddddd", "boxes": {
            "title": {"x": 10, "y": 10, "w": 200, "h": 20, "text": "Board of Labors", "size": 20}}}})
    out, res = render(folder, tmp_path, calibration=False, backs="none")
    reader = PdfReader(out)
    # landscape A4 leaves 287 x 200 mm: 2 columns x 2 rows of tiles overlapping by 12 mm
    assert len(reader.pages) == res.pages == 4
    assert "tile row 1 of" in reader.pages[0].extract_text()
