"""Pure geometry of imposition, in mm: grids, orientation, backs, cut guides and board tiles."""
import pytest

from pnp.errors import RenderError
from pnp.print.imposition import Rect, back_rect, crop_marks, cut_lines, fit_grid, flip_axis, tile_board

A4 = (210.0, 297.0)
M5 = (5.0, 5.0, 5.0, 5.0)


LETTER = (215.9, 279.4)


def test_poker_with_gutters_fits_eight_in_landscape():
    g = fit_grid(A4, M5, (63, 88), 3, layout="gutters")
    assert (g.cols, g.rows, g.landscape, g.layout) == (4, 2, True, "gutters")
    assert g.paper == (297.0, 210.0)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_packed_poker_fits_nine_with_bleed_only_on_the_outer_edges(paper):
    g = fit_grid(paper, M5, (63, 88), 3)
    assert (g.cols, g.rows, g.landscape, g.layout) == (3, 3, False, "packed")
    a, b, d = g.slots[0], g.slots[1], g.slots[3]
    assert b.x == pytest.approx(a.right) and d.y == pytest.approx(a.bottom)  # butted at the trim
    middle = g.inks[4]
    assert (middle.x, middle.y, middle.w, middle.h) == (g.slots[4].x, g.slots[4].y, 63, 88)  # no inner bleed
    left, top = g.inks[0].x, g.inks[0].y
    right, bottom = g.inks[8].right, g.inks[8].bottom
    assert left >= 5 and top >= 5 and right <= paper[0] - 5 + 1e-9 and bottom <= paper[1] - 5 + 1e-9
    assert g.slots[0].x - left == pytest.approx(3)  # a full bleed where the margins leave room
    assert g.slots[0].y - top >= 1.5  # on Letter the outer bleed shortens to stay inside the margins


def test_auto_prefers_gutters_when_they_fit_as_many():
    g = fit_grid(A4, M5, (70, 120), 3)
    assert g.layout == "gutters" and g.per_sheet == 4
    assert fit_grid(A4, M5, (70, 120), 3, layout="packed").per_sheet == 4


def test_a_gap_asks_for_gutters():
    assert fit_grid(A4, M5, (63, 88), 3, gap=2).layout == "gutters"


def test_poker_without_bleed_fits_nine_in_portrait():
    g = fit_grid(A4, M5, (63, 88), 0)
    assert (g.cols, g.rows, g.landscape) == (3, 3, False)


def test_grid_is_centred_between_margins():
    g = fit_grid(A4, (10, 5, 20, 5), (63, 88), 0)
    left = min(s.x for s in g.slots) - 5
    right = 210 - 5 - max(s.right for s in g.slots)
    top = min(s.y for s in g.slots) - 10
    bottom = 297 - 20 - max(s.bottom for s in g.slots)
    assert left == pytest.approx(right)
    assert top == pytest.approx(bottom)


def test_slots_keep_bleed_and_gap_apart():
    g = fit_grid(A4, M5, (63, 88), 3, gap=2)
    a, b = g.slots[0], g.slots[1]
    assert b.x - a.right == pytest.approx(2 * 3 + 2)


def test_card_larger_than_paper_names_the_numbers():
    with pytest.raises(RenderError) as exc:
        fit_grid(A4, M5, (250, 350), 3)
    msg = exc.value.one_line()
    assert "256 x 356 mm" in msg and "210 x 297" in msg


def test_bleed_too_large_is_an_error_with_numbers():
    with pytest.raises(RenderError) as exc:
        fit_grid(A4, M5, (190, 250), 20)
    assert "230 x 290 mm" in exc.value.one_line()


def test_long_edge_on_portrait_paper_mirrors_left_right():
    r = back_rect(Rect(10, 20, 63, 88), A4, "duplex-long")
    assert (r.x, r.y) == (210 - 10 - 63, 20)


def test_long_edge_on_landscape_paper_mirrors_top_bottom():
    r = back_rect(Rect(10, 20, 63, 88), (297, 210), "duplex-long")
    assert (r.x, r.y) == (10, 210 - 20 - 88)


def test_short_edge_mirrors_the_other_way():
    assert back_rect(Rect(10, 20, 63, 88), A4, "duplex-short") == Rect(10, 297 - 20 - 88, 63, 88)
    assert back_rect(Rect(10, 20, 63, 88), (297, 210), "duplex-short") == Rect(297 - 10 - 63, 20, 63, 88)


