"""Exact Argonauts odds of one card with the treasures held (computed from the dice rule and the turn
solver's treasure rule, never sampled)."""
from __future__ import annotations

from fractions import Fraction

from pnp.games.argonauts.cards import Stats
from pnp.games.argonauts.dice import DIE
from pnp.games.argonauts.turn import WIN, Turn, outcome, spend


def card_chance(crew: int, difficulty: int, modifier: int, kind: str, held: list[Stats]) -> Fraction:
    """Exact chance one card resolves with its crew, typed modifiers and the treasures held, each single-use
    treasure spent only when it saves the roll (the solver's own rule: turn.outcome, argonauts.gap.8)."""
    context = Turn([], crew, held)
    card = Stats("card", "the card", kind, difficulty)
    mod = modifier + context.mod[kind]

    def chance(items: tuple) -> Fraction:
        total = Fraction(0)
        for roll in DIE:
            got = outcome(roll, crew, mod, card, items)
            if got == WIN:
                total += Fraction(1, 6)
            elif got:
                total += Fraction(1, 6) * max(chance(spend(items, pick)) if items[pick[0]][0] == "reroll"
                                              else Fraction(1) for pick in got)
        return total
    return chance(context.items)
