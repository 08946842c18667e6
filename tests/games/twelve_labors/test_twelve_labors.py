"""The Twelve Labors engine: card-set data, rule functions, scripted turns and random playouts."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.errors import IllegalMove
from pnp.games.twelve_labors import engine as tl
from pnp.games.base import CHANCE, TERMINAL, random_playout, sample_chance


# --- data from the card set --------------------------------------------------------------------

def test_deck_is_100_cards_in_5_colours_of_10_6_4():
    deck = tl.deck()
    assert sum(deck.values()) == 100
    assert len(tl.colours()) == 5
    for colour in tl.colours():
        assert [deck[(colour, v)] for v in (0, 1, 2)] == [10, 6, 4]


def test_board_has_12_labors_with_lion_and_hydra_resolved():
    labors = tl.board()
    assert len(labors) == 12
    assert [lab.name for lab in labors if lab.resolved] == ["Nemean Lion", "Lernaean Hydra"]
    assert sum(not lab.resolved for lab in labors) == 10            # one Resolved tile each
    assert all(lab.colour in tl.colours() for lab in labors)
    lion, hydra = labors[0], labors[1]
    # gap.15: the printed starts are the two finished Labors
    assert lion.black + lion.target == tl.HERCULES_START
    assert hydra.black + lion.black + lion.target == tl.HERCULES_START
    assert hydra.target == tl.IOLAUS_START


# --- rule functions ------------------------------------------------------------------------------

def test_wrestle_order_wrestlers_first_then_cards_then_old_order():
    order = ["red", "blue", "green", "yellow"]
    new = tl.wrestle_order(order, {"green", "yellow"}, {"red": 2, "blue": 1, "green": 0, "yellow": 0})
    assert new == ["green", "yellow", "red", "blue"]


def test_wrestle_zero_beats_no_card():
    assert tl.wrestle_order(["a", "b"], set(), {"a": None, "b": 0}) == ["b", "a"]


def test_helper_winner_needs_strictly_more_than_target():
    assert tl.helper_winner(8, [tl.Helper("red", (4, 4))], ["red"]) is None
    assert tl.helper_winner(8, [tl.Helper("red", (4, 4), (0, 0, 1))], ["red"]).name == "red"


def test_helper_winner_ties_by_turn_order_and_iolaus_last():
    hs = [tl.Helper("iolaus", (6, 4)), tl.Helper("red", (5, 5)), tl.Helper("blue", (4, 6))]
    assert tl.helper_winner(5, hs, ["blue", "red"]).name == "blue"
    assert tl.helper_winner(5, hs[:2], ["red"]).name == "red"
    assert tl.helper_winner(5, [tl.Helper("iolaus", (6, 6)), tl.Helper("red", (1,))], ["red"]).name == "iolaus"


def test_train_and_assist_allowances():
    assert tl.train_moves(True, 7) == 2 and tl.train_moves(False, 7) == 1
    assert tl.train_moves(True, 1) == 1 and tl.train_moves(False, 0) == 0
    from pnp.games.twelve_labors.rulings import assist_in_engine
    assert assist_in_engine(True, 3, 10) == (1, 1)
    assert assist_in_engine(False, 3, 10) == (1, 0)
    assert assist_in_engine(True, 1, 10) == (1, 0)
    assert assist_in_engine(True, 3, 1) == (1, 0)
    assert assist_in_engine(True, 0, 10) == (0, 0)
    assert assist_in_engine(True, 3, 0) == (0, 0)


# --- scripted play --------------------------------------------------------------------------------

def new_game(players=4, order=None, card=("red", 0)):
    """A game whose turn order is `order` and whose setup draws are all `card`."""
    s = tl.State(players)
    s.apply_action(tuple(order or range(players)))
    while s.is_chance_node():
        outcomes = [o for o, _ in s.chance_outcomes()]
        s.apply_action(card if card in outcomes else outcomes[-1])
    return s


def test_setup_deals_1_2_3_3_and_lays_one_faceup_per_player():
    s = new_game(4, order=(2, 0, 3, 1))
    assert [sum(s.hands[p].values()) for p in (2, 0, 3, 1)] == [1, 2, 3, 3]
    assert all(s.faceup)
    assert s.active == [3] * 4 and s.reserve == [7] * 4
    assert (s.hercules, s.iolaus) == (4, 3 + 1)               # turn 1 has begun: Iolaus scored 1


def test_iolaus_places_on_earliest_unresolved_labor_and_scores():
    s = new_game()
    assert s.dice_on[2] == [tl.IOLAUS]                       # Ceryneian Hind: first unresolved
    assert s.iolaus == 4 and s.white_free == 9


def test_unpicked_actions_are_skipped_and_train_gives_picker_two():
    s = new_game()
    for choice in ("train", "train", "train", "train"):
        s.apply_action(choice)
    assert s.active == [5] * 4 and s.reserve == [5] * 4       # train.1: up to 2 for the picker
    assert all(sum(h.values()) < 4 for h in s.hands)          # no Research happened


def test_non_picker_trains_one():
    s = new_game(2)
    s.apply_action("train")
    s.apply_action("wrestle")
    while s.current_player() >= 0 and s._queue[0][0] == "show":
        s.apply_action(("show", None))
    assert s.active == [5, 4]


def test_wrestle_reorders_and_discards_shown_cards():
    s = new_game(2, order=(0, 1))
    s.apply_action("wrestle")
    s.apply_action("assist")
    s.apply_action(("show", ("red", 0)))      # seat 0 (wrestler) shows a 0
    s.apply_action(("show", ("red", 0)))      # seat 1 shows a 0 too
    assert s.order == [0, 1] and s.discard[("red", 0)] == 2
    s2 = new_game(2, order=(0, 1))
    s2.apply_action("assist")
    s2.apply_action("wrestle")
    s2.apply_action(("show", None))
    s2.apply_action(("show", ("red", 0)))
    assert s2.order == [1, 0]


def test_research_picker_draws_three_discards_one_and_takes_one_more():
    s = new_game(2, order=(0, 1))
    s.apply_action("research")
    s.apply_action("assist")
    for _ in range(3):
        s.apply_action(("blue", 2))
    assert s.current_player() == 0 and s.legal_actions() == [("discard", ("blue", 2))]
    s.apply_action(("discard", ("blue", 2)))
    s.apply_action(("take", "pile"))
    s.apply_action(("green", 1))
    assert sum(s.hands[0].values()) == 1 + 3
    assert s.hands[0][("blue", 2)] == 2 and s.discard[("blue", 2)] == 1
    s.apply_action(("yellow", 0))                              # seat 1 draws 1 ...
    s.apply_action(("take", 0))                                # ... and takes a face-up card
    assert s.is_chance_node()                                  # the face-up slot is refilled
    s.apply_action(("purple", 1))
    assert sum(s.hands[1].values()) == 2 + 2 and s.faceup[0] == ("purple", 1)


def test_assist_scores_one_per_die_and_bonus_is_optional():
    s = new_game(2, order=(0, 1))
    s.apply_action("assist")
    s.apply_action("train")
    s.apply_action(("place", 3))
    assert ("pass",) in s.legal_actions()
    s.apply_action(("place", 3))
    assert s.score[0] == 2 and s.active[0] == 3 + 1 - 2         # trained 1 (not the picker), placed 2
    assert ("pass",) not in s.legal_actions()                 # seat 1 did not pick Assist
    with pytest.raises(IllegalMove):
        s.apply_action(("place", 0))                           # the Nemean Lion is resolved
    s.apply_action(("place", 2))                               # fills the Hind (3 boxes)
    assert s.score[1] == 1


def test_full_labor_is_resolved_with_black_number_and_target():
    s = new_game(2, order=(0, 1))
    s.apply_action("assist")
    s.apply_action("assist")
    s.apply_action(("place", 2))
    s.apply_action(("pass",))
    s.apply_action(("place", 2))                               # Hind full: iolaus, 0, 1
    s.apply_action(("pass",))
    hind = s.labors[2]
    herc = s.hercules
    # wit: no player holds 3 yellow cards, so the dice are rolled at once
    assert s.is_chance_node()
    for face in (1, 6, 3):                                     # iolaus 1, seat 0: 6, seat 1: 3
        s.apply_action(face)
    assert s.resolved[2] and s.dice_on[2] == []
    assert s.hercules == herc + hind.black
    assert s.score[0] == 1 + hind.target                       # 6 > 4
    assert s.reserve == [8, 8]
    assert s.helped[-1] == (3, "red")
    assert s.turn == 2 and s.dice_on[3] == [tl.IOLAUS] and s.white_free == 9   # white die back, then used


def test_nobody_above_target_gives_hercules_the_target():
    s = new_game(2, order=(0, 1))
    for _ in range(2):
        s.apply_action("assist")
    for _ in range(2):
        s.apply_action(("place", 2))
        s.apply_action(("pass",))
    herc = s.hercules
    for face in (1, 2, 3):
        s.apply_action(face)
    assert s.hercules == herc + s.labors[2].black + s.labors[2].target
    assert s.helped[-1] == (3, "hercules")


def test_wit_cards_add_and_are_discarded():
    s = new_game(2, order=(0, 1), card=("red", 0))
    s.pile[("yellow", 2)] -= 3                                 # seat 1 holds three yellow 2s
    s.hands[1][("yellow", 2)] += 3
    for _ in range(2):
        s.apply_action("assist")
    for _ in range(2):
        s.apply_action(("place", 2))
        s.apply_action(("pass",))
    assert s.current_player() == 1                             # seat 0 has no three yellow cards
    assert s.legal_actions() == [("wit", None), ("wit", (2, 2, 2))]
    s.apply_action(("wit", (2, 2, 2)))
    for face in (1, 1, 1):
        s.apply_action(face)
    assert s.helped[-1] == (3, "blue")                         # 1 + 6 > 4
    assert s.discard[("yellow", 2)] == 3 and s.hands[1][("yellow", 2)] == 0


def test_hand_cut_to_twelve_and_illegal_moves_rejected():
    s = new_game(2, order=(0, 1))
    s.hands[0] = Counter({("red", 0): 14})
    s.apply_action("train")
    s.apply_action("train")
    assert s.current_player() == 0 and s._queue[0][0] == "cut"
    with pytest.raises(IllegalMove):
        s.apply_action("train")
    s.apply_action(("discard", ("red", 0)))
    s.apply_action(("discard", ("red", 0)))
    assert sum(s.hands[0].values()) == 12


def test_bad_player_count_rejected():
    with pytest.raises(IllegalMove):
        tl.State(1)
    with pytest.raises(IllegalMove):
        tl.State(6)


# --- random playouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_conserve_cards_and_dice_and_end(players):
    deck = Counter(tl.deck())
    for seed in range(4):
        rng = random.Random(seed * 10 + players)
        state = tl.State(players)
        last = {"score": [0] * players, "herc": 4, "iol": 3}

        def check(st):
            assert st.cards_in_play() == deck
            for p in range(st.n):
                on = sum(o == p for d in st.dice_on for o in d)
                assert st.active[p] >= 0 and st.reserve[p] >= 0
                assert st.active[p] + st.reserve[p] + on == tl.DICE_PER_PLAYER
                assert st.score[p] >= last["score"][p]
            assert st.white_free + sum(o == tl.IOLAUS for d in st.dice_on for o in d) == tl.WHITE_DICE
            for i, lab in enumerate(st.labors):
                assert len(st.dice_on[i]) <= lab.boxes
            assert st.hercules >= last["herc"] and st.iolaus >= last["iol"]
            last.update(score=list(st.score), herc=st.hercules, iol=st.iolaus)
            if st._queue and st._queue[0][0] == "choose" and st._queue[0][1] == 0:
                assert all(sum(h.values()) <= tl.HAND_LIMIT for h in st.hands)

        random_playout(state, rng, on_step=check)
        assert state.is_terminal() and state.current_player() == TERMINAL
        assert all(state.resolved) and state.turn <= tl.max_turns()
        assert sum(1 for r in state.returns() if r >= 0) >= 1
        assert len(state.helped) == 10


def test_chance_outcomes_sum_to_one():
    s = tl.State(3)
    assert s.current_player() == CHANCE
    assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-9
    s.apply_action((0, 1, 2))
    assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-9


def test_beat_the_heroes_variant_changes_returns():
    rng = random.Random(3)
    plain = random_playout(tl.State(4), random.Random(3))
    variant = random_playout(tl.State(4, beat_the_heroes=True), rng)
    assert plain.score == variant.score                          # same seed, same game
    if max(variant.hercules, variant.iolaus) > max(variant.score):
        assert variant.returns() == [-1.0] * 4
        assert max(plain.returns()) >= 0


def test_gaps_register_covers_the_issues_examples():
    from pnp.rules.book import load
    gaps = {g.id: g for g in load("twelve-labors").gaps}
    assert "Ties for the highest helper" == gaps["twelve-labors.gap.1"].title
    assert "win" in gaps["twelve-labors.gap.2"].title and "Iolaus" in gaps["twelve-labors.gap.2"].title
    assert all(g.basis in ("stated", "inferred", "house rule") for g in gaps.values())
    assert all(g.inferred_from for g in gaps.values() if g.basis == "inferred")


@pytest.mark.parametrize("players", [2, 4, 5])
def test_options_worked_out_once_per_step_equal_a_fresh_working_out(players):
    """The engine keeps the pending step's options until it leaves the step: at every step of random
    games they equal the options worked out afresh, and a move outside them is still refused; its quick
    outcome check and its own draw agree with the listed outcomes and base.sample_chance."""
    for seed in range(3):
        rng = random.Random(seed)
        state = tl.State(players)
        while not state.is_terminal():
            step = state._queue[0]
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert outcomes == state._outcomes(step)
                possible = [o for o, _ in outcomes]               # the fast check agrees with the list
                assert all(state._possible_outcome(step, o) for o in possible)
                assert not any(state._possible_outcome(step, k) for k in tl.kinds() if k not in possible)
                before = rng.getstate()                           # and the engine's draw is base.sample_chance's
                outcome = sample_chance(state, rng)
                rng.setstate(before)
                assert state.sample_outcome(rng) == outcome
                with pytest.raises(IllegalMove):
                    state.apply_action(("no such outcome",))
                state.apply_action(outcome)
            else:
                legal = state.legal_actions()
                assert legal == state._choices(step) and legal
                with pytest.raises(IllegalMove):
                    state.apply_action(("no such move",))
                state.apply_action(rng.choice(legal))


def test_the_simulators_random_players_play_the_same_games_as_random_playout():
    from pnp.games.twelve_labors.sim import random_play
    for players in (2, 4, 5):
        fast = random_play(tl.State(players), random.Random(players))
        slow = random_playout(tl.State(players), random.Random(players))
        assert (fast.turn, fast.score, fast.helped, fast.hercules, fast.iolaus) == \
               (slow.turn, slow.score, slow.helped, slow.hercules, slow.iolaus)


def _position(state: tl.State) -> tuple:
    """Everything a position holds that play reads (the queue included), for comparing two states."""
    return (list(state._queue), state.order,
            state.hands, state.pile, state.discard, state.faceup, state.active, state.reserve, state.dice_on,
            state.resolved, state.score, state.hercules, state.iolaus, state.white_free, state.turn,
            state.chosen, state.helped, state._held, state._shown, state._wit, state._rolls, state.initial_order,
            state.is_terminal(), state.current_player(), state.legal_actions())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_state_given_an_rng_meets_the_same_choices_in_the_same_positions_as_the_chance_node_path(players):
    """State(rng=...) shuffles, draws and rolls inline and stops only at choices, taken through take():
    from the same seed it meets each choice in the same position, with the random stream at the same
    point, as a state whose chance nodes base.sample_chance settles and whose moves go through apply_action."""
    for seed in range(4):
        slow_rng, fast_rng = random.Random(seed), random.Random(seed)
        slow, fast = tl.State(players), tl.State(players, rng=fast_rng)
        choices = 0
        while True:
            while slow.is_chance_node():
                slow.apply_action(sample_chance(slow, slow_rng))
            assert not fast.is_chance_node()
            assert _position(fast) == _position(slow)
            assert fast_rng.getstate() == slow_rng.getstate()
            if slow.is_terminal():
                break
            move = slow_rng.choice(slow.legal_actions())
            assert fast_rng.choice(fast.legal_actions()) == move
            slow.apply_action(move)
            fast.take(move)
            choices += 1
        assert choices > 50 and fast.turn == slow.turn > 0


def test_the_simulator_plays_the_same_games_with_inline_chance_as_random_playout():
    from pnp.games.twelve_labors.sim import random_play
    for players in (2, 4, 5):
        rng = random.Random(players)
        fast = random_play(tl.State(players, rng=rng), rng)
        slow = random_playout(tl.State(players), random.Random(players))
        assert (fast.turn, fast.score, fast.helped, fast.hercules, fast.iolaus, fast.initial_order) == \
               (slow.turn, slow.score, slow.helped, slow.hercules, slow.iolaus, slow.initial_order)
