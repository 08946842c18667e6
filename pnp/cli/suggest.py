"""Did-you-mean suggestions for misspelt names."""
from __future__ import annotations

import difflib


def closest(name: str, choices, n: int = 1) -> list[str]:
    """The choices nearest to name, best first (case-insensitive)."""
    lowered = {c.lower(): c for c in choices}
    return [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=n, cutoff=0.5)]


def unknown_choice(kind: str, name: str, choices) -> str:
    """One line: unknown X 'name', did you mean ..., valid choices ..."""
    choices = sorted(choices)
    near = closest(name, choices)
    hint = f" Did you mean '{near[0]}'?" if near else ""
    return f"unknown {kind} '{name}'.{hint} Valid: {', '.join(choices)}."
