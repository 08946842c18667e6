"""`pnp judge later-years`: rulings checked against the rulebook's own examples first, then our cases."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.paths import cardsets_root

EXAMPLE_BOARD = str(cardsets_root() / "later-years" / "examples" / "board.yaml")


def judge(*args):
    result = CliRunner().invoke(main, ["judge", "later-years", *args, "--json"])
    return result, (json.loads(result.output) if result.exit_code == 0 else None)


def test_rulebook_example_capture_the_temple_is_six():
    _, r = judge("fee", "--action", "capture", "--object", "temple")
    assert r["verdict"]["fee"] == 6 and r["basis"] == "stated"
    assert "later-years.fees.3" in [c["rule"] for c in r["citations"]]


def test_project_values_are_labelled_house_rule():
    _, r = judge("fee", "--action", "conquer", "--object", "hydra")
    assert r["verdict"]["fee"] == 16 and r["basis"] == "house rule"
    assert "later-years.gap.1" in [c["rule"] for c in r["citations"]]


def test_rulebook_example_second_endorsement_needs_two_of_each():
    _, r = judge("task", "--action", "endorse", "--object", "politician", "--done-before", "1",
                 "--cards", "endorse, politician, politician")
    assert r["verdict"]["need"] == 2 and not r["verdict"]["can_complete"]
    _, r = judge("task", "--action", "endorse", "--object", "politician", "--done-before", "1",
                 "--cards", "endorse x2, politician, politician")
    assert r["verdict"]["can_complete"] and r["verdict"]["fee"] == 3
    assert sorted(r["verdict"]["pay"]) == ["endorse-x2", "politician", "politician"]


def test_triple_card_overpays_a_first_completion():
    _, r = judge("task", "--action", "clean out", "--object", "hydra", "--cards", "clean out triple, hydra")
    assert r["verdict"]["can_complete"] and r["verdict"]["action_count"] == 3


def test_rulebook_example_auction_raise():
    _, r = judge("auction", "--coins", "andromeda:5, antigone:4", "--bids", "andromeda@1:2, antigone@1:1")
    v = r["verdict"]
    assert not v["complete"] and v["next_bidder"] == "andromeda"
    assert v["winners"]["card 1"] == {"player": "antigone", "pays": 3}


def test_auction_complete_with_payments():
    _, r = judge("auction", "--coins", "andromeda:5, antigone:4",
                 "--bids", "andromeda@1:2, antigone@1:1, andromeda@2:4")
    v = r["verdict"]
    assert v["complete"] and v["coins_after"] == {"andromeda": 1, "antigone": 1}


def test_auction_deadbeat_restarts_and_discards_the_extra_card():
    _, r = judge("auction", "--coins", "a:5, b:2, c:3",
                 "--bids", "a@1:2, b@1:1, a@1:1, c@2:2")
    v = r["verdict"]
    assert v["deadbeats"] == ["b"] and v["complete"]
    assert v["winners"] == {"card 1": {"player": "a", "pays": 1}, "card 2": {"player": "c", "pays": 2}}
    assert v["discarded"] == [3]
    assert r["basis"] == "inferred"


def test_auction_out_of_turn_bid_is_ruled_illegal():
    _, r = judge("auction", "--coins", "a:5, b:5", "--bids", "b@1:1")
    assert r["verdict"]["legal"] is False


def test_chains_drawn_and_counted():
    result, r = judge("chains", "--board", EXAMPLE_BOARD, "--player", "red")
    assert r["verdict"]["chains"] == 2 and r["verdict"]["points"] == 6 and r["verdict"]["exact"]
    text = CliRunner().invoke(main, ["judge", "later-years", "chains", "--board", EXAMPLE_BOARD, "--player", "red"]).output
    assert "AB" in text          # the stacked Endorse/Temple space carries both chains


def test_score_with_tied_most_coins(tmp_path):
    _, r = judge("score", "--board", EXAMPLE_BOARD, "--coins", "red:3, blue:9, green:9")
    scores = {s["player"]: s for s in r["verdict"]["scores"]}
    assert scores["red"]["total"] == 8 + 6
    assert scores["blue"]["most_coins"] == 2 and scores["green"]["most_coins"] == 2
    assert r["verdict"]["winners"] == ["red"]
    assert "later-years.gap.6" in [c["rule"] for c in r["citations"]]


def test_board_file_json(tmp_path):
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"spaces": {f"{a} / Temple": ["blue"] for a in
                                           ("Conquer", "Capture", "Clean Out", "Endorse")}}))
    _, r = judge("chains", "--board", str(path), "--player", "blue")
    assert r["verdict"]["chains"] == 1


@pytest.mark.parametrize("args", [
    ["fee", "--action", "slay", "--object", "temple"],
    ["fee", "--action", "capture", "--object", "lion"],
    ["task", "--action", "capture", "--object", "temple", "--cards", "capture,,temple"],
    ["task", "--action", "capture", "--object", "temple", "--done-before", "-1", "--cards", "capture"],
    ["auction", "--coins", "a:5", "--bids", "a@1:1"],
    ["auction", "--coins", "a:5, b:x", "--bids", "a@1:1"],
    ["auction", "--coins", "a:5, b:5", "--bids", "a@7:1"],
    ["auction", "--coins", "a:5, b:5", "--bids", "z@1:1"],
    ["chains", "--board", "/nonexistent.yaml", "--player", "red"],
])
def test_bad_values_exit_2_with_choices(args):
    result = CliRunner().invoke(main, ["judge", "later-years", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_bad_board_space_names_the_file(tmp_path):
    path = tmp_path / "b.yaml"
    path.write_text("spaces:\n  Slay / Temple: [red]\n")
    result = CliRunner().invoke(main, ["judge", "later-years", "chains", "--board", str(path), "--player", "red"])
    assert result.exit_code == 2 and "b.yaml" in result.output and "conquer" in result.output.lower()


def test_help_lists_situations_with_examples():
    out = CliRunner().invoke(main, ["judge", "later-years", "--help"]).output
    for name in ("fee", "task", "auction", "chains", "score"):
        assert name in out


def test_bonus_1_a_hand_cannot_hold_more_copies_than_the_deck():
    from click.testing import CliRunner

    from pnp.cli.main import main
    res = CliRunner().invoke(main, ["judge", "later-years", "task", "--action", "endorse", "--object", "politician",
                                    "--done-before", "1", "--cards", "endorse x3, endorse x3, politician"])
    assert res.exit_code == 2 and "but the deck holds 1" in res.output
