"""`pnp simulate verb-adjective-noun`: random or greedy players; game length and first-player advantage."""
from __future__ import annotations

import sys

import click

from pnp.games.verb_adjective_noun.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.verb_adjective_noun.sim import POLICIES
from pnp.simulate.options import run_options


@click.command(name="verb-adjective-noun")
@run_options(200, POLICIES, "greedy")
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True,
              help="Number of players, 3-6.")
def command(n, seed, policy, players, jobs, as_json):
    """Simulate Verb the Adjective Noun: turns per game, trials scored, how games end, first player's edge.

    Example: pnp simulate verb-adjective-noun -n 200 --policy greedy --players 4 --seed 7
    """
    from pnp.cli.output import emit_json
    from pnp.games.verb_adjective_noun.sim import run
    with click.progressbar(length=n, label="Verb the Adjective Noun", file=sys.stderr) as bar:
        report = run(n, seed, players, policy, progress=bar.update, jobs=jobs)
    if as_json:
        emit_json(report)
        return
    t, fp = report["turns"], report["first_player"]
    click.echo(f"Verb the Adjective Noun: {n} games, {players} players, {policy} players, seed {seed}")
    click.echo(f"  turns: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}")
    click.echo(f"  trials scored: mean {report['trials_scored']['mean']}")
    click.echo("  ended by: " + ", ".join(f"{k} {v:.1%}" for k, v in report["ended_by"].items()))
    click.echo("  win share by seat: " + ", ".join(f"{i + 1}: {s:.1%}" for i, s in enumerate(report["win_share_by_seat"])))
    click.echo(f"  first player: {fp['win_share']:.1%} against a fair {fp['fair_share']:.1%} "
               f"(advantage {fp['advantage']:+.1%}, z = {fp['z']})")
