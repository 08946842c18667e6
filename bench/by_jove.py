"""Print By Jove figures: median in-process ruling time (ms), end-to-end `pnp judge by-jove` wall time (s),
and simulated random games per second (4 players).

Usage: python bench/by_jove.py [--runs N]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

RULINGS = {
    "peril": lambda r: r.peril("hercules", 6, "3,2,6"),
    "god": lambda r: r.god("5,5", from_god="Jupiter"),
    "hades": lambda r: r.hades(2, "4,4", 1),
    "bounce": lambda r: r.bounce("Land of the Lotus Eaters"),
    "score": lambda r: r.score(["Ann:coins=12,vap=4,labyrinth=1", "Bo:coins=20,vap=6"]),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    from pnp.games.by_jove import rulings
    from pnp.games.by_jove.sim import run
    for name, fn in RULINGS.items():
        fn(rulings)
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            fn(rulings)
            times.append(time.perf_counter() - t)
        print(f"ruling {name}: median {statistics.median(times) * 1000:.2f} ms in process")
    script = Path(sys.executable).with_name("pnp")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "pnp"]
    walls = []
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run(cmd + ["judge", "by-jove", "peril", "--fighter", "hero", "--peril", "4", "--rolls", "2,5"],
                       check=True, capture_output=True)
        walls.append(time.perf_counter() - t)
    print(f"pnp judge by-jove peril: median {statistics.median(walls):.3f} s end to end")
    rates = []
    for seed in range(3):
        t = time.perf_counter()
        run(200, seed, players=4)
        rates.append(200 / (time.perf_counter() - t))
    print(f"simulate: median {statistics.median(rates):.0f} games/s (4 random players, one core)")


if __name__ == "__main__":
    main()
