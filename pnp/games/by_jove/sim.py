"""Simulate many By Jove games with random players: game length and first-player advantage."""
from __future__ import annotations

import random
import statistics
from collections import Counter
from functools import partial

from pnp import limits
from pnp.errors import UsageError
from pnp.games.stats import first_player, split_win
from pnp.games.by_jove.engine import DEFAULT_CAP, Chance, State
from pnp.simulate.jobs import game_rng, play_games

POLICIES = ("random",)


def _quantile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_play(state: State, rng: random.Random) -> State:
    """Play random players to the end: base.random_playout's moves and draws from the same random stream,
    each chance outcome drawn by the pending event itself (Chance.sample) and each choice among its options,
    taken without apply_action's check. A State made with this rng draws its chance outcomes itself, so
    only its decisions reach this loop."""
    take, choice = state.take, rng.choice
    while (req := state.pending) is not None:
        take(req.sample(rng) if req.__class__ is Chance else choice(req.options))
    return state


def _game(seed: int, players: int, time_limit: int | None, cap: int, young: bool, index: int) -> tuple:
    """Game `index` of a run: (rounds, turns, how it ended, winners)."""
    rng = game_rng(seed, index)
    state = random_play(State(players, time_limit=time_limit, cap=cap, young=young, rng=rng), rng)
    return (state.round + (0 if state.end_reason != "collection" else 1), state.turns, state.end_reason,
            state.winners)


def run(games: int, seed: int, *, players: int = 4, policy: str = "random", time_limit: int | None = None,
        cap: int = DEFAULT_CAP, young: bool = False, progress=None, jobs: int = 1) -> dict:
    """Play `games` seeded games over `jobs` processes; lengths (rounds), end reasons, win shares per seat.

    A tie on points gives each tied seat an equal share of the win. progress(k), if given, is
    called after every k games played.
    """
    if games < 1:
        raise UsageError(f"-n must be at least 1, not {games}", field="n", expected="1 or more")
    if policy not in POLICIES:
        raise UsageError(f"unknown policy '{policy}'", field="policy", expected=", ".join(POLICIES))
    if time_limit is not None and time_limit < 1:
        raise UsageError("--time-limit must be at least 1 round", field="time-limit", expected="1 or more")
    limits.ROUNDS.check(cap, field="--cap")  # a game that never ends runs to the cap
    if time_limit is not None:
        limits.ROUNDS.check(time_limit, field="--time-limit")

    one = partial(_game, seed, players, time_limit, cap, young)
    results = play_games(one, range(games), jobs, progress)
    rounds = [r[0] for r in results]
    turns = [r[1] for r in results]
    reasons = Counter(r[2] for r in results)
    wins = [0.0] * players
    for r in results:
        split_win(r[3], wins)
    share = [w / games for w in wins]
    return {
        "game": "by-jove", "games": games, "seed": seed, "players": players, "policy": policy,
        "time_limit": time_limit, "cap": cap,
        "rounds": {"mean": round(statistics.fmean(rounds), 2), "median": statistics.median(rounds),
                   "p10": _quantile(rounds, 0.1), "p90": _quantile(rounds, 0.9), "max": max(rounds)},
        "turns": {"mean": round(statistics.fmean(turns), 2), "median": statistics.median(turns)},
        "ended_by": {r: c / games for r, c in sorted(reasons.items())},
        "win_share_by_seat": [round(s, 4) for s in share],
        "first_player": first_player(share[0], games, players),
    }
