"""`pnp campaign` commands: JSON shapes, bad input (exit 1, one line, nothing changed), export/import."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from campaign_commands import ok_json, run
from copies import store_copy
from pnp.cli.main import main


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """The store every test starts from, made once by the commands themselves: 'voyage' of Jason, one win."""
    path = tmp_path_factory.mktemp("template") / "s.db"
    ok_json(path, "new", "--player", "Jason", "--name", "voyage")
    ok_json(path, "win", "--victory", "Harpies, Birds of Ares", "--deed", "homecoming")
    return path


@pytest.fixture
def store(template, tmp_path):
    """The test's own copy of that store (and its backups)."""
    return store_copy(template, tmp_path)


def snapshot(store):
    """Everything observable about the store: every campaign's export and the backup bytes."""
    from pnp.store import db
    return ({n: ok_json(store, "export", "--campaign", n) for n in ("voyage",)},
            [(b.name, b.read_bytes()) for b in db.backups(store)])


def test_status_json_has_the_required_fields(store):
    s = ok_json(store, "status")
    assert {"losses", "deeds", "crew", "deck_size", "reserve_left", "complete"} <= set(s)
    assert s["deeds"][0] == {"id": "harpies", "name": "Freed Phineus from the Harpies", "ticked": True}
    assert (s["crew"], s["deck_size"], s["reserve_left"], s["complete"]) == (13, 30, 22, False)


def test_deck_json_lists_every_deck_card_with_current_values(store):
    cards = ok_json(store, "deck")
    assert len(cards) == 30
    harpies = next(c for c in cards if c["name"] == "Harpies")
    assert {k: harpies[k] for k in ("kind", "level", "difficulty", "deadliness")} == \
        {"kind": "monster", "level": 2, "difficulty": 8, "deadliness": 2}
    calm = next(c for c in cards if c["name"] == "Calm Seas")
    assert (calm["level"], calm["difficulty"], calm["deadliness"]) == (None, None, None)


def test_human_output_and_history(store):
    result = run(store, "history")
    assert result.exit_code == 0
    assert "Harpies 1->2" in result.output and "Sailed Home to Iolcus" in result.output


@pytest.mark.parametrize("args, words", [
    (["win", "--victory", "Harpoon", "--deed", "rocks"], ["unknown card 'Harpoon'", "Harpies"]),
    (["win", "--victory", "s", "--deed", "rocks"], ["ambiguous card 's'", "Sirens", "type more"]),
    (["win", "--victory", "Talos", "--deed", "rocks"], ["Talos", "not in the adventure deck"]),
    (["win", "--victory", "Calm Seas", "--deed", "rocks"], ["Calm Seas", "never reaches the victory pile"]),
    (["win", "--victory", "Amycus", "--deed", "homecoming"], ["already ticked"]),
    (["win", "--victory", "Amycus", "--deed", "Amycus"], ["already granted"]),
    (["win", "--victory", "Amycus"], ["--deed"]),
    (["win", "--victory", "Amycus, amycus", "--deed", "rocks"], ["named twice"]),
    (["win", "--victory", "Amycus", "--deed", "glory"], ["unknown deed 'glory'"]),
    (["status", "--campaign", "old voyage"], ["no campaign named 'old voyage'", "voyage"]),
    (["undo", "--campaign", "nope"], ["no campaign named"]),
])
def test_bad_input_is_one_line_exit_1_and_changes_nothing(store, args, words):
    before = snapshot(store)
    result = run(store, *args)
    assert result.exit_code == 1, result.output
    message = result.output.strip()
    assert len(message.splitlines()) == 1 and "Traceback" not in message
    for w in words:
        assert w in message
    assert snapshot(store) == before


def test_win_on_a_completed_campaign_is_refused_and_changes_nothing(tmp_path):
    path = tmp_path / "s.db"
    ok_json(path, "new", "--player", "J", "--name", "c")
    for deed in ("rocks", "amycus", "bulls", "sirens", "colchis", "dragon", "circe", "talos", "homecoming", "harpies"):
        ok_json(path, "win", "--victory", "", "--deed", deed)
    assert ok_json(path, "status")["complete"] is True
    before = ok_json(path, "export")
    result = run(path, "win", "--victory", "Amycus")
    assert result.exit_code == 1 and "complete" in result.output
    assert ok_json(path, "export") == before


