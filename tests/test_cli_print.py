"""CliRunner tests of `pnp print`, `pnp games` and the exports."""
import json

from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnp.cli.main import main
from pnp.paths import project_root
from print_fixtures import write_set


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_print_json_summary_and_files(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "out"), "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["cards"] == 9 and data["pages"] == 6
    assert len(PdfReader(data["files"][0]).pages) == 6


def test_print_user_set_like_builtin(tmp_path):
    example = project_root() / "docs" / "examples" / "myth-deck"
    res = run("print", str(example), "-o", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    text = "".join(p.extract_text() for p in PdfReader(data["files"][0]).pages)
    assert "Perseus" in text and "Αθηνά" in text and "Turn summary" in text
    assert data["cards"] == 5 + 3 + 16 + 1 + 1  # heroes, gods, tokens, track, aid (copies counted)


def test_print_unknown_set_suggests(tmp_path):
    res = run("print", "twelve-labours", "-o", str(tmp_path))
    assert res.exit_code == 2 and "Did you mean 'twelve-labors'" in res.output


def test_print_needs_a_set_or_all(tmp_path):
    res = run("print", "-o", str(tmp_path))
    assert res.exit_code == 2 and "--all" in res.output


def test_print_options_are_applied(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "o"), "--paper", "letter", "--backs", "none",
              "--no-calibration", "--json")
    data = json.loads(res.output)
    page = PdfReader(data["files"][0]).pages[0]
    w, h = (float(v) * 25.4 / 72 for v in page.mediabox.upper_right)
    assert {round(w, 1), round(h, 1)} == {215.9, 279.4}
    assert data["pages"] == 2


def test_bad_back_offset_is_one_line_error(tmp_path):
    res = run("print", str(write_set(tmp_path / "s")), "-o", str(tmp_path), "--back-offset", "1,2,3")
    assert res.exit_code == 1 and "back_offset" in res.output and "2 numbers" in res.output


def test_png_and_tts_exports(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "o"), "--png", "72", "--tts", "--json")
    assert res.exit_code == 0, res.output
    files = json.loads(res.output)["files"]
    pngs = [f for f in files if f.endswith(".png") and "-png" in f]
    assert len(pngs) == 4  # 2 designs, front and back each
    with Image.open(next(f for f in pngs if f.endswith("alpha.png"))) as im:
        assert abs(im.size[0] - 63 / 25.4 * 72) <= 1 and abs(im.size[1] - 88 / 25.4 * 72) <= 1
    deck = json.loads(open(next(f for f in files if f.endswith("deck.json"))).read())
    obj = deck["ObjectStates"][0]
    assert len(obj["DeckIDs"]) == 9
    sheet = next(iter(obj["CustomDeck"].values()))
    assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
    with Image.open(next(f for f in files if f.endswith("deck-1.png"))) as im:
        assert max(im.size) <= 4096


def test_games_lists_builtin_games_with_counts():
    res = run("games", "--json")
    assert res.exit_code == 0
    games = {g["game"]: g for g in json.loads(res.output)}
    assert len(games) == 8
    deck = next(c for c in games["twelve-labors"]["components"] if c["name"] == "deck")
    assert deck["count"] == 100
    res = run("games")
    assert "The Twelve Labors" in res.output


def test_validate_cli_json(tmp_path):
    res = run("validate", str(write_set(tmp_path / "s")), "--json")
    assert res.exit_code == 0 and json.loads(res.output)["ok"] is True
