"""Statistics shared by the simulators: win-rate intervals, the first player's edge, spreads."""
from __future__ import annotations

import math
import statistics


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (z = 1.96); no games tell nothing: (0, 1)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def split_win(winners, shares: list[float]) -> None:
    """Add one game's win to shares, split evenly between tied winners (indices)."""
    winners = list(winners)
    for w in winners:
        shares[w] += 1 / len(winners)


def first_player(first_share: float, n: int, players: int) -> dict:
    """The first seat's win share against the fair 1/players, with a z-score (normal approximation)."""
    fair = 1 / players
    z = (first_share - fair) / math.sqrt(fair * (1 - fair) / n)
    return {"win_share": round(first_share, 4), "fair_share": round(fair, 4),
            "advantage": round(first_share - fair, 4), "z": round(z, 2)}


def spread(values, digits: int = 2) -> dict:
    """Mean (rounded to `digits`), median, least and most of a non-empty list of game lengths or scores."""
    return {"mean": round(statistics.fmean(values), digits), "median": statistics.median(values),
            "min": min(values), "max": max(values)}


def seat_shares(shares) -> str:
    """Win shares by seat as '1: 26.0%, 2: 24.5%, ...'."""
    return ", ".join(f"{i + 1}: {s:.1%}" for i, s in enumerate(shares))


def first_player_text(fp: dict, label: str = "first player") -> str:
    """The first seat's edge (pnp.games.stats.first_player) in words."""
    return (f"{label}: {fp['win_share']:.1%} against a fair {fp['fair_share']:.1%} "
            f"(advantage {fp['advantage']:+.1%}, z = {fp['z']})")
