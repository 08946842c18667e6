"""Raster checks (pypdfium2): trim boxes land within 0.2 mm (backs: see test_print_duplex_raster)."""
import pytest

import raster
from pnp.cardset.load import load_cardset
from pnp.print.imposition import fit_grid
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import TRIM, write_set

DPI = 300
MM_PER_PX = 25.4 / DPI
TOL = 0.2


def page_pixels(pdf, index):
    """The RGB raster of one page at DPI."""
    return raster.pages(pdf, DPI, lambda i: i == index)[index]


def render(tmp_path, cards=None, **opts):
    folder = write_set(tmp_path / "s", cards=cards)
    options = PrintOptions(calibration=False, **opts)
    out = tmp_path / "s.pdf"
    render_pdf(load_cardset(folder), out, options)
    grid = fit_grid(options.paper, options.margins, (63, 88), 3, options.gap,
                    gutterfold=options.backs == "gutterfold")
    return out, grid, options


def assert_at(img, rect, colour):
    raster.assert_card(img, rect, colour, "trim box", DPI, TOL, reach=2)


@pytest.mark.parametrize("cards", [None, "id,name\n" + "".join(f"c{i},Card {i}\n" for i in range(8))],
                         ids=["shared faces as forms", "single faces drawn in place"])
def test_front_trim_boxes_land_where_imposition_says(tmp_path, cards):
    out, grid, _ = render(tmp_path, cards=cards, backs="none", gap=2)
    img = page_pixels(out, 0)
    for rect in grid.slots:
        assert_at(img, rect, TRIM)


@pytest.mark.parametrize("layout,gap", [("packed", 0.0), ("gutters", 0.0), ("gutters", 4.0)])
@pytest.mark.parametrize("cut", ["marks", "lines"])
def test_cut_guides_stay_off_the_bleed_and_reach_the_paper_edges(tmp_path, cut, layout, gap):
    folder = write_set(tmp_path / "s")
    options = PrintOptions(calibration=False, backs="none", cut=cut, layout=layout, gap=gap)
    out = tmp_path / "s.pdf"
    render_pdf(load_cardset(folder), out, options)
    grid = fit_grid(options.paper, options.margins, (63, 88), 3, gap, layout=layout)
    img = page_pixels(out, 0)
    dark = (img < 180).all(axis=-1)  # thin black guides come out grey on a raster
    px = lambda mm_: int(round(mm_ / MM_PER_PX))  # noqa: E731
    for slot, ink in zip(grid.slots, grid.inks):
        ring = dark[px(ink.y) + 2:px(ink.bottom) - 2, px(ink.x) + 2:px(ink.right) - 2].copy()
        top, left = max(0, px(slot.y - ink.y) - 6), max(0, px(slot.x - ink.x) - 6)
        ring[top:px(slot.bottom - ink.y) + 2, left:px(slot.right - ink.x) + 2] = False  # the trim holds card text
        assert not ring.any(), f"a cut guide crosses the bleed of the card at {slot}"
    h, w = dark.shape
    for x in {round(v, 3) for s in grid.slots for v in (s.x, s.right)}:  # marks on the top and bottom edges
        column = dark[:, px(x) - 1:px(x) + 2].any(axis=1)
        assert column[2] and column[h - 3], f"no guide at x={x} mm on the paper edges"
    for y in {round(v, 3) for s in grid.slots for v in (s.y, s.bottom)}:  # and on the left and right edges
        row = dark[px(y) - 1:px(y) + 2].any(axis=0)
        assert row[2] and row[w - 3], f"no guide at y={y} mm on the paper edges"
