"""Print median end-to-end wall times (s) of `pnp rules GAME search`, a `pnp judge` ruling and `pnp --help`.

Each command runs as a fresh process (the installed `pnp` script beside this Python, else
`python -m pnp`), several times; the first run of a search also builds the cached index and is
reported apart. Bytecode caching is left on (PYTHONDONTWRITEBYTECODE is dropped from the child
environment, as on a normal install), so warm runs do not recompile pnp's modules.
Target: a search or a ruling under 0.2 s.

Usage: python bench/rules_bench.py [--runs N]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_S = 0.2
SEARCHES = {
    "argonauts": "what happens if I roll a natural six",
    "hera-zeus": "can the statue be attacked",
    "micro-hero": "how much xp does an upgrade cost",
    "by-jove": "what happens on the taxes space",
}


def pnp_command() -> list[str]:
    """The pnp entry point of this interpreter (console script if installed, else -m pnp)."""
    script = Path(sys.executable).with_name("pnp")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pnp"]


def wall(argv: list[str], env: dict) -> float:
    """Wall time (s) of one run; raises if the command fails."""
    t = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - t
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip() or proc.stdout.strip()}")
    return elapsed


def median_wall(argv: list[str], env: dict, runs: int) -> float:
    """Median wall time (s) over runs."""
    return statistics.median(wall(argv, env) for _ in range(runs))


def import_time(env: dict) -> float:
    """Cumulative import time (s) of pnp.cli.main, as `python -X importtime` reports it."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import pnp.cli.main"],
                          capture_output=True, text=True, env=env, check=True)
    line = next(ln for ln in proc.stderr.splitlines() if ln.rstrip().endswith("| pnp.cli.main"))
    return int(line.split("|")[1]) / 1e6


def judge_example(pnp: list[str], env: dict) -> list[str] | None:
    """A `pnp judge` call to time: the first situation's Example line of the first game that has one."""
    import shlex
    import click
    from pnp.cli.judge import _available, judge
    for slug in sorted(_available(), key=lambda s: s != "argonauts"):
        group = judge.get_command(click.Context(judge), slug)
        for name in sorted(group.commands):
            for line in (group.commands[name].help or "").splitlines():
                if line.strip().startswith("Example:"):
                    argv = shlex.split(line.strip()[len("Example:"):])
                    if argv[:2] == ["pnp", "judge"] and not any(a.endswith((".yaml", ".json")) for a in argv):
                        return pnp + argv[1:]
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per command (median reported)")
    args = parser.parse_args()
    pnp = pnp_command()
    cache = tempfile.mkdtemp(prefix="pnp-bench-cache-")
    env = dict(os.environ, PNP_CACHE=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"pnp: {' '.join(pnp)}   runs: {args.runs}   target: < {TARGET_S} s   (medians, wall clock)")
    try:
        print(f"{'pnp --help':<58} {median_wall(pnp + ['--help'], env, args.runs):.3f} s")
        imports = statistics.median(import_time(env) for _ in range(args.runs))
        print(f"{'  of which importing pnp.cli.main (-X importtime)':<58} {imports:.3f} s")
        from pnp.paths import cardsets_root
        for slug, query in SEARCHES.items():
            if not (cardsets_root() / slug / "rules.yaml").exists():
                print(f"pnp rules {slug} search: no rules data yet, skipped")
                continue
            argv = pnp + ["rules", slug, "search", query]
            first = wall(argv, env)
            label = f'pnp rules {slug} search "{query}"'
            med = median_wall(argv, env, args.runs)
            print(f"{label[:58]:<58} {med:.3f} s{'  OVER TARGET' if med >= TARGET_S else ''}"
                  f"   (first run, building the index: {first:.3f} s)")
        argv = judge_example(pnp, env)
        if argv is None:
            print("pnp judge: no game has situations yet, skipped")
        else:
            med = median_wall(argv, env, args.runs)
            label = " ".join(["pnp"] + argv[len(pnp):])
            print(f"{label[:58]:<58} {med:.3f} s{'  OVER TARGET' if med >= TARGET_S else ''}")
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
