"""Hera and Zeus self-play: a random and a greedy policy (seeing only its own view), and batch statistics."""
from __future__ import annotations

import random
from collections import Counter
from functools import partial
from operator import itemgetter

from pnp.errors import UsageError
from pnp.games.hera_zeus.cards import HERA, SIDES, ZEUS, all_cards
from pnp.games.hera_zeus.moves import DRAW, MOVES, SURE
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


def _scores(state: State, codes: list[int]) -> list[float]:
    """A one-move heuristic for each move code (see state.MOVES), from the mover's point of view (using only
    what that player may know).

    A move's score is fixed by its code while the mover's hand is as short or long (the draw's score) unless
    it reads the opponent's cards (a challenge, a Pegasus attack): a place code is listed from one fill of its
    column, which is all its score reads of the position. The fixed scores are kept in _KNOWN, one list per
    hand length class indexed by code, once worked out below; the three challenges' scores are written there
    for the position at hand before the codes are looked up, and the rest are worked out each time."""
    p = state.to_move
    few = len(state.hand[p]) < 7
    known = _KNOWN[few]
    o, mine, theirs = 1 - p, state.field[p], state.field[1 - p]
    face_up, seen = state.face_up, state.known[p]            # opponent cards the mover may know
    for c, code in _CHALLENGE_CODES:                         # the front card of mine[c] challenging theirs[c]
        ours, yours = mine[c], theirs[c]
        if not ours or not yours:
            known[code] = 0.0                                # no card to challenge with or at: never legal
            continue
        d = yours[0]
        if d not in face_up and d not in seen:               # unseen: a hidden Pandora would sink
            known[code] = _UNSEEN[ours[0]] - (20.0 if _HOSTAGE[p] in ours else 0.0)   # one's own hostage
            continue
        score = _VERSUS[ours[0]][d]
        if score is None:                                    # Pandora: the hostages in both columns decide
            hostage = _HOSTAGE[o]
            found = hostage in yours and (hostage in face_up or hostage in seen)
            score = -100.0 if _HOSTAGE[p] in ours else (100.0 if found else -4.0)
        known[code] = score
    # one C-level look-up per code (itemgetter of a single code gives that score, not a tuple: mapped instead)
    scores = list(itemgetter(*codes)(known)) if len(codes) > 1 else list(map(known.__getitem__, codes))
    total = sum(scores)
    if total == total:                                       # no score left to work out (none is NaN)
        return scores
    i = -1
    for _ in range(scores.count(_UNSCORED)):
        i = scores.index(_UNSCORED, i + 1)                   # the next move not kept (found by identity)
        code = codes[i]
        move = MOVES[code]
        verb = move[0]
        if verb == "pegasus" and move[1] != "hand":
            target = state.front(o, _COLUMN[move[2]])
            if target == "statue":
                score = 7.0
            elif target in face_up or target in seen:
                score = 5.0 if (state.cards[target].field_strength or 9) <= 1 else -2.0
            else:
                score = 2.0
        elif verb == "place":
            c = _COLUMN[move[2]]
            if move[1] not in _PLACE:                        # the hostage: hide it at the back
                row = int(move[3])
                score = 4.0 if row >= 3 and row == state.slots(p, c) + 1 else -6.0
            else:
                front, behind = _PLACE[move[1]]
                score = (3.0 if not mine[c] else 0.0) + (front if move[3] == "1" else behind)
        elif verb == "draw":
            score = 2.5 if few else 0.3
        else:
            score = _FLAT.get(verb, 0.0)                     # 'top' after Pandora: any order will do
        scores[i] = score
        if not _VARIES[code]:
            known[code] = score
    return scores


def _challenge_value(a, d) -> float | None:
    """Challenging a seen card d with a (cards, a the mover's), before the hostage risks; None for Pandora,
    whose score reads both columns (see _scores)."""
    if d.kind == "hostage":
        return 100.0
    if d.kind == "pandora":
        return None
    if d.kind == "medusa":
        return 8.0 if a.kind == "hero" else -8.0
    if a.kind == "pythia" and d.kind == "seven":
        return 12.0
    fa, fd = _FIGHT[a.id], _FIGHT[d.id]
    return 6.0 + fd if fa > fd else (-1.0 if fa == fd else -6.0)


def _place_values(card) -> tuple[float, float]:
    """Placing a card other than the hostage: (score in the front row, score further back), before the
    new-column bonus."""
    if card.kind in ("medusa", "pandora"):
        return 4.0, 0.5
    s = 0.5 if card.kind == "pegasus" else (card.strength if card.kind == "number" else 5.0)
    return 0.6 * s, 0.2 * s


