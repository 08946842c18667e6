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


def test_fixed_option_values_typed_loosely_give_the_same_ruling():
    exact = run("judge", "argonauts", "treasure", "--treasure", "speaking-beam", "--when", "after-roll", "--json")
    assert exact.exit_code == 0, exact.output
    loose = run("judge", "argonauts", "treasure", "--treasure", "speaking beam", "--when", "After Roll", "--json")
    assert loose.output == exact.output


def test_ambiguous_option_value_is_refused_with_both_values():
    r = run("judge", "argonauts", "treasure", "--treasure", "lyre", "--when", "after")
    assert r.exit_code == 2 and "ambiguous moment 'after'" in r.output
    assert "after-result" in r.output and "after-roll" in r.output


@pytest.mark.parametrize("loose, exact", [
    (["judge", "by-jove", "space", "--name", "nemian lion"], ["judge", "by-jove", "space", "--name", "Nemean Lion"]),
    (["judge", "later-years", "fee", "--action", "captur", "--object", "temples"],
     ["judge", "later-years", "fee", "--action", "Capture", "--object", "Temple"]),
    (["judge", "twelve-labors", "resolve", "--labor", "boar", "--helper", "red:5,3,2"],
     ["judge", "twelve-labors", "resolve", "--labor", "Erymanthian Boar", "--helper", "red:5,3,2"]),
    (["judge", "micro-hero", "score", "--play", "strik, Lion Skin, blocks"],
     ["judge", "micro-hero", "score", "--play", "strike, lion-skin, block"]),
])
def test_judge_names_typed_loosely(loose, exact):
    want = run(*exact, "--json")
    assert want.exit_code == 0, want.output
    assert run(*loose, "--json").output == want.output


def test_play_assignment_names_cards_on_the_field_loosely():
    from pnp.errors import UsageError
    from pnp.games.argonauts.play import parse_assign
    from pnp.games.argonauts.state import new_game
    state = new_game(seed=5)
    while state.phase == "quest":
        state.apply_action(state.deck[0])
    card = state.field[0]
    typed = state.stats[card].name.upper().replace(" ", "  ")
    assert parse_assign(f"{typed}:2", state) == {card: 2}
    off_field = next(c for c in ("talos", "circe", "furies") if c not in state.field)
    with pytest.raises(UsageError, match="unknown card on the field"):
        parse_assign(f"{off_field}:1", state)


def test_micro_hero_saved_game_and_cards_typed_loosely(tmp_path):
    env = {"PNP_STORE": str(tmp_path / "mh.sqlite3")}
    runner = CliRunner(env=env)
    deck = "Strike+,blocks,training,training,strike,block,training,block,strike,training"
    supply = "training,strike,block,wrestle,dodge,study,wound:3,Lion Skin"
    r = runner.invoke(main, ["micro-hero", "save", "--deck", deck, "--supply", supply,
                             "--beaten", "Nemean Lion", "--name", "Hercules run", "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, ["micro-hero", "status", "--name", "hercules-run", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["game"] == "Hercules run"
    r = runner.invoke(main, ["micro-hero", "status", "--name", "other run"])
    assert r.exit_code == 1 and "no saved game named 'other run'" in r.output


@pytest.mark.parametrize("loose, exact", [
    ("Combat", "combat"), ("combt", "combat"), ("combat 3", "argonauts.combat.3"), ("Argonauts Gap 2", "argonauts.gap.2"),
])
def test_rules_show_takes_ids_and_sections_loosely(loose, exact):
    want = run("rules", "argonauts", "show", exact, "--json")
    assert want.exit_code == 0, want.output
    assert run("rules", "argonauts", "show", loose, "--json").output == want.output


def test_rules_show_never_reads_another_number():
    r = run("rules", "argonauts", "show", "argonauts.combat.99")
    assert r.exit_code == 2 and "unknown rule id or section" in r.output
