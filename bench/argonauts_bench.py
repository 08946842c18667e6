"""Argonauts speed figures: greedy games/s (1 and 2 processes) and advise latency medians.

Targets (issue 5): >= 20,000 greedy games/s using both cores; advise on 5 cards and 15 crew < 0.2 s.
Run: python bench/argonauts_bench.py
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import random
import statistics
import subprocess
import sys
import time

from pnp.games.argonauts.cards import load_cards, stats
from pnp.games.argonauts.sim import simulate
from pnp.games.argonauts.turn import Turn


def games_per_second(n: int, jobs: int, repeats: int = 3) -> float:
    """Median greedy games/s over a few runs."""
    rates = []
    for r in range(repeats):
        t = time.perf_counter()
        simulate(n, "greedy", seed=r, jobs=jobs)
        rates.append(n / (time.perf_counter() - t))
    return statistics.median(rates)


def fields(samples: int, held: int, reserve: bool, seed: int = 1) -> list[tuple[list, list]]:
    """Random 5-card fields of Monsters and Treasures (starting deck or all cards) and treasures held."""
    cards = load_cards()
    fight = [c for c in cards.values() if c.kind in ("monster", "treasure") and (reserve or not c.reserve)]
    treasures = [c for c in fight if c.kind == "treasure"]
    rng = random.Random(seed)
    out = []
    for _ in range(samples):
        field = rng.sample(fight, 5)
        out.append((field, rng.sample([t for t in treasures if t not in field], held)))
    return out


def advise_latency(samples: int, held: int, reserve: bool) -> tuple[float, float]:
    """Median and worst time (s) of the best three assignments with 15 crew, in this process."""
    times = []
    for field, hold in fields(samples, held, reserve):
        t = time.perf_counter()
        Turn([stats(c) for c in field], 15, [stats(c) for c in hold]).best(3)
        times.append(time.perf_counter() - t)
    return statistics.median(times), max(times)


def advise_command(samples: int, held: int) -> float:
    """Median wall time (s) of the whole `pnp argonauts advise` command in a fresh process."""
    times = []
    for field, hold in fields(samples, held, False, seed=2):
        cmd = [sys.executable, "-c", "from pnp.cli.main import main; main()", "argonauts", "advise", "--crew", "15",
               "--revealed", ",".join(c.id for c in field)] + [a for t in hold for a in ("--treasure", t.id)]
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    """Print the figures."""
    print(f"greedy, 1 process : {games_per_second(20000, 1):>9,.0f} games/s (median of 3 x 20,000)")
    print(f"greedy, 2 processes: {games_per_second(100000, 2):>9,.0f} games/s (median of 3 x 100,000)")
    for reserve in (False, True):
        for held in (0, 1, 2):
            med, worst = advise_latency(30, held, reserve)
            print(f"advise 5 cards ({'all 52' if reserve else 'starting deck'}), 15 crew, {held} treasure(s) held: "
                  f"median {med * 1000:.1f} ms, worst {worst * 1000:.1f} ms (30 fields)")
    for held in (0, 2):
        print(f"`pnp argonauts advise`, whole command, 5 cards, 15 crew, {held} treasure(s) held: "
              f"median {advise_command(10, held) * 1000:.0f} ms (10 fields)")


if __name__ == "__main__":
    main()
