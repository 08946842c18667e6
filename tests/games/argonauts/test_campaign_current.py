"""The current campaign: only `use` and a successful `new` set it; reads, imports and failures never move it."""
from __future__ import annotations

import sqlite3

import pytest

from campaign_commands import ok_json, run


def ok(store, *args):
    result = run(store, *args)
    assert result.exit_code == 0, result.output
    return result.output


def wins(store, name):
    return ok_json(store, "status", "--campaign", name)["wins"]


@pytest.fixture
def two(tmp_path):
    """Two campaigns, 'mine' current (created last)."""
    store = tmp_path / "s.db"
    ok(store, "new", "--player", "Medea", "--name", "theirs")
    ok(store, "new", "--player", "Jason", "--name", "mine")
    return store


def test_new_sets_current_and_list_shows_it_with_wins_and_losses(two):
    ok(two, "loss", "--campaign", "theirs")
    ok(two, "win", "--victory", "Harpies", "--deed", "homecoming")
    listed = ok_json(two, "list")
    assert listed["current"] == "mine"
    assert [(c["name"], c["player"], c["wins"], c["losses"], c["current"]) for c in listed["campaigns"]] == [
        ("mine", "Jason", 1, 0, True), ("theirs", "Medea", 0, 1, False)]
    text = ok(two, "list")
    assert "* mine" in text and "  theirs" in text and "1 win " in text and "1 loss " in text


def test_reported_scenario_a_read_an_import_or_a_failed_new_never_redirects_the_next_win(two, tmp_path):
    # a read naming another campaign
    ok(two, "status", "--campaign", "theirs")
    ok(two, "history", "--campaign", "theirs")
    ok(two, "deck", "--campaign", "theirs")
    ok(two, "export", "--campaign", "theirs", "-o", str(tmp_path / "theirs.json"))
    # an import of another campaign
    ok(two, "import", str(tmp_path / "theirs.json"), "--name", "theirs-copy")
    # a failed new (name taken) and a failed use (unknown name)
    assert run(two, "new", "--player", "X", "--name", "theirs").exit_code == 1
    assert run(two, "use", "nobody").exit_code == 1
    # a failed write on another campaign
    assert run(two, "win", "--campaign", "theirs", "--victory", "Talos", "--deed", "rocks").exit_code == 1
    out = ok(two, "win", "--victory", "Harpies", "--deed", "homecoming")
    assert "Recorded on campaign 'mine' (Jason)" in out
    assert (wins(two, "mine"), wins(two, "theirs"), wins(two, "theirs-copy")) == (1, 0, 0)
    assert ok_json(two, "list")["current"] == "mine"


def test_use_switches_and_every_write_names_its_campaign(two):
    assert "Current campaign: 'theirs' (Medea)" in ok(two, "use", "theirs")
    assert "Recorded on campaign 'theirs' (Medea): losses +1" in ok(two, "loss")
    assert "Recorded on campaign 'theirs'" in ok(two, "undo")
    out = ok(two, "win", "--campaign", "mine", "--victory", "Amycus", "--deed", "rocks")
    assert out.startswith("Recorded on campaign 'mine' (Jason):")
    assert ok_json(two, "list")["current"] == "theirs"  # writing to a named campaign does not switch either
    assert ok_json(two, "loss")["campaign"] == "theirs"


def test_with_several_campaigns_and_none_current_a_write_refuses_and_lists_them(tmp_path):
    store = tmp_path / "s.db"
    ok(store, "new", "--player", "Jason", "--name", "a")
    doc = tmp_path / "a.json"
    ok(store, "export", "-o", str(doc))
    other = tmp_path / "other.db"
    ok(other, "import", str(doc), "--name", "b")  # an import into an empty store sets nothing current
    ok(other, "import", str(doc), "--name", "c")
    assert ok_json(other, "list")["current"] is None
    for args in (["win", "--victory", "Harpies", "--deed", "rocks"], ["loss"], ["undo"]):
        result = run(other, *args)
        assert result.exit_code == 1
        line = result.output.strip()
        assert len(line.splitlines()) == 1 and "none is current: b, c" in line and "campaign use" in line
    assert [c["losses"] + c["wins"] for c in ok_json(other, "list")["campaigns"]] == [0, 0]
    assert "No campaign is current" in ok(other, "list")
    ok(other, "use", "c")
    assert ok_json(other, "loss")["campaign"] == "c"


def test_a_single_campaign_needs_no_choice_and_an_empty_store_says_how_to_start(tmp_path):
    store = tmp_path / "s.db"
    result = run(store, "loss")
    assert result.exit_code == 1 and "no campaign yet" in result.output and "campaign new" in result.output
    assert "No campaigns yet" in ok(store, "list")
    ok(store, "new", "--player", "Jason", "--name", "solo")
    assert ok_json(store, "loss")["campaign"] == "solo"


def test_current_is_kept_in_the_store_by_id(two):
    """The pointer survives reopening and lives in its own table, so the CLI and `pnp serve` share it."""
    ok(two, "use", "theirs")
    conn = sqlite3.connect(two)
    (cid,) = conn.execute("SELECT campaign_id FROM campaign_current").fetchone()
    assert conn.execute("SELECT name FROM campaign WHERE id=?", (cid,)).fetchone()[0] == "theirs"
    conn.close()
    assert ok_json(two, "status")["campaign"] == "theirs"
