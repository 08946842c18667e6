"""The options every `pnp simulate GAME` command shares (-n, --seed, --policy, --jobs, --json, --players)
and the report lines several print: progress, win shares by seat, the first player's edge."""
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


def players_option(low: int, high: int, default: int, why: str | None = None):
    """Decorate a simulator command with --players N (low-high), its help citing the rule or gap behind the range."""
    return click.option("--players", type=click.IntRange(low, high), default=default, show_default=True,
                        help=f"Number of players, {low}-{high}" + (f" ({why})." if why else "."))


def with_progress(label: str, n: int, run):
    """run(progress) under a progress bar of n games on stderr (on a terminal, without --json); its result."""
    from pnp.cli.progress import progress_bar
    with progress_bar(n, label) as tick:
        return run(tick)


def seat_shares(shares) -> str:
    """Win shares by seat as '1: 26.0%, 2: 24.5%, ...'."""
    return ", ".join(f"{i + 1}: {s:.1%}" for i, s in enumerate(shares))


def first_player_text(fp: dict, label: str = "first player") -> str:
    """The first seat's edge (pnp.games.stats.first_player) in words."""
    return (f"{label}: {fp['win_share']:.1%} against a fair {fp['fair_share']:.1%} "
            f"(advantage {fp['advantage']:+.1%}, z = {fp['z']})")
