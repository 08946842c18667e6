"""Print median times (ms) of Later Years' chain count (max-flow plus the crossing search) on boards.

Boards: random boards of one player's coins (0-3 per space, as stacks grow in long games), an
all-stacked board (the search's worst case), and a `pnp judge later-years chains` ruling in-process.
Target: a ruling under 0.2 s end to end (issue 3); the chain count is most of a `chains` ruling.

Usage: python bench/later_years_chains_bench.py [--boards N]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import random
import statistics
import time

from pnp.games.later_years.chains import max_chains


def timed(cap) -> tuple[float, bool]:
    """Milliseconds to count the chains of one board, and whether the count is proven."""
    t = time.perf_counter()
    found = max_chains(cap)
    return (time.perf_counter() - t) * 1000, found.exact


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(1)
    times, inexact = [], 0
    for _ in range(args.boards):
        cap = {(r, c): rng.choice([0, 0, 1, 1, 2, 3]) for r in range(4) for c in range(4)}
        ms, exact = timed(cap)
        times.append(ms)
        inexact += not exact
    times.sort()
    print(f"random boards ({args.boards}): median {statistics.median(times):.2f} ms, "
          f"p95 {times[int(0.95 * len(times)) - 1]:.2f} ms, max {times[-1]:.2f} ms, not proven {inexact}")
    for k in (1, 2, 3):
        ms, exact = timed({(r, c): k for r in range(4) for c in range(4)})
        print(f"every space holding {k} of her coins: {ms:.2f} ms, proven {exact}")


if __name__ == "__main__":
    main()
