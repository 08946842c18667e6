"""`pnp judge by-jove`: the rulebook's own examples first, then every situation and its bad input."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.games.by_jove import data, rulings


def judge(*args):
    result = CliRunner().invoke(main, ["judge", "by-jove", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def cited(ruling) -> set[str]:
    return {c["rule"] for c in ruling["citations"]}


# ---- the rulebook's worked examples ----------------------------------------------------------

def test_rulebook_example_half_of_5_coins_is_3():
    # Oracles and Coin Penalties: "give up 1/2 your 5 gold coins. Give up 3." / "(With 5, pay 3)"
    r = judge("penalty", "--coins", "5", "--half")
    assert r["verdict"] == {"pay": 3, "left": 2}
    assert {"by-jove.penalties.1", "by-jove.oracles.3"} <= cited(r) and r["basis"] == "stated"


def test_rulebook_example_double_fives_from_a_god_reach_the_next_god_and_hades():
    # Gods/Goddess: double fives from a god's space take you to the next god, who sends you to Hades.
    r = judge("god", "--dice", "5,5", "--from", "Apollo")
    assert r["verdict"] == {"result": "hades", "space": "Venus"} and "by-jove.gods.9" in cited(r)


@pytest.mark.parametrize("fighter,throws", [("hercules", 3), ("hero", 2), ("mortal", 1)])
def test_rulebook_throws_per_fighter(fighter, throws):
    # Perils: 3 times for Hercules, 2 for any other Hero, 1 for a Mere Mortal.
    r = judge("peril", "--fighter", fighter, "--peril", "6", "--rolls", ",".join(["1"] * throws))
    assert r["verdict"]["result"] == "loss"
    assert r["verdict"]["lose_hero"] is (fighter != "mortal")
    with pytest.raises(UsageError):
        rulings.peril(fighter, 6, [1] * (throws + 1))


def test_rulebook_beginning_pays_3_to_a_mortal_and_1_to_a_hero_owner():
    assert judge("beginning", "--heroes", "0")["verdict"] == {"coins": 3}
    r = judge("beginning", "--heroes", "3")
    assert r["verdict"] == {"coins": 1} and "by-jove.gap.8" in cited(r) and r["basis"] == "inferred"
    assert judge("beginning", "--heroes", "2", "--how", "sent")["verdict"] == {"coins": 0}


def test_rulebook_time_limit_points():
    # Time Limit Game: coin 1, adventure award 8, VAP 2.
    r = judge("score", "--player", "Ann:coins=3,vap=2,labyrinth=1,quest=1", "--player", "Bo:coins=22")
    assert r["verdict"]["scores"] == {"Ann": 3 + 4 + 16, "Bo": 22} and r["verdict"]["winners"] == ["Ann"]


# ---- each situation ------------------------------------------------------------------------------

def test_peril_tie_wins_and_is_flagged_for_the_story_variant():
    r = judge("peril", "--fighter", "hero", "--peril", "4", "--rolls", "2,4")
    assert r["verdict"] == {"result": "win", "vap": 1, "tie": True, "throws_used": 2}
    assert "by-jove.gap.10" in cited(r)


def test_peril_undecided_protected_and_young():
    assert judge("peril", "--fighter", "hercules", "--peril", "5", "--rolls", "1")["verdict"] == {
        "result": "undecided", "throws_left": 2}
    assert judge("peril", "--fighter", "mortal", "--peril", "5", "--rolls", "3", "--protected")[
        "verdict"]["result"] == "loss-ignored"
    assert judge("peril", "--fighter", "hero", "--peril", "5", "--rolls", "3,3", "--young")[
        "verdict"]["lose_vap"] is False


def test_peril_throws_after_a_win_are_refused():
    result = CliRunner().invoke(main, ["judge", "by-jove", "peril", "--fighter", "hercules", "--peril", "2",
                                       "--rolls", "5,1"])
    assert result.exit_code == 2 and "won on throw 1" in result.output


def test_god_arrivals():
    assert judge("god", "--dice", "3,3")["verdict"]["result"] == "hades"
    assert judge("god", "--dice", "3,4")["verdict"]["result"] == "protected-turn"
    r = judge("god", "--dice", "4,6", "--from", "venus")
    assert r["verdict"] == {"result": "protected-turn", "space": "Jupiter"} and "by-jove.gap.12" in cited(r)
    r = judge("god", "--dice", "2,2", "--from", "Jupiter")
    assert r["verdict"] == {"result": "protected-move", "space": "Taxes", "protected": True}


@pytest.mark.parametrize("owner,coins,result", [("none", 0, "claim"), ("self", 0, "nothing"),
                                                ("other", 2, "pay"), ("other", 0, "beginning")])
def test_hero_space(owner, coins, result):
    assert judge("hero-space", "--owner", owner, "--coins", str(coins))["verdict"]["result"] == result


def test_hero_fee_skipped_under_protection():
    assert judge("hero-space", "--owner", "other", "--coins", "3", "--protected")["verdict"] == {
        "result": "nothing", "fee": 0}


def test_penalty_amount_larger_than_the_purse():
    assert judge("penalty", "--coins", "2", "--amount", "5")["verdict"] == {"pay": 2, "left": 0}
    assert judge("penalty", "--coins", "6", "--half")["verdict"] == {"pay": 3, "left": 3}


@pytest.mark.parametrize("args,verdict", [
    (["--turn", "1", "--dice", "2,2", "--coins", "0"], {"leaves": True, "how": "doubles", "moves": 4}),
    (["--turn", "2", "--dice", "2,3", "--coins", "5", "--pay"], {"leaves": True, "how": "paid", "moves": 5}),
    (["--turn", "3", "--dice", "1,3", "--coins", "0", "--card"], {"leaves": True, "how": "card", "moves": 4}),
    (["--turn", "4", "--dice", "1,3", "--coins", "0"], {"leaves": True, "how": "served", "moves": 4}),
    (["--turn", "3", "--dice", "1,3", "--coins", "1"], {"leaves": False, "how": "stays", "moves": 0}),
])
def test_hades_exits(args, verdict):
    r = judge("hades", *args)
    assert {k: r["verdict"][k] for k in verdict} == verdict


def test_hades_payment_needs_three_coins():
    r = judge("hades", "--turn", "1", "--dice", "1,2", "--coins", "2", "--pay")
    assert r["verdict"]["leaves"] is False and "by-jove.gap.15" in cited(r)


@pytest.mark.parametrize("space,flag,ok", [("Beginning", [], False), ("land of the lotus eaters", [], False),
                                            ("Hades", ["--in-hades"], False), ("Hades", [], True),
                                            ("Medusa", [], True), ("Minotaur", [], True)])
def test_bounce(space, flag, ok):
    assert judge("bounce", "--space", space, *flag)["verdict"]["can_bounce"] is ok


def test_win_and_missing():
    assert judge("win", "--coins", "16", "--vap", "8", "--labyrinth", "1", "--quest", "1")["verdict"] == {
        "won": True, "missing": {}}
    r = judge("win", "--coins", "12", "--vap", "8", "--quest", "1")
    assert r["verdict"]["missing"] == {"coins": 4, "labyrinth": 1}


def test_score_tie_is_shared():
    r = judge("score", "--player", "A:coins=10", "--player", "B:vap=5")
    assert r["verdict"]["winners"] == ["A", "B"] and r["verdict"]["tie"] is True and r["basis"] == "house rule"


# ---- bad input: exit 2 with the valid choices --------------------------------------------------

@pytest.mark.parametrize("args,needle", [
    (["peril", "--fighter", "giant", "--peril", "3", "--rolls", "4"], "hercules, hero, mortal"),
    (["peril", "--fighter", "hero", "--peril", "7", "--rolls", "4"], "1-6"),
    (["peril", "--fighter", "hero", "--peril", "3", "--rolls", "4,x"], "numbers"),
    (["god", "--dice", "3"], "needs 2"),
    (["god", "--dice", "3,2", "--from", "Zeus"], "Apollo, Jupiter, Neptune, Venus"),
    (["beginning", "--heroes", "9"], "0-8"),
    (["hero-space", "--owner", "mine", "--coins", "1"], "none, other, self"),
    (["penalty", "--coins", "4"], "--half or --amount"),
    (["hades", "--turn", "5", "--dice", "1,2", "--coins", "0"], "1-4"),
    (["bounce", "--space", "Atlantis"], "expected one of"),
    (["win", "--coins", "1", "--vap", "1", "--quest", "2"], "0-1"),
    (["score", "--player", "Ann:gold=3"], "coins, labyrinth, quest, vap"),
])
def test_bad_values_exit_2_with_choices(args, needle):
    result = CliRunner().invoke(main, ["judge", "by-jove", *args])
    assert result.exit_code == 2, result.output
    assert needle in result.output


def test_human_output_lists_steps_and_citations():
    result = CliRunner().invoke(main, ["judge", "by-jove", "beginning", "--heroes", "0"])
    assert result.exit_code == 0
    assert "Take 3 gold coin(s)" in result.output and "[by-jove.beginning.2] The Beginning" in result.output


@pytest.mark.parametrize("name,coins,flags,verdict,gap", [
    ("Taxes", 7, [], {"kind": "taxes", "pay": 4}, "by-jove.gap.1"),
    ("taxes", 7, ["--protected"], {"kind": "taxes", "pay": 0}, "by-jove.gap.11"),
    ("Land of the Lotus Eaters", 0, [], {"kind": "lotus"}, "by-jove.gap.4"),
    ("Helen of Troy", 0, [], {"kind": "helen"}, "by-jove.gap.2"),
    ("Scylla and Charybdis", 0, [], {"kind": "scylla"}, "by-jove.gap.31"),
])
def test_space_rulings_for_the_lost_texts(name, coins, flags, verdict, gap):
    r = judge("space", "--name", name, "--coins", str(coins), *flags)
    assert {k: r["verdict"][k] for k in verdict} == verdict and gap in cited(r)
    assert r["basis"] == "house rule"


def test_space_unknown_name_lists_the_spaces():
    result = CliRunner().invoke(main, ["judge", "by-jove", "space", "--name", "Atlantis"])
    assert result.exit_code == 2 and "Taxes" in result.output


# --- by-jove.gods.7 / gap.11: a Protected Turn changes every harmful space, not only two ---------------

@pytest.mark.parametrize("name,word,phrase", [
    ("Oracle", "favourable-only", "obey it only if it is good for you"),
    ("Potluck", "favourable-only", "if it falls on you and harms you, ignore it"),
    ("Hydra", "win-only", "a loss is ignored"),
    ("Scylla and Charybdis", "win-only", "a loss is ignored"),
    ("Perseus", "no-fee", "you pay no fee"),
    ("Labyrinth", "optional", "you may choose"),
    ("Helen of Troy", "win-only", "nothing is taken from you"),
    ("Taxes", "ignored", "you pay nothing"),
])
def test_gods_7_protected_turn_on_every_space(name, word, phrase):
    r = rulings.space(name, 5, protected=True).to_dict()
    assert r["verdict"]["protected"] is True and r["verdict"]["protection"] == word
    assert phrase in r["summary"]
    assert {"by-jove.gap.11"} <= cited(r) and ({"by-jove.gods.6", "by-jove.gods.7"} & cited(r))
    assert r["basis"] in ("inferred", "house rule")


def test_parents_3_young_variant_peril_loss_summary_says_the_vap_is_kept():
    r = rulings.peril("hero", 6, [1, 2], young=True)
    assert r.verdict["lose_vap"] is False and "no VAP award is lost" in r.summary


@pytest.mark.parametrize("players,message", [
    ([f"P{i}:coins=1" for i in range(7)], "2 to 6 players"),
    (["A:coins=16,vap=8,labyrinth=1,quest=1", "B:coins=20,vap=9,labyrinth=1,quest=1"], "both hold the full collection"),
])
def test_end_1_score_refuses_positions_the_game_cannot_reach(players, message):
    args = [a for p in players for a in ("--player", p)]
    res = CliRunner().invoke(main, ["judge", "by-jove", "score", *args])
    assert res.exit_code == 2 and message in res.output, res.output


def test_gods_7_space_ruling_reads_the_protected_turn_from_the_engine(monkeypatch):
    """The space ruling's Protected Turn is the engine's (engine.protection, the table the engine plays
    by): on every outer space it gives the engine's word, and a change to that table changes the engine's
    play and the ruling together."""
    from pnp.games.by_jove import engine
    for s in data.board().spaces:
        r = rulings.space(s.name, 5, protected=True)
        assert r.verdict.get("protection", "as-usual") == engine.protection(s.kind)
    monkeypatch.delitem(engine.PROTECTED_TURN, "taxes")          # were taxes not spared by a Protected Turn ...
    r = rulings.space("Taxes", 7, protected=True)
    assert "protection" not in r.verdict and r.verdict["pay"] == 4 and "4 of 7" in r.summary
    st = engine.State(2)
    st.players[0].coins, st.players[0].pos, st.players[1].pos = 7, st.board.find("Taxes"), 1
    list(st._arrive(0, (1, 2), True))
    assert st.players[0].coins == 3                                 # ... the engine would charge them too


def test_gap_41_lotus_turn_lost_unless_protected():
    assert rulings.space("Land of the Lotus Eaters", 0).verdict["turns_lost"] == 1
    r = rulings.space("Land of the Lotus Eaters", 0, protected=True)
    assert r.verdict["turns_lost"] == 0 and "you keep your next turn" in r.summary
