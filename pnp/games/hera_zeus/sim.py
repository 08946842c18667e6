"""Hera and Zeus self-play: a random and a greedy policy (seeing only its own view), and batch statistics."""
from __future__ import annotations

import random
from collections import Counter
from functools import partial

from pnp.games.hera_zeus.cards import HERA, SIDES, ZEUS, all_cards
from pnp.games.hera_zeus.state import State
from pnp.games.stats import spread
from pnp.simulate.jobs import game_rng, play_games

POLICIES = ("random", "greedy")

# How each ending reads in a report, by the rule or gap it rests on.
ENDINGS = {
    "hera-zeus.end.2": "cannot spend action points",
    "hera-zeus.end.3": "no cards at the start of a turn",
    "hera-zeus.end.4": "hostage challenged",
    "hera-zeus.end.5": "hostage snatched by Pegasus",
    "hera-zeus.end.6": "Pandora snatched with the hostage in hand",
    "hera-zeus.end.7": "Pandora challenged beside the opponent's hostage",
    "hera-zeus.end.8": "Pandora challenged with both hostages",
    "hera-zeus.gap.6": "Pandora challenged beside one's own hostage",
}


def _visible(state: State, p: int, card: str) -> bool:
    return card in state.face_up or card in state.known[p]


def _score(state: State, move: tuple[str, ...]) -> float:
    """A one-move heuristic from the mover's point of view (uses only what that player may know)."""
    p, o = state.to_move, 1 - state.to_move
    cards = state.cards
    verb = move[0]
    if verb == "place":
        token, c, row = move[1], int(move[2]) - 1, int(move[3])
        kind = _KIND[token]
        new_column = 3.0 if not state.field[p][c] else 0.0
        if kind == "hostage":
            return 4.0 if row >= 3 and row == state.slots(p, c) + 1 else -6.0
        if kind in ("medusa", "pandora"):
            return new_column + (4.0 if row == 1 else 0.5)
        s = 0.5 if kind == "pegasus" else (int(token) if token.isdigit() else 5.0)
        return new_column + (0.6 * s if row == 1 else 0.2 * s)
    if verb == "challenge":
        c = int(move[1]) - 1
        if not state.field[p][c] or not state.field[o][c]:
            return 0.0                                       # no card to challenge with or at: never legal
        a, d = cards[state.field[p][c][0]], state.field[o][c][0]
        if not _visible(state, p, d):
            risky = any(cards[x].kind == "hostage" for x in state.field[p][c])  # a hidden Pandora would sink it
            return 1.0 + 0.6 * (a.field_strength or 0) - 2.5 - (20.0 if risky else 0.0)
        D = cards[d]
        if D.kind == "hostage":
            return 100.0
        if D.kind == "pandora":
            mine = any(cards[x].kind == "hostage" for x in state.field[p][c])
            theirs = any(cards[x].kind == "hostage" and _visible(state, p, x) for x in state.field[o][c])
            return -100.0 if mine else (100.0 if theirs else -4.0)
        if D.kind == "medusa":
            return 8.0 if a.kind == "hero" else -8.0
        if a.kind == "pythia" and D.kind == "seven":
            return 12.0
        diff = (a.field_strength or 0) - (D.field_strength or 0)
        return 6.0 + (D.field_strength or 0) if diff > 0 else (-1.0 if diff == 0 else -6.0)
    if verb == "pegasus":
        if move[1] == "hand":
            return 3.5
        target = state.front(o, int(move[2]) - 1)
        if target == "statue":
            return 7.0
        if target is not None and _visible(state, p, target):
            return 5.0 if (cards[target].field_strength or 9) <= 1 else -2.0
        return 2.0
    if verb == "draw":
        return 2.5 if len(state.hand[p]) < 7 else 0.3
    return _FLAT.get(verb, 0.0)


_FLAT = {"statue": 9.0, "sirens": 3.0, "hades": 2.0, "persephone": 1.5, "dionysus": -1.0, "done": 5.0, "move": 0.0,
         "swap": 0.0, "put": 0.5, "pythia": 1.0}
_KIND = {card.token: card.kind for card in all_cards().values()}   # a token names one kind of card
NOISE = 0.05  # random tie-break: moves scored within this of the best are equally likely picks


def best_move(state: State, rng: random.Random) -> tuple[str, ...]:
    """The greedy pick: the highest score plus a random NOISE among the legal moves.

    Candidates are scored first and checked for legality best first; only legal moves scored within NOISE
    of the best legal one can win, so the rest are never checked."""
    scored = sorted(((_score(state, m), i, m) for i, m in enumerate(state.moves())), reverse=True)
    pick, top, floor = None, None, None
    for score, _, move in scored:
        if floor is not None and score < floor:
            break
        if state.is_legal(move):
            if floor is None:
                floor = score - NOISE
            key = score + rng.random() * NOISE
            if top is None or key > top:
                pick, top = move, key
    return pick


def choose(state: State, policy: str, rng: random.Random) -> str:
    """The move the policy picks in a player node."""
    if policy == "random":
        return rng.choice(state.legal_actions())
    return " ".join(best_move(state, rng))


def play(policy: str, rng: random.Random, first: int = HERA) -> State:
    """Play one whole game with both sides using the policy; returns the finished State."""
    state = State(first=first)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_legal(state.sample_chance(rng))
        elif policy == "random":
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_legal(best_move(state, rng))
    return state


def _game(policy: str, seed: int, index: int) -> tuple:
    """Game `index` of a run: (turns, winner, first player, how it ended); the first player alternates."""
    first = HERA if index % 2 == 0 else ZEUS
    state = play(policy, game_rng(seed, index), first)
    return sum(state.turns), state.winner, first, ENDINGS.get(state.end_rule, state.end_rule)


def run(n: int, policy: str, seed: int, progress=None, jobs: int = 1) -> dict:
    """Play n seeded games (the first player alternates) over `jobs` processes and report length,
    first-player wins and endings."""
    games = play_games(partial(_game, policy, seed), range(n), jobs, progress)
    turns = [g[0] for g in games]
    first_wins = sum(winner == first for _, winner, first, _ in games)
    hera_wins = sum(winner == HERA for _, winner, _, _ in games)
    endings = Counter(g[3] for g in games)
    return {"games": n, "policy": policy, "seed": seed,
            "turns": spread(turns) if turns else None,
            "first_player_win_rate": round(first_wins / n, 4) if n else None,
            "hera_win_rate": round(hera_wins / n, 4) if n else None,
            "endings": dict(endings.most_common()),
            "sides": list(SIDES)}
