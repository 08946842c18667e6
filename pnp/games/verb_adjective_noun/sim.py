"""Verb the Adjective Noun playouts: random and greedy players, and the statistics of many games."""
from __future__ import annotations

import random
import statistics
from functools import lru_cache, partial
from itertools import repeat

from pnp.games.stats import first_player, split_win, spread
from pnp.games.verb_adjective_noun.engine import TRIALS_TO_END, VerbState, cards, complete
from pnp.simulate.jobs import game_rng, play_games

POLICIES = ("random", "greedy")


def random_policy(state: VerbState, rng: random.Random):
    """A uniformly random kind of move (bid, draw, add, burn, ...), then a random move of that kind."""
    acts = state.legal_actions()
    kind = rng.choice(sorted({a[0] for a in acts}))
    return rng.choice([a for a in acts if a[0] == kind])


def _usefulness(fits: list[frozenset[str]], card_id: str) -> int:
    """How many open trials (or a new one) the card could join now, given state.fits()."""
    return sum(map(frozenset.__contains__, fits, repeat(card_id)))


@lru_cache(maxsize=None)
def _adjectives() -> frozenset[str]:
    """Ids of the Adjective cards."""
    return frozenset(c.id for c in cards().values() if c.kind == "adjective")


def greedy_policy(state: VerbState, rng: random.Random):
    """Complete a trial if possible, else add, else draw (paying markers when rich), burn when broke."""
    table = cards()
    if state.phase == "keep":
        adjective = _adjectives().__contains__                # the most Adjectives, ties at random
        return max([(sum(map(adjective, a[1])), rng.random(), a) for a in state.legal_actions()])[2]
    p, trials = state.player, state.trials
    hand, supply = state.hands[p], state.supply[p]
    if state.phase == "draw-cost":
        fits = state.fits()
        worst = min([(_usefulness(fits, a[1]), rng.random(), a) for a in state.legal_actions("discard")])[2]
        if supply >= 3 and _usefulness(fits, worst[1]) > 0:   # paying takes 2, greedy keeps 1
            return ("pay",)
        return worst

    fits = adds = ()                                       # an add, a burn and the usefulness of a lot need cards
    if hand:
        fits = state.fits()
        adds = state.adds(fits)                            # as legal_actions("add")
    if adds:                                               # completing first, then the fullest trial, then a new one
        keys = []
        for a in adds:
            _, c, i = a
            if i == -1:
                if supply >= 2:                            # the last marker only completes a trial
                    keys.append((0, c in _adjectives(), rng.random(), a))
                continue
            on = trials[i].cards
            done = complete((*on, c))
            if done or supply >= 2:
                keys.append((2 if done else 1, len(on), rng.random(), a))
        if keys:
            return max(keys)[3]
    if supply <= 2 and state.removed[p] and hand:
        worst = hand[0] if len(hand) == 1 else min(hand, key=lambda c: (_usefulness(fits, c), -table[c].laurels))
        return ("burn", (worst,))
    bids = []                                              # the fewest markers that lead a lot alone
    for i, lot in enumerate(state.auction):
        if lot.leader == p:                                # leading it alone already
            continue
        extra = lot.top + 1 - lot.markers.get(p, 0)        # at least 1: a tie or a higher bid stands
        if extra <= 3 and extra <= supply and (not hand or _usefulness(fits, lot.card)):
            bids.append((extra, -table[lot.card].laurels, rng.random(), i))
    if bids:
        extra, _, _, i = min(bids)
        return ("bid", i, extra)
    draw = state.legal_actions("draw")
    return draw[0] if draw else rng.choice(state.legal_actions())


def play(players: int, rng: random.Random, policy) -> VerbState:
    """One game to its end with every seat using `policy`."""
    state = VerbState(players)
    deal, take = state.deal, state.take                # the policies' moves are legal: take() applies them unchecked
    while True:
        if state.pending:                              # a chance node (is_chance_node): deal every pending card
            deal(rng)
        if state.phase == "over":                      # is_terminal
            return state
        take(policy(state, rng))


def _game(seed: int, players: int, policy: str, index: int) -> tuple:
    """Game `index` of a run: (turns, trials scored, the seats with the most laurels)."""
    state = play(players, game_rng(seed, index), {"random": random_policy, "greedy": greedy_policy}[policy])
    top = max(state.laurels)
    return state.turns, len(state.scored), [q for q in range(players) if state.laurels[q] == top]


def run(n: int, seed: int, players: int = 4, policy: str = "greedy", progress=None, jobs: int = 1) -> dict:
    """Play n seeded games over `jobs` processes; report turns, trials scored, how games end and wins by seat."""
    games = play_games(partial(_game, seed, players, policy), range(n), jobs, progress)
    turns, trials = [g[0] for g in games], [g[1] for g in games]
    finished = sum(t == TRIALS_TO_END for t in trials)
    shares = [0.0] * players
    for g in games:
        split_win(g[2], shares)
    return {
        "game": "verb-adjective-noun", "games": n, "seed": seed, "players": players, "policy": policy,
        "turns": spread(turns, 1),
        "trials_scored": {"mean": round(statistics.mean(trials), 2), "median": statistics.median(trials)},
        "ended_by": {"twelfth trial": round(finished / n, 4), "turn limit": round(1 - finished / n, 4)},
        "win_share_by_seat": [round(s / n, 4) for s in shares],
        "first_player": first_player(shares[0] / n, n, players),
    }