def test_flip_axis_follows_the_long_edge():
    assert flip_axis(A4, "duplex-long") == "vertical" and flip_axis((297, 210), "duplex-long") == "horizontal"
    assert flip_axis(A4, "duplex-short") == "horizontal" and flip_axis((297, 210), "duplex-short") == "vertical"
    assert flip_axis((297, 210), "gutterfold") == "vertical"


def test_back_offset_moves_every_back():
    r = back_rect(Rect(10, 20, 63, 88), A4, "duplex-long", (1.5, -0.5))
    assert (r.x, r.y) == (210 - 10 - 63 + 1.5, 19.5)


def test_gutterfold_puts_fronts_left_of_the_fold_and_backs_mirrored():
    g = fit_grid(A4, M5, (63, 88), 3, gutterfold=True, layout="gutters")
    assert all(s.right + 3 <= g.paper[0] / 2 for s in g.slots)
    for s in g.slots:
        r = back_rect(s, g.paper, "gutterfold")
        assert r.x >= g.paper[0] / 2
        assert r.x + r.w / 2 == pytest.approx(g.paper[0] - (s.x + s.w / 2))


@pytest.mark.parametrize("layout", ["packed", "gutters"])
def test_crop_marks_run_out_to_the_paper_edges(layout):
    g = fit_grid(A4, M5, (63, 88), 3, layout=layout)
    lines = crop_marks(g)
    pw, ph = g.paper
    xs = {round(s.x, 3) for s in g.slots} | {round(s.right, 3) for s in g.slots}
    verticals = [ln for ln in lines if ln.x1 == ln.x2]
    assert {round(ln.x1, 3) for ln in verticals} == xs
    assert any(ln.y1 == 0 for ln in verticals) and any(ln.y2 == ph for ln in verticals)
    horizontals = [ln for ln in lines if ln.y1 == ln.y2]
    assert any(ln.x1 == 0 for ln in horizontals) and any(ln.x2 == pw for ln in horizontals)
    grid_top, grid_bottom = min(r.y for r in g.inks), max(r.bottom for r in g.inks)
    assert all(ln.y2 <= grid_top + 1e-9 or ln.y1 >= grid_bottom - 1e-9 for ln in verticals)


def test_crop_mark_length_can_be_set():
    g = fit_grid(A4, M5, (63, 88), 3)
    lines = crop_marks(g, length=4)
    assert all(abs(ln.x2 - ln.x1) + abs(ln.y2 - ln.y1) == pytest.approx(4) for ln in lines)


@pytest.mark.parametrize("layout,gap", [("packed", 0), ("gutters", 0), ("gutters", 4)])
def test_cut_lines_never_cross_a_card_or_its_bleed(layout, gap):
    g = fit_grid(A4, M5, (63, 88), 3, gap=gap, layout=layout)
    lines = cut_lines(g)
    assert lines
    for ln in lines:
        for r in g.inks:
            if ln.x1 == ln.x2:  # vertical: may touch a card's ink edge, never run through its inside
                inside = r.x < ln.x1 < r.right and min(ln.y2, r.bottom) - max(ln.y1, r.y) > 1e-6
            else:
                inside = r.y < ln.y1 < r.bottom and min(ln.x2, r.right) - max(ln.x1, r.x) > 1e-6
            assert not inside, (ln, r)
    xs = {round(s.x, 4) for s in g.slots} | {round(s.right, 4) for s in g.slots}
    assert {round(ln.x1, 4) for ln in lines if ln.x1 == ln.x2} == xs  # every trim edge gets its line
    if gap:  # lines also run through the gutters between rows
        assert any(g.slots[0].bottom + 3 <= ln.y1 and ln.y2 <= g.slots[g.cols].y - 3 for ln in lines
                   if ln.x1 == ln.x2)


def test_board_tiles_cover_the_board_with_overlap():
    t = tile_board((600, 400), A4, M5, overlap=10)
    assert len(t.tiles) == t.rows * t.cols == 8
    xs = sorted({tile.region.x for tile in t.tiles})
    widths = {tile.region.x: tile.region.w for tile in t.tiles}
    assert xs[0] == 0 and xs[-1] + widths[xs[-1]] == pytest.approx(600)
    for a, b in zip(xs, xs[1:]):
        assert a + widths[a] - b == pytest.approx(10)
    assert all(t.seams_x()[i] == pytest.approx(xs[i + 1] + 5) for i in range(len(xs) - 1))


def test_small_board_is_one_centred_page():
    t = tile_board((150, 100), A4, M5)
    assert len(t.tiles) == 1
    place = t.tiles[0].place
    assert place.x - 5 == pytest.approx(t.paper[0] - 5 - place.right)
