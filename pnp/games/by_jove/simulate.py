"""`pnp simulate by-jove`: random players; game length and first-player advantage."""
from __future__ import annotations

import click

from pnp.cli.output import emit_json
from pnp.cli.simulate_options import first_player_text, players_option, run_options, seat_shares, with_progress


@click.command(name="by-jove")
@run_options(1000, ["random"], "random")
@players_option(2, 6, 4)
@click.option("--time-limit", type=int, default=None, help="Play a time-limit game of this many rounds.")
@click.option("--cap", type=click.IntRange(1), default=300, show_default=True,
              help="Rounds after which an unfinished game is scored by points.")
@click.option("--young", is_flag=True, help="Young players' variant: no VAP award lost to a Peril.")
def command(n, seed, players, policy, time_limit, cap, young, jobs, as_json):
    """Simulate By Jove games: rounds per game, how games end, and the first player's edge.

    Example: pnp simulate by-jove -n 200 --players 4 --seed 7
    """
    from pnp.games.by_jove.sim import run  # lazy: start-up time (simulate --help loads each command)

    result = with_progress("By Jove", n, lambda progress: run(
        n, seed, players=players, policy=policy, time_limit=time_limit, cap=cap, young=young,
        progress=progress, jobs=jobs))
    if as_json:
        emit_json(result)
        return
    r, fp = result["rounds"], result["first_player"]
    click.echo(f"By Jove: {n} games, {players} players, {policy} players, seed {seed}")
    click.echo(f"Game length: median {r['median']} rounds (mean {r['mean']}, 10%-90% {r['p10']}-{r['p90']}, "
               f"max {r['max']}); median {result['turns']['median']} turns")
    click.echo("Ended by: " + ", ".join(f"{k} {v:.1%}" for k, v in result["ended_by"].items()))
    click.echo("Win share by seat: " + seat_shares(result["win_share_by_seat"]))
    click.echo(first_player_text(fp, "First player"))
