"""`pnp judge micro-hero`: the rulebook's own examples first, then best order, upgrade plans, Wounds."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.games.micro_hero.rulings import best_order, score, upgrade_plan, wound_check


def judge(*args):
    res = CliRunner().invoke(main, ["judge", "micro-hero", *args, "--json"])
    return res, (json.loads(res.output) if res.exit_code == 0 else None)


# --- the rulebook's examples ---------------------------------------------------------------

def test_rulebook_chain_example_strike_first_5_and_fourth_2_total_7():
    r = score("strike,block,training,strike,training")
    assert r.verdict["cards"][0]["attack"] == 5
    assert r.verdict["cards"][3]["attack"] == 2
    assert r.verdict["attack"] == 7 and r.basis == "stated"
    assert any(c.rule == "micro-hero.planning.4" for c in r.citations)


def test_rulebook_coop_defence_example_7_vs_7_blocks_and_1_vs_7_takes_one():
    assert wound_check(3, attack=7, defence=7).verdict["wounds_due"] == 0
    r = wound_check(3, attack=7, defence=1)
    assert r.verdict["wounds_due"] == 1 and not r.verdict["lost"]


# --- score -------------------------------------------------------------------------------------

def test_score_cli_with_upgraded_card_and_wound():
    res, out = judge("score", "--play", "strike,block+,training,wound,strike")
    assert res.exit_code == 0
    v = out["verdict"]
    assert (v["attack"], v["defence"], v["xp"]) == (6, 8, 3)
    assert out["basis"] == "inferred"                                # gap.6 reading
    assert "micro-hero.gap.6" in [c["rule"] for c in out["citations"]]
    assert len(out["steps"]) == 5 and "running: 5/8/3" in out["steps"][2]


def test_score_unknown_card_exits_2_with_choices():
    res = CliRunner().invoke(main, ["judge", "micro-hero", "score", "--play", "strike,smash"])
    assert res.exit_code == 2 and "strike" in res.output and "smash" in res.output


def test_score_malformed_list_exits_2():
    res = CliRunner().invoke(main, ["judge", "micro-hero", "score", "--play", "strike,,block"])
    assert res.exit_code == 2


# --- best order --------------------------------------------------------------------------------

def test_best_order_meets_defence_then_maximises_xp():
    r = best_order("strike,strike,block,training,training", need_defence=4)
    v = r.verdict
    assert v["meets"] and v["defence"] >= 4 and v["xp"] == 8
    assert v["order"][1] == "block"


def test_best_order_meeting_attack_and_defence():
    r = best_order("strike,strike,block,training,training", need_attack=7, need_defence=3)
    v = r.verdict
    assert v["meets"] and v["attack"] >= 7 and v["defence"] >= 3


def test_best_order_none_gives_the_closest_miss():
    r = best_order("strike,block", need_attack=9)
    v = r.verdict
    assert not v["meets"] and v["order"] == ["strike", "block"]
    assert v["shortfall"] == {"attack": 7, "defence": 0}


def test_best_order_rejects_negative_need():
    with pytest.raises(UsageError):
        best_order("strike", need_attack=-1)


# --- upgrade plans -------------------------------------------------------------------------------

def test_buy_upgrade_foresee_is_legal_at_12_xp():
    r = upgrade_plan(12, "buy strike; upgrade; foresee")
    assert r.verdict == {"legal": True, "xp_left": 0, "xp_spent": 12, "reason": None}


def test_plan_over_budget_is_illegal():
    r = upgrade_plan(10, "buy strike; upgrade; foresee")
    assert not r.verdict["legal"] and "action 3" in r.verdict["reason"]


def test_no_blessing_in_first_round_but_fine_later():
    assert not upgrade_plan(8, "buy lion-skin", round_no=1).verdict["legal"]
    assert upgrade_plan(9, "buy lion skin", round_no=2).verdict["xp_left"] == 1


def test_upgrade_needs_a_known_top_and_not_twice():
    assert not upgrade_plan(8, "upgrade").verdict["legal"]
    assert upgrade_plan(8, "upgrade", discard="training,strike").verdict["xp_left"] == 4
    assert not upgrade_plan(8, "upgrade", discard="strike+").verdict["legal"]
    assert not upgrade_plan(8, "foresee", discard="strike").verdict["legal"]


def test_wounds_cannot_be_bought_but_can_be_healed():
    assert not upgrade_plan(8, "buy wound").verdict["legal"]
    r = upgrade_plan(4, "upgrade", discard="wound")
    assert r.verdict["legal"] and r.basis == "inferred"


def test_upgrade_cli_bad_action_exits_2():
    res = CliRunner().invoke(main, ["judge", "micro-hero", "upgrade", "--xp", "4", "--plan", "steal strike"])
    assert res.exit_code == 2 and "buy CARD" in res.output


# --- wounds ------------------------------------------------------------------------------------

def test_wound_loss_check():
    _, out = judge("wound", "--wounds-left", "0")
    assert out["verdict"]["lost"] is True
    _, out = judge("wound", "--wounds-left", "1")
    assert out["verdict"]["lost"] is False and out["verdict"]["wounds_left_after"] == 0


def test_blood_and_bruises_wounds_per_point():
    r = wound_check(3, attack=7, defence=3, blood=True)
    assert r.verdict["wounds_due"] == 4 and r.verdict["lost"]


def test_wound_out_of_range_exits_2():
    res = CliRunner().invoke(main, ["judge", "micro-hero", "wound", "--wounds-left", "-1"])
    assert res.exit_code == 2


def test_judge_help_lists_situations_with_examples():
    res = CliRunner().invoke(main, ["judge", "micro-hero", "--help"])
    for name in ("score", "best-order", "upgrade", "wound"):
        assert name in res.output
    assert "pnp judge micro-hero" in res.output
