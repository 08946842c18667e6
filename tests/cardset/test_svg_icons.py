"""SVG icons: the safe subset parsed to PDF paths, refused outside it, drawn as vectors inline and in boxes."""
import math
import re

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.cardset.load import load_cardset
from pnp.cardset.svg import SvgRefused, parse_svg, path_ops
from pnp.errors import CardsetError, LimitError
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import validate, write_set

DPI = 150
PX = DPI / 25.4
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path fill="currentColor" d="M56 56h400v400H56z"/></svg>'
INK = (0x5a, 0x2a, 0x0a)


def points(ops: str) -> list[tuple[float, float]]:
    """The end point of every PDF path operator."""
    out = []
    for line in ops.splitlines():
        nums = [float(v) for v in line.split()[:-1]]
        if len(nums) >= 2:
            out.append((nums[-2], nums[-1]))
    return out


def test_relative_and_shorthand_commands_become_absolute():
    ops = path_ops("m10 10h5v5H10zM0 0l1 2 3 4q1 1 2 0t2 0s1 1 2 0c0 0 1 1 1 1")
    assert ops.splitlines()[:5] == ["10 10 m", "15 10 l", "15 15 l", "10 15 l", "h"]
    lines = ops.splitlines()[5:]
    # after z a new subpath; pairs after l repeat it; T mirrors Q's control point; S after T has none to mirror
    assert points("\n".join(lines)) == [(0, 0), (1, 2), (4, 6), (6, 6), (8, 6), (10, 6), (11, 7)]
    assert lines[4] == "6.667 5.333 7.333 5.333 8 6 c"     # t2 0: control (7, 5), the mirror of (5, 7)
    assert lines[5] == "8 6 9 7 10 6 c"                     # s1 1 2 0: first control at the current point


def test_arcs_with_packed_flags_land_on_the_circle():
    # SVGO writes flags without separators: 'a50 50 0 01100 0' is rx 50 ry 50 rot 0 large 0 sweep 1 to (100, 0)
    ops = path_ops("M0 0a50 50 0 01100 0")
    pts = points(ops)
    assert pts[-1] == (100, 0)
    for x, y in pts[1:]:
        assert abs(math.hypot(x - 50, y) - 50) < 0.01   # every segment end lies on the circle round (50, 0)
    assert all(y <= 0.001 for _, y in pts)              # sweep 1 from (0,0) to (100,0): the half above (y < 0)


def test_a_game_icons_file_parses_to_one_filled_shape():
    icon = parse_svg(SQUARE.encode())
    assert icon.box == (0, 0, 512, 512)
    assert len(icon.shapes) == 1 and icon.shapes[0].fill is None      # currentColor: the box's colour
    coloured = parse_svg(SQUARE.replace("currentColor", "#ff0000").encode())
    assert coloured.shapes[0].fill == (1, 0, 0) and coloured.digest != icon.digest


@pytest.mark.parametrize("svg, says", [
    ('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 1 1"><path d="M0 0h1"/></svg>',
     "DOCTYPE"),
    ('<svg viewBox="0 0 1 1"><script>alert(1)</script><path d="M0 0h1"/></svg>', "<script> is not allowed"),
    ('<svg viewBox="0 0 1 1"><image href="/etc/passwd"/></svg>', "<image> is not allowed"),
    ('<svg viewBox="0 0 1 1"><path style="fill:red" d="M0 0h1"/></svg>', "attribute 'style'"),
    ('<svg viewBox="0 0 1 1"><g transform="scale(9)"><path d="M0 0h1"/></g></svg>', "attribute 'transform'"),
    ('<svg viewBox="0 0 1 1"><path d="M0 0h1" fill="url(#g)"/></svg>', "is not a colour"),
    ('<svg viewBox="0 0 1 1"><path d="M0 0 X 5"/></svg>', "not an SVG path command"),
    ('<svg viewBox="0 0 0 1"><path d="M0 0h1"/></svg>', "viewBox"),
    ('<svg viewBox="0 0 1 1"><path d="M0 0a1 1 0 2 1 1 1"/></svg>', "arc flag"),
    ('<svg viewBox="0 0 1 1"></svg>', "no <path"),
    ('<html/>', "root element is <html>"),
])
def test_anything_outside_the_subset_is_refused(svg, says):
    with pytest.raises(SvgRefused, match=re.escape(says)):
        parse_svg(svg.encode())


