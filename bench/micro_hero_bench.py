"""Micro Hero benchmark: greedy games per second, and the time of each judge ruling (medians).

Run: python bench/micro_hero_bench.py [--games 30] [--runs 5]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import statistics
import time

from pnp.games.micro_hero.pieces import Options
from pnp.games.micro_hero.rulings import best_order, score, upgrade_plan, wound_check
from pnp.games.micro_hero.sim import play

RULINGS = {
    "score": lambda: score("strike,block+,training,wound,strike"),
    "best-order (5 cards)": lambda: best_order("strike,strike,block,training,training", 7, 3),
    "best-order (8 cards)": lambda: best_order("strike,strike,block,block,training,training,dodge,study", 12, 6),
    "upgrade": lambda: upgrade_plan(12, "buy strike; upgrade; foresee"),
    "wound": lambda: wound_check(1, attack=7, defence=1),
}


def main() -> None:
    """Print the medians."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    for diff in ("normal", "mythic"):
        rates = []
        for r in range(args.runs):
            t = time.perf_counter()
            for g in range(args.games):
                play(Options(difficulty=diff), seed=r * 1000 + g)
            rates.append(args.games / (time.perf_counter() - t))
        print(f"greedy games/s ({diff}): {statistics.median(rates):.1f}")
    for name, fn in RULINGS.items():
        fn()  # warm the rule book cache
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        print(f"ruling {name}: {statistics.median(times) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
