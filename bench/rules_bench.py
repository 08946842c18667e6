"""Print median end-to-end wall times (s) of `pnp rules GAME search`, a `pnp judge` ruling and `pnp --help`.

Also, in one process, the median time (ms) of each search with typo tolerance off and on (the
same index and query, so the before/after of reading misspelt words), plain and misspelt queries.

Each command runs as a fresh process (the `pnp` script beside this Python, else `python -m pnp`, importing
this checkout's pnp: see checkout.py), several times; the first run of a search also builds the cached index and is
reported apart. Bytecode caching is left on (PYTHONDONTWRITEBYTECODE is dropped from the child
environment, as on a normal install), so warm runs do not recompile pnp's modules.
Target: a search or a ruling under 0.2 s.

Usage: python bench/rules_bench.py [--runs N]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import os
import resource
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
TYPO_SEARCHES = {
    "argonauts": "what does the wraht of the sirenz do",
    "hera-zeus": "can pegasis be atacked",
}
TYPO_SLOWDOWN = 1.10  # typo tolerance may cost at most 10 % of a search


def pnp_command() -> list[str]:
    """The pnp entry point of this interpreter (console script if installed, else -m pnp)."""
    script = Path(sys.executable).with_name("pnp")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pnp"]


def timed(argv: list[str], env: dict) -> tuple[float, float]:
    """Wall and CPU (user + system) time (s) of one run; raises if the command fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr.strip() or proc.stdout.strip()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def wall(argv: list[str], env: dict) -> float:
    """Wall time (s) of one run."""
    return timed(argv, env)[0]


def medians(argv: list[str], env: dict, runs: int) -> str:
    """'wall s (cpu s)' medians over runs, flagged when the wall median misses the target."""
    results = [timed(argv, env) for _ in range(runs)]
    w, c = statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)
    return f"{w:.3f} s  (cpu {c:.3f} s){'  OVER TARGET' if w >= TARGET_S else ''}"


def import_time(env: dict) -> float:
    """Cumulative import time (s) of pnp.cli.main, as `python -X importtime` reports it."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import pnp.cli.main"],
                          capture_output=True, text=True, env=env, check=True)
    line = next(ln for ln in proc.stderr.splitlines() if ln.rstrip().endswith("| pnp.cli.main"))
    return int(line.split("|")[1]) / 1e6


def judge_examples(pnp: list[str]) -> list[list[str]]:
    """One `pnp judge` call per game to time: its first situation's Example line (needing no file)."""
    import shlex
    import click
    from pnp.cli.judge import _available, judge
    calls = []
    for slug in sorted(_available()):
        group = judge.get_command(click.Context(judge), slug)
        for cmd in group.commands.values():
            lines = [ln.strip()[len("Example:"):] for ln in (cmd.help or "").splitlines()
                     if ln.strip().startswith("Example:")]
            argv = shlex.split(lines[0]) if lines else []
            if argv[:2] == ["pnp", "judge"] and not any(a.endswith((".yaml", ".yml", ".json")) for a in argv):
                calls.append(pnp + argv[1:])
                break
    return calls


def typo_cost(runs: int) -> None:
    """Median in-process time (ms) of each search, typo tolerance off then on, and their ratio."""
    from pnp.rules.search import index, query
    print(f"{'in-process search, typo tolerance off -> on (ms, medians)':<58}")
    cases = [(slug, q) for slug, q in SEARCHES.items()] + [(slug, q) for slug, q in TYPO_SEARCHES.items()]
    for slug, q in cases:
        conn = index(slug)
        try:
            query(conn, q)  # warm: page cache, rapidfuzz import
            samples = {False: [], True: []}
            for _ in range(runs * 20):  # off and on alternate, so a busy machine slows both alike
                for typos in (False, True):
                    t = time.perf_counter()
                    query(conn, q, typos=typos)
                    samples[typos].append(time.perf_counter() - t)
            times = {typos: statistics.median(s) * 1000 for typos, s in samples.items()}
        finally:
            conn.close()
        ratio = times[True] / times[False]
        flag = "  OVER 10 %" if ratio > TYPO_SLOWDOWN and q in SEARCHES.values() else ""
        print(f"  {slug + ': ' + q:<56} {times[False]:6.2f} -> {times[True]:6.2f} ms  (x{ratio:.2f}){flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per command (median reported)")
    args = parser.parse_args()
    pnp = pnp_command()
    cache = tempfile.mkdtemp(prefix="pnp-bench-cache-")
    env = dict(os.environ, PNP_CACHE=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"pnp: {' '.join(pnp)}   runs: {args.runs}   target: < {TARGET_S} s wall   (medians)")
    try:
        print(f"{'pnp --help':<58} {medians(pnp + ['--help'], env, args.runs)}")
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
            print(f"{label[:58]:<58} {medians(argv, env, args.runs)}   (first run, building the index: {first:.3f} s)")
        for slug, query in TYPO_SEARCHES.items():
            argv = pnp + ["rules", slug, "search", query]
            label = f'pnp rules {slug} search "{query}"'
            print(f"{label[:58]:<58} {medians(argv, env, args.runs)}")
        calls = judge_examples(pnp)
        if not calls:
            print("pnp judge: no game has situations yet, skipped")
        for argv in calls:
            label = " ".join(["pnp"] + argv[len(pnp):])
            print(f"{label[:58]:<58} {medians(argv, env, args.runs)}")
        os.environ["PNP_CACHE"] = cache  # the in-process searches use the same fresh cache
        typo_cost(args.runs)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
