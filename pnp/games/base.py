"""The open_spiel-shaped state protocol shared by every game engine, and random playouts."""
from __future__ import annotations

import random
from typing import Any, Protocol

CHANCE = -1
TERMINAL = -4


class State(Protocol):
    """What every game's State offers (after open_spiel's pyspiel.State)."""

    def current_player(self) -> int:
        """Index of the player to act, CHANCE for a chance node, TERMINAL when over."""

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome (die roll, card reveal)."""

    def legal_actions(self) -> list[Any]:
        """Actions the current player may take (empty at chance and terminal nodes)."""

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """(outcome, probability) pairs at a chance node; probabilities sum to 1."""

    def apply_action(self, action: Any) -> None:
        """Apply a player action or chance outcome; raises IllegalMove with the reason."""

    def is_terminal(self) -> bool:
        """True when the game is over."""

    def returns(self) -> list[float]:
        """Per-player result: +1 win, -1 loss, 0 draw or unfinished."""


def sample_chance(state: State, rng: random.Random):
    """Draw one chance outcome by its probability."""
    outcomes = state.chance_outcomes()
    r, acc = rng.random(), 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


def pick_index(n: int, rng: random.Random) -> int:
    """An index below n > 0, each equally likely, from one call to rng.random() (where pick draws from)."""
    return int(rng.random() * n)


def pick(seq, rng: random.Random):
    """One element of a non-empty sequence, each equally likely: like rng.choice, in one call to rng.random()."""
    return seq[pick_index(len(seq), rng)]


def sample_count(counts: dict, order, rng: random.Random, r: float | None = None):
    """Draw a key with probability counts[key] / total, walking the keys in `order`: the outcome that
    sample_chance draws from [(k, counts[k] / total) for k in order if counts[k]] with the same random
    number, without listing the outcomes (a card off a deck of counted kinds); `r` is that number if the
    caller already drew it from rng."""
    total = sum(counts.values())
    r, acc, last = rng.random() if r is None else r, 0.0, None
    for key in order:
        k = counts.get(key)
        if k:
            acc += k / total
            if r < acc:
                return key
            last = key
    return last


def random_playout(state: State, rng: random.Random, max_steps: int = 100_000, on_step=None) -> State:
    """Play uniformly random legal actions and sampled chance outcomes until terminal.

    on_step(state), if given, runs after each action so tests can check invariants.
    Raises RuntimeError if the game has not ended within max_steps.
    """
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if on_step is not None:
            on_step(state)
    raise RuntimeError(f"game did not end within {max_steps} steps")
