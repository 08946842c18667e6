"""`pnp simulate verb-adjective-noun`: random or greedy players; game length and first-player advantage."""
from __future__ import annotations

import click

from pnp.cli.output import emit_json
from pnp.cli.simulate_options import first_player_text, players_option, run_options, seat_shares, with_progress
from pnp.games.verb_adjective_noun.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.verb_adjective_noun.sim import POLICIES, run


@click.command(name="verb-adjective-noun")
@run_options(200, POLICIES, "greedy")
@players_option(MIN_PLAYERS, MAX_PLAYERS, 4)
def command(n, seed, policy, players, jobs, as_json):
    """Simulate Verb the Adjective Noun: turns per game, trials scored, how games end, first player's edge.

    Example: pnp simulate verb-adjective-noun -n 200 --policy greedy --players 4 --seed 7
    """
    report = with_progress("Verb the Adjective Noun", n, lambda progress: run(
        n, seed, players, policy, progress=progress, jobs=jobs))
    if as_json:
        emit_json(report)
        return
    t, fp = report["turns"], report["first_player"]
    click.echo(f"Verb the Adjective Noun: {n} games, {players} players, {policy} players, seed {seed}")
    click.echo(f"  turns: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}")
    click.echo(f"  trials scored: mean {report['trials_scored']['mean']}")
    click.echo("  ended by: " + ", ".join(f"{k} {v:.1%}" for k, v in report["ended_by"].items()))
    click.echo("  win share by seat: " + seat_shares(report["win_share_by_seat"]))
    click.echo("  " + first_player_text(fp))