def icon_set(tmp_path, svg=SQUARE, layouts=None, cards="id,name,icon\nc1,One,sq\n"):
    layouts = layouts or {"front": {"background": "#ffffff", "boxes": {
        "pic": {"x": 10, "y": 10, "w": 43, "h": 43, "icon": "{{ icon }}", "color": "#5a2a0a"},
        "body": {"x": 6, "y": 60, "w": 51, "h": 10, "text": "Gain :sq: now", "size": 12, "color": "#5a2a0a"},
        "rich": {"x": 6, "y": 72, "w": 51, "h": 10, "text": "<super>x</super> :sq: y", "size": 12}}}}
    return write_set(tmp_path / "s", layouts=layouts, cards=cards,
                     manifest={"icons": {"sq": "icons/sq.svg"}, "bleed": 0,
                               "components": [{"name": "deck", "type": "cards", "size": "poker",
                                               "data": "cards.csv", "layout": "front"}]},
                     files={"icons/sq.svg": svg})


def render(folder, out):
    opts = PrintOptions(calibration=False, backs="none", cut="none", layout="gutters", bleed=0)
    render_pdf(load_cardset(folder), out, opts)
    from pnp.print.imposition import fit_grid
    slot = fit_grid(opts.paper, opts.margins, (63, 88), 0, layout="gutters").slots[0]
    doc = pdfium.PdfDocument(str(out))
    img = np.asarray(doc[0].render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
    doc.close()
    return img, slot


def region(img, slot, x, y, w, h):
    return img[int((slot.y + y) * PX):int((slot.y + y + h) * PX), int((slot.x + x) * PX):int((slot.x + x + w) * PX)]


def inked(area, colour):
    return (np.abs(area - np.array(colour)).sum(axis=-1) < 40)


def test_icon_box_inline_icon_and_paragraph_icon_draw_as_one_vector_form(tmp_path):
    folder = icon_set(tmp_path)
    out = tmp_path / "a.pdf"
    img, slot = render(folder, out)
    # the icon box: the square spans 400/512 of the 43 mm box, centred, in the box's colour
    pic = inked(region(img, slot, 10, 10, 43, 43), INK)
    ys, xs = np.nonzero(pic)
    assert abs((xs.max() - xs.min() + 1) / PX - 43 * 400 / 512) < 0.4
    assert abs((ys.min() / PX) - 43 * 56 / 512) < 0.4
    # the inline icon in the fast path: one font size (12 pt) square, in the text colour
    line = inked(region(img, slot, 6, 60, 51, 10), INK)
    assert line.sum() > 0
    ys, xs = np.nonzero(line)
    assert (ys.max() - ys.min() + 1) / PX < 12 * 25.4 / 72 + 0.3
    # the paragraph path (<super>) draws it too, in black (its text colour)
    rich = inked(region(img, slot, 6, 72, 51, 10), (0, 0, 0))
    assert rich.sum() > (12 * 0.78 * 25.4 / 72 * PX) ** 2 * 0.8
    data = out.read_bytes()
    assert data.count(b"/Subtype /Form") == 1          # one form for the icon, used three times
    assert b"/Subtype /Image" not in data               # vectors, no raster


def test_same_icons_same_bytes(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    render(icon_set(tmp_path / "1"), a)
    render(icon_set(tmp_path / "2"), b)
    assert a.read_bytes() == b.read_bytes()


def test_a_hostile_icon_is_a_one_line_validation_error(tmp_path):
    folder = icon_set(tmp_path, svg='<svg viewBox="0 0 9 9"><script/></svg>')
    code, out = validate(folder)
    assert code == 1
    line = next(ln for ln in out.splitlines() if "refused" in ln)
    assert "sq.svg" in line and "field 'icons.sq'" in line and "<script> is not allowed" in line and "fix:" in line


def test_icon_size_and_path_count_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_LIMIT_ICON_PATHS", "3")
    many = '<svg viewBox="0 0 9 9">' + '<path d="M0 0h1v1z"/>' * 4 + "</svg>"
    with pytest.raises(LimitError, match="icon_paths"):
        load_cardset(icon_set(tmp_path / "a", svg=many))
    monkeypatch.setenv("PNP_LIMIT_ICON_BYTES", "100")
    with pytest.raises(LimitError, match="icon_bytes"):
        load_cardset(icon_set(tmp_path / "b", svg=SQUARE))


def test_an_unknown_icon_in_an_icon_box_names_the_set_icons(tmp_path):
    folder = icon_set(tmp_path, cards="id,name,icon\nc1,One,sqq\n")
    with pytest.raises(CardsetError) as err:
        render(folder, tmp_path / "x.pdf")
    line = err.value.one_line()
    assert "unknown icon 'sqq'" in line and "sq" in line and "card c1" in line


@pytest.mark.parametrize("motif", ["meander", "laurel", "waves"])
def test_ornament_band_stays_in_its_band(tmp_path, motif):
    layouts = {"front": {"background": "#ffffff", "boxes": {
        "orn": {"x": 2, "y": 2, "w": 59, "h": 84, "ornament": motif, "band": 5, "color": "#5a2a0a"}}}}
    img, slot = render(icon_set(tmp_path, layouts=layouts), tmp_path / "o.pdf")
    for motif_area in (region(img, slot, 2, 2, 59, 5), region(img, slot, 2, 81, 59, 5),
                       region(img, slot, 2, 2, 5, 84), region(img, slot, 56, 2, 5, 84)):
        assert inked(motif_area, INK).mean() > 0.05       # every edge carries the motif
    assert inked(region(img, slot, 8, 8, 47, 72), INK).sum() == 0   # nothing inside the band


def test_an_inline_icon_takes_the_colour_of_its_font_tag(tmp_path):
    layouts = {"front": {"background": "#ffffff", "boxes": {
        "body": {"x": 6, "y": 10, "w": 51, "h": 10, "text": '<font color="#c00000">:sq::sq:</font> :sq:', "size": 12,
                 "color": "#5a2a0a"}}}}
    img, slot = render(icon_set(tmp_path, layouts=layouts), tmp_path / "c.pdf")
    line = region(img, slot, 6, 10, 51, 10)
    red, brown = inked(line, (0xc0, 0, 0)), inked(line, INK)
    assert red.sum() > 0 and brown.sum() > 0
    assert np.nonzero(red)[1].max() < np.nonzero(brown)[1].min()   # the two red icons, then the brown one


def test_ink_saver_draws_icons_in_grey_keeping_pale_ones_pale(tmp_path):
    layouts = {"front": {"background": "#ffffff", "boxes": {
        "dark": {"x": 6, "y": 6, "w": 20, "h": 20, "icon": "sq", "color": "#5a2a0a"},
        "pale": {"x": 36, "y": 6, "w": 20, "h": 20, "icon": "sq", "color": "#f0d9cc"}}}}
    folder = icon_set(tmp_path, layouts=layouts)
    out = tmp_path / "i.pdf"
    render_pdf(load_cardset(folder), out, PrintOptions(calibration=False, backs="none", cut="none",
                                                        layout="gutters", bleed=0, ink_saver=True))
    from pnp.print.imposition import fit_grid
    slot = fit_grid((210, 297), (5, 5, 5, 5), (63, 88), 0, layout="gutters").slots[0]
    doc = pdfium.PdfDocument(str(out))
    img = np.asarray(doc[0].render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
    doc.close()
    dark, pale = region(img, slot, 14, 14, 4, 4), region(img, slot, 44, 14, 4, 4)
    assert (dark.max(axis=-1) - dark.min(axis=-1)).max() <= 2 and abs(dark.mean() - 0.55 * 255) < 4   # grey
    assert dark.mean() + 40 < pale.mean() < 240                                                      # paler


def test_an_icon_box_also_takes_a_raster_icon(tmp_path):
    from PIL import Image
    layouts = {"front": {"background": "#ffffff", "boxes": {"pic": {"x": 10, "y": 10, "w": 20, "h": 20, "icon": "dot"}}}}
    folder = write_set(tmp_path / "p", layouts=layouts, cards="id\nc1\n",
                       manifest={"icons": {"dot": "dot.png"}, "bleed": 0,
                                 "components": [{"name": "deck", "type": "cards", "size": "poker",
                                                 "data": "cards.csv", "layout": "front"}]})
    Image.new("RGB", (16, 16), (0, 160, 0)).save(folder / "dot.png")
    img, slot = render(folder, tmp_path / "p.pdf")
    assert inked(region(img, slot, 10, 10, 20, 20), (0, 160, 0)).mean() > 0.9   # the PNG fills its square box
