"""Later Years playouts: random and greedy players, and the statistics of many games."""
from __future__ import annotations

import random
import statistics

from pnp.games.base import sample_chance
from pnp.games.stats import first_player, split_win, spread
from pnp.games.later_years.engine import LaterYearsState, fee

POLICIES = ("random", "greedy")


def random_policy(state: LaterYearsState, rng: random.Random):
    """A uniformly random kind of move (bid, draw, task, pass), then a random move of that kind."""
    acts = state.legal_actions()
    kind = rng.choice(sorted({a[0] for a in acts}))
    return rng.choice([a for a in acts if a[0] == kind])


def greedy_policy(state: LaterYearsState, rng: random.Random):
    """Bid the least that takes a card; play draw cards; complete the best-paying task; then pass."""
    acts = state.legal_actions()
    if acts[0][0] == "bid":
        return min(acts, key=lambda a: (a[2] + (state.auction.top[a[1]][1] if a[1] in state.auction.top else 0),
                                        rng.random()))
    tasks = [a for a in acts if a[0] == "task"]
    if tasks:
        return max(tasks, key=lambda a: (fee(a[1], a[2]), -len(a[3]) - len(a[4]), rng.random()))
    draws = [a for a in acts if a[0] == "draw"]
    return draws[0] if draws else ("pass",)


def play(players: int, rng: random.Random, policy) -> LaterYearsState:
    """One game to its end with every seat using `policy`."""
    state = LaterYearsState(players)
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else policy(state, rng))
    return state


def run(n: int, seed: int, players: int = 3, policy: str = "random", progress=None) -> dict:
    """Play n seeded games; report rounds, deadbeats, scores and wins by seat."""
    rng = random.Random(seed)
    pick = {"random": random_policy, "greedy": greedy_policy}[policy]
    rounds, winning, chains, deadbeats = [], [], [], []
    shares = [0.0] * players
    for _ in range(n):
        state = play(players, rng, pick)
        rounds.append(state.round)
        scores = state.scores()
        winning.append(scores[0].total)
        chains.append(sum(s.chains for s in scores))
        deadbeats.append(state.deadbeat_count)
        split_win([p for p, r in enumerate(state.returns()) if r > 0] or range(players), shares)
        if progress:
            progress(1)
    return {
        "game": "later-years", "games": n, "seed": seed, "players": players, "policy": policy,
        "rounds": spread(rounds),
        "winning_score": {"mean": round(statistics.mean(winning), 2), "median": statistics.median(winning)},
        "chains_per_game": round(statistics.mean(chains), 3),
        "deadbeats_per_game": round(statistics.mean(deadbeats), 3),
        "win_share_by_seat": [round(s / n, 4) for s in shares],
        "first_player": first_player(shares[0] / n, n, players),
    }
