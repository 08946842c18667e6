"""A count with its noun in the right number: "1 loss", "2 losses", "0 wins"."""
from __future__ import annotations

_ES = ("s", "x", "z", "ch", "sh")


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """n and the noun, singular for exactly 1 (and -1); plural given, or the noun + "es" after s, x, z,
    ch or sh ("loss" -> "losses"), else + "s" ("win" -> "wins")."""
    if abs(n) == 1:
        return f"{n} {noun}"
    return f"{n} {plural or noun + ('es' if noun.endswith(_ES) else 's')}"
