"""PNG export: each distinct face once, shared backs as one file, DPI tagged, boards included, short listings."""
import json

from click.testing import CliRunner
from PIL import Image

from pnp.cardset.load import load_cardset
from pnp.cli.main import main
from pnp.print.exports import export_pngs
from pnp.print.options import PrintOptions
from print_fixtures import BACK, TRIM, write_set


def test_shared_back_is_one_file_that_every_card_names(tmp_path):
    cs = load_cardset(write_set(tmp_path / "s"))
    files = export_pngs(cs, PrintOptions(), tmp_path / "o", 150)
    folder = tmp_path / "o" / "s-png" / "deck"
    assert sorted(p.name for p in folder.iterdir()) == ["alpha.png", "back.png", "beta.png", "cards.json"]
    assert len(files) == 4
    index = json.loads((folder / "cards.json").read_text())
    assert index["dpi"] == 150
    assert [(c["id"], c["copies"], c["front"], c["back"]) for c in index["cards"]] == [
        ("alpha", 5, "alpha.png", "back.png"), ("beta", 4, "beta.png", "back.png")]


def test_pngs_carry_their_dpi_and_show_the_face(tmp_path):
    cs = load_cardset(write_set(tmp_path / "s"))
    export_pngs(cs, PrintOptions(), tmp_path / "o", 150)
    folder = tmp_path / "o" / "s-png" / "deck"
    with Image.open(folder / "alpha.png") as im:
        assert tuple(round(v) for v in im.info["dpi"]) == (150, 150)
        assert abs(im.size[0] - 63 / 25.4 * 150) <= 1 and abs(im.size[1] - 88 / 25.4 * 150) <= 1
        centre = im.getpixel((im.size[0] // 2, im.size[1] // 2 + 40))
        assert centre == tuple(int(TRIM[i:i + 2], 16) for i in (1, 3, 5))
    with Image.open(folder / "back.png") as im:
        assert im.getpixel((im.size[0] // 2, im.size[1] // 2)) == tuple(int(BACK[i:i + 2], 16) for i in (1, 3, 5))


def test_distinct_backs_get_their_own_files(tmp_path):
    layouts = {"front": {"boxes": {"n": {"x": 5, "y": 5, "w": 50, "h": 10, "text": "{{ name }}"}}},
               "back": {"background": "{{ tint }}", "boxes": {}}}
    folder = write_set(tmp_path / "s", layouts=layouts,
                       cards="id,name,tint\na,A,#ff0000\nb,B,#ff0000\nc,C,#0000ff\n")
    export_pngs(load_cardset(folder), PrintOptions(), tmp_path / "o", 72)
    index = json.loads((tmp_path / "o" / "s-png" / "deck" / "cards.json").read_text())
    assert [c["back"] for c in index["cards"]] == ["a-back.png", "a-back.png", "c-back.png"]


def test_boards_are_exported(tmp_path):
    folder = write_set(tmp_path / "s", manifest={"components": [
        {"name": "board", "type": "board", "size": [120, 80], "layout": "board"}]},
        layouts={"board": {"background": "#336699", "boxes": {}}}, cards="")
    export_pngs(load_cardset(folder), PrintOptions(), tmp_path / "o", 100)
    with Image.open(tmp_path / "o" / "s-png" / "board" / "board.png") as im:
        assert abs(im.size[0] - 120 / 25.4 * 100) <= 1 and abs(im.size[1] - 80 / 25.4 * 100) <= 1
        assert im.getpixel((2, 2)) == (0x33, 0x66, 0x99)  # no bleed margin round a board


def test_cli_lists_folders_unless_verbose(tmp_path):
    folder = write_set(tmp_path / "s")
    out = tmp_path / "o"
    res = CliRunner().invoke(main, ["print", str(folder), "-o", str(out), "--png", "72"])
    assert res.exit_code == 0, res.output
    lines = [ln for ln in res.output.splitlines() if not ln.startswith("  ")]
    assert lines == [str(out / "s.pdf"), str(out / "s-png") + "/"]
    res = CliRunner().invoke(main, ["print", str(folder), "-o", str(out), "--png", "72", "--verbose"])
    assert str(out / "s-png" / "deck" / "back.png") in res.output


def test_tracks_and_aids_are_exported_with_the_cards(tmp_path):
    from pathlib import Path
    cs = load_cardset(Path(__file__).resolve().parents[2] / "docs" / "examples" / "myth-deck")
    export_pngs(cs, PrintOptions(), tmp_path, 72)
    root = tmp_path / "myth-deck-png"
    assert (root / "score" / "score.png").is_file()  # the score track
    assert (root / "aid" / "aid-1.png").is_file()
    index = json.loads((root / "heroes" / "cards.json").read_text())
    assert {c["back"] for c in index["cards"]} == {"back.png"}  # five heroes, one shared back file
