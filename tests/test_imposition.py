"""Pure geometry of imposition, in mm: grids, orientation, backs, cut guides and board tiles."""
import pytest

from pnp.errors import RenderError
from pnp.print.imposition import Rect, back_rect, crop_marks, cut_lines, fit_grid, tile_board

A4 = (210.0, 297.0)
M5 = (5.0, 5.0, 5.0, 5.0)


def test_poker_with_bleed_fits_eight_in_landscape():
    g = fit_grid(A4, M5, (63, 88), 3)
    assert (g.cols, g.rows, g.landscape) == (4, 2, True)
    assert g.paper == (297.0, 210.0)


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


def test_long_edge_back_is_mirrored_left_right():
    r, rot = back_rect(Rect(10, 20, 63, 88), A4, "duplex-long")
    assert (r.x, r.y, rot) == (210 - 10 - 63, 20, 0)


def test_short_edge_back_is_mirrored_top_bottom_and_turned():
    r, rot = back_rect(Rect(10, 20, 63, 88), A4, "duplex-short")
    assert (r.x, r.y, rot) == (10, 297 - 20 - 88, 180)


def test_back_offset_moves_every_back():
    r, _ = back_rect(Rect(10, 20, 63, 88), A4, "duplex-long", (1.5, -0.5))
    assert (r.x, r.y) == (210 - 10 - 63 + 1.5, 19.5)


def test_gutterfold_puts_fronts_left_of_the_fold_and_backs_mirrored():
    g = fit_grid(A4, M5, (63, 88), 3, gutterfold=True)
    assert all(s.right + 3 <= g.paper[0] / 2 for s in g.slots)
    for s in g.slots:
        r, rot = back_rect(s, g.paper, "gutterfold")
        assert r.x >= g.paper[0] / 2 and rot == 0
        assert r.x + r.w / 2 == pytest.approx(g.paper[0] - (s.x + s.w / 2))


def test_crop_marks_run_out_to_the_paper_edges():
    g = fit_grid(A4, M5, (63, 88), 3)
    lines = crop_marks(g)
    pw, ph = g.paper
    xs = {round(s.x, 3) for s in g.slots} | {round(s.right, 3) for s in g.slots}
    verticals = [ln for ln in lines if ln.x1 == ln.x2]
    assert {round(ln.x1, 3) for ln in verticals} == xs
    assert any(ln.y1 == 0 for ln in verticals) and any(ln.y2 == ph for ln in verticals)
    grid_top = min(s.y for s in g.slots) - 3
    assert all(ln.y2 <= grid_top or ln.y1 >= max(s.bottom for s in g.slots) + 3 for ln in verticals)


def test_cut_lines_cross_the_whole_sheet():
    g = fit_grid(A4, M5, (63, 88), 0)
    lines = cut_lines(g)
    assert all((ln.y1, ln.y2) == (0, 297) for ln in lines if ln.x1 == ln.x2)
    assert len(lines) == 4 + 4  # touching cards share edges: 3 columns -> 4 x-edges, 3 rows -> 4 y-edges


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
