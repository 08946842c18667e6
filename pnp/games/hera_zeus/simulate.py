"""`pnp simulate hera-zeus`: self-play with random or greedy players; game length, first-player wins, endings."""
from __future__ import annotations

import click

from pnp.cli.output import emit_json
from pnp.cli.progress import progress_bar
from pnp.cli.simulate_options import run_options
from pnp.games.hera_zeus import sim


@click.command(name="hera-zeus")
@run_options(200, sim.POLICIES, "greedy")
def command(n, seed, policy, jobs, as_json):
    """Simulate Hera and Zeus games and report length, first-player win rate and how games end.

    The first player alternates between Hera and Zeus from game to game.

    Example: pnp simulate hera-zeus -n 200 --policy greedy --seed 7
    """
    with progress_bar(n, "playing") as tick:
        report = sim.run(n, policy, seed, progress=tick, jobs=jobs)
    if as_json:
        emit_json(report)
        return
    t = report["turns"]
    click.echo(f"Hera and Zeus: {n} games, policy {policy}, seed {seed}")
    click.echo(f"  turns per game: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}")
    click.echo(f"  first player wins: {report['first_player_win_rate']:.1%}   Hera wins: {report['hera_win_rate']:.1%}")
    click.echo("  how games end:")
    for how, count in report["endings"].items():
        click.echo(f"    {count / n:6.1%}  {how}")
