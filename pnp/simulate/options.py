"""The options every `pnp simulate GAME` command shares: -n, --seed, --policy, --jobs and --json."""
from __future__ import annotations

import click

from pnp.cli.choice import LooseChoice


def run_options(games: int, policies, policy: str, games_help: str = "Games to play."):
    """Decorate a simulator command with -n N, --seed N, --policy P, --jobs N and --json
    (as n, seed, policy, jobs, as_json)."""
    options = [
        click.option("-n", "n", type=click.IntRange(1, 10_000_000), default=games, show_default=True,
                     help=games_help),
        click.option("--seed", type=int, default=1, show_default=True,
                     help="Random seed of the whole run (printed with the results, so a run can be replayed)."),
        click.option("--policy", type=LooseChoice(policies, "policy"), default=policy, show_default=True,
                     help="How the simulated players choose."),
        click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True,
                     help="Processes to spread the games over; the same seed gives the same result for any number."),
        click.option("--json", "as_json", is_flag=True, help="Print the report as JSON."),
    ]

    def wrap(command):
        for option in reversed(options):
            command = option(command)
        return command
    return wrap
