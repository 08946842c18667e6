"""Names typed loosely at the command line: each command resolves them through pnp.names."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.db"
    assert run("campaign", "new", "--player", "Jason", "--name", "first-voyage", "--store", str(path)).exit_code == 0
    return path


def test_win_records_harpies_and_bronze_bulls_from_loose_names(store):
    r = run("campaign", "win", "--victory", "harpy, bronze bull", "--deed", "homecomming",
            "--store", str(store), "--json")
    assert r.exit_code == 0, r.output
    changes = json.loads(r.output)["changes"]
    assert set(changes["ticked"]) == {"harpies", "bronze-bulls"}
    assert changes["deeds"][0] == "homecoming"


def test_win_with_one_letter_refuses_with_a_short_list_and_changes_nothing(store):
    before = run("campaign", "export", "--store", str(store)).output
    r = run("campaign", "win", "--victory", "s", "--deed", "homecoming", "--store", str(store))
    assert r.exit_code == 1
    line = r.output.strip()
    assert len(line.splitlines()) == 1
    assert "ambiguous card 's'" in line and "Sirens" not in line.split("(and")[1]
    assert line.count(",") <= 7 and "more" in line and "type more of the name" in line
    assert run("campaign", "export", "--store", str(store)).output == before


def test_campaign_name_typed_loosely_picks_the_one_campaign(store):
    assert run("campaign", "new", "--player", "Medea", "--name", "second-voyage", "--store", str(store)).exit_code == 0
    r = run("campaign", "status", "--campaign", "First Voyage", "--store", str(store), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["campaign"] == "first-voyage"
    r = run("campaign", "status", "--campaign", "voyage", "--store", str(store))
    assert r.exit_code == 1 and "no campaign named 'voyage'" in r.output


def test_built_in_card_set_typed_loosely():
    from pnp.cardset.find import resolve_set
    from pnp.paths import cardsets_root
    assert resolve_set("Twelve Labours") == cardsets_root() / "twelve-labors"
    assert resolve_set("argonuats") == cardsets_root() / "argonauts"
