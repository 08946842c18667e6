"""Argonauts engine: random playouts keep every card and the crew consistent; greedy loop equals State."""
import random
from pathlib import Path

import pytest

from argonauts_reference import reference
from pnp.errors import IllegalMove
from pnp.games.argonauts.cards import deck_stats, load_cards, read_track, starting_deck
from pnp.games.argonauts.fast import compile_deck, play_greedy
from pnp.games.argonauts.policies import Greedy, advise_action
from pnp.games.argonauts.state import State, new_game
from pnp.games.base import random_playout

FIXTURE = str(Path(__file__).parents[2] / "fixtures" / "argonauts-cards.yaml")


def _checker(state):
    total = sorted(state.all_cards())
    revealed: dict = {}

    def check(s):
        assert sorted(s.all_cards()) == total  # no card lost or duplicated
        assert s.crew >= 0  # crew never negative
        assert sum(s.on.values()) <= s.crew
        assert all(n == 1 for n in s.resolved_count.values())  # each revealed card resolves once
        for c in s.field:
            revealed[c] = True
        if s.is_terminal() and s.result > 0:
            assert not s.deck and not s.field
    return check


@pytest.mark.parametrize("path", [None, FIXTURE])
def test_random_playouts_keep_invariants(path):
    cards = load_cards(path)
    for seed in range(150):
        st = new_game(deck=starting_deck(cards), seed=seed, cards=cards)
        random_playout(st, random.Random(seed), on_step=_checker(st))
        assert st.is_terminal() and st.returns()[0] in (1.0, -1.0)


def _drive(st, rng, pick, turns=None):
    """Play st to the end; each finished turn that leads to another appends (turn, crew, treasures) to turns."""
    check = _checker(st)
    while not st.is_terminal():
        before = st.turn
        if st.phase == "quest":
            st.apply_action(st.deck[0])
        elif st.phase == "roll":
            st.apply_action(int(rng.random() * 6) + 1)
        else:
            st.apply_action(pick(st))
        check(st)
        if turns is not None and st.turn != before:
            turns.append((before, st.crew, tuple(st.treasures)))
    return st


@pytest.mark.parametrize("path", [None, FIXTURE])
def test_fast_greedy_loop_plays_exactly_like_the_state(path):
    cards = load_cards(path)
    ids = starting_deck(cards)
    stats = deck_stats(ids, {}, cards)
    info = compile_deck(stats)
    for seed in range(200):
        deck = ids[:]
        random.Random(seed).shuffle(deck)
        fast_turns, state_turns = [], []
        won, left, turns, _ = play_greedy(deck, info, 12, random.Random(seed),
                                          on_turn=lambda *snap: fast_turns.append(snap))
        st = State(stats, deck, 12)
        _drive(st, random.Random(seed), Greedy(st), state_turns)
        assert won == (st.result > 0)
        assert turns == st.turn
        # turn by turn: the same crew and the same treasures held (the last turn ends the game, and a
        # lost one never reaches its end)
        assert fast_turns[:len(state_turns)] == state_turns
        assert len(fast_turns) == len(state_turns) + won
        if won:
            assert left == st.crew


def test_advise_policy_playouts_keep_invariants():
    cards = load_cards(FIXTURE)
    for seed in range(5):
        st = new_game(deck=starting_deck(cards), seed=seed, cards=cards, crew=8)
        _drive(st, random.Random(seed), advise_action)
        assert st.is_terminal()


def _field_state(cards_ids, crew=12, path=FIXTURE):
    cards = load_cards(path)
    st = State(deck_stats(cards_ids, {}, cards), list(cards_ids), crew)
    while st.phase == "quest":
        st.apply_action(st.deck[0])
    return st


def test_wrath_reveals_two_more_and_chains():
    st = _field_state(["wrath-a", "harpies", "wrath-b", "talos", "boar", "calm", "lyre", "beam"])
    # wrath-a (+2) -> 5 cards; wrath-b is card 3 (+2) -> 7 cards revealed
    assert st.field == ["wrath-a", "harpies", "wrath-b", "talos", "boar", "calm", "lyre"]
    assert st.deck == ["beam"]


