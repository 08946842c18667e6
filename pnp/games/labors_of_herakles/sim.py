"""The Labors of Herakles simulated: random players over seeded games; length, seats, labor success."""
from __future__ import annotations

import random
import statistics
from collections import Counter
from functools import partial

from pnp.games.base import pick
from pnp.games.labors_of_herakles.engine import LABORS_TO_WIN, State
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


def simulate(n: int, seed: int, players: int, policy: str = "random", progress=None, jobs: int = 1) -> dict:
    """Play n seeded games with random players over `jobs` processes and summarise them
    (turns, wins by seat, how games end); policy is the only one there is, random (POLICIES), named in the report."""
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
        "game": "labors-of-herakles", "games": n, "seed": seed, "players": players, "policy": policy,
        "turns": spread(turns),
        "labor_attempts_mean": round(statistics.mean(attempts), 2),
        "labors_completed_mean": round(statistics.mean(successes), 2),
        "winning_favor_mean": round(statistics.mean(favor), 2),
        "win_rate_by_seat": [round(w / n, 4) for w in wins],
        "first_player": first_player(wins[0] / n, n, players),
        "ends": {k: round(v / n, 4) for k, v in sorted(ends.items())},
    }
