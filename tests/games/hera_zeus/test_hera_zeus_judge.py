"""`pnp judge hera-zeus` situations and `pnp simulate hera-zeus`, through the CLI."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def ruling(*args):
    result = run("judge", "hera-zeus", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("attacker,defender,column,outcome,discarded", [
    ("6", "4", None, "attacker wins", {"attacker": [], "defender": ["Apollo"]}),
    ("3", "5", None, "defender wins", {"attacker": ["Harpies"], "defender": []}),
    ("4", "4", None, "tie", {"attacker": ["Artemis"], "defender": ["Apollo"]}),
    ("7", "medusa", None, "defender wins", {"attacker": ["Typhon"], "defender": []}),
    ("hero", "medusa", None, "attacker wins", {"attacker": [], "defender": ["Medusa"]}),
    ("pythia", "poseidon", None, "attacker wins", {"attacker": [], "defender": ["Poseidon"]}),
    ("nemesis", "pythia", None, "attacker wins", {"attacker": [], "defender": ["Pythia"]}),
    ("pegasus", "0", None, "attacker wins", {"attacker": [], "defender": ["Eagle"]}),
    ("5", "pandora", "attacker: 2; defender: 3, 4", "column wiped",
     {"attacker": ["Hydras", "Dryads"], "defender": ["Pandora", "Centaurs", "Apollo"]}),
])
def test_challenge_outcomes(attacker, defender, column, outcome, discarded):
    args = ["challenge", "--attacker", attacker, "--defender", defender] + (["--column", column] if column else [])
    r = ruling(*args)
    assert r["verdict"]["outcome"] == outcome
    assert r["verdict"]["discarded"] == discarded
    assert r["verdict"]["game"] is None
    assert any(c["rule"].startswith("hera-zeus.challenge.") for c in r["citations"])


@pytest.mark.parametrize("column,winner,rule", [
    ("defender: argus", "attacker", "hera-zeus.end.7"),
    ("attacker: io; defender: argus", "defender", "hera-zeus.end.8"),
    ("attacker: io", "defender", "hera-zeus.gap.6"),
])
def test_challenge_pandora_with_hostages(column, winner, rule):
    r = ruling("challenge", "--attacker", "5", "--defender", "pandora", "--column", column)
    assert r["verdict"]["game"] == {"winner": winner, "rule": rule}
    assert rule in [c["rule"] for c in r["citations"]]


def test_challenge_hostage_wins_and_statue_or_medusa_attack_is_refused():
    assert ruling("challenge", "--attacker", "0", "--defender", "io")["verdict"]["game"]["rule"] == "hera-zeus.end.4"
    assert ruling("challenge", "--attacker", "7", "--defender", "statue")["verdict"]["legal"] is False
    r = ruling("challenge", "--attacker", "medusa", "--defender", "3")
    assert r["verdict"]["legal"] is False and r["citations"][-1]["rule"] == "hera-zeus.challenge.4"


@pytest.mark.parametrize("args,outcome,basis", [
    (["--use", "hand", "--card", "argus"], "raider wins the game", "stated"),
    (["--use", "hand", "--card", "pandora", "--hand", "argus, 4"], "raider wins the game", "inferred"),
    (["--use", "hand", "--card", "pandora", "--hand", "4"], "hand discarded", "inferred"),
    (["--use", "hand", "--card", "1"], "discarded", "inferred"),
    (["--use", "hand", "--card", "sirens"], "discarded", "stated"),
    (["--use", "hand", "--card", "hero"], "placed", "inferred"),
    (["--use", "front", "--card", "statue"], "statue removed", "inferred"),
    (["--use", "front", "--card", "1"], "discarded", "stated"),
    (["--use", "front", "--card", "6"], "stays face up", "stated"),
    (["--use", "front", "--card", "argus"], "stays face up", "inferred"),
])
def test_pegasus_uses(args, outcome, basis):
    r = ruling("pegasus", *args)
    assert r["verdict"]["outcome"] == outcome
    assert r["basis"] == basis


def test_pegasus_place_is_strength_one():
    r = ruling("pegasus", "--use", "place")
    assert r["verdict"] == {"use": "place", "strength": 1, "ability": False}


@pytest.mark.parametrize("args,points,loses", [
    (["--columns", "2"], 2, False), (["--columns", "1", "--statue"], 4, False), (["--columns", "0"], 0, True)])
def test_actions(args, points, loses):
    r = ruling("actions", *args)
    assert r["verdict"] == {"action_points": points, "loses": loses}


def test_setup_puts_back_the_hostage():
    r = ruling("setup", "--hand", "io, 3, 5, pegasus, 7, 0, sirens, medusa, 2")
    assert r["verdict"] == {"put_back": ["Io"], "replace": 1, "placeable": 7}
    r = ruling("setup", "--hand", "3, 5, pegasus, 7, 0, sirens, medusa, 2, hades")
    assert r["verdict"]["put_back"] == []


POSITION = """\
to_move: hera
ap_left: 2
hera:
  hand: [pegasus, 5, hera]
  field: [[6, medusa], [io], []]
