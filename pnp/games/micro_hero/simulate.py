"""`pnp simulate micro-hero`: greedy (or random) solo runs; win rate per difficulty and where runs end."""
from __future__ import annotations

import click

from pnp.cli.choice import LooseChoice
from pnp.cli.output import emit_json
from pnp.cli.progress import progress_bar
from pnp.cli.simulate_options import run_options
from pnp.games.micro_hero.pieces import LINGER


@click.command(name="micro-hero")
@run_options(100, ["greedy", "random"], "greedy", "Games per difficulty.")
@click.option("--difficulty", "difficulties", multiple=True, type=LooseChoice(["normal", "heroic", "mythic"], "difficulty"),
              help="Difficulty to run (repeatable; default all three).")
@click.option("--expansions", default="", help="Comma-separated: blood, athena, hera, calm, omphale.")
@click.option("--players", type=click.IntRange(1, 2), default=1, show_default=True, help="1, or 2 for co-op.")
def command(n, seed, policy, difficulties, expansions, players, jobs, as_json):
    """Simulate Micro Hero runs: win rate per difficulty and the round where lost runs end.

    Example: pnp simulate micro-hero -n 50 --seed 1 --json
    """
    from pnp.games.micro_hero.sim import simulate  # numpy: loaded only when run (start-up time of pnp simulate)
    diffs = difficulties or tuple(LINGER)
    exps = frozenset(e.strip() for e in expansions.split(",") if e.strip())
    click.echo(f"seed {seed}", err=True)
    with progress_bar(n * len(diffs), "games") as tick:
        res = simulate(n, seed, policy, diffs, exps, players, progress=tick, jobs=jobs)
    if as_json:
        emit_json(res)
        return
    click.echo(f"{n} games per difficulty, policy {policy}, seed {seed}, players {players}, "
               f"expansions: {', '.join(res['expansions']) or 'none'}")
    for diff, r in res["difficulties"].items():
        lo, hi = r["ci95"]
        ends = ", ".join(f"round {k}: {v}" for k, v in r["lost_in_round"].items()) or "none"
        click.echo(f"  {diff:7s} win rate {r['win_rate']:.3f} (95% CI {lo:.3f}-{hi:.3f}); "
                   f"{r['turns_per_game']:.1f} turns/game; lost runs end in {ends}")
