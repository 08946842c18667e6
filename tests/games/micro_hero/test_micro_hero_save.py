"""`pnp micro-hero save|resume|status`: snapshots between Trials in the store, with history."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.games.base import sample_chance
from pnp.games.micro_hero.engine import MicroHeroState
from pnp.games.micro_hero.pieces import Options
from pnp.games.micro_hero.policies import greedy_action
from pnp.games.micro_hero.save import (check, load, parse_snapshot, save, snapshot_from_state,
                                       state_from_snapshot)

DECK = "strike+,block,training,training,strike,block,training,block,strike,training"
SUPPLY = "training,strike,block,wrestle,dodge,study,wound:3,lion-skin"


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    path = tmp_path / "pnp.sqlite3"
    monkeypatch.setenv("PNP_STORE", str(path))
    return path


def run(*args):
    return CliRunner().invoke(main, ["micro-hero", *args])


def test_save_resume_status_roundtrip():
    res = run("save", "--deck", DECK, "--supply", SUPPLY, "--beaten", "nemean-lion", "--note", "first", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["save"] == 1 and out["next_round"] == 2 and out["wounds_left"] == 3
    res = run("resume", "--json")
    out = json.loads(res.output)
    assert out["snapshot"]["deck"][0] == "strike+"
    assert "nemean-lion" not in out["snapshot"]["to_come"] and len(out["snapshot"]["to_come"]) == 11
    assert any("printed Life + 1" in s for s in out["steps"])
    res = run("save", "--deck", DECK, "--supply", SUPPLY, "--beaten", "nemean-lion", "--json")
    res = run("status", "--json")
    out = json.loads(res.output)
    assert out["saves"] == 2 and [h["save"] for h in out["history"]] == [1, 2]
    assert out["history"][0]["note"] == "first"


def test_missing_card_is_a_one_line_error_and_nothing_stored(store):
    res = run("save", "--deck", DECK.rsplit(",", 1)[0], "--supply", SUPPLY, "--beaten", "nemean-lion")
    assert res.exit_code == 2
    assert "Training" in res.output and len(res.output.strip().splitlines()) == 1
    res = run("status")
    assert res.exit_code == 1 and "no saved Micro Hero game" in res.output


def test_blessing_of_unbeaten_trial_rejected():
    with pytest.raises(UsageError, match="Blessing"):
        parse_snapshot(DECK, SUPPLY, beaten="")


def test_heroic_lingering_blessing_must_not_be_in_supply():
    with pytest.raises(UsageError):
        parse_snapshot(DECK, SUPPLY, beaten="nemean-lion", difficulty="heroic")
    snap = parse_snapshot(DECK, SUPPLY.replace(",lion-skin", ""), beaten="nemean-lion", difficulty="heroic")
    assert snap.lingering == ["nemean-lion"]


def test_supply_cards_cannot_be_upgraded():
    with pytest.raises(UsageError, match="basic"):
        parse_snapshot(DECK, SUPPLY.replace("dodge", "dodge+"), beaten="nemean-lion")


def test_unknown_game_name():
    run("save", "--deck", DECK, "--supply", SUPPLY, "--beaten", "nemean-lion")
    res = run("resume", "--name", "other")
    assert res.exit_code == 1 and "default" in res.output


def _play_until_reveal(st, rng, rounds):
    while not st.is_terminal():
        if st.phase == "reveal" and st.beaten == rounds:
            return st
        if st.is_chance_node():
            st.apply_action(sample_chance(st, rng))
        else:
            st.apply_action(greedy_action(st, rng))
    return st


def test_engine_snapshot_roundtrip_through_the_store():
    rng = random.Random(1)
    opt = Options(expansions=frozenset({"blood", "athena", "calm", "hera"}))
    st = _play_until_reveal(MicroHeroState(opt), rng, 3)
    assert st.phase == "reveal"
    snap = snapshot_from_state(st)
    check(snap)
    save(snap, name="sim")
    _, n, back = load("sim")
    assert n == 1 and back == snap
    assert back.lifecard == st.lifecard and back.revenge_seen == st.revenge_order and len(back.revenge_seen) == 3
    resumed = state_from_snapshot(back)
    assert resumed.lifecard == st.lifecard and resumed.revenge_order == st.revenge_order
    assert len(resumed.all_cards()) == len(st.all_cards())
    assert [c.kind for c in resumed.heroes[0].deck] == [c.kind for c in st.heroes[0].deck]
    _play_until_reveal(resumed, rng, 99)
    assert resumed.is_terminal()


def test_lifecard_and_revenge_need_their_expansions():
    with pytest.raises(UsageError, match="Calm and Wrath"):
        parse_snapshot(DECK, SUPPLY, beaten="nemean-lion", lifecard="iron-calm")
    with pytest.raises(UsageError, match="Revenge"):
        parse_snapshot(DECK, SUPPLY, beaten="nemean-lion", expansions="hera", revenge="gadfly,gadfly")
    snap = parse_snapshot(DECK, SUPPLY, beaten="nemean-lion", expansions="calm,hera", lifecard="iron-calm",
                          revenge="gadfly")
    assert snap.lifecard == "iron-calm" and snap.revenge_seen == ["gadfly"]
