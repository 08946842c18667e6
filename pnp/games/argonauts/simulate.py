"""`pnp simulate argonauts`: seeded games or whole campaigns with a policy, and a balance summary."""
from __future__ import annotations

import click

from pnp import limits
from pnp.cli.output import emit_json
from pnp.cli.progress import progress_bar
from pnp.cli.simulate_options import run_options
from pnp.games.argonauts.campaign_link import campaign_game


@click.command(name="argonauts")
@run_options(10000, ["advise", "greedy", "random"], "greedy")
@click.option("--campaign", default=None, help="Play this campaign's current deck, levels and crew.")
@click.option("--campaigns", "n_campaigns", type=click.IntRange(1), default=None,
              help="Play this many whole campaigns to completion instead.")
@click.option("--cards", "cards_path", default=None, help="Another cards.yaml to try (balance tuning).")
@click.option("--crew", type=click.IntRange(1), default=None, help="Starting crew (default 12 or the campaign's).")
def command(n, policy, campaign, n_campaigns, seed, cards_path, crew, jobs, as_json):
    """Simulate Argonauts games: win rate with a 95% interval, crew left, turns, deadliest cards.

    Example: pnp simulate argonauts -n 2000 --policy greedy --seed 1
    """
    from pnp.games.argonauts import sim  # with its engines, loaded only when run (start-up time of pnp simulate)
    if n_campaigns:
        limits.CAMPAIGNS.check(n_campaigns, field="--campaigns")  # each may play up to 400 games
    click.echo(f"seed {seed}", err=True)
    if n_campaigns:
        with progress_bar(n_campaigns, "campaigns") as tick:
            res = sim.campaigns(n_campaigns, policy, seed, cards_path=cards_path, progress=tick)
        if as_json:
            emit_json(res)
        else:
            click.echo(f"{res['campaigns']} campaigns ({policy}): losses before completion mean "
                       f"{res['losses_mean']:.2f}, max {res['losses_max']}; games {res['games_mean']:.1f}; "
                       f"unfinished after {res['max_games']} games: {res['unfinished']}")
        return
    deck = levels = None
    if campaign:
        g = campaign_game(campaign)
        deck, levels, crew = g["deck"], g["levels"], crew or g["crew"]
    with progress_bar(n, "games") as tick:
        res = sim.simulate(n, policy, seed, deck, levels, crew or 12, cards_path, jobs, progress=tick)
    if as_json:
        emit_json(res)
        return
    lo, hi = res["ci95"]
    click.echo(f"{res['games']} games, policy {policy}, seed {seed}, crew {res['crew']}, deck {res['deck_size']}")
    click.echo(f"win rate {res['win_rate']:.4f} (95% CI {lo:.4f}-{hi:.4f})")
    click.echo(f"crew left on a win {res['crew_left_on_win']:.2f}; turns per game {res['turns']:.2f}")
    for k in res["killers"]:
        click.echo(f"  kills {k['deaths_per_game']:.3f} crew/game: {k['name']}")