def test_export_import_round_trip_is_exact(store, tmp_path):
    ok_json(store, "loss")
    ok_json(store, "win", "--victory", "Harpies, Dragon's-Teeth Warriors, Amycus", "--deed", "rocks")
    ok_json(store, "undo")
    ok_json(store, "win", "--victory", "Harpies, Amycus", "--deed", "rocks")
    out = tmp_path / "v.json"
    assert run(store, "export", "-o", str(out)).exit_code == 0
    other = tmp_path / "other.db"
    imported = ok_json(other, "import", str(out))
    assert imported == ok_json(store, "status")
    again = tmp_path / "again.json"
    assert run(other, "export", "-o", str(again)).exit_code == 0
    assert again.read_bytes() == out.read_bytes()
    assert ok_json(other, "history") == ok_json(store, "history")


@pytest.mark.parametrize("mutate, words", [
    (lambda d: "{not json", "not JSON"),
    (lambda d: {**d, "format": "something"}, "format"),
    (lambda d: {**d, "events": []}, "events"),
    (lambda d: {**d, "state": {**d["state"], "losses": 7}}, "differs"),
    (lambda d: {**d, "events": d["events"][:1] + [{**d["events"][1], "payload": {"victory": ["nope"], "deed": None}}]},
     "does not replay"),
    (lambda d: {**d, "events": d["events"][:1] + [{**d["events"][1], "changes": {}}]}, "does not replay"),
])
def test_malformed_import_is_refused_and_creates_nothing(store, tmp_path, mutate, words):
    doc = ok_json(store, "export")
    bad = mutate(doc)
    path = tmp_path / "bad.json"
    path.write_text(bad if isinstance(bad, str) else json.dumps(bad))
    other = tmp_path / "other.db"
    result = run(other, "import", str(path))
    assert result.exit_code == 1 and words in result.output and len(result.output.strip().splitlines()) == 1
    assert "no campaign yet" in run(other, "status").output


def test_import_under_an_existing_name_is_refused(store, tmp_path):
    out = tmp_path / "v.json"
    run(store, "export", "-o", str(out))
    result = run(store, "import", str(out))
    assert result.exit_code == 1 and "already exists" in result.output
    assert ok_json(store, "import", str(out), "--name", "copy")["campaign"] == "copy"


def test_every_command_has_an_example_and_json():
    from pnp.games.argonauts.campaign_cli import campaign
    for name, cmd in campaign.commands.items():
        assert "Example: pnp campaign" in cmd.help, name
        assert any(p.name == "as_json" for p in cmd.params), name


def test_store_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_STORE", str(tmp_path / "env.db"))
    result = CliRunner().invoke(main, ["campaign", "new", "--player", "J", "--name", "e", "--json"])
    assert result.exit_code == 0 and (tmp_path / "env.db").exists()


def test_export_to_an_unwritable_place_is_one_line(store, tmp_path):
    result = run(store, "export", "-o", str(tmp_path / "no" / "such" / "dir" / "v.json"))
    assert result.exit_code == 1 and "the export was not written: cannot write" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_completed_campaign_shows_final_score(tmp_path):
    path = tmp_path / "s.db"
    ok_json(path, "new", "--player", "J", "--name", "c")
    ok_json(path, "loss")
    ok_json(path, "loss")
    for deed in ("rocks", "amycus", "bulls", "sirens", "colchis", "dragon", "circe", "talos", "homecoming"):
        ok_json(path, "win", "--victory", "", "--deed", deed)
    result = run(path, "win", "--victory", "Harpies")  # the Harpies grant the last deed: no choice left
    assert result.exit_code == 0, result.output
    assert "Campaign complete! Final score: 2" in result.output
    s = ok_json(path, "status")
    assert s["complete"] is True and s["score"] == 2


def test_campaign_print_command(store, tmp_path):
    out = ok_json(store, "print", "-o", str(tmp_path / "out"))
    assert out["cards"] == 54 and out["files"][0].endswith("argonauts-voyage.pdf")
    assert (tmp_path / "out" / "argonauts-voyage.pdf").stat().st_size > 10_000
