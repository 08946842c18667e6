"""The fast text path: justified lines fill the box, inline icons sit in the line, other markup falls back."""
import numpy as np
import pypdfium2 as pdfium
from PIL import Image
from pypdf import PdfReader

from pnp.cardset.load import load_cardset
from pnp.print import simpletext
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import write_set

DPI = 200
PX = DPI / 25.4
BODY = ("Gain two :dot: laurels and move three spaces along the coast; then draw a card if you can and "
        "discard one at the end of the round.")


def render(tmp_path, text, align="justify"):
    layouts = {"front": {"background": "#ffffff", "boxes": {
        "body": {"x": 6, "y": 20, "w": 51, "h": 40, "text": text, "size": 8, "align": align}}}}
    folder = write_set(tmp_path / "s", layouts=layouts, cards="id\nc1\n",
                       manifest={"icons": {"dot": "dot.png"}, "bleed": 0,
                                 "components": [{"name": "deck", "type": "cards", "size": "poker",
                                                 "data": "cards.csv", "layout": "front"}]})
    Image.new("RGB", (32, 32), (0, 160, 0)).save(folder / "dot.png")
    out = tmp_path / "s.pdf"
    opts = PrintOptions(calibration=False, backs="none", cut="none", layout="gutters", bleed=0)
    render_pdf(load_cardset(folder), out, opts)
    doc = pdfium.PdfDocument(str(out))
    img = np.asarray(doc[0].render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
    doc.close()
    from pnp.print.imposition import fit_grid
    slot = fit_grid(opts.paper, opts.margins, (63, 88), 0, layout="gutters").slots[0]
    return out, img, slot


def text_rows(img, slot):
    """(top px, bottom px, left mm, right mm) of each run of rows holding ink inside the body box."""
    x0, x1 = int((slot.x + 6) * PX), int((slot.x + 57) * PX)
    y0, y1 = int((slot.y + 20) * PX), int((slot.y + 60) * PX)
    box = img[y0:y1, x0:x1]
    ink = (box < 200).any(axis=-1)
    rows = ink.any(axis=1)
    runs, start = [], None
    for i, v in enumerate(list(rows) + [False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            cols = np.nonzero(ink[start:i].any(axis=0))[0]
            runs.append((start, i, cols[0] / PX, (cols[-1] + 1) / PX))
            start = None
    return runs, box


def test_justified_lines_reach_both_edges_but_the_last(tmp_path):
    _, img, slot = render(tmp_path, BODY)
    runs, _ = text_rows(img, slot)
    assert len(runs) >= 3
    for _, _, left, right in runs[:-1]:
        assert left < 0.4 and right > 51 - 0.4, (left, right)
    assert runs[-1][3] < 51 - 5  # the last line stays ragged


def test_left_aligned_lines_stay_ragged(tmp_path):
    _, img, slot = render(tmp_path, BODY, align="left")
    runs, _ = text_rows(img, slot)
    assert sum(right > 51 - 0.4 for _, _, _, right in runs) <= 1


def test_inline_icon_sits_in_its_line(tmp_path):
    out, img, slot = render(tmp_path, BODY)
    runs, box = text_rows(img, slot)
    green = (np.abs(box - np.array([0, 160, 0])).sum(axis=-1) < 40)
    ys, xs = np.nonzero(green)
    assert len(ys), "the icon is missing"
    top, bottom = runs[0][0], runs[0][1]
    assert top - 2 <= ys.min() and ys.max() <= bottom + 2  # inside the first line's height
    size_mm = (xs.max() - xs.min() + 1) / PX
    assert abs(size_mm - 8 * 25.4 / 72) < 0.3  # an icon is one font size square
    assert PdfReader(out).pages[0].extract_text().count("laurels") == 1


def test_unknown_icon_names_stay_text():
    words = simpletext.parse("meet at 10:30: sharp", {"dot": "dot.png"})
    assert [[p[0] for p in w] for w in words[0]] == [["meet"], ["at"], ["10:30:"], ["sharp"]]


def test_richer_markup_falls_back_to_paragraph():
    assert simpletext.parse('<super>x</super>') is None
    assert simpletext.parse("a &nbsp; b") is None
    assert simpletext.parse("<b>a</b> <i>b</i><br/>c") is not None


def test_same_text_same_bytes(tmp_path):
    a, _, _ = render(tmp_path / "a", BODY)
    b, _, _ = render(tmp_path / "b", BODY)
    assert a.read_bytes() == b.read_bytes()
