"""Raster checks that each card's back lands behind its own front once the sheet is turned over the named edge.

Every card has its own front colour and its own back colour. The back page is rasterised, then flipped the
way the sheet physically turns (over a vertical axis: left-right; over a horizontal axis: top-bottom), which
puts each point of the back behind the point of the front it is printed on. Edges must agree to 0.5 mm.
"""
import numpy as np
import pypdfium2 as pdfium
import pytest

import raster
from copies import copy_of
from pnp.cardset.load import load_cardset
from pnp.print.imposition import fit_grid
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import DECK_MARK, write_deck

DPI = 100
MM_PER_PX = 25.4 / DPI
TOL = 0.5
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "custom": (250.0, 180.0)}
# turning the sheet over its long edge: on portrait paper that edge is vertical, on landscape horizontal
TURN = {("duplex-long", False): "vertical", ("duplex-long", True): "horizontal",
        ("duplex-short", False): "horizontal", ("duplex-short", True): "vertical"}


def turn(img, axis):
    """The back raster as seen through the sheet from the front."""
    return img[:, ::-1] if axis == "vertical" else img[::-1, :]


def assert_card(img, rect, colour, what):
    """colour fills rect on a raster of this file's resolution, to TOL mm."""
    raster.assert_card(img, rect, colour, what, DPI, TOL, reach=3)


def render(tmp_path, paper, size, backs, layout, count=None, offset=(0.0, 0.0)):
    options = PrintOptions(paper=PAPERS[paper], backs=backs, layout=layout, calibration=False, back_offset=offset)
    grid = fit_grid(options.paper, options.margins, size, 3.0, gutterfold=backs == "gutterfold", layout=layout)
    n = count if count is not None else grid.per_sheet + grid.per_sheet // 2 + 1  # one full sheet, one part-filled
    colours = write_deck(tmp_path / "deck", size, n)
    out = tmp_path / "deck.pdf"
    render_pdf(load_cardset(tmp_path / "deck"), out, options)
    return raster.pages(out, DPI), grid, colours, n


def check_sheet(front, back, grid, colours, first, used, axis, shift=(0.0, 0.0)):
    """Every used slot: the card's front colour on the front, its own back colour behind it, upright."""
    seen = turn(back, axis)
    pw, ph = grid.paper
    for k, slot in enumerate(grid.slots[:used]):
        card = first + k
        assert_card(front, slot, colours[2 * card], f"front of card {card}")
        # the offset is given on the back page (x right, y down); seen from the front it mirrors on the turn axis
        dx, dy = (-shift[0], shift[1]) if axis == "vertical" else (shift[0], -shift[1])
        behind = type(slot)(slot.x + dx, slot.y + dy, slot.w, slot.h)
        assert_card(seen, behind, colours[2 * card + 1], f"back of card {card}")
        # upright on the back page itself: the mark is at the back's top-left corner
        bx = pw - behind.right if axis == "vertical" else behind.x
        by = behind.y if axis == "vertical" else ph - behind.bottom
        px = back[int((by + 4) / MM_PER_PX), int((bx + 4) / MM_PER_PX)]
        assert raster.is_colour(px, DECK_MARK), f"back of card {card} is not upright"
    for slot in grid.slots[used:]:  # empty slots stay empty on both sides
        assert_blank(front, slot)
        assert_blank(seen, slot)


def assert_blank(img, rect):
    cy, cx = int((rect.y + rect.h / 2) / MM_PER_PX), int((rect.x + rect.w / 2) / MM_PER_PX)
    assert (img[cy, cx] > 240).all()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63.0, 88.0), (88.0, 63.0)], ids=["portrait card", "landscape card"])
@pytest.mark.parametrize("layout", ["auto", "gutters"])
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_each_back_lands_behind_its_own_front(tmp_path, paper, size, layout, backs):
    imgs, grid, colours, n = render(tmp_path, paper, size, backs, layout)
    axis = TURN[(backs, grid.landscape)]
    assert len(imgs) == 4
    check_sheet(imgs[0], imgs[1], grid, colours, 0, grid.per_sheet, axis)
    check_sheet(imgs[2], imgs[3], grid, colours, grid.per_sheet, n - grid.per_sheet, axis)


