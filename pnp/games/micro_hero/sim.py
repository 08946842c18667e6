"""Micro Hero simulations: seeded games with a policy; win rate per difficulty and where runs end."""
from __future__ import annotations

import random

from pnp.games.base import sample_chance
from pnp.games.stats import wilson
from pnp.games.micro_hero.engine import LINGER, MicroHeroState, Options
from pnp.games.micro_hero.policies import POLICIES


def play(options: Options, seed: int, policy: str = "greedy") -> MicroHeroState:
    """One whole game with the named policy; chance and choices drawn from random.Random(seed)."""
    rng, choose = random.Random(seed), POLICIES[policy]
    state = MicroHeroState(options)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(choose(state, rng))
    return state


def simulate(n: int, seed: int, policy: str = "greedy", difficulties=tuple(LINGER), expansions=frozenset(),
             players: int = 1, progress=None) -> dict:
    """n games per difficulty: win rate (95% CI), the round where lost runs end, turns per game."""
    master = random.Random(seed)
    out = {"seed": seed, "policy": policy, "games_per_difficulty": n, "players": players,
           "expansions": sorted(expansions), "difficulties": {}}
    stances = ("omphale", "omphale") if "omphale" in expansions else ("hercules", "hercules")
    for diff in difficulties:
        opt = Options(difficulty=diff, players=players, expansions=frozenset(expansions), stances=stances)
        opt.check()
        wins, ended, turns, reasons = 0, {}, 0, {}
        for _ in range(n):
            st = play(opt, master.randrange(2 ** 31), policy)
            turns += sum(1 for line in st.log if line.startswith("turn "))
            if st.outcome > 0:
                wins += 1
            else:
                ended[st.round] = ended.get(st.round, 0) + 1
                why = "turn limit" if "turns" in st.end_reason else "out of Wounds"
                reasons[why] = reasons.get(why, 0) + 1
            if progress:
                progress(1)
        lo, hi = wilson(wins, n)
        out["difficulties"][diff] = {"games": n, "wins": wins, "win_rate": wins / n, "ci95": [lo, hi],
                                     "lost_in_round": {str(k): v for k, v in sorted(ended.items())},
                                     "loss_reasons": reasons, "turns_per_game": turns / n}
    return out