zeus:
  hand: [2]
  field: [["4*"], [7, 2], [pandora]]
  statue: 2
  discard: [sirens, 5]
"""


@pytest.mark.parametrize("move,legal,cite", [
    ("challenge 1", True, "hera-zeus.challenge.8"),
    ("challenge 2", False, "hera-zeus.challenge.4"),
    ("place 5 col 1 row 4", False, "hera-zeus.gap.10"),
    ("statue 1", True, "hera-zeus.statue.1"),
    ("pegasus front 2", True, "hera-zeus.pegasus.10"),
])
def test_legal_in_a_yaml_position(tmp_path, move, legal, cite):
    path = tmp_path / "pos.yaml"
    path.write_text(POSITION)
    r = ruling("legal", "--position", str(path), "--move", move)
    assert r["verdict"]["legal"] is legal
    assert cite in [c["rule"] for c in r["citations"]]


def test_legal_in_a_json_position(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({"to_move": "zeus", "first_turn": True,     # both openings on the battlefield
                                "hera": {"field": [[3], [4], [6]]}, "zeus": {"field": [[5], [2], [1]]}}))
    r = ruling("legal", "--position", str(path), "--move", "challenge 1")
    assert r["verdict"]["legal"] is False and "attack.2" in r["verdict"]["reason"]


@pytest.mark.parametrize("args,needle", [
    (["challenge", "--attacker", "dragon", "--defender", "3"], "unknown card 'dragon'"),
    (["challenge", "--attacker", "8", "--defender", "3"], "unknown card '8'"),
    (["challenge", "--attacker", "3", "--defender", "3", "--column", "attacker: 1, 2, 3, 4"], "at most 3"),
    (["actions", "--columns", "4"], "out of range"),
    (["setup", "--hand", "io, 3"], "9 cards"),
    (["pegasus", "--use", "front"], "--card is required"),
])
def test_bad_input_is_one_line_exit_2(args, needle):
    result = run("judge", "hera-zeus", *args)
    assert result.exit_code == 2
    assert needle in result.output and len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


@pytest.mark.parametrize("text,needle", [
    ("hera: [\n", "not valid YAML"),
    ("hera:\n  field: [[1, 2, 3, 4, 5]]\n", "column 1 has 5 cards"),
    ("hera:\n  statue: 4\n", "column 4 out of range"),
    ("hera:\n  hands: []\n", "unknown key 'hands'"),
    ("hera:\n  hand: [griffin]\n", "unknown card 'griffin'"),
])
def test_malformed_position_is_one_line_exit_2(tmp_path, text, needle):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    result = run("judge", "hera-zeus", "legal", "--position", str(path), "--move", "draw")
    assert result.exit_code == 2 and needle in result.output and str(path) in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_move_with_column_out_of_range_is_usage_error(tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text(POSITION)
    result = run("judge", "hera-zeus", "legal", "--position", str(path), "--move", "challenge 4")
    assert result.exit_code == 2 and "column '4' is out of range" in result.output


def test_simulate_reports_length_first_player_and_endings():
    result = run("simulate", "hera-zeus", "-n", "6", "--policy", "greedy", "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    assert report["games"] == 6 and report["seed"] == 4
    assert sum(report["endings"].values()) == 6
    assert 0.0 <= report["first_player_win_rate"] <= 1.0 and report["turns"]["min"] >= 1
    again = run("simulate", "hera-zeus", "-n", "6", "--policy", "greedy", "--seed", "4", "--json")
    assert json.loads(again.output[again.output.index("{"):]) == report
    text = run("simulate", "hera-zeus", "-n", "4", "--policy", "random")
    assert "first player wins" in text.output and "seed 1" in text.output


@pytest.mark.parametrize("hand,needle", [
    ("io, argus, 1, 2, 3, 4, 5, 6, 7", "mixes Hera-only and Zeus-only"),
    ("pegasus, pegasus, pegasus, pegasus, 1, 2, 3, 4, 5", "more copies"),
])
def test_setup_rejects_impossible_hands(hand, needle):
    result = run("judge", "hera-zeus", "setup", "--hand", hand)
    assert result.exit_code == 2 and needle in result.output


def test_cards_in_a_statue_column_go_behind_the_statue(tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text("hera:\n  hand: [5]\n  field: [[3]]\n  statue: 1\nzeus:\n  field: [[4]]\n")
    assert ruling("legal", "--position", str(path), "--move", "place 5 1 2")["verdict"]["legal"] is True
    r = ruling("legal", "--position", str(path), "--move", "place 5 1 1")
    assert r["verdict"]["legal"] is False and "statue" in r["verdict"]["reason"]


# --- hera-zeus.gap.25 / pandora.1: a Pegasus striking Pandora wipes the striker's own column too ---------

def test_gap_25_pegasus_striking_pandora_wipes_the_strikers_own_cards():
    r = ruling("pegasus", "--use", "front", "--card", "pandora", "--column", "attacker: 4; defender: 3")
    assert r["verdict"]["outcome"] == "discarded"
    assert r["verdict"]["striker_discarded"] == ["Artemis"] and "Pandora" in r["verdict"]["discarded"]
    assert "Artemis" in r["summary"]


def test_gap_6_pegasus_striking_pandora_beside_the_strikers_own_hostage_loses():
    r = ruling("pegasus", "--use", "front", "--card", "pandora", "--column", "attacker: io, 4")
    assert r["verdict"]["outcome"] == "striker loses the game"
    assert r["verdict"]["game"] == {"winner": "opponent", "rule": "hera-zeus.gap.6"}


def test_end_8_pegasus_striking_pandora_with_both_hostages_loses_for_the_striker():
    r = ruling("pegasus", "--use", "front", "--card", "pandora", "--column", "attacker: io; defender: argus")
    assert r["verdict"]["game"] == {"winner": "opponent", "rule": "hera-zeus.end.8"}


# --- honest bases: rulings resting on the project's choices say so ----------------------------------------

def test_gap_1_poseidon_and_nemesis_symbol_is_inferred_not_stated():
    for args in (("challenge", "--attacker", "pythia", "--defender", "poseidon"),
                 ("pegasus", "--use", "hand", "--card", "nemesis")):
        r = ruling(*args)
        assert r["basis"] == "inferred" and "hera-zeus.gap.1" in [c["rule"] for c in r["citations"]]


def test_gap_34_pythia_strength_three_is_a_house_rule():
    r = ruling("challenge", "--attacker", "pythia", "--defender", "5")
    assert r["verdict"]["outcome"] == "defender wins"
    assert r["basis"] == "house rule" and "hera-zeus.gap.34" in [c["rule"] for c in r["citations"]]


def test_pegasus_5_a_column_holding_the_opponents_raided_card_is_a_real_position():
    # A Pegasus raid puts a taken card of strength 2-7 at the front of the raider's opponent's column, so a
    # Zeus column can hold Hera's Nemesis beside both Poseidons (found by the differential test).
    r = ruling("challenge", "--attacker", "poseidon", "--defender", "3", "--column",
               "attacker: poseidon, 2, nemesis")
    assert r["verdict"]["outcome"] == "attacker wins"


def test_pegasus_5_raided_amazon_between_heroes_keeps_every_card_its_own():
    # Zeus's column Medusa, Hero, Hera's raided Amazon, Hero (found by the differential test): the Amazon is
    # Hera's own card, not a third Hero of Zeus's.
    r = ruling("challenge", "--attacker", "3", "--defender", "medusa", "--column", "defender: hero, amazon, hero")
    assert r["verdict"]["outcome"] == "defender wins"
