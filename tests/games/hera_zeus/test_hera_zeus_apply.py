"""Hera and Zeus apply path: the hand index answers as a plain scan of the hand, and a State that keeps no notes
plays exactly as one that does."""
from __future__ import annotations

import random

import pytest

from pnp.games.hera_zeus import State, sim
from pnp.games.hera_zeus.cards import all_cards
from pnp.games.hera_zeus.moves import _ALL_KINDS

NAMES = sorted({c.token for c in all_cards().values()} | _ALL_KINDS)   # what _in_hand is asked for


def first_in_hand(state: State, p: int, name: str) -> str | None:
    """The first card (by id) in p's hand with this token, or of this kind for a kind moves ask for (what
    _in_hand answers), by a scan."""
    found = [c for c in state.hand[p]
             if state.cards[c].token == name or (name in _ALL_KINDS and state.cards[c].kind == name)]
    return min(found) if found else None


@pytest.mark.parametrize("seed", range(3))
def test_the_kept_hand_index_answers_as_a_scan_of_the_hand(seed):
    """_in_hand (tokens, and the kinds moves ask for) and the placeable tokens agree with the hand itself after
    every step of greedy and random games, cards given and taken one by one."""
    rng = random.Random(seed)
    state = State(first=seed % 2)
    steps = 0
    while not state.is_terminal():
        policy = "greedy" if steps % 3 else "random"
        state.apply_legal(state.sample_chance(rng) if state.is_chance_node() else sim.choose(state, policy, rng))
        steps += 1
        for p in (0, 1):
            for name in NAMES:
                assert state._in_hand(p, name) == first_in_hand(state, p, name), (p, name)
            index = state._indexed(p)
            assert index[5] == sorted({state.cards[c].token for c in state.hand[p] if state.cards[c].placeable})
    assert steps > 40


@pytest.mark.parametrize("seed", range(4))
def test_a_state_without_notes_plays_as_one_with_notes(seed):
    """A State given an rng keeps no notes by default; asked to keep them it meets the same decisions in the
    same positions, and its notes read as text with rule ids."""
    quiet_rng, noted_rng = random.Random(seed), random.Random(seed)
    quiet, noted = State(first=seed % 2, rng=quiet_rng), State(first=seed % 2, rng=noted_rng, notes=True)
    noted_any = False
    while not quiet.is_terminal():
        assert quiet.events == []
        assert all(isinstance(text, str) and "{" not in text and rule.startswith("hera-zeus.")
                   for text, rule in noted.events)
        noted_any = noted_any or bool(noted.events)
        for name in ("hand", "field", "pile", "discard", "statue", "face_up", "known", "phase", "to_move",
                     "ap_total", "ap_spent", "first_turn", "pending", "turns", "steps"):
            assert getattr(quiet, name) == getattr(noted, name), name
        move = sim.choose(quiet, "greedy", quiet_rng)
        assert sim.choose(noted, "greedy", noted_rng) == move
        quiet.apply_legal(move)
        noted.apply_legal(move)
    assert noted.is_terminal() and (quiet.winner, quiet.end_rule) == (noted.winner, noted.end_rule)
    assert noted_any and any(rule == noted.end_rule for _, rule in noted.events)