def test_orientations_are_both_covered():
    """The matrix above meets portrait and landscape sheets, packed and gutter layouts."""
    seen = {(fit_grid(PAPERS[p], (5, 5, 5, 5), s, 3.0, layout=lay).landscape,
             fit_grid(PAPERS[p], (5, 5, 5, 5), s, 3.0, layout=lay).layout)
            for p in ("a4", "letter") for s in ((63.0, 88.0), (88.0, 63.0)) for lay in ("auto", "gutters")}
    assert {(False, "packed"), (True, "packed"), (False, "gutters"), (True, "gutters")} <= seen


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_custom_paper_and_back_offset(tmp_path, backs):
    offset = (1.5, -1.0)
    imgs, grid, colours, n = render(tmp_path, "custom", (63.0, 88.0), backs, "auto", offset=offset)
    axis = TURN[(backs, grid.landscape)]
    check_sheet(imgs[0], imgs[1], grid, colours, 0, grid.per_sheet, axis, offset)
    check_sheet(imgs[2], imgs[3], grid, colours, grid.per_sheet, n - grid.per_sheet, axis, offset)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63.0, 88.0), (88.0, 63.0)], ids=["portrait card", "landscape card"])
@pytest.mark.parametrize("layout", ["auto", "gutters", "packed"])
def test_gutterfold_backs_land_behind_their_fronts_once_folded(tmp_path, paper, size, layout):
    imgs, grid, colours, n = render(tmp_path, paper, size, "gutterfold", layout)
    pw = grid.paper[0]
    assert len(imgs) == 2
    for sheet, first, used in ((imgs[0], 0, grid.per_sheet), (imgs[1], grid.per_sheet, n - grid.per_sheet)):
        # folding the right half over the vertical middle line puts it behind the left half
        folded = sheet[:, ::-1]
        for k, slot in enumerate(grid.slots[:used]):
            assert slot.right <= pw / 2
            assert_card(sheet, slot, colours[2 * (first + k)], f"front of card {first + k}")
            assert_card(folded, slot, colours[2 * (first + k) + 1], f"back of card {first + k}")
            mark = sheet[int((slot.y + 4) / MM_PER_PX), int((pw - slot.right + 4) / MM_PER_PX)]
            assert raster.is_colour(mark, DECK_MARK), f"back of card {first + k} is not upright"


def test_builtin_deck_registers_on_long_edge(tmp_path, monkeypatch):
    """`pnp print twelve-labors` as a user runs it (defaults: A4, duplex-long): on the part-filled last sheet of
    the poker-size pieces (the deck and the action cards share sheets) the backs cover every front once the
    sheet is turned over its long edge, and nothing else."""
    import json

    from click.testing import CliRunner

    from pnp.cardset.find import resolve_set
    from pnp.cli.main import main
    from pnp.print.render import sheet_groups
    monkeypatch.chdir(tmp_path)  # in-process: the command's defaults are what is checked, not the installed script
    res = CliRunner().invoke(main, ["print", "twelve-labors", "-o", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)["files"][0]
    cs = load_cardset(resolve_set("twelve-labors"))
    options = PrintOptions()
    comp = sheet_groups(cs.components)[0]
    assert comp.name == "deck+actions"
    grid = fit_grid(options.paper, options.margins, comp.size, cs.bleed, layout="auto")
    n_sheets = -(-sum(p.copies for p in comp.pieces) // grid.per_sheet)
    last_used = sum(p.copies for p in comp.pieces) - (n_sheets - 1) * grid.per_sheet
    axis = TURN[("duplex-long", grid.landscape)]
    doc = pdfium.PdfDocument(out)
    lead = sum("front matter, page" in page.get_textpage().get_text_range() for page in doc)
    doc.close()
    first = lead + lead % 2  # after the front matter (and its blank back, if any)
    last = (first + 2 * (n_sheets - 1), first + 2 * n_sheets - 1)  # the last sheet's front and back pages
    imgs = raster.pages(out, DPI, lambda i: i in last)
    front, back = imgs[first + 2 * (n_sheets - 1)], turn(imgs[first + 2 * n_sheets - 1], axis)
    assert 0 < last_used < grid.per_sheet  # the last sheet is part-filled

    def inked(img, slot):
        patch = img[int(slot.y / MM_PER_PX) + 2:int(slot.bottom / MM_PER_PX) - 2,
                    int(slot.x / MM_PER_PX) + 2:int(slot.right / MM_PER_PX) - 2]
        return (patch < 240).any(axis=-1).mean()

    for slot in grid.slots[:last_used]:
        assert inked(front, slot) > 0.5 and inked(back, slot) > 0.5, f"front or back missing at {slot}"
    for slot in grid.slots[last_used:]:
        assert inked(back, slot) < 0.01, "back ink where no front is"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63.0, 88.0), (88.0, 63.0)], ids=["portrait card", "landscape card"])
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_calibration_sheet_registers_like_the_card_sheets(tmp_path, paper, size, backs):
    from pnp.print.marks import target_positions
    options = PrintOptions(paper=PAPERS[paper], backs=backs)
    grid = fit_grid(options.paper, options.margins, size, 3.0)
    write_deck(tmp_path / "deck", size, 2)
    out = tmp_path / "deck.pdf"
    render_pdf(load_cardset(tmp_path / "deck"), out, options)
    imgs = raster.pages(out, DPI, lambda i: i <= 2)
    assert imgs[0].shape[:2] == imgs[2].shape[:2]  # same orientation as the card sheets
    seen = turn(imgs[1], TURN[(backs, grid.landscape)])
    for tx, ty in target_positions(grid.paper):
        for dx, dy in ((0, 0), (6 * 0.7071, 6 * 0.7071), (-3.6, 0)):  # the centre, the outer ring, the middle ring
            x, y = int((tx + dx) / MM_PER_PX), int((ty + dy) / MM_PER_PX)
            assert imgs[0][y - 1:y + 2, x - 1:x + 2].min() < 200, f"front target missing at {tx},{ty}"
            assert seen[y - 1:y + 2, x - 1:x + 2].min() < 200, f"back target not behind the front at {tx},{ty}"


