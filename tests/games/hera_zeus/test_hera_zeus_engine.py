"""Hera and Zeus engine: setup, actions, special cards, endings, hidden information, random playouts."""
from __future__ import annotations

import random

import pytest

from pnp.errors import IllegalMove
from pnp.games.base import CHANCE, random_playout, sample_chance
from pnp.games.hera_zeus import HERA, ZEUS, State
from pnp.games.hera_zeus.position import position_state


def pos(**kw):
    """A position with Hera to move, not her first turn, and the given sides."""
    data = {"to_move": "hera", "hera": {"field": [[5]]}, "zeus": {"field": [[5]]}}
    data.update(kw)
    return position_state(data)


def names(state, ids):
    return [state.cards[c].token for c in ids]


def test_setup_deals_nine_without_hostage_then_opens_three_columns():
    rng = random.Random(5)
    state = State()
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    assert state.phase == "opening"
    for p in (HERA, ZEUS):
        assert len(state.hand[p]) == 9
        assert all(state.cards[c].kind != "hostage" for c in state.hand[p])
        assert len(state.pile[p]) == 34
    while state.phase == "opening":
        assert all(a.startswith("place ") and a.endswith(" 1") for a in state.legal_actions())
        state.apply_action(state.legal_actions()[0])
    for p in (HERA, ZEUS):
        assert [len(col) for col in state.field[p]] == [1, 1, 1]
        assert not state.face_up
    assert state.to_move == HERA and state.ap_total == 3 and state.first_turn


def test_random_playouts_keep_every_card_in_one_place_and_end():
    def check(state):
        places = state.locations()
        assert len(places) == 86 and set(places.values()) == {1}
        for p in (HERA, ZEUS):
            assert len(state.hand[p]) <= 12
            for c in range(3):
                assert state.slots(p, c) <= 4
    for seed in range(12):
        state = random_playout(State(first=seed % 2), random.Random(seed), on_step=check)
        assert state.is_terminal() and state.current_player() < 0
        assert sorted(state.returns()) == [-1.0, 1.0]
        assert state.end_rule.startswith("hera-zeus.")


def test_first_turn_forbids_challenges_and_pegasus_attacks():
    state = pos(first_turn=True, hera={"field": [[5]], "hand": ["pegasus"]})
    with pytest.raises(IllegalMove, match=r"hera-zeus\.attack\.2"):
        state.apply_action("challenge 1")
    assert "pegasus hand" not in state.legal_actions()
    assert "place pegasus 1 1" in state.legal_actions()


def test_place_pushes_cards_back_and_respects_four_rows_and_no_gaps():
    state = pos(ap_left=3, hera={"field": [[5, 6, 7]], "hand": [2, 3]})
    state.apply_action("place 2 1 1")
    assert names(state, state.field[HERA][0]) == ["2", "5", "6", "7"]
    with pytest.raises(IllegalMove, match=r"place\.3"):
        state.apply_action("place 3 1 2")
    with pytest.raises(IllegalMove, match=r"gap\.10"):
        state.apply_action("place 3 2 3")


def test_draw_stops_at_twelve_cards():
    state = pos(hera={"field": [[5]], "hand": [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4]})
    assert "draw" not in state.legal_actions()
    with pytest.raises(IllegalMove, match=r"draw\.2"):
        state.apply_action("draw")


def test_challenge_higher_wins_tie_discards_both_and_column_closes_up():
    state = pos(ap_left=2, hera={"field": [[6], [4]]}, zeus={"field": [[5, 3], [4]]})
    state.apply_action("challenge 1")
    assert names(state, state.field[ZEUS][0]) == ["3"] and names(state, state.discard[ZEUS]) == ["5"]
    assert state.field[HERA][0][0] in state.face_up
    state.apply_action("challenge 2")
    assert state.field[HERA][1] == [] and state.field[ZEUS][1] == []


def test_never_challengers_and_statue_blocks():
    state = pos(ap_left=2, hera={"field": [["medusa"], [7]]}, zeus={"field": [[3], [2]], "statue": 2})
    assert "challenge 1" not in state.legal_actions() and "challenge 2" not in state.legal_actions()
    assert "challenge.4" in state.why_illegal("challenge 1")
    assert "statue.5" in state.why_illegal("challenge 2")


