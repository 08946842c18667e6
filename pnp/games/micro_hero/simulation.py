"""`pnp simulate micro-hero` declared once: greedy (or random) solo runs; win rate per difficulty and where runs end."""
from __future__ import annotations

from pnp.games.micro_hero.pieces import LINGER
from pnp.judge.situation import Choice, Param, Text
from pnp.simulate.simulation import Players, Simulation


def _difficulties(values) -> tuple[str, ...]:
    return tuple(values.get("difficulties") or LINGER)


def _run(n, seed, policy, jobs, progress, players, difficulties, expansions):
    from pnp.games.micro_hero.sim import simulate  # lazy: start-up time (numpy, loaded only when run)
    exps = frozenset(e.strip() for e in expansions.split(",") if e.strip())
    return simulate(n, seed, policy, _difficulties({"difficulties": difficulties}), exps, players,
                    progress=progress, jobs=jobs)


def _lines(res, v) -> list[str]:
    out = [f"{v['n']} games per difficulty, policy {v['policy']}, seed {v['seed']}, players {v['players']}, "
           f"expansions: {', '.join(res['expansions']) or 'none'}"]
    for diff, r in res["difficulties"].items():
        lo, hi = r["ci95"]
        ends = ", ".join(f"round {k}: {count}" for k, count in r["lost_in_round"].items()) or "none"
        out.append(f"  {diff:7s} win rate {r['win_rate']:.3f} (95% CI {lo:.3f}-{hi:.3f}); "
                   f"{r['turns_per_game']:.1f} turns/game; lost runs end in {ends}")
    return out


SIMULATION = Simulation(
    "micro-hero", "Simulate Micro Hero runs: win rate per difficulty and the round where lost runs end.",
    "pnp simulate micro-hero -n 50 --seed 1 --json", 100, ("greedy", "random"), "greedy", _run, _lines,
    players=Players(1, 2, 1, help="1, or 2 for co-op."), games_help="Games per difficulty.",
    params=(Param("difficulties", "Difficulties", Choice(tuple(LINGER), "difficulty", many=True), default=(),
                  flag="--difficulty", help="Difficulty to run (repeatable; default all three)."),
            Param("expansions", "Expansions", Text(), default="",
                  help="Comma-separated: blood, athena, hera, calm, omphale.")),
    total=lambda values: values["n"] * len(_difficulties(values)), announce_seed=True)
