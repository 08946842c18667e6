"""Print-then-cut: the SVG cut paths sit exactly on the PDF's printed trim boxes, with registration marks on both."""
import xml.etree.ElementTree as ET

import pytest
import yaml

from pnp.cardset.load import load_cardset
from pnp.errors import RenderError
from pnp.print.cutfile import REG_CLEAR, registration_marks
from pnp.print.imposition import Rect
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import write_deck
from raster import assert_card, pages

SVG = "{http://www.w3.org/2000/svg}"
DPI = 100
MM_PER_PX = 25.4 / DPI
TOL = 0.5  # mm: a card's printed edges against its cut path


def svg_shapes(path):
    root = ET.parse(path).getroot()
    cut = root.find(f"{SVG}g[@id='cut']")
    reg = root.find(f"{SVG}g[@id='registration']")
    return root, list(cut), list(reg)


def render(tmp_path, count, **opts):
    colours = write_deck(tmp_path / "deck", (63.0, 88.0), count)
    out = tmp_path / "deck.pdf"
    res = render_pdf(load_cardset(tmp_path / "deck"), out, PrintOptions(calibration=False, cut_file="svg", **opts))
    return res, colours


@pytest.mark.parametrize("backs", ["duplex-long", "none"])
def test_svg_cut_paths_sit_on_the_printed_trim(tmp_path, backs):
    res, colours = render(tmp_path, 11, backs=backs, corner_radius=3)
    svgs = [f for f in res.files if f.suffix == ".svg"]
    imgs = pages(res.files[0], DPI)
    fronts = [0, 2] if backs == "duplex-long" else [0, 1]
    assert [f.name for f in svgs] == [f"page-{i + 1:03d}.svg" for i in fronts]
    card = 0
    for svg, index in zip(svgs, fronts):
        root, cuts, regs = svg_shapes(svg)
        page = imgs[index]
        h_px, w_px = page.shape[:2]
        assert root.get("viewBox") == f"0 0 {w_px * MM_PER_PX:.0f} {h_px * MM_PER_PX:.0f}"
        for shape in cuts:
            x, y, w, h = (float(shape.get(k)) for k in ("x", "y", "width", "height"))
            assert float(shape.get("rx")) == 3
            assert_card(page, Rect(x, y, w, h), colours[2 * card], f"card {card} under its cut path", DPI, TOL,
                        reach=3)
            for corner in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):  # cards clear of the marks
                assert all(REG_CLEAR - 0.01 <= v for v in (corner[0], corner[1], w_px * MM_PER_PX - corner[0],
                                                              h_px * MM_PER_PX - corner[1]))
            card += 1
        for mark in regs:  # the registration marks are printed where the SVG has them
            x, y, w, h = (float(mark.get(k)) for k in ("x", "y", "width", "height"))
            cx, cy = int((x + w / 2) / MM_PER_PX), int((y + h / 2) / MM_PER_PX)
            assert page[cy, cx].max() < 100, f"no registration mark at {x},{y}"
    assert card == 11  # 9 on the first sheet, 2 on the part-filled second


def test_registration_marks_are_three_corners():
    marks = registration_marks((210, 297))
    square = marks[0]
    assert (square.x, square.y, square.w) == (5, 5, 5)
    assert any(m.right == 205 and m.y == 5 for m in marks) and any(m.x == 5 and m.bottom == 292 for m in marks)
    assert not any(m.right > 150 and m.bottom > 250 for m in marks)  # bottom-right stays free


def test_round_tokens_cut_as_circles(tmp_path):
    from pnp.print.cutfile import sheet_svg
    from pnp.print.imposition import fit_grid
    grid = fit_grid((210, 297), (12, 12, 12, 12), (25, 25), 2)
    root = ET.fromstring(sheet_svg(grid, 3, "round", 0, "t"))
    circles = root.find(f"{SVG}g[@id='cut']")
    assert [float(c.get("r")) for c in circles] == [12.5] * 3
    assert float(circles[0].get("cx")) == pytest.approx(grid.slots[0].x + 12.5)


def test_cut_file_is_repeatable_and_replaces_stale_pages(tmp_path):
    res, _ = render(tmp_path, 11, backs="none")
    first = [f.read_bytes() for f in res.files[1:]]
    (tmp_path / "deck-cut" / "page-009.svg").write_text("stale")
    res2 = render_pdf(load_cardset(tmp_path / "deck"), tmp_path / "deck.pdf",
                      PrintOptions(calibration=False, cut_file="svg", backs="none"))
    assert [f.read_bytes() for f in res2.files[1:]] == first
    assert sorted(p.name for p in (tmp_path / "deck-cut").iterdir()) == ["page-001.svg", "page-002.svg"]


def test_gutterfold_and_cut_file_is_a_clear_error(tmp_path):
    write_deck(tmp_path / "deck", (63.0, 88.0), 2)
    with pytest.raises(RenderError) as exc:
        render_pdf(load_cardset(tmp_path / "deck"), tmp_path / "d.pdf",
                   PrintOptions(cut_file="svg", backs="gutterfold"))
    assert "gutterfold" in exc.value.one_line() and "--backs" in exc.value.one_line()


def test_set_can_declare_its_corner_radius(tmp_path):
    write_deck(tmp_path / "deck", (63.0, 88.0), 2)
    manifest = tmp_path / "deck" / "cardset.yaml"
    data = yaml.safe_load(manifest.read_text())
    data["print"] = {"corner_radius": 2.5}
    manifest.write_text(yaml.safe_dump(data))
    from click.testing import CliRunner

    from pnp.cli.main import main
    res = CliRunner().invoke(main, ["print", str(tmp_path / "deck"), "-o", str(tmp_path / "o"), "--cut-file", "svg",
                                    "--json"])
    assert res.exit_code == 0, res.output
    svg = next(p for p in (tmp_path / "o" / "duplex-cut").iterdir())
    _, cuts, _ = svg_shapes(svg)
    assert [c.get("rx") for c in cuts] == ["2.5", "2.5"]
    assert (tmp_path / "o" / "duplex.pdf").is_file()  # beside the PDF it cuts


@pytest.mark.parametrize("key,value", [("corner_radius", "nan"), ("corner_radius", -1), ("mark_length", "x")])
def test_bad_lengths_are_one_line_errors(key, value):
    from pnp.print.options import with_settings
    with pytest.raises(RenderError) as exc:
        with_settings(PrintOptions(), {key: value})
    line = exc.value.one_line()
    assert key in line and "0 or more" in line and f"--{key.replace('_', '-')}" in line
