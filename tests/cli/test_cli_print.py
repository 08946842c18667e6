"""CliRunner tests of `pnp print`, `pnp games` and the exports."""
import json
from pathlib import Path

from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnp.cli.main import main
from print_fixtures import write_set

REPO = Path(__file__).resolve().parents[2]


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_print_json_summary_and_files(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "out"), "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["cards"] == 9 and data["pages"] == 4 and data["sheets"] == 2
    assert len(PdfReader(data["files"][0]).pages) == 4


def test_summary_names_the_sheets(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "out"), "--layout", "gutters")
    assert res.exit_code == 0, res.output
    assert "9 cards on 3 sheets (6 pages)" in res.output  # calibration + 2 sheets of 8 in gutters


def test_summary_totals_sheets_over_several_sets(tmp_path):
    a, b = write_set(tmp_path / "a"), write_set(tmp_path / "b")
    res = run("print", str(a), str(b), "-o", str(tmp_path / "out"))
    assert res.exit_code == 0, res.output
    assert "total: 18 cards on 4 sheets of paper" in res.output  # each: calibration + one packed sheet


def test_backs_help_names_the_printer_setting():
    from pnp.cli.print_cmd import print_cmd
    res = run("print", "--help")
    assert res.exit_code == 0 and "flip on long" in res.output
    text = next(p.help for p in print_cmd.params if p.name == "backs")
    assert "duplex-long = printer set to two-sided, 'flip on long edge'" in text
    assert "duplex-short = two-sided, 'flip on short edge'" in text


def test_print_user_set_like_builtin(tmp_path):
    example = REPO / "docs" / "examples" / "myth-deck"
    res = run("print", str(example), "-o", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    text = "".join(p.extract_text() for p in PdfReader(data["files"][0]).pages)
    assert "Perseus" in text and "Αθηνά" in text and "Turn summary" in text
    assert data["cards"] == 5 + 3 + 16 + 1 + 1  # heroes, gods, tokens, track, aid (copies counted)


def test_print_unknown_set_suggests(tmp_path):
    res = run("print", "12-labors", "-o", str(tmp_path))
    assert res.exit_code == 2 and "did you mean 'twelve-labors'" in res.output.lower()


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
    assert data["pages"] == data["sheets"] == 1  # 9 packed poker cards on one Letter sheet


def test_bad_back_offset_is_one_line_error(tmp_path):
    res = run("print", str(write_set(tmp_path / "s")), "-o", str(tmp_path), "--back-offset", "1,2,3")
    assert res.exit_code == 1 and "back_offset" in res.output and "2 numbers" in res.output


def test_png_and_tts_exports(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "o"), "--png", "72", "--tts", "--json")
    assert res.exit_code == 0, res.output
    files = json.loads(res.output)["files"]
    pngs = [f for f in files if f.endswith(".png") and "-png" in f]
    assert len(pngs) == 3  # 2 fronts and the one back they share
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
