"""`pnp simulate labors-of-herakles`: random players; game length, first-player advantage, labor success."""
from __future__ import annotations

import random
import statistics
from collections import Counter
from functools import partial

import click

from pnp.cli.output import emit_json
from pnp.cli.simulate_options import first_player_text, players_option, run_options, seat_shares, with_progress
from pnp.games.base import pick
from pnp.games.labors_of_herakles.engine import LABORS_TO_WIN, MAX_PLAYERS, MIN_PLAYERS, State
from pnp.games.stats import first_player, split_win, spread
from pnp.simulate.jobs import game_rng, play_games

POLICIES = ("random",)


def random_game(players: int, rng: random.Random) -> State:
    """One game to its end: every choice uniformly among the legal ones, every card drawn uniformly (by the
    state itself, from the same rng, in the order a chance node would have asked for it)."""
    state = State(players, rng=rng)
    take = state.take
    while acts := state.choices:                       # empty only at the end: the state draws its own cards
        take(pick(acts, rng))                          # one of legal_actions()
    return state


def _game(seed: int, players: int, index: int) -> tuple:
    """Game `index` of a run: (turns, labor attempts, labors completed, favor by seat)."""
    state = random_game(players, game_rng(seed, index))
    return state.turns, len(state.attempts), state.epic, tuple(state.favor)


def simulate(n: int, seed: int, players: int, progress=None, jobs: int = 1) -> dict:
    """Play n seeded games with random players over `jobs` processes and summarise them
    (turns, wins by seat, how games end)."""
    games = play_games(partial(_game, seed, players), range(n), jobs, progress)
    turns = [g[0] for g in games]
    attempts = [g[1] for g in games]
    successes = [g[2] for g in games]
    favor = [max(g[3]) for g in games]
    ends = Counter("twelve labors" if g[2] >= LABORS_TO_WIN else "labor pile empty" for g in games)
    wins = [0.0] * players
    for g in games:
        best = max(g[3])
        split_win([p for p in range(players) if g[3][p] == best], wins)
    return {
        "game": "labors-of-herakles", "games": n, "seed": seed, "players": players, "policy": "random",
        "turns": spread(turns),
        "labor_attempts_mean": round(statistics.mean(attempts), 2),
        "labors_completed_mean": round(statistics.mean(successes), 2),
        "winning_favor_mean": round(statistics.mean(favor), 2),
        "win_rate_by_seat": [round(w / n, 4) for w in wins],
        "first_player": first_player(wins[0] / n, n, players),
        "ends": {k: round(v / n, 4) for k, v in sorted(ends.items())},
    }


@click.command(name="labors-of-herakles")
@run_options(1000, POLICIES, "random")
@players_option(MIN_PLAYERS, MAX_PLAYERS, 4, "labors-of-herakles.gap.3")
def command(n, seed, policy, players, jobs, as_json):
    """Simulate The Labors of Herakles with random players: game length and first-player advantage.

    Example: pnp simulate labors-of-herakles -n 200 --players 4 --seed 7
    """
    report = with_progress("games", n, lambda progress: simulate(n, seed, players, progress=progress, jobs=jobs))
    if as_json:
        emit_json(report)
        return
    t = report["turns"]
    click.echo(f"{n} games, {players} players, random policy, seed {seed}")
    click.echo(f"  turns: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}")
    click.echo(f"  labor attempts {report['labor_attempts_mean']}, completed {report['labors_completed_mean']} "
               f"on average; winning favor {report['winning_favor_mean']}")
    click.echo("  wins by seat (seat 1 starts): " + seat_shares(report["win_rate_by_seat"]))
    click.echo("  " + first_player_text(report["first_player"]))
    click.echo("  games end by: " + ", ".join(f"{k} {v:.1%}" for k, v in report["ends"].items()))
