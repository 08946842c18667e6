"""Simulator speed of every game: games per second per core with its default policy, and `--jobs` scaling.

Each figure is the median of several runs of `pnp simulate GAME -n N --seed S --json` in this process
(default policy and player count), N chosen so a run takes about --seconds: games per CPU second of
one job (the per-core figure), then games per wall-clock second with one job and with --jobs N (twice
the games), and the speed-up between those two. The machine's other load shows in the wall figures.
Target (issue 15): at least 500 games/s per core for every game.

Run: python bench/simulate_bench.py [--runs 5] [--seconds 1.0] [--jobs 2] [GAME ...]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import statistics
import time

from click.testing import CliRunner

from pnp.catalog import GAMES
from pnp.cli.main import main as pnp

GAMES_PER_N = {"micro-hero": 3}  # micro-hero plays -n games on each of its three difficulties


def rate(game: str, n: int, seed: int, jobs: int = 1, clock=time.process_time) -> float:
    """Games per second of one `pnp simulate` run, by CPU seconds of this process (the default: a figure
    per core that other work on the machine disturbs little) or by wall-clock seconds."""
    t = clock()
    res = CliRunner().invoke(pnp, ["simulate", game, "-n", str(n), "--seed", str(seed), "--json"]
                             + (["--jobs", str(jobs)] if jobs > 1 else []))
    elapsed = clock() - t
    if res.exit_code != 0:
        raise SystemExit(f"pnp simulate {game} failed: {res.output}")
    return n * GAMES_PER_N.get(game, 1) / elapsed


def calibrate(game: str, seconds: float) -> int:
    """-n that makes one run last about `seconds`, timed after a warm-up run (imports, card data, caches)."""
    rate(game, 2, 0, 1)
    n = 1
    while True:
        per_second = rate(game, n, 0, 1) / GAMES_PER_N.get(game, 1)
        if n / per_second >= seconds / 4:
            return max(2, round(per_second * seconds))
        n *= 2


def main() -> None:
    """Print the medians, one line per game."""
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=sorted(GAMES))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0, help="About how long each run lasts.")
    ap.add_argument("--jobs", type=int, default=2, help="Processes for the scaling figure (0 to skip it).")
    args = ap.parse_args()
    print(f"{'game':22s} {'games/s/core':>13s}" + (f" {'wall, 1 job':>12s} {'--jobs ' + str(args.jobs):>10s}"
                                                      f" {'speed-up':>8s}" if args.jobs else ""))
    seeds = range(1, args.runs + 1)
    for game in args.games:
        n = calibrate(game, args.seconds)
        line = f"{game:22s} {statistics.median(rate(game, n, s) for s in seeds):13.0f}"
        if args.jobs:
            one = statistics.median(rate(game, n, s, 1, time.perf_counter) for s in seeds)
            many = statistics.median(rate(game, n * args.jobs, s, args.jobs, time.perf_counter) for s in seeds)
            line += f" {one:12.0f} {many:10.0f} {many / one:7.2f}x"
        print(line + f"   (median of {args.runs} runs of -n {n})", flush=True)

if __name__ == "__main__":
    main()