def test_medusa_stones_challengers_but_falls_to_hero():
    state = pos(ap_left=2, hera={"field": [[7], ["amazon"]]}, zeus={"field": [["medusa"], ["medusa"]]})
    state.apply_action("challenge 1")
    assert state.field[HERA][0] == [] and names(state, state.field[ZEUS][0]) == ["medusa"]
    state.apply_action("challenge 2")
    assert names(state, state.field[HERA][1]) == ["amazon"] and state.field[ZEUS][1] == []


@pytest.mark.parametrize("mine,theirs,winner,rule", [
    ([], ["argus"], HERA, "hera-zeus.end.7"),
    (["io"], ["argus"], ZEUS, "hera-zeus.end.8"),
    (["io"], [], ZEUS, "hera-zeus.gap.6"),
    ([], [3], None, None),
])
def test_pandora_wipes_the_column_and_hostages_decide(mine, theirs, winner, rule):
    state = pos(ap_left=2, hera={"field": [[5] + mine, [4]]}, zeus={"field": [["pandora"] + theirs, [2]]})
    state.apply_action("challenge 1")
    assert state.field[HERA][0] == [] and state.field[ZEUS][0] == []
    assert state.winner == winner and state.end_rule == rule


def test_challenging_the_hostage_wins():
    state = pos(ap_left=2, hera={"field": [[0]]}, zeus={"field": [["argus"]]})
    state.apply_action("challenge 1")
    assert state.winner == HERA and state.end_rule == "hera-zeus.end.4"


def test_pythia_beats_sevens_only_when_challenging():
    state = pos(ap_left=2, hera={"field": [["pythia"]]}, zeus={"field": [["poseidon"]]})
    state.apply_action("challenge 1")
    assert state.field[ZEUS][0] == [] and names(state, state.field[HERA][0]) == ["pythia"]
    state = pos(to_move="zeus", ap_left=2, hera={"field": [["pythia"]]}, zeus={"field": [["poseidon"]]})
    state.apply_action("challenge 1")
    assert state.field[HERA][0] == []


def test_statue_is_free_gives_four_points_and_falls_to_pegasus():
    state = pos(ap_left=1, hera={"field": [[5]], "hand": ["hera"]}, zeus={"field": [[5]], "hand": ["pegasus"]})
    state.apply_action("statue 1")
    assert state.statue[HERA] == 0 and state.ap_left() == 4 and state.slots(HERA, 0) == 2
    # Zeus's turn: a standing statue cannot be challenged; Pegasus from the hand removes it.
    state = pos(to_move="zeus", hera={"field": [[5]], "statue": 1}, zeus={"field": [[7]], "hand": ["pegasus"]})
    assert "challenge 1" not in state.legal_actions()
    state.apply_action("pegasus front 1")
    assert state.statue[HERA] is None and names(state, state.field[HERA][0]) == ["5"]


def test_statue_points_at_turn_start_and_limits():
    state = pos(hera={"field": [[5], [], []], "statue": 1})
    state.ap_total = 0
    state._start_turn(HERA)
    assert state.ap_total == 4
    state = pos(hera={"field": [[5, 5, 5, 5], []], "hand": ["hera"]})
    assert "statue.3" in state.why_illegal("statue 1") and "statue.3" in state.why_illegal("statue 2")


def test_pegasus_raid_outcomes():
    state = pos(ap_left=2, hera={"field": [[5]], "hand": ["pegasus", "pegasus"]},
                zeus={"field": [[5]], "hand": [1, 6]})
    state.apply_action("pegasus hand")
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert sorted(state.cards[c].token for c in outcomes) == ["1", "6"]
    low = next(c for c in outcomes if state.cards[c].token == "1")
    state.apply_action(low)
    assert low in state.discard[ZEUS]                      # gap.2: strength 0-1 discarded
    state.apply_action("pegasus hand")
    six = state.hand[ZEUS][0]
    state.apply_action(six)
    assert state.phase == "put" and state.legal_actions() == ["put 1", "put 2", "put 3"]
    state.apply_action("put 2")
    assert state.field[ZEUS][1] == [six] and six in state.face_up


def test_pegasus_raid_takes_hostage_or_pandora():
    state = pos(ap_left=2, hera={"field": [[5]], "hand": ["pegasus"]}, zeus={"field": [[5]], "hand": ["pandora", "argus"]})
    state.apply_action("pegasus hand")
    state.apply_action(next(c for c in state.hand[ZEUS] if state.cards[c].kind == "pandora"))
    assert state.winner == HERA and state.end_rule == "hera-zeus.end.6" and state.hand[ZEUS] == []


