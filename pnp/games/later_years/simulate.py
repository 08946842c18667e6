"""`pnp simulate later-years`: random or greedy players; game length and first-player advantage."""
from __future__ import annotations

import sys

import click

from pnp.games.later_years.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.later_years.sim import POLICIES
from pnp.simulate.options import run_options


@click.command(name="later-years")
@run_options(500, POLICIES, "random")
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=3, show_default=True,
              help="Number of players (later-years.gap.13).")
def command(n, seed, policy, players, jobs, as_json):
    """Simulate Hercules: The Later Years: rounds per game, deadbeats and the first player's edge.

    Example: pnp simulate later-years -n 500 --players 4 --seed 7
    """
    from pnp.cli.output import emit_json
    from pnp.games.later_years.sim import run
    with click.progressbar(length=n, label="Later Years", file=sys.stderr) as bar:
        report = run(n, seed, players, policy, progress=bar.update, jobs=jobs)
    if as_json:
        emit_json(report)
        return
    r, fp = report["rounds"], report["first_player"]
    click.echo(f"Later Years: {n} games, {players} players, {policy} players, seed {seed}")
    click.echo(f"  rounds: mean {r['mean']}, median {r['median']}, range {r['min']}-{r['max']}")
    click.echo(f"  winning score: mean {report['winning_score']['mean']}; chains per game "
               f"{report['chains_per_game']}; deadbeats per game {report['deadbeats_per_game']}")
    click.echo("  win share by seat: " + ", ".join(f"{i + 1}: {s:.1%}" for i, s in enumerate(report["win_share_by_seat"])))
    click.echo(f"  first player: {fp['win_share']:.1%} against a fair {fp['fair_share']:.1%} "
               f"(advantage {fp['advantage']:+.1%}, z = {fp['z']})")
