"""The Twelve Labors simulated: random players over seeded games; length, start positions, who helps Hercules."""
from __future__ import annotations

import random
from collections import Counter
from functools import partial

from pnp.games.stats import split_win, spread
from pnp.games.twelve_labors.engine import State, heroes_beaten
from pnp.simulate.jobs import game_rng, play_games

POLICIES = ("random",)


def random_play(state: State, rng: random.Random) -> State:
    """Play random players to the end: base.random_playout's moves and draws from the same random stream.
    A State made with this rng (State(players, rng=rng)) draws its chance outcomes itself and stops only at
    choices, each taken through State.take (it came from legal_actions()); any other is played through
    apply_action, with chance outcomes drawn by State.sample_outcome."""
    if state.rng is rng:
        while not state.is_terminal():
            state.take(rng.choice(state.legal_actions()))
        return state
    while not state.is_terminal():
        state.apply_action(state.sample_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def _game(seed: int, players: int, index: int) -> tuple:
    """Game `index` of a run: (turns, who helped each Labor, scores, Hercules, Iolaus, starting order)."""
    rng = game_rng(seed, index)
    state = random_play(State(players, rng=rng), rng)
    return state.turn, [who for _, who in state.helped], state.score, state.hercules, state.iolaus, state.initial_order


def simulate(n: int, seed: int, players: int, policy: str = "random", progress=None, jobs: int = 1) -> dict:
    """Play n seeded games with random players over `jobs` processes and summarise them
    (turns, wins by starting position); policy is the only one there is, random (POLICIES), named in the report."""
    games = play_games(partial(_game, seed, players), range(n), jobs, progress)
    turns, helped = [g[0] for g in games], Counter()
    wins = [0.0] * players                   # wins by starting turn-order position (gap.2, gap.3)
    variant = [0.0] * players                # wins in the "beat the heroes" variant (gap.2)
    markers_win = 0
    for _, helpers, score, hercules, iolaus, initial_order in games:
        helped.update(who if who in ("hercules", "iolaus") else "a player" for who in helpers)
        shares = [0.0] * len(score)          # the win split between tied top scores
        split_win([p for p, s in enumerate(score) if s == max(score)], shares)
        beaten = not heroes_beaten(score, hercules, iolaus)
        markers_win += beaten
        for pos, p in enumerate(initial_order):
            wins[pos] += shares[p]
            variant[pos] += 0.0 if beaten else shares[p]
    total_helped = sum(helped.values()) or 1
    return {
        "game": "twelve-labors", "games": n, "seed": seed, "players": players, "policy": policy,
        "turns": spread(turns),
        "win_rate_by_start_position": [round(w / n, 4) for w in wins],
        "beat_the_heroes_win_rate_by_start_position": [round(w / n, 4) for w in variant],
        "hercules_or_iolaus_not_beaten": round(markers_win / n, 4),
        "labors_helped_by": {k: round(v / total_helped, 4) for k, v in sorted(helped.items())},
    }