def test_wrath_near_the_end_of_the_deck_reveals_what_is_left():
    st = _field_state(["harpies", "wrath-a", "talos"])
    assert st.field == ["harpies", "wrath-a", "talos"] and st.deck == []


def test_no_crew_on_blessing_or_wrath_and_no_more_than_alive():
    st = _field_state(["harpies", "calm", "talos", "boar"])
    with pytest.raises(IllegalMove, match="blessing"):
        st.apply_action(("assign", None, {"calm": 1}))
    with pytest.raises(IllegalMove, match="only 12 alive"):
        st.apply_action(("assign", None, {"harpies": 7, "talos": 6}))
    assert ("assign", "calm") not in st.legal_actions()


def test_card_without_crew_fails_without_a_roll_and_kills():
    st = _field_state(["harpies", "calm", "talos", "boar"])
    st.apply_action(("assign", None, {"talos": 8}))
    st.apply_action(("resolve", "harpies"))
    assert not st.is_chance_node()
    assert st.crew == 10 and "harpies" in st.discard  # deadliness 2, from the free crew


def test_natural_six_wins_with_one_crew():
    st = _field_state(["talos", "calm", "harpies"])
    st.apply_action(("assign", None, {"talos": 1}))
    st.apply_action(("resolve", "talos"))
    st.apply_action(6)
    assert "talos" in st.victory


def test_deaths_cutting_into_placed_crew_are_chosen_by_the_player():
    st = _field_state(["boar", "talos", "harpies"], crew=10)
    st.apply_action(("assign", None, {"boar": 1, "talos": 5, "harpies": 4}))
    st.apply_action(("resolve", "boar"))
    st.apply_action(1)  # 1 + 1 < 6: the boar kills 5; only its own 1 crew is free
    assert st.phase == "deaths" and st.pending_deaths == 5
    assert ("kill", "free") in st.legal_actions()
    for _ in range(1):
        st.apply_action(("kill", "free"))
    for _ in range(4):
        st.apply_action(("kill", "harpies"))
    assert st.crew == 5 and st.on == {"talos": 5} and st.phase == "combat"


def test_advise_cuts_placed_crew_as_well_as_the_reference_allows():
    # The boar fails and kills 5 of 10; only 1 crew is unplaced, so 4 of the 9 on Talos (5) and
    # the Harpies (4) must die. The advised kills must leave a split as good as the best one.
    st = _field_state(["boar", "talos", "harpies"], crew=10)
    st.apply_action(("assign", None, {"boar": 1, "talos": 5, "harpies": 4}))
    st.apply_action(("resolve", "boar"))
    st.apply_action(1)
    while st.phase == "deaths":
        st.apply_action(advise_action(st))
    cards = load_cards(FIXTURE)
    rest = [deck_stats(["talos", "harpies"], {}, cards)[c] for c in ("talos", "harpies")]
    ref = reference(rest, 5, [])
    best = max(tuple(round(x, 9) for x in ref((t, 5 - t))) for t in range(1, 6))  # the Harpies had 4
    got = tuple(round(x, 9) for x in ref((st.on.get("talos", 0), st.on.get("harpies", 0))))
    assert st.crew == 5 and got == best


def test_deadliness_at_least_the_crew_loses_at_once():
    st = _field_state(["boar", "talos", "harpies"], crew=5)
    st.apply_action(("assign", None, {"talos": 5}))
    st.apply_action(("resolve", "boar"))
    assert st.is_terminal() and st.returns() == [-1.0] and st.crew == 0


def test_single_use_modifier_saves_a_failed_roll_and_goes_to_victory_pile():
    st = _field_state(["armour", "calm", "harpies", "talos"], crew=12)
    st.apply_action(("assign", None, {"armour": 3, "harpies": 2}))
    st.apply_action(("resolve", "armour"))
    st.apply_action(2)  # 2 + 3 >= 4
    assert st.treasures == ["armour"]
    st.apply_action(("resolve", "harpies"))
    st.apply_action(3)  # 3 + 2 = 5 < 7; +2 from the armour makes 7
    assert st.phase == "after" and ("use", "armour") in st.legal_actions()
    st.apply_action(("use", "armour"))
    assert "harpies" in st.victory and "armour" in st.victory and not st.treasures


