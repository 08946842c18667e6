"""`pnp judge labors-of-herakles` situations and `pnp simulate labors-of-herakles`, through the CLI."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def judge(*args):
    result = run("judge", "labors-of-herakles", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_play_equal_value_advances_and_pledges():
    r = judge("play", "--value", "4", "--previous", "4", "--trait", "strength", "--level", "5", "--god", "hermes")
    v = r["verdict"]
    assert v["direction"] == "up" and v["new_level"] == 6 and v["hero_token"] and not v["power"]
    assert not v["bonus_token"] and v["adventure_token"]
    assert "labors-of-herakles.play.2" in [c["rule"] for c in r["citations"]]


def test_play_lower_sets_back_and_fires_power():
    v = judge("play", "--value", "3", "--previous", "4", "--trait", "cunning", "--level", "5")["verdict"]
    assert v["direction"] == "down" and v["new_level"] == 4 and v["power"] and not v["hero_token"]


def test_play_onto_nine_gives_bonus_and_at_limit_is_ignored():
    assert judge("play", "--value", "8", "--previous", "2", "--trait", "courage", "--level", "8")["verdict"]["bonus_token"]
    r = judge("play", "--value", "8", "--previous", "2", "--trait", "courage", "--level", "10")
    assert r["verdict"]["ignored"] and r["verdict"]["new_level"] == 10 and r["verdict"]["hero_token"]
    assert "labors-of-herakles.gap.5" in [c["rule"] for c in r["citations"]] and r["basis"] == "inferred"
    low = judge("play", "--value", "1", "--previous", "2", "--trait", "courage", "--level", "1")["verdict"]
    assert low["ignored"] and low["new_level"] == 1 and low["power"]


def test_labor_strictly_greater_on_every_trait():
    ok = judge("labor", "--levels", "7,6,6,6", "--required", "6,5,5,5")
    assert ok["verdict"]["success"] is True and ok["summary"].startswith("Herakles succeeds: each player gains 1 favor")
    assert "the labor is replaced" in ok["summary"]
    tie = judge("labor", "--levels", "strength:7,courage:6,cunning:5,endurance:6", "--required", "6,5,5,5")
    assert tie["verdict"]["success"] is False
    assert tie["verdict"]["traits"]["cunning"] == {"level": 5, "required": 5, "ok": False}


def test_labor_by_card_name():
    assert judge("labor", "--levels", "8,6,4,6", "--labor", "nemean lion")["verdict"]["success"] is True
    assert judge("labor", "--levels", "7,6,4,6", "--labor", "nemean-lion")["verdict"]["success"] is False


def test_trait_limits_and_bonus():
    assert judge("trait", "--level", "10", "--change", "+1")["verdict"] == {"new_level": 10, "ignored": True,
                                                                          "bonus_token": False}
    assert judge("trait", "--level", "1", "--change", "-1")["verdict"]["ignored"] is True
    assert judge("trait", "--level", "8", "--change", "1")["verdict"] == {"new_level": 9, "ignored": False,
                                                                        "bonus_token": True}
    assert judge("trait", "--level", "9", "--change", "1")["verdict"]["bonus_token"] is True
    assert judge("trait", "--level", "10", "--change", "-1")["verdict"]["bonus_token"] is False


def test_endgame_counts_cards_strictly_below_trait():
    v = judge("endgame", "--hand", "strength:3,cunning:7,courage:6,end-01-thr", "--levels", "7,6,5,6")["verdict"]
    assert v["favor"] == 2 and v["counted"] == ["strength:3", "endurance:1"]


@pytest.mark.parametrize("args", [
    ["play", "--value", "11", "--previous", "4", "--trait", "strength", "--level", "5"],
    ["play", "--value", "4", "--previous", "4", "--trait", "luck", "--level", "5"],
    ["play", "--value", "4", "--previous", "4", "--trait", "strength", "--level", "0"],
    ["play", "--value", "4", "--previous", "4", "--trait", "strength", "--level", "5", "--god", "ares"],
    ["labor", "--levels", "7,6,5", "--required", "1,1,1,1"],
    ["labor", "--levels", "7,6,5,5", "--labor", "minotaur"],
    ["labor", "--levels", "7,6,5,5"],
    ["trait", "--level", "5", "--change", "2"],
    ["endgame", "--hand", "strength", "--levels", "5,5,5,5"],
    ["endgame", "--hand", "strength:12", "--levels", "5,5,5,5"],
])
def test_bad_values_exit_2_with_choices(args):
    result = run("judge", "labors-of-herakles", *args)
    assert result.exit_code == 2, result.output
    assert "expected" in result.output and "Traceback" not in result.output


def test_simulate_reports_length_and_seats():
    result = run("simulate", "labors-of-herakles", "-n", "5", "--seed", "3", "--players", "3", "--json")
    assert result.exit_code == 0, result.output
    rep = json.loads(result.output[result.output.index("{"):])
    assert rep["games"] == 5 and len(rep["win_rate_by_seat"]) == 3
    rounding = 5e-5 * 3                             # each share is rounded to 4 decimals
    assert abs(sum(rep["win_rate_by_seat"]) - 1) <= rounding + 1e-9
    assert abs(sum(rep["ends"].values()) - 1) <= rounding + 1e-9
    assert rep["labor_attempts_mean"] >= rep["labors_completed_mean"]


def test_gap_14_play_refuses_a_card_the_deck_does_not_hold():
    from pnp.games.labors_of_herakles.engine import adventures
    have = {(a.value, a.trait, a.god) for a in adventures().values()}
    missing = next((v, "strength", g) for v in range(1, 11) for g in ("zeus", "athena", "apollo", "artemis",
                                                                          "hermes", "poseidon")
                   if (v, "strength", g) not in have)
    res = CliRunner().invoke(main, ["judge", "labors-of-herakles", "play", "--value", str(missing[0]), "--previous",
                                    "1", "--trait", "strength", "--level", "5", "--god", missing[2]])
    assert res.exit_code == 2 and "no Adventure card is a" in res.output
