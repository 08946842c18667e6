"""Later Years playouts: random and greedy players, and the statistics of many games."""
from __future__ import annotations

import random
import statistics
from functools import partial
from operator import itemgetter

from pnp.games.base import CHANCE, TERMINAL
from pnp.games.stats import first_player, split_win, spread
from pnp.games.later_years.engine import LaterYearsState, fee, winners
from pnp.simulate.jobs import game_rng, play_games

POLICIES = ("random", "greedy")


_MOST = itemgetter(1)     # a bid limit's most coins


def _index(rng: random.Random, n: int) -> int:
    """An index below n, uniformly, drawn as rng.choice(range(n)) draws it (rng.randrange(n), the same number
    without the range); 0 without a draw when n is 1."""
    return rng.randrange(n) if n > 1 else 0


def _pick(rng: random.Random, options):
    """One of the options, uniformly, drawn as rng.choice draws it; a lone option is taken without a draw."""
    return options[_index(rng, len(options))]


def random_policy(state: LaterYearsState, rng: random.Random):
    """A uniformly random kind of move (bid, draw, task, pass), then a random move of that kind."""
    if state.phase == "auction":                                  # move_kinds() is ["bid"]
        return _random_bid(state.auction, rng)
    kinds = state.move_kinds()
    kind = _pick(rng, kinds)
    if kind == "pass":
        return ("pass",)                                          # legal_actions("pass") is [("pass",)]
    if kind == "task":                                            # as _pick(rng, legal_actions("task"))
        groups = state.task_payments()
        i = _index(rng, sum(len(pa) * len(po) for _, _, pa, po in groups))
        for a, o, pays_a, pays_o in groups:
            if i < len(pays_a) * len(pays_o):
                ia, io = divmod(i, len(pays_o))
                return ("task", a, o, pays_a[ia], pays_o[io])
            i -= len(pays_a) * len(pays_o)
    return _pick(rng, state.legal_actions(kind))


def _random_bid(auction, rng: random.Random):
    """One of the bids legal_actions() lists, uniformly (the only one without a draw)."""
    limits = auction.bid_limits(auction.to_bid)               # the bids, lot by lot, in legal_actions' order
    i = _index(rng, sum(map(_MOST, limits)))                 # as _pick(rng, legal_actions("bid"))
    for lot, most in limits:
        if i < most:
            return ("bid", lot, i + 1)
        i -= most


def greedy_policy(state: LaterYearsState, rng: random.Random):
    """Bid the least that takes a card; play draw cards; complete the best-paying task; then pass."""
    if state.phase == "auction":                                  # legal_actions() is the bids, lot by lot
        return _least_bid(state.auction, rng)
    best = None                         # max(legal_actions("task"), key=...) walked over the tasks' payments
    for a, o, pays_a, pays_o in state.task_payments():
        paid = fee(a, o)
        for pa in pays_a:
            for po in pays_o:
                key = (paid, -len(pa) - len(po), rng.random())
                if best is None or key > best[0]:                  # the first greatest, as max() keeps it
                    best = (key, ("task", a, o, pa, po))
    if best is not None:
        return best[1]
    draws = state.legal_actions("draw")
    return draws[0] if draws else ("pass",)


def _least_bid(auction, rng: random.Random):
    """The bid with the least total on its card, ties broken at random: min(legal_actions(), key=(total,
    rng.random())) walked over bid_limits without listing the bids (the same random numbers in the same order)."""
    top, draw, least, tie, best = auction.top, rng.random, None, 0.0, None
    for lot, most in auction.bid_limits(auction.to_bid):
        held = top[lot][1] if lot in top else 0
        for total in range(held + 1, held + most + 1):
            r = draw()
            if least is None or total < least or (total == least and r < tie):   # (total, r) below the least
                least, tie, best = total, r, ("bid", lot, total - held)          # the first least, as min()
    return best


def play(players: int, rng: random.Random, policy) -> LaterYearsState:
    """One game to its end with every seat using `policy`: its moves taken, and the cards drawn, without
    apply_action's checks (State.take, State.deal_card)."""
    state = LaterYearsState(players)
    take, deal = state.take, state.deal_card     # the moves come from the legal lists, the cards off the deck
    while (who := state.current_player()) != TERMINAL:
        if who == CHANCE:
            deal(rng)
        else:
            take(policy(state, rng))
    return state


def _game(seed: int, players: int, policy: str, index: int) -> tuple:
    """Game `index` of a run: (rounds, winning score, chains, deadbeats, winners)."""
    state = play(players, game_rng(seed, index), {"random": random_policy, "greedy": greedy_policy}[policy])
    scores = state.scores()
    return state.round, scores[0].total, sum(s.chains for s in scores), state.deadbeat_count, winners(scores)


def run(n: int, seed: int, players: int = 3, policy: str = "random", progress=None, jobs: int = 1) -> dict:
    """Play n seeded games over `jobs` processes; report rounds, deadbeats, scores and wins by seat."""
    games = play_games(partial(_game, seed, players, policy), range(n), jobs, progress)
    rounds, winning, chains, deadbeats = ([g[k] for g in games] for k in range(4))
    shares = [0.0] * players
    for g in games:
        split_win(g[4], shares)
    return {
        "game": "later-years", "games": n, "seed": seed, "players": players, "policy": policy,
        "rounds": spread(rounds),
        "winning_score": {"mean": round(statistics.mean(winning), 2), "median": statistics.median(winning)},
        "chains_per_game": round(statistics.mean(chains), 3),
        "deadbeats_per_game": round(statistics.mean(deadbeats), 3),
        "win_share_by_seat": [round(s / n, 4) for s in shares],
        "first_player": first_player(shares[0] / n, n, players),
    }
