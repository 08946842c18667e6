"""`pnp judge verb-adjective-noun` and `pnp simulate` for both games: rulings against worked examples."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main


def judge(*args):
    result = CliRunner().invoke(main, ["judge", "verb-adjective-noun", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def rules(r):
    return [c["rule"] for c in r["citations"]]


def test_add_noun_after_matching_adjective_completes_the_trial():
    r = judge("add", "--trial", "tickle, sulky", "--card", "cyclops")
    assert r["verdict"]["legal"] and r["verdict"]["complete_after"]
    assert "verb-adjective-noun.gap.1" in rules(r)          # the Noun edge misprint reading


def test_add_rejects_verb_noun_only_trial():
    r = judge("add", "--trial", "tickle", "--card", "cyclops")
    assert not r["verdict"]["legal"] and "adjective" in r["summary"]
    assert "verb-adjective-noun.add.3" in rules(r)


def test_add_rejects_unmatched_edges():
    r = judge("add", "--trial", "tickle, gilded", "--card", "cyclops")
    assert not r["verdict"]["legal"] and "blue" in r["verdict"]["reasons"][0]


def test_condition_attaches_to_any_trial_but_not_alone():
    assert judge("add", "--trial", "cyclops", "--card", "blindfolded")["verdict"]["legal"]
    r = judge("add", "--card", "blindfolded")
    assert not r["verdict"]["legal"] and "verb-adjective-noun.gap.7" in rules(r)


def test_trial_complete_with_condition_and_incomplete_without_noun():
    r = judge("trial", "--cards", "tickle, sulky, cyclops, before breakfast")
    assert r["verdict"]["complete"] and r["verdict"]["laurels"] == 8
    r = judge("trial", "--cards", "tickle, sulky")
    assert not r["verdict"]["complete"] and r["verdict"]["missing"] == ["noun"]


def test_auction_tie_wins_nothing():
    r = judge("auction", "--markers", "red:3, blue:3, green:1")
    assert r["verdict"]["winner"] is None and r["verdict"]["tied"] == ["red", "blue"]
    assert "verb-adjective-noun.gap.2" in rules(r)
    r = judge("auction", "--markers", "red:3, blue:2", "--player", "red")
    assert r["verdict"]["winner"] == "red" and r["verdict"]["wins_now"]
    assert r["verdict"]["removed"] == {"red": 3} and r["verdict"]["returned"] == {"blue": 2}


def test_score_ties_get_full_value():
    r = judge("score", "--trial", "tickle, sulky, cyclops", "--markers", "red:1, blue:1, green:1")
    assert r["verdict"]["awards"] == {"red": 3, "blue": 3, "green": 3}
    assert r["basis"] == "house rule" and "verb-adjective-noun.gap.5" in rules(r)   # the deck's laurel values


def test_score_waits_for_a_leader_and_alone_condition():
    r = judge("score", "--trial", "tickle, sulky, cyclops", "--markers", "red:2, blue:1", "--turn", "blue")
    assert not r["verdict"]["scored"]
    r = judge("score", "--trial", "tickle, sulky, cyclops, without iolaus", "--markers", "red:2, blue:2",
              "--turn", "blue")
    assert r["verdict"]["awards"] == {"blue": 4} and r["basis"] == "house rule"


def test_burn_minimum_one_and_cap():
    r = judge("burn", "--cards", "shampoo, blindfolded")
    assert r["verdict"]["recovered"] == 4
    r = judge("burn", "--cards", "shampoo, blindfolded", "--removed", "2")
    assert r["verdict"]["recovered"] == 2 and "verb-adjective-noun.gap.8" in rules(r)


@pytest.mark.parametrize("args", [
    ["add", "--trial", "tickle", "--card", "kyklops"],
    ["add", "--trial", "tickle,,sulky", "--card", "cyclops"],
    ["add", "--trial", "tickle, shampoo", "--card", "sulky"],
    ["trial", "--cards", ""],
    ["auction", "--markers", "red:three"],
    ["auction", "--markers", "red:40"],
    ["score", "--trial", "tickle, sulky, cyclops", "--markers", "red"],
    ["burn", "--cards", "shampoo", "--removed", "99"],
])
def test_bad_values_exit_2(args):
    result = CliRunner().invoke(main, ["judge", "verb-adjective-noun", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_simulators_report_length_and_first_player(tmp_path):
    out = CliRunner().invoke(main, ["simulate", "verb-adjective-noun", "-n", "2", "--policy", "greedy",
                                    "--seed", "3", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output[out.output.index("{"):])
    assert report["seed"] == 3 and report["ended_by"]["twelfth trial"] == 1.0
    assert sum(report["win_share_by_seat"]) == pytest.approx(1.0)
    out = CliRunner().invoke(main, ["simulate", "later-years", "-n", "3", "--players", "2", "--json"])
    report = json.loads(out.output[out.output.index("{"):])
    assert report["rounds"]["min"] >= 1 and len(report["win_share_by_seat"]) == 2
    assert set(report["first_player"]) == {"win_share", "fair_share", "advantage", "z"}


def test_auctions_2_the_card_is_won_only_at_the_start_of_the_leaders_own_turn():
    r = judge("auction", "--markers", "red:3, blue:1", "--player", "blue")
    assert r["verdict"]["wins_now"] is False and r["verdict"]["winner"] == "red"
    assert "red wins" not in r["summary"] and "nothing happens" in r["summary"]
    assert r["verdict"]["removed"] == {} and r["verdict"]["returned"] == {}
    mine = judge("auction", "--markers", "red:3, blue:1", "--player", "red")
    assert mine["verdict"]["wins_now"] is True and mine["verdict"]["removed"] == {"red": 3}


def test_gap_2_help_and_docs_say_most_markers_not_a_majority():
    from pathlib import Path
    help_text = CliRunner().invoke(main, ["judge", "verb-adjective-noun", "auction", "--help"]).output
    doc = (Path(__file__).resolve().parents[3] / "docs" / "verb-adjective-noun.md").read_text(encoding="utf-8")
    assert "majority" not in help_text.lower() and "majority" not in doc.lower()
    assert "most markers" in help_text


def test_burn_1_the_same_card_cannot_be_burnt_twice():
    res = CliRunner().invoke(main, ["judge", "verb-adjective-noun", "burn", "--cards", "shampoo, shampoo"])
    assert res.exit_code == 2 and "burnt twice" in res.output
