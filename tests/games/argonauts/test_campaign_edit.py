"""Campaign history with undo and redo, rename and delete (kept beside the backups), and the
"before your next game" checklist each record returns: library and CLI agree."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.cli.main import main
from pnp.errors import CampaignError


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.db"
    service.new(path, "voyage", "Jason")
    return path


def cli(store, *args):
    r = CliRunner().invoke(main, ["campaign", *args, "--store", str(store), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_redo_brings_back_exactly_what_undo_took_and_a_new_record_ends_redo(store):
    won = service.win(store, "voyage", ["harpies", "amycus"], "rocks")
    after_win = service.status(store)
    service.undo(store)
    assert service.status(store)["wins"] == 0 and service.history_view(store)["redo"] == 2
    redone = service.redo(store)
    assert redone["changes"]["redid"]["changes"] == won["changes"]
    assert service.status(store) == after_win
    log = service.history_view(store)
    assert log["undo"] == 2 and log["redo"] is None and not log["rows"][1]["undone"]
    service.undo(store)
    service.loss(store)  # a new record: the undone win can no longer come back
    with pytest.raises(CampaignError, match="nothing to redo"):
        service.redo(store)
    doc = service.export(store)  # a log with redo replays on import, checked like any other
    assert service.import_(store, doc, "copy")["wins"] == 0


def test_two_undos_then_two_redos_come_back_in_order(store):
    service.loss(store)
    service.win(store, "voyage", ["harpies"], "rocks")
    service.undo(store)
    service.undo(store)
    assert service.history_view(store)["redo"] == 2  # the loss, undone last, comes back first
    with pytest.raises(CampaignError, match="record 3 is not the one"):
        service.redo(store, seq=3)
    service.redo(store, seq=2)
    service.redo(store, seq=3)
    assert service.status(store)["wins"] == 1 and service.status(store)["losses"] == 1


def test_undo_of_a_given_record_refuses_when_another_came_after_it(store):
    first = service.loss(store)
    service.loss(store)  # another phone recorded meanwhile
    with pytest.raises(CampaignError, match="no longer the last"):
        service.undo(store, seq=2)
    assert service.status(store)["losses"] == 2 and first["status"]["losses"] == 1


def test_cli_redo_agrees_with_the_library(store):
    cli(store, "loss")
    cli(store, "undo")
    r = cli(store, "redo")
    assert r["changes"]["redid"]["seq"] == 2 and service.status(store)["losses"] == 1
    assert r["next_game"][0]["do"].startswith("Mark a loss")


def test_rename_keeps_log_and_current_and_refuses_a_taken_or_long_name(store):
    service.loss(store)
    service.new(store, "other", "Medea")
    service.use(store, "voyage")
    service.rename(store, "voyage", "Argo")
    assert service.campaigns(store)["current"] == "Argo" and service.status(store, "Argo")["losses"] == 1
    with pytest.raises(CampaignError, match="already exists"):
        service.rename(store, "Argo", "OTHER")
    with pytest.raises(CampaignError, match="over 200"):
        service.rename(store, "Argo", "x" * 100_000)
    assert cli(store, "rename", "Argo II", "--campaign", "Argo")["campaign"] == "Argo II"


def test_delete_saves_the_export_first_and_import_brings_it_back(store):
    from pnp.games.argonauts import table
    service.win(store, "voyage", ["harpies"], "rocks")
    table.start(store, "voyage")  # a game in progress goes with it
    before = service.export(store)
    r = cli(store, "delete", "voyage", "--yes")
    assert service.campaigns(store) == {"current": None, "campaigns": []}
    back = service.read_export(r["saved"])
    assert back["events"] == before["events"] and back["state"] == before["state"]
    service.import_(store, back)
    assert service.status(store, "voyage")["wins"] == 1
    assert CliRunner().invoke(main, ["campaign", "delete", "voyage", "--store", str(store)], input="n\n").exit_code != 0
    assert service.status(store, "voyage")["wins"] == 1  # not confirmed: nothing deleted


def test_before_next_game_lists_every_change_of_a_win_and_takes_them_back_after_undo(store):
    r = service.win(store, "voyage", ["harpies", "amycus"], "rocks")
    steps = [s["do"] for s in r["next_game"]]
    assert "Tick box 2 of the level track of Harpies (now difficulty 8, deadliness 2)" in steps
    assert "Take Phaeacian Welcome from the reserve and add it to the adventure deck" in steps
    assert "Tick the Heroic Deed Ran the Clashing Rocks on your Player card" in steps
    assert steps[-1] == "Start the next game with 13 crew"
    u = [s["do"] for s in service.undo(store)["next_game"]]
    assert "Take Phaeacian Welcome out of the adventure deck and put it back in the reserve" in u
    assert u[-1] == "Start the next game with 12 crew"
    assert all(s["rule"].startswith("argonauts.") for s in r["next_game"])
