"""The Argonauts dice rule, stated once: one d6 per card, when it succeeds, by how much it falls short,
and the exact chance (a fraction of the six faces)."""
from __future__ import annotations

from fractions import Fraction

DIE = range(1, 7)  # one six-sided die per card (argonauts.combat.2)


def shortfall(roll: int, crew: int, modifier: int, difficulty: int) -> int:
    """Points the total roll + crew + modifier lacks to reach the difficulty, 0 or less when it is enough
    (argonauts.combat.3, argonauts.combat.5); a single-use modifier of at least this much saves the roll
    (argonauts.gap.8)."""
    return difficulty - roll - crew - modifier


def succeeds(roll: int, crew: int, modifier: int, difficulty: int) -> bool:
    """Does a roll win: a natural 6 always (argonauts.combat.17), else roll+crew+mod >= difficulty
    (argonauts.combat.5); no crew means no roll and a failure (argonauts.combat.12, argonauts.gap.4)."""
    return crew > 0 and (roll == 6 or roll + crew + modifier >= difficulty)


def p_success(crew: int, difficulty: int, modifier: int = 0) -> Fraction:
    """Exact chance a card resolves; no crew means no roll and a failure (argonauts.combat.12, argonauts.gap.4)."""
    return Fraction(sum(succeeds(r, crew, modifier, difficulty) for r in DIE), 6)
