"""Tabletop Simulator export: saved objects shaped like working generators', that TTS can import."""
import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner
from PIL import Image

from pnp.cli.main import main
from print_fixtures import write_set

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "tests" / "fixtures" / "tts" / "saved-object.schema.json").read_text())


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def tts_json(files):
    return {Path(f).stem: json.loads(Path(f).read_text()) for f in files if f.endswith(".json") and "-tts" in f}


def print_tts(tmp_path, *folders, extra=()):
    res = run("print", *folders, "-o", tmp_path / "out", "--tts", "--json", *extra)
    assert res.exit_code == 0, res.output
    return json.loads(res.output)["files"]


def test_every_object_matches_the_saved_object_structure(tmp_path):
    files = print_tts(tmp_path, ROOT / "docs" / "examples" / "myth-deck")
    saved = tts_json(files)
    assert set(saved) == {"heroes", "tokens", "score", "aid"}
    for name, obj in saved.items():
        jsonschema.validate(obj, SCHEMA)
    kinds = {name: [o["Name"] for o in obj["ObjectStates"]] for name, obj in saved.items()}
    assert kinds["heroes"] == ["DeckCustom"]
    assert kinds["aid"] == ["Card"]                         # a one-card component is a Card, not a deck of one
    assert kinds["score"] == ["Custom_Board"]               # tracks and boards are boards
    assert set(kinds["tokens"]) == {"Custom_Tile"} and len(kinds["tokens"]) == 16  # one tile per token copy (10 + 6)
    assert all(o["CustomImage"]["CustomTile"]["Type"] == 2 for o in saved["tokens"]["ObjectStates"])  # round


def test_deck_ids_point_at_their_sheet_slots(tmp_path):
    folder = write_set(tmp_path / "s", cards="".join(["id,name,copies\n"] + [f"c{i},Card {i},2\n" for i in range(75)]))
    files = print_tts(tmp_path, folder)
    deck = tts_json(files)["deck"]["ObjectStates"][0]
    assert len(deck["DeckIDs"]) == 150 and len(deck["CustomDeck"]) == 2          # 69 + 6 designs: two sheets
    for card in deck["ContainedObjects"]:
        key = card["CardID"] // 100
        sheet = deck["CustomDeck"][str(key)]
        assert card["CustomDeck"] == {str(key): sheet}
        assert card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1   # the last slot stays hidden
    first = Path(files[0]).parent / f"{Path(deck['CustomDeck'][min(deck['CustomDeck'])]['FaceURL']).name}"
    with Image.open(Path(next(f for f in files if f.endswith("deck-1.png")))) as im:
        sheet = deck["CustomDeck"][str(deck["DeckIDs"][0] // 100)]
        assert im.size[0] % sheet["NumWidth"] == 0 and max(im.size) <= 4096
    assert first.name.startswith("deck-")


def test_custom_deck_keys_are_unique_across_a_job(tmp_path):
    a = write_set(tmp_path / "a")
    b = write_set(tmp_path / "b")
    files = print_tts(tmp_path, a, b)
    keys = [k for f in files if f.endswith("deck.json")
            for k in json.loads(Path(f).read_text())["ObjectStates"][0]["CustomDeck"]]
    assert len(keys) == 2 and len(set(keys)) == 2
    again = print_tts(tmp_path / "again", a, b)   # and stable between runs
    assert keys == [k for f in again if f.endswith("deck.json")
                    for k in json.loads(Path(f).read_text())["ObjectStates"][0]["CustomDeck"]]


def test_local_urls_by_default_with_a_note_and_hosted_urls_on_request(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", folder, "-o", tmp_path / "out", "--tts")
    assert res.exit_code == 0 and "--tts-url" in res.output and "multiplayer" in res.output
    deck = json.loads((tmp_path / "out" / "s-tts" / "deck.json").read_text())["ObjectStates"][0]
    sheet = next(iter(deck["CustomDeck"].values()))
    assert sheet["FaceURL"].startswith("file://") and Path(sheet["FaceURL"][7:]).is_file()
    files = print_tts(tmp_path / "h", folder, extra=("--tts-url", "https://example.org/games/"))
    deck = tts_json(files)["deck"]["ObjectStates"][0]
    sheet = next(iter(deck["CustomDeck"].values()))
    assert sheet["FaceURL"] == "https://example.org/games/s-tts/deck-1.png"
    assert (tmp_path / "h" / "out" / "s-tts" / "deck-1.png").is_file()      # the file to upload at that URL


def test_saved_objects_folder(tmp_path):
    folder = write_set(tmp_path / "s")
    target = tmp_path / "Saved Objects"
    files = print_tts(tmp_path, folder, extra=("--tts-saved-objects", target))
    saved = target / "pnp" / "s" / "deck.json"
    assert str(saved) in files and (target / "pnp" / "s" / "deck.png").is_file()
    jsonschema.validate(json.loads(saved.read_text()), SCHEMA)


def test_saved_objects_default_folder_is_tts_own(tmp_path, monkeypatch):
    from pnp.print.tts import default_saved_objects
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_saved_objects().parts[-3:] == ("Tabletop Simulator", "Saves", "Saved Objects")


def test_each_card_id_shows_its_own_face_on_the_sheet(tmp_path):
    colours = ["#c00000", "#00a000", "#0000c0", "#c0c000", "#00c0c0"]
    cards = "id,colour\n" + "".join(f"k{i},{c}\n" for i, c in enumerate(colours))
    folder = write_set(tmp_path / "s", cards=cards, layouts={"front": {"background": "{{ colour }}", "boxes": {}},
                                                            "back": {"background": "#ffffff", "boxes": {}}})
    files = print_tts(tmp_path, folder)
    deck = tts_json(files)["deck"]["ObjectStates"][0]
    sheet_path = Path(next(f for f in files if f.endswith("deck-1.png")))
    sheet = next(iter(deck["CustomDeck"].values()))
    with Image.open(sheet_path) as im:
        im = im.convert("RGB")
        cw, ch = im.size[0] // sheet["NumWidth"], im.size[1] // sheet["NumHeight"]
        for card, colour in zip(deck["ContainedObjects"], colours):
            slot = card["CardID"] % 100
            x, y = (slot % sheet["NumWidth"]) * cw + cw // 2, (slot // sheet["NumWidth"]) * ch + ch // 2
            want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
            assert sum(abs(a - b) for a, b in zip(im.getpixel((x, y)), want)) < 30, (card["Nickname"], slot)