def test_pegasus_front_discards_weak_cards_and_reveals_others():
    state = pos(ap_left=3, hera={"field": [[5]], "hand": ["pegasus", "pegasus"]},
                zeus={"field": [[1], ["io"]]})
    state.apply_action("pegasus front 1")
    assert state.field[ZEUS][0] == []
    state.apply_action("pegasus front 2")
    assert state.winner is None and state.field[ZEUS][1][0] in state.face_up   # gap.26


def test_spells_pythia_sirens_hades_persephone():
    state = pos(ap_left=4, hera={"field": [[5]], "hand": ["pythia", "sirens", "hades", "persephone"],
                                 "discard": ["pegasus", "pegasus", "hades", 4]},
                zeus={"field": [[5]], "hand": ["poseidon", "argus"], "discard": [6]})
    state.apply_action("pythia hand")
    assert names(state, state.hand[ZEUS]) == ["argus"] and set(state.hand[ZEUS]) <= state.known[HERA]
    assert "gap.21" in state.why_illegal("hades hades")
    state.apply_action("sirens")
    assert "poseidon" in names(state, state.hand[HERA])   # Pythia put it on top of the pile
    state.apply_action("hades 4")
    assert "4" in names(state, state.hand[HERA])
    state.apply_action("persephone")
    assert names(state, state.hand[HERA]).count("pegasus") == 2


def test_sirens_needs_strength_on_top():
    state = pos(hera={"field": [[5]], "hand": ["sirens"]}, zeus={"field": [[5]], "discard": [3, 0]})
    assert "sirens.3" in state.why_illegal("sirens")


def test_dionysus_rearranges_within_limits():
    state = pos(ap_left=2, hera={"field": [[5, 6], [7]], "hand": ["dionysus"]})
    state.apply_action("dionysus")
    assert state.phase == "rearrange" and "done" in state.legal_actions()
    state.apply_action("move 1.1 3")
    state.apply_action("swap 1.1 2.1")
    state.apply_action("done")
    assert [names(state, col) for col in state.field[HERA]] == [["7"], ["6"], ["5"]]
    assert state.phase == "turn"


def test_cannot_spend_action_points_loses():
    stuck = pos(hera={"field": [["io"]], "pile": 0}, zeus={"field": [[5]]})
    assert stuck.legal_actions() == []
    stuck._settle()
    assert stuck.winner == ZEUS and stuck.end_rule == "hera-zeus.end.2"


def test_turn_start_without_cards_loses():
    state = pos(ap_left=1, hera={"field": [[7]]}, zeus={"field": [[2]]})
    state.apply_action("challenge 1")
    assert state.winner == HERA and state.end_rule == "hera-zeus.end.3"


def test_view_hides_the_opponents_hand_and_face_down_cards():
    state = pos(hera={"field": [[5]], "hand": [3]}, zeus={"field": [[6, "argus"]], "hand": [7]})
    view = state.view(HERA)
    assert view["hera"]["hand"] == ["3"] and view["zeus"]["hand"] == ["?"]
    assert view["zeus"]["field"][0] == ["?", "?"]
    assert state.view(ZEUS)["zeus"]["field"][0] == ["6", "argus"]


def test_illegal_move_names_the_reason():
    state = pos()
    with pytest.raises(IllegalMove, match="unknown move"):
        state.apply_action("fly 1")
    with pytest.raises(IllegalMove, match="unknown card"):
        state.apply_action("place dragon 1 1")


def test_pandora_wipe_lets_each_owner_choose_the_top_discard():
    state = pos(ap_left=2, hera={"field": [[5, 2], [4]]}, zeus={"field": [["pandora", 0, 6], [3]]})
    state.apply_action("challenge 1")
    assert state.phase == "order" and state.current_player() == ZEUS
    assert state.legal_actions() == ["top 0", "top 6", "top pandora"]
    with pytest.raises(IllegalMove, match=r"pandora\.2"):
        state.apply_action("draw")
    state.apply_action("top 0")
    assert names(state, state.discard[ZEUS])[-1] == "0"
    assert state.current_player() == HERA and state.phase == "order"
    state.apply_action("top 5")
    assert names(state, state.discard[HERA])[-1] == "5"
    assert state.phase == "turn" and state.to_move == HERA and state.ap_left() == 1