def test_advise_spends_two_modifiers_that_together_save_a_roll():
    # Built-in cards: Scylla d10 kills 3; 1 crew + a roll of 4 is 5; Cyzican Armour +2 and
    # Triton's Clod +3 together make 10. Neither alone does, and a failure kills all 3 crew.
    st = _field_state(["cyzican-armour", "tritons-clod", "scylla"], crew=3, path=None)
    st.apply_action(("assign", None, {"cyzican-armour": 1, "tritons-clod": 1, "scylla": 1}))
    for card in ("cyzican-armour", "tritons-clod"):
        st.apply_action(("resolve", card))
        st.apply_action(6)
    st.apply_action(("resolve", "scylla"))
    st.apply_action(4)
    assert st.phase == "after"
    first = advise_action(st)
    assert first[0] == "use"
    st.apply_action(first)
    second = advise_action(st)
    assert second[0] == "use" and second[1] != first[1]
    st.apply_action(second)
    assert "scylla" in st.victory and st.crew == 3 and st.phase != "after"


def test_ignore_treasure_and_ignorable_card():
    st = _field_state(["dove", "sirens", "talos", "harpies", "boar"], crew=12)
    st.apply_action(("assign", None, {"dove": 3, "talos": 8}))
    st.apply_action(("resolve", "dove"))
    st.apply_action(4)
    assert ("ignore", "sirens", None) in st.legal_actions()
    st.apply_action(("ignore", "sirens", None))
    assert "sirens" in st.discard and st.crew == 12
    st.apply_action(("ignore", "talos", "dove"))
    assert "talos" in st.discard and "dove" in st.victory


def test_continuous_crew_treasure_adds_crew_at_once():
    st = _field_state(["volunteers", "calm", "harpies", "talos"], crew=6)
    st.apply_action(("assign", None, {"volunteers": 2}))
    st.apply_action(("resolve", "volunteers"))
    st.apply_action(5)
    assert st.crew == 8 and st.treasures == ["volunteers"]


def test_win_puts_treasures_into_victory_pile():
    st = _field_state(["lyre", "calm", "harpies"], crew=12)
    st.apply_action(("assign", None, {"lyre": 5, "harpies": 6}))
    st.apply_action(("resolve", "lyre"))
    st.apply_action(1)
    st.apply_action(("resolve", "harpies"))
    st.apply_action(1)
    assert st.is_terminal() and st.returns() == [1.0]
    assert sorted(st.victory) == ["harpies", "lyre"] and st.discard == ["calm"]


def test_state_round_trips_through_json():
    st = new_game(seed=3)
    rng = random.Random(3)
    for _ in range(15):
        st.apply_action(st.deck[0] if st.phase == "quest" else rng.randint(1, 6) if st.phase == "roll"
                        else rng.choice(st.legal_actions()))
    back = State.from_json(st.to_json())
    assert back.to_json() == st.to_json()


def test_track_reading_looks_left_at_every_level():
    vals = (7, None, 8, None, None, 10)
    assert [read_track(vals, lv) for lv in range(6)] == [7, 7, 8, 8, 8, 10]


def test_illegal_die_is_rejected_with_reason():
    st = _field_state(["talos", "calm", "harpies"])
    st.apply_action(("assign", None, {"talos": 1}))
    st.apply_action(("resolve", "talos"))
    with pytest.raises(IllegalMove, match="1 to 6"):
        st.apply_action(7)


def test_gap_29_the_deck_is_shuffled_before_every_game():
    from pnp.rules.book import load
    gap = next(g for g in load("argonauts").gaps if g.id == "argonauts.gap.29")
    assert gap.basis == "inferred" and "Shuffle the whole adventure deck" in gap.ruling
    orders = {tuple(new_game(seed=s).deck) for s in range(5)}
    assert len(orders) == 5 and all(sorted(o) == sorted(next(iter(orders))) for o in orders)
