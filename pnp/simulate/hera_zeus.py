"""`pnp simulate hera-zeus`: self-play with random or greedy players; game length, first-player wins, endings."""
from __future__ import annotations

import sys

import click

from pnp.cli.output import emit_json
from pnp.games.hera_zeus import sim


@click.command(name="hera-zeus")
@click.option("-n", "games", type=click.IntRange(1, 1_000_000), default=200, show_default=True, help="Games to play.")
@click.option("--policy", type=click.Choice(sim.POLICIES), default="greedy", show_default=True,
              help="How both players choose their moves.")
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed (printed with the results).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def command(games, policy, seed, as_json):
    """Simulate Hera and Zeus games and report length, first-player win rate and how games end.

    The first player alternates between Hera and Zeus from game to game.

    Example: pnp simulate hera-zeus -n 500 --policy greedy --seed 7
    """
    with click.progressbar(length=games, label="playing", file=sys.stderr) as bar:
        report = sim.run(games, policy, seed, progress=bar.update)
    if as_json:
        emit_json(report)
        return
    t = report["turns"]
    click.echo(f"Hera and Zeus: {games} games, policy {policy}, seed {seed}")
    click.echo(f"  turns per game: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}")
    click.echo(f"  first player wins: {report['first_player_win_rate']:.1%}   Hera wins: {report['hera_win_rate']:.1%}")
    click.echo("  how games end:")
    for how, count in report["endings"].items():
        click.echo(f"    {count / games:6.1%}  {how}")