def test_calibration_text_matches_its_ruler(tmp_path):
    """The ruler sits in the first page's top-right corner (the front matter fills the rest) and is 50 mm."""
    from pnp.print.marks import RULER_MM, ruler_at
    write_deck(tmp_path / "deck", (63.0, 88.0), 2)
    out = tmp_path / "deck.pdf"
    render_pdf(load_cardset(tmp_path / "deck"), out, PrintOptions())
    doc = pdfium.PdfDocument(str(out))
    page = doc[0]
    text = page.get_textpage()
    found = text.search("The ruler above").get_next()
    assert found is not None
    _, bottom, _, top = text.get_charbox(found[0])
    pw_pt, ph_pt = page.get_size()
    text_top_mm = (ph_pt - top) * 25.4 / 72
    doc.close()
    x0, y0 = ruler_at((pw_pt * 25.4 / 72, ph_pt * 25.4 / 72))
    assert x0 > pw_pt * 25.4 / 72 / 2  # in the right half: the corner, not the middle of the page
    img = raster.pages(out, DPI, lambda i: i == 0)[0]
    row = int(y0 / MM_PER_PX)
    left, right = int((x0 - 5) / MM_PER_PX), int((x0 + RULER_MM + 2) / MM_PER_PX)  # the corner block only
    dark = np.nonzero((img[row - 1:row + 2, left:right] < 128).all(axis=-1).any(axis=0))[0]
    assert (dark[-1] - dark[0] + 1) * MM_PER_PX == pytest.approx(RULER_MM, abs=0.5)  # the ruler is 50 mm
    assert y0 < text_top_mm  # and it is above the text that says so


_LOADED = {}  # each built-in set loaded once (at collection); a test prints its own deep copy


def _builtin_components():
    from pnp.cardset.find import builtin_sets
    out = []
    for folder in builtin_sets():
        cs = _LOADED[folder] = load_cardset(folder)
        for i, comp in enumerate(cs.components):
            if comp.type != "board" and any(p.has_back for p in comp.pieces):
                out.append(pytest.param(folder, i, id=f"{cs.slug}-{comp.name}"))
    return out


@pytest.mark.parametrize("folder,index", _builtin_components())
def test_every_builtin_back_sits_behind_a_front_on_long_edge(tmp_path, folder, index):
    """Each built-in component with backs, A4 duplex-long defaults: on every sheet, back ink lies behind every
    used slot once the sheet is turned over its long edge, and none behind the empty slots."""
    cs = copy_of(_LOADED[folder])  # the same set as load_cardset(folder) gives, in a tenth of the time
    comp = cs.components[index]
    cs.components[:] = [comp]
    options = PrintOptions(calibration=False)
    out = tmp_path / "c.pdf"
    render_pdf(cs, out, options)
    grid = fit_grid(options.paper, options.margins, comp.size, cs.bleed, layout="auto")
    imgs = raster.pages(out, DPI, lambda i: i % 2 == 1)  # the back pages: only they are read here
    total = sum(p.copies for p in comp.pieces)
    axis = TURN[("duplex-long", grid.landscape)]

    def inked(img, slot):
        patch = img[int(slot.y / MM_PER_PX) + 1:int(slot.bottom / MM_PER_PX) - 1,
                    int(slot.x / MM_PER_PX) + 1:int(slot.right / MM_PER_PX) - 1]
        return (patch < 235).any(axis=-1).mean()

    for sheet in range(len(imgs) // 2):
        used = min(grid.per_sheet, total - sheet * grid.per_sheet)
        back = turn(imgs[2 * sheet + 1], axis)
        for k, slot in enumerate(grid.slots):
            if k < used:
                assert inked(back, slot) > 0.05, f"sheet {sheet + 1}: no back behind slot {k + 1}"
            else:
                assert inked(back, slot) < 0.005, f"sheet {sheet + 1}: back ink behind empty slot {k + 1}"