_FLAT = {"pegasus": 3.5, "statue": 9.0, "sirens": 3.0, "hades": 2.0, "persephone": 1.5, "dionysus": -1.0, "done": 5.0,
         "move": 0.0, "swap": 0.0, "put": 0.5, "pythia": 1.0}   # by verb ("pegasus": taking from the hand; a
# Pegasus attack on the field is scored from its target in _scores)
_PLACE = {card.token: _place_values(card) for card in all_cards().values()   # a token names one kind of card
          if card.placeable and card.kind != "hostage"}


_UNSCORED = float("nan")  # marks a score not kept in _KNOWN (found by identity; a float, so quick to compare)
_KNOWN = [[_UNSCORED] * len(MOVES) for _ in range(2)]    # see _scores: [hand short][move code]
_VARIES = [m[:2] == ("pegasus", "front") for m in MOVES]   # by code: scored afresh (challenges: see _scores)
_COLUMN = {str(c + 1): c for c in range(3)}
_HOSTAGE = {card.side: card.id for card in all_cards().values() if card.kind == "hostage"}  # one per side
_FIGHT = {card.id: card.field_strength or 0 for card in all_cards().values()}  # strength in a fight, 0 if none
_UNSEEN = {a: 1.0 + 0.6 * f - 2.5 for a, f in _FIGHT.items()}  # challenging an unseen card, before the hostage risk
_CHALLENGE_CODES = [(c, MOVES.index(("challenge", col))) for col, c in _COLUMN.items()]   # (column, its code)
_VERSUS = {a.id: {d.id: _challenge_value(a, d) for d in all_cards().values()}  # [challenger][seen card]
           for a in all_cards().values()}
NOISE = 0.05  # random tie-break: moves scored within this of the best are equally likely picks
_LOWEST = float("-inf")


def best_move(state: State, rng: random.Random) -> tuple[str, ...]:
    """The greedy pick: the legal move with the highest score plus a random tie-break of up to NOISE.

    Candidates are taken best score first, equal scores in the order of moves() (a stable sort); a
    candidate's tie-break is drawn, and its legality checked, only while it could still beat the best legal
    pick so far, so most candidates are never checked. The scores alone are sorted (floats sort quickly);
    the move of each is found again by value, the next one along for a repeated score. A place the pruned
    candidates list needs only an action point (state.SURE), a draw the end.2 test found legal since the last
    action (state.drawable) nothing more; the rest are checked as is_legal does."""
    codes = state.move_codes()
    drawn = DRAW if state.drawable == state.steps else None  # the draw's code, if known to be legal
    scores = _scores(state, codes)
    pick, best = None, _LOWEST
    why, draw = state._why, rng.random                       # is_legal's check (a player node: moves() is not empty)
    i, last = -1, None
    for score in sorted(scores, reverse=True):
        if score + NOISE <= best:
            break                                            # neither this nor any later move can win
        i = scores.index(score, i + 1) if score == last else scores.index(score)
        last = score
        key = score + draw() * NOISE
        if key > best:
            code = codes[i]
            if (state.ap_left() > 0) if SURE[code] else (code == drawn or why(MOVES[code]) is None):
                pick, best = MOVES[code], key
    return pick


def uniform_move(state: State, rng: random.Random) -> tuple[str, ...]:
    """The random pick: each legal move equally likely (rejection sampling over moves())."""
    codes = state.move_codes()
    while True:
        move = MOVES[rng.choice(codes)]
        if state.is_legal(move):
            return move


_PICKS = {"random": uniform_move, "greedy": best_move}    # policy -> its pick(state, rng), one per POLICIES


def choose(state: State, policy: str, rng: random.Random) -> tuple[str, ...]:
    """The move the policy picks in a player node, parsed (play it with state.apply_legal)."""
    return _PICKS[policy](state, rng)


def play(policy: str, rng: random.Random, first: int = HERA) -> State:
    """Play one whole game with both sides using the policy; returns the finished State."""
    state = State(first=first, rng=rng)                      # draws its own cards: only decisions are left
    pick = _PICKS[policy]                                    # choose(), looked up once
    while not state.is_terminal():
        state.apply_legal(pick(state, rng))
    return state


def _game(policy: str, seed: int, index: int) -> tuple:
    """Game `index` of a run: (turns, winner, first player, how it ended); the first player alternates."""
    first = HERA if index % 2 == 0 else ZEUS
    state = play(policy, game_rng(seed, index), first)
    return sum(state.turns), state.winner, first, ENDINGS.get(state.end_rule, state.end_rule)


def run(n: int, policy: str, seed: int, progress=None, jobs: int = 1) -> dict:
    """Play n seeded games (the first player alternates) over `jobs` processes and report length,
    first-player wins and endings."""
    if policy not in _PICKS:
        raise UsageError(f"unknown policy '{policy}'", field="policy", expected=", ".join(POLICIES),
                         hint="pnp simulate hera-zeus --policy greedy")
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
