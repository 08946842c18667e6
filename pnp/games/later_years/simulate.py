"""`pnp simulate later-years`: random or greedy players; game length and first-player advantage."""
from __future__ import annotations

import click

from pnp.cli.output import emit_json
from pnp.cli.simulate_options import first_player_text, players_option, run_options, seat_shares, with_progress
from pnp.games.later_years.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.later_years.sim import POLICIES, run


@click.command(name="later-years")
@run_options(500, POLICIES, "random")
@players_option(MIN_PLAYERS, MAX_PLAYERS, 3, "later-years.gap.13")
def command(n, seed, policy, players, jobs, as_json):
    """Simulate Hercules: The Later Years: rounds per game, deadbeats and the first player's edge.

    Example: pnp simulate later-years -n 100 --players 4 --seed 7
    """
    report = with_progress("Later Years", n, lambda progress: run(n, seed, players, policy, progress=progress,
                                                                  jobs=jobs))
    if as_json:
        emit_json(report)
        return
    r, fp = report["rounds"], report["first_player"]
    click.echo(f"Later Years: {n} games, {players} players, {policy} players, seed {seed}")
    click.echo(f"  rounds: mean {r['mean']}, median {r['median']}, range {r['min']}-{r['max']}")
    click.echo(f"  winning score: mean {report['winning_score']['mean']}; chains per game "
               f"{report['chains_per_game']}; deadbeats per game {report['deadbeats_per_game']}")
    click.echo("  win share by seat: " + seat_shares(report["win_share_by_seat"]))
    click.echo("  " + first_player_text(fp))
