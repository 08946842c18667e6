"""Micro Hero simulations: seeded games with a policy; win rate per difficulty and where runs end."""
from __future__ import annotations

import random
from functools import partial
from itertools import repeat

from pnp.games.stats import wilson
from pnp.games.micro_hero.engine import MicroHeroState
from pnp.games.micro_hero.pieces import LINGER, Options
from pnp.games.micro_hero.policies import POLICIES
from pnp.simulate.jobs import play_games


def play(options: Options, seed: int, policy: str = "greedy") -> MicroHeroState:
    """One whole game with the named policy; chance and choices drawn from random.Random(seed) (the state
    draws its own chance outcomes from it, so only decisions are left to the loop)."""
    rng, choose = random.Random(seed), POLICIES[policy]
    state = MicroHeroState(options, rng=rng)
    over, apply = state.is_terminal, state.apply_action
    while not over():
        apply(choose(state, rng))
    return state


def _summary(policy: str, game: tuple[Options, int]) -> tuple:
    """One game's (won, round, turns, why it was lost), from its (options, seed)."""
    opt, seed = game
    st = play(opt, seed, policy)
    why = None if st.outcome > 0 else ("turn limit" if "turns" in st.end_reason else "out of Wounds")
    return st.outcome > 0, st.round, sum(map(str.startswith, st.log, repeat("turn "))), why


def simulate(n: int, seed: int, policy: str = "greedy", difficulties=tuple(LINGER), expansions=frozenset(),
             players: int = 1, progress=None, jobs: int = 1) -> dict:
    """n games per difficulty over `jobs` processes: win rate (95% CI), the round where lost runs end,
    turns per game."""
    master = random.Random(seed)
    out = {"seed": seed, "policy": policy, "games_per_difficulty": n, "players": players,
           "expansions": sorted(expansions), "difficulties": {}}
    stances = ("omphale", "omphale") if "omphale" in expansions else ("hercules", "hercules")
    games: list[tuple[Options, int]] = []                   # every difficulty's games, in one pool
    for diff in difficulties:
        opt = Options(difficulty=diff, players=players, expansions=frozenset(expansions), stances=stances)
        opt.check()
        games += [(opt, master.randrange(2 ** 31)) for _ in range(n)]
    results = play_games(partial(_summary, policy), games, jobs, progress)
    for i, diff in enumerate(difficulties):
        wins, ended, turns, reasons = 0, {}, 0, {}
        for won, round_, game_turns, why in results[i * n:(i + 1) * n]:
            turns += game_turns
            if won:
                wins += 1
            else:
                ended[round_] = ended.get(round_, 0) + 1
                reasons[why] = reasons.get(why, 0) + 1
        lo, hi = wilson(wins, n)
        out["difficulties"][diff] = {"games": n, "wins": wins, "win_rate": wins / n, "ci95": [lo, hi],
                                     "lost_in_round": {str(k): v for k, v in sorted(ended.items())},
                                     "loss_reasons": reasons, "turns_per_game": turns / n}
    return out
