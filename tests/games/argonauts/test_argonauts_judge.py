"""`pnp judge argonauts`: each situation against worked examples, and bad input exits 2."""
import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.rules.book import load


def judge(*args):
    res = CliRunner().invoke(main, ["judge", "argonauts", *args, "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def fails(*args):
    res = CliRunner().invoke(main, ["judge", "argonauts", *args])
    assert res.exit_code == 2, res.output
    return res.output


def test_every_heading_is_printed_in_the_rulebook_and_gaps_are_grounded(rulebooks):
    text = (rulebooks / "argonauts.txt").read_text(encoding="utf-8")
    book = load("argonauts")
    headings = {s.heading for s in book.sections}
    for s in book.sections:
        assert s.heading in text
    ids = {s.id for s in book.statements}
    assert len(book.gaps) >= 20
    for g in book.gaps:
        assert g.basis in ("stated", "inferred", "house rule")
        assert g.section in headings
        if g.basis == "inferred":
            assert g.inferred_from and set(g.inferred_from) <= ids


def test_roll_natural_six_beats_any_difficulty():
    r = judge("roll", "--die", "6", "--crew", "1", "--difficulty", "12")
    assert r["verdict"]["resolves"] is True and r["verdict"]["natural_six"] is True
    assert "argonauts.combat.17" in [c["rule"] for c in r["citations"]]


def test_roll_without_crew_is_no_roll_and_negative_even_on_six():
    r = judge("roll", "--die", "6", "--crew", "0", "--difficulty", "9")
    assert r["verdict"] == {"resolves": False, "rolled": False, "total": None}
    assert r["basis"] == "inferred"
    assert "argonauts.gap.4" in [c["rule"] for c in r["citations"]]


@pytest.mark.parametrize("die,crew,diff,mod,ok,total", [
    (4, 3, 7, 0, True, 7),    # equal to the difficulty succeeds (argonauts.combat.5)
    (3, 3, 7, 0, False, 6),
    (2, 3, 7, 1, False, 6),
    (3, 3, 7, 1, True, 7),
])
def test_roll_totals(die, crew, diff, mod, ok, total):
    r = judge("roll", "--die", str(die), "--crew", str(crew), "--difficulty", str(diff), "--modifier", str(mod))
    assert r["verdict"]["resolves"] is ok and r["verdict"]["total"] == total


def test_roll_die_out_of_range_names_the_valid_choices():
    out = fails("roll", "--die", "7", "--crew", "1", "--difficulty", "5")
    assert "1-6" in out


@pytest.mark.parametrize("checked,value", [(1, 3), (2, 3), (3, 5), (4, 5), (5, 5), (6, 8)])
def test_track_look_left_the_issue_example(checked, value):
    r = judge("track", "--checked", str(checked), "--values", "3,_,5,_,_,8")
    assert r["verdict"]["value"] == value


def test_track_malformed_lists_exit_2():
    assert "6 comma-separated" in fails("track", "--checked", "2", "--values", "3,_,5")
    assert "not a number" in fails("track", "--checked", "2", "--values", "3,x,5,_,_,8")
    assert "1-6" in fails("track", "--checked", "7", "--values", "3,_,5,_,_,8")


def test_reveal_with_wrath_and_blessing():
    r = judge("reveal", "--cards", "monster,wrath,blessing,treasure,monster", "--deck-left", "12")
    assert r["verdict"]["revealed"] == 5 and r["verdict"]["deck_left"] == 7 and r["verdict"]["known"]


def test_reveal_wrath_from_a_wrath_chains():
    r = judge("reveal", "--cards", "wrath,monster,monster,wrath,monster,monster,monster", "--deck-left", "20")
    assert r["verdict"]["revealed"] == 7 and r["verdict"]["wraths"] == 2
    assert "argonauts.gap.2" in [c["rule"] for c in r["citations"]] and r["basis"] == "inferred"


def test_gap_28_two_wraths_in_one_deal_each_deal_two():
    r = judge("reveal", "--cards", "wrath,monster,wrath,monster,monster,monster,monster", "--deck-left", "20")
    assert r["verdict"]["revealed"] == 7 and r["verdict"]["wraths"] == 2
    assert "argonauts.gap.28" in [c["rule"] for c in r["citations"]] and r["basis"] == "inferred"


def test_reveal_at_the_end_of_the_deck():
    r = judge("reveal", "--cards", "monster,wrath", "--deck-left", "2")
    assert r["verdict"]["revealed"] == 2 and r["verdict"]["deck_left"] == 0
    assert "argonauts.gap.3" in [c["rule"] for c in r["citations"]]


def test_reveal_with_cards_still_to_deal_and_unknown_kind():
    r = judge("reveal", "--cards", "wrath", "--deck-left", "10")
    assert r["verdict"]["known"] is False and r["verdict"]["revealed"] == 5
    assert "malformed list" in fails("reveal", "--cards", "monster,,wrath", "--deck-left", "3")
    assert "expected" in fails("reveal", "--cards", "gorgon", "--deck-left", "3")


@pytest.mark.parametrize("crew,deck,verdict", [(0, 0, "lost"), (0, 5, "lost"), (1, 0, "won"), (4, 9, "play on")])
def test_end(crew, deck, verdict):
    assert judge("end", "--crew-left", str(crew), "--deck-left", str(deck))["verdict"] == verdict


def test_assign_legal_and_illegal():
    ok = judge("assign", "--assign", "harpies:4,scylla:6", "--crew", "12")
    assert ok["verdict"]["legal"] is True and ok["verdict"]["unassigned"] == 2
    bad = judge("assign", "--assign", "harpies:4,calm-seas:1", "--crew", "4")
    assert bad["verdict"]["legal"] is False and len(bad["verdict"]["problems"]) == 2
    wrath = judge("assign", "--assign", "monster:2,wrath:1", "--crew", "9")
    assert wrath["verdict"]["legal"] is False
    assert "card:count" in fails("assign", "--assign", "harpies=3", "--crew", "4")


def test_deaths_free_crew_first_then_waiting_cards():
    r = judge("deaths", "--deadliness", "3", "--crew", "6", "--placed", "talos:5")
    assert r["verdict"]["must_come_from_cards"] == 2 and r["verdict"]["crew_after"] == 3
    r = judge("deaths", "--deadliness", "4", "--crew", "4")
    assert r["verdict"]["lost"] is True
    assert "at most 3" in fails("deaths", "--deadliness", "2", "--crew", "3", "--placed", "talos:5")


@pytest.mark.parametrize("name,when,usable", [
    ("speaking-beam", "after-roll", True), ("speaking-beam", "before-roll", False),
    ("Cyzican Armour", "after-roll", True), ("cyzican-armour", "after-result", False),
    ("phineus-prophecy", "before-roll", True), ("phineus-prophecy", "after-roll", False),
])
def test_treasure_timing(name, when, usable):
    r = judge("treasure", "--treasure", name, "--when", when)
    assert r["verdict"]["usable"] is usable and r["verdict"]["goes_to"] == "victory pile"


def test_treasure_continuous_and_not_a_treasure():
    r = judge("treasure", "--treasure", "lyre-of-orpheus", "--when", "before-roll")
    assert r["verdict"]["always_on"] is True
    assert "unknown treasure 'harpies'" in fails("treasure", "--treasure", "harpies", "--when", "after-roll")


# --- the audit's Argonauts defects ---------------------------------------------------------------------

def test_gap_8_ignore_treasure_may_be_spent_from_the_assignment_on():
    r = judge("treasure", "--treasure", "medea's charm", "--when", "assignment")
    assert r["verdict"]["usable"] is True and r["verdict"]["when"] == ["assignment", "before-roll"]
    from pnp.games.argonauts.cards import deck_stats
    from pnp.games.argonauts.state import State
    ids = ["harpies", "scylla", "medeas-charm"]
    state = State(deck_stats(ids), ["harpies", "scylla"], 6)
    state.treasures = ["medeas-charm"]
    state.apply_action("harpies")
    state.apply_action("scylla")
    assert state.phase == "assign" and ("ignore", "harpies", "medeas-charm") in state.legal_actions()
    state.apply_action(("ignore", "harpies", "medeas-charm"))
    assert state.unresolved == ["scylla"] and "medeas-charm" in state.victory


def test_assignment_3_blessing_with_no_crew_is_legal_for_judge_and_odds_alike():
    assert judge("assign", "--assign", "harpies:3,calm-seas:0", "--crew", "5")["verdict"]["legal"] is True
    res = CliRunner().invoke(main, ["argonauts", "odds", "--crew", "5", "--assign", "harpies:3,calm-seas:0", "--json"])
    assert res.exit_code == 0, res.output
    bad = CliRunner().invoke(main, ["argonauts", "odds", "--crew", "5", "--assign", "harpies:3,calm-seas:1"])
    assert bad.exit_code != 0 and "no crew may be placed" in bad.output
    assert judge("assign", "--assign", "harpies:3,calm-seas:1", "--crew", "5")["verdict"]["legal"] is False


@pytest.mark.parametrize("situation", [["assign", "--assign", "harpies:3,Harpies:1", "--crew", "5"],
                                       ["reveal", "--cards", "harpies,monster,harpies", "--deck-left", "9"]])
def test_setup_2_the_same_card_twice_is_refused(situation):
    assert "listed twice" in fails(*situation)


@pytest.mark.parametrize("placed,message", [("talos:2,talos:1", "listed twice"), ("calm-seas:2", "takes no crew")])
def test_combat_14_deaths_refuse_crew_waiting_where_none_can_be(placed, message):
    assert message in fails("deaths", "--deadliness", "3", "--crew", "6", "--placed", placed)
