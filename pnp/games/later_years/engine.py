"""Hercules: The Later Years as code: auction, tasks, chains and scoring (rules: cardsets/later-years).

Rules summary (ids in cardsets/later-years/rules.yaml):
* Each round: a Card Auction (one card per player, one of them face down; clockwise bids that
  must be made, raises take over the whole stack, the Deadbeat rule) then Playing Cards
  (draw cards; an action plus an object completes a task for a fee of action value x object
  value; the k-th completion of a task costs k of each, double/triple cards count 2/3).
* The game ends when the deck cannot fill an auction; tasks score 1, the most unspent coins 2,
  each chain of coins joining opposite sides of the board 3 (each coin in one chain only).
Card values and the deck come from cardsets/later-years/cards.csv (one source of truth).
"""
from __future__ import annotations

import itertools
import random
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from operator import mul
from typing import Literal

from pydantic import Field

from pnp.cardset.datafile import CsvRow, read_csv_rows
from pnp.errors import IllegalMove, UsageError
from pnp.games.base import CHANCE, TERMINAL, sample_count
from pnp.names import resolve
from pnp.paths import cardsets_root

SLUG = "later-years"
START_COINS = 10          # later-years.setup.1
CHAIN_POINTS = 3          # later-years.victory.4
MOST_COINS_POINTS = 2     # later-years.victory.3
MIN_PLAYERS, MAX_PLAYERS = 2, 6   # later-years.gap.13
EDGE = 1e-9               # how near a whole number sample_card leaves a draw to base.sample_count's walk


@dataclass(frozen=True)
class CardType:
    """One card design of the 108-card deck: an action, an object or a draw card."""

    id: str
    kind: str          # action | object | draw
    name: str
    value: int         # fee factor (actions and objects)
    counts_as: int     # 1, 2 (double) or 3 (triple)
    draw: int          # cards drawn (draw cards)
    copies: int


class CardRow(CsvRow):
    """A row of cards.csv (a blank number is 0)."""

    id: str
    kind: Literal["action", "object", "draw"]
    name: str
    value: int = Field(0, ge=0)
    counts_as: int = Field(0, ge=0, le=3)
    draw: int = Field(0, ge=0)
    copies: int = Field(ge=1)


@lru_cache(maxsize=None)
def card_types() -> dict[str, CardType]:
    """The deck's card designs from cardsets/later-years/cards.csv, by id."""
    rows = read_csv_rows(cardsets_root() / SLUG / "cards.csv", CardRow)
    return {r.id: CardType(r.id, r.kind, r.name, r.value, r.counts_as, r.draw, r.copies) for r in rows}


@lru_cache(maxsize=None)
def card_ids() -> tuple[str, ...]:
    """Every card id, sorted: the order chance outcomes are listed in."""
    return tuple(sorted(card_types()))


@lru_cache(maxsize=None)
def names(kind: str) -> tuple[str, ...]:
    """Action or object names in board order (rows are actions, columns objects)."""
    seen = []
    for c in card_types().values():
        if c.kind == kind and c.name not in seen:
            seen.append(c.name)
    return tuple(seen)


def value_of(name: str) -> int:
    """The fee factor of an action or object name (later-years.fees.1, later-years.gap.1); KeyError if none."""
    return _values()[name]


@lru_cache(maxsize=None)
def _values() -> dict[str, int]:
    """The fee factor of each card name: its first card's value (later-years.fees.1, later-years.gap.1)."""
    out: dict[str, int] = {}
    for c in card_types().values():
        out.setdefault(c.name, c.value)
    return out


def resolve_name(kind: str, text: str) -> str:
    """An action or object name from loose user text ('clean out', 'clean-out', 'Temple')."""
    return resolve(kind, text, {n: [n, n.lower().replace("used ", "")] for n in names(kind)})


def fee(action: str, obj: str) -> int:
    """Coins paid for a task: action value x object value (later-years.fees.2)."""
    return value_of(action) * value_of(obj)


def full_deck() -> Counter:
    """The 108 cards as a Counter of card ids (later-years.parts.1, later-years.gap.2)."""
    return Counter({c.id: c.copies for c in card_types().values()})


@lru_cache(maxsize=None)
def _sorted_deck() -> tuple[str, ...]:
    """The full deck one card id per copy, sorted (a new game's LaterYearsState.sorted_deck)."""
    return tuple(sorted(full_deck().elements()))


# ---------------------------------------------------------------- tasks

def need_for(done_before: int) -> int:
    """Cards of each kind a task needs after done_before completions (later-years.repeat.1-2)."""
    return done_before + 1


def count_value(card_ids, name: str) -> int:
    """How many cards of `name` these cards count as, doubles and triples included (later-years.bonus.1)."""
    types = card_types()
    return sum(types[c].counts_as for c in card_ids if types[c].name == name)


def hand_worth(hand: Counter) -> dict[str, int]:
    """How many cards of each name the whole hand counts as, doubles and triples included (later-years.bonus.1);
    every name held is a key (a draw card counts as 0)."""
    worth = _name_worth()
    out: dict[str, int] = {}
    for c, k in hand.items():
        if k > 0:
            name, w = worth[c]
            out[name] = out.get(name, 0) + w * k
    return out


@lru_cache(maxsize=None)
def _name_worth() -> dict[str, tuple[str, int]]:
    """Each card id's (name, how many cards of that name it counts as) (later-years.bonus.1)."""
    return {c.id: (c.name, c.counts_as) for c in card_types().values()}


def minimal_payments(hand: Counter, name: str, need: int) -> list[tuple[str, ...]]:
    """Every minimal set of cards of `name` in hand counting as at least `need` (none can be left out)."""
    return list(_minimal_payments(tuple((c, hand[c]) for c in _ids_named(name) if hand.get(c, 0) > 0), need))


@lru_cache(maxsize=None)
def _ids_of(kind: str) -> frozenset[str]:
    """The card ids of a kind (action, object or draw)."""
    return frozenset(c.id for c in card_types().values() if c.kind == kind)


@lru_cache(maxsize=None)
def _ids_named(name: str) -> tuple[str, ...]:
    """The card ids of a name, sorted (the order a payment lists its cards in)."""
    return tuple(sorted(c.id for c in card_types().values() if c.name == name))


@lru_cache(maxsize=None)
def _minimal_payments(held: tuple[tuple[str, int], ...], need: int) -> tuple[tuple[str, ...], ...]:
    """minimal_payments for the (id, count) pairs held of one name, sorted by id: worked out once per holding."""
    if not held:
        return ()
    types = card_types()
    ids = [c for c, _ in held]
    worth = [types[c].counts_as for c in ids]
    if sum(map(mul, worth, [k for _, k in held])) < need:
        return ()                                   # not enough even with every card
    options = []
    for counts in itertools.product(*[range(k + 1) for _, k in held]):
        total = sum(map(mul, counts, worth))
        if total < need:
            continue
        if any(k and total - w >= need for k, w in zip(counts, worth)):
            continue
        options.append(tuple(c for k, c in zip(counts, ids) for _ in range(k)))
    return tuple(options)


# ---------------------------------------------------------------- auction

@lru_cache(maxsize=None)
def _clockwise(seats: tuple) -> dict:
    """Each seat's view of the table: the seats from it on, clockwise (later-years.gap.9)."""
    return {p: seats[i:] + seats[:i] for i, p in enumerate(seats)}


class Auction:
    """One Card Auction (later-years.auction.*): seats clockwise, lots 0..n-1, the last face down."""

    def __init__(self, seats: list, coins: dict, n_lots: int, opener, excluded=()):
        self.seats = list(seats)
        self.coins = dict(coins)
        self.n_lots = n_lots
        self.opener = opener
        self._clockwise = _clockwise(tuple(self.seats))
        self.restart(excluded)

    def restart(self, excluded) -> None:
        """Hold the auction from the start (again, after a deadbeat) without the players in `excluded`
        (later-years.deadbeat.1): no bids, the opener's turn; coins are only paid at the end."""
        self.excluded = set(excluded)
        self.top: dict[int, tuple[object, int]] = {}      # lot -> (player, total)
        self.deadbeat = None
        self.to_bid = self._first_from(self.opener)

    @property
    def bidders(self) -> list:
        """The seats taking part, clockwise: every seat but the deadbeats (later-years.deadbeat.1)."""
        return [p for p in self.seats if p not in self.excluded]

    def _first_from(self, player):
        """The first bidder at or clockwise after `player` holding no winning bid (later-years.gap.9)."""
        excluded = self.excluded
        holders = [p for p, _ in self.top.values()] if self.top else ()
        for p in self._clockwise[player]:                 # the seats from `player` on, clockwise
            if p not in holders and p not in excluded:
                return p
        return None

    def holding(self, player):
        """The lot on which `player` holds the winning bid, or None."""
        for lot, (p, _) in self.top.items():
            if p == player:
                return lot
        return None

    @property
    def done(self) -> bool:
        """True when every bidder holds a winning bid, or a deadbeat cancelled it (later-years.auction.7)."""
        return self.deadbeat is not None or self.to_bid is None

    def bid(self, player, lot: int, add: int) -> None:
        """Put `add` coins on `lot`; raises IllegalMove; an unaffordable total makes a deadbeat."""
        self.check_bid(player, lot, add)
        self.place(player, lot, add)

    def check_bid(self, player, lot: int, add: int) -> None:
        """Raise IllegalMove, with the reason, unless `player` may put `add` coins on `lot` now."""
        if self.done:
            raise IllegalMove("the auction is over", hint="no more bids are taken")
        if player != self.to_bid:
            raise IllegalMove(f"it is {self.to_bid}'s turn to bid, not {player}'s",
                              hint="bids go clockwise among players with no winning bid (later-years.gap.9)")
        if not 0 <= lot < self.n_lots:
            raise IllegalMove(f"no card {lot + 1}", expected=f"a card 1-{self.n_lots}")
        if add < 1:
            raise IllegalMove("a bid must put at least 1 coin on the card", hint="later-years.gap.8")

    def place(self, player, lot: int, add: int) -> None:
        """bid's effect for a bid check_bid allows (one legal_bids lists): the lot's new total, or a deadbeat."""
        total = add + (self.top[lot][1] if lot in self.top else 0)   # later-years.auction.6
        if total > self.coins[player]:                               # later-years.deadbeat.1
            self.deadbeat = player
            return
        self.top[lot] = (player, total)
        self.to_bid = self._first_from(player)

    def bid_limits(self, player) -> list[tuple[int, int]]:
        """(lot, most): `player` may add 1 to `most` coins to the lot, within her coins (later-years.auction.6,
        gap.8); if no lot takes any, the forced smallest overbids, most 1: on each unbid lot, else on
        every lot (deadbeat.1)."""
        coins, top, out = self.coins[player], self.top, []
        if coins > 0:                                  # else no lot takes any (totals are never below 0)
            for lot in range(self.n_lots):             # a loop, not a comprehension: a few lots only
                most = coins - (top[lot][1] if lot in top else 0)
                if most >= 1:
                    out.append((lot, most))
            if out:
                return out
        for lot in range(self.n_lots):
            if lot not in top:
                out.append((lot, 1))
        return out or [(lot, 1) for lot in range(self.n_lots)]

    def legal_bids(self, player) -> list[tuple[int, int]]:
        """(lot, add) pairs within the player's coins; if none, the forced smallest overbids."""
        return [(lot, add) for lot, most in self.bid_limits(player) for add in range(1, most + 1)]


# ---------------------------------------------------------------- chains

Cell = tuple[int, int]   # (action row, object column)


def _neighbours(cell: Cell, rows: int, cols: int):
    """Side-sharing spaces (later-years.gap.3)."""
    r, c = cell
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield (r + dr, c + dc)


@lru_cache(maxsize=None)
def _adjacent(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """Each space's side-sharing spaces, listed once per board size (in _neighbours' order)."""
    return {(r, c): tuple(_neighbours((r, c), rows, cols)) for r in range(rows) for c in range(cols)}


def disjoint_paths(cap: dict[Cell, int], sources: set[Cell], sinks: set[Cell],
                   rows: int, cols: int) -> list[list[Cell]]:
    """Most paths from sources to sinks using each cell at most cap[cell] times.

    Edmonds-Karp max-flow on the node-split graph (cell-in -> cell-out with capacity cap),
    then the flow decomposed into paths (later-years.victory.5, later-years.gap.5).
    """
    live = {cell for cell, k in cap.items() if k > 0}
    if live.isdisjoint(sources) or live.isdisjoint(sinks) or not _linked(live, sources, sinks, rows, cols):
        return []                                   # no run of coins joins the two sides: no path at all
    cells = [cell for cell, k in cap.items() if k > 0]
    node = {cell: 2 * i for i, cell in enumerate(cells)}   # node 2i is cell i's way in, 2i + 1 its way out
    S, T = -1, -2
    res: dict = {}

    def arc(u, v, c):
        out, back = res.setdefault(u, {}), res.setdefault(v, {})
        out[v] = out.get(v, 0) + c
        back.setdefault(u, 0)

    big, adjacent = sum(cap.values()) + 1, _adjacent(rows, cols)
    for cell in cells:
        i = node[cell]
        arc(i, i + 1, cap[cell])
        if cell in sources:
            arc(S, i, big)
        if cell in sinks:
            arc(i + 1, T, big)
        for nb in adjacent[cell]:
            if nb in node:
                arc(i + 1, node[nb], big)
    if S not in res or T not in res:
        return []
    orig = {u: dict(vs) for u, vs in res.items()}
    flow = 0
    while True:
        parent = {S: None}
        queue = [S]
        for u in queue:
            for v, c in res[u].items():
                if c > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if T not in parent:
            break
        v, aug = T, big
        while parent[v] is not None:
            aug = min(aug, res[parent[v]][v])
            v = parent[v]
        v = T
        while parent[v] is not None:
            res[parent[v]][v] -= aug
            res[v][parent[v]] += aug
            v = parent[v]
        flow += aug
    used = {u: {v: orig[u][v] - res[u][v] for v in orig[u] if orig[u][v] - res[u][v] > 0} for u in orig}
    paths = []
    for _ in range(flow):
        u, path = S, []
        while u != T:
            v = next(iter(used[u]))
            used[u][v] -= 1
            if not used[u][v]:
                del used[u][v]
            if v >= 0 and not v & 1:                # a cell's way in
                path.append(cells[v >> 1])
            u = v
        paths.append(_shortcut(path))
    return paths


def _linked(live: set[Cell], sources: set[Cell], sinks: set[Cell], rows: int, cols: int) -> bool:
    """Whether side-sharing live cells join a source to a sink (a flood fill: the flow is 0 when not)."""
    reach = [cell for cell in live if cell in sources]
    seen, adjacent = set(reach), _adjacent(rows, cols)
    for cell in reach:
        if cell in sinks:
            return True
        for nb in adjacent[cell]:
            if nb in live and nb not in seen:
                seen.add(nb)
                reach.append(nb)
    return False


def _shortcut(path: list[Cell]) -> list[Cell]:
    """Drop loops from a decomposed flow path (a cell visited twice)."""
    out: list[Cell] = []
    for cell in path:
        if cell in out:
            out = out[:out.index(cell)]
        out.append(cell)
    return out


def _simple_paths(cap, sources, sinks, rows, cols, limit=20000) -> list[tuple[Cell, ...]]:
    """Simple side-to-side paths through cells with cap > 0, touching each side once."""
    out, adjacent = [], _adjacent(rows, cols)

    def walk(path, seen):
        if len(out) >= limit:
            return
        here = path[-1]
        if here in sinks:
            out.append(tuple(path))
            return
        for nb in adjacent[here]:
            if cap.get(nb, 0) > 0 and nb not in seen and nb not in sources:
                seen.add(nb)
                path.append(nb)
                walk(path, seen)
                path.pop()
                seen.discard(nb)

    for s in sorted(sources):
        if cap.get(s, 0) > 0:
            walk([s], {s})
    return out


@lru_cache(maxsize=None)
def _sides(rows: int, cols: int) -> tuple[frozenset[Cell], ...]:
    """The board's top, bottom, left and right edge cells, where chains start and end (later-years.gap.4)."""
    return (frozenset((0, c) for c in range(cols)), frozenset((rows - 1, c) for c in range(cols)),
            frozenset((r, 0) for r in range(rows)), frozenset((r, cols - 1) for r in range(rows)))


SEARCH_BUDGET = 4000   # search nodes before max_chains settles for the best found


@dataclass
class Chains:
    """A player's chains (cells per chain) and whether the count is proven the most possible."""

    paths: list[list[Cell]]
    exact: bool = True


def max_chains(cap: dict[Cell, int], rows: int = 4, cols: int = 4) -> Chains:
    """A largest set of chains for one player's coins, cap[cell] = her coins on that space.

    Chains run top to bottom or left to right (later-years.gap.4); each coin serves one chain
    (later-years.victory.5). One direction is a max-flow (vertex-disjoint paths). A vertical and
    a horizontal chain on a grid always share a space, so both directions together are possible
    only through stacks of her coins: then sets of horizontal chains crossing a stack are
    searched, each completed by a vertical max-flow, within SEARCH_BUDGET nodes (exact=False
    if the budget ran out before the search was complete).
    """
    top, bottom, left, right = _sides(rows, cols)
    held = [cell for cell, k in cap.items() if k > 0]       # a chain crosses every row (or every column)
    vert = disjoint_paths(cap, top, bottom, rows, cols) if len({r for r, _ in held}) == rows else []
    horiz = disjoint_paths(cap, left, right, rows, cols) if len({c for _, c in held}) == cols else []
    best = max(vert, horiz, key=len)
    if not vert or not horiz or all(k <= 1 for k in cap.values()):
        return Chains(best)
    candidates = [p for p in _simple_paths(cap, left, right, rows, cols) if any(cap[x] > 1 for x in p)]
    if len(best) >= sum(cap.values()) // min(rows, cols):
        return Chains(best)
    state = {"best": best, "nodes": 0, "exact": True}
    seen = set()

    def search(c: dict, chosen: list, start: int):
        key = tuple(sorted(c.items()))
        if key in seen:
            return
        seen.add(key)
        state["nodes"] += 1
        if state["nodes"] > SEARCH_BUDGET:
            state["exact"] = False
            return
        v = disjoint_paths(c, top, bottom, rows, cols)
        if not v:
            return
        if len(chosen) + len(v) > len(state["best"]):
            state["best"] = chosen + v
        h_bound = len(disjoint_paths(c, left, right, rows, cols))
        room = sum(c.values()) // min(rows, cols)     # every chain uses at least that many coins
        if len(chosen) + min(h_bound + len(v), room) <= len(state["best"]):
            return
        for i in range(start, len(candidates)):
            p = candidates[i]
            if all(c.get(x, 0) > 0 for x in p):
                c2 = dict(c)
                for x in p:
                    c2[x] -= 1
                search(c2, chosen + [list(p)], i)

    search(dict(cap), [], 0)
    return Chains(state["best"], state["exact"])


# ---------------------------------------------------------------- board and scoring

@dataclass
class Board:
    """Coins on the task spaces: (action, object) -> owners from bottom to top of the stack."""

    spaces: dict[tuple[str, str], list] = field(default_factory=dict)

    def stack(self, action: str, obj: str) -> list:
        """The coins on a task space, bottom first."""
        return self.spaces.setdefault((action, obj), [])

    def done(self, action: str, obj: str) -> int:
        """How many times the task has been completed (coins on its space)."""
        return len(self.spaces.get((action, obj), ()))

    def players(self) -> list:
        """Every owner of a coin on the board, in first-seen order."""
        out = []
        for stack in self.spaces.values():
            out += [p for p in stack if p not in out]
        return out

    def capacity(self, player) -> dict[Cell, int]:
        """The player's coins per grid cell (rows = actions, columns = objects)."""
        acts, objs = names("action"), names("object")
        return {(acts.index(a), objs.index(o)): stack.count(player)
                for (a, o), stack in self.spaces.items() if stack.count(player)}

    def tasks(self, player) -> int:
        """Tasks the player completed: her coins on the board (later-years.victory.2)."""
        return sum(stack.count(player) for stack in self.spaces.values())

    def chains(self, player) -> tuple[list[list[tuple[str, str]]], bool]:
        """Her largest set of coin-disjoint chains as lists of (action, object), and whether proven."""
        acts, objs = names("action"), names("object")
        found = max_chains(self.capacity(player))
        return [[(acts[r], objs[c]) for r, c in path] for path in found.paths], found.exact


def draw_chains(chains: list[list[tuple[str, str]]]) -> str:
    """The board as text, each chain's spaces marked with its letter (A, B, ...)."""
    acts, objs = names("action"), names("object")
    marks = {}
    for i, chain in enumerate(chains):
        for cell in chain:
            marks[cell] = marks.get(cell, "") + chr(ord("A") + i)
    short = {o: o.replace("Used Chariot Dealership", "Chariot Dlr") for o in objs}
    w = max(len(a) for a in acts)
    lines = [" " * w + " | " + " | ".join(f"{short[o]:^11}" for o in objs)]
    for a in acts:
        lines.append(f"{a:<{w}} | " + " | ".join(f"{marks.get((a, o), '.'):^11}" for o in objs))
    return "\n".join(lines)


@dataclass
class Score:
    """One player's final score, broken down (later-years.victory.2-4)."""

    player: object
    tasks: int
    most_coins: int
    chains: int
    coins: int
    cards: int

    @property
    def total(self) -> int:
        """Points: tasks + most-coins award + 3 per chain."""
        return self.tasks + self.most_coins + CHAIN_POINTS * self.chains


def final_scores(board: Board, coins: dict, cards: dict | None = None) -> list[Score]:
    """Every player's score, best first with the tiebreakers (later-years.victory.6-7, gap.6)."""
    cards = cards or {}
    top = max(coins.values()) if coins else 0
    scores = [Score(p, board.tasks(p), MOST_COINS_POINTS if coins[p] == top else 0,
                    len(board.chains(p)[0]), coins[p], cards.get(p, 0)) for p in coins]
    return sorted(scores, key=lambda s: (s.total, s.coins, s.cards), reverse=True)


def winners(scores: list[Score]) -> list:
    """The winner(s): best total, then coins, then cards; a full tie is shared (later-years.gap.7)."""
    key = lambda s: (s.total, s.coins, s.cards)  # noqa: E731
    best = max(key(s) for s in scores)
    return [s.player for s in scores if key(s) == best]


def _spend(hand: Counter, cards: Counter) -> None:
    """Take the cards out of the hand; a card kind no longer held leaves it (so a hand lists only what it holds)."""
    for c, k in cards.items():
        hand[c] -= k
        if hand[c] == 0:
            del hand[c]


# ---------------------------------------------------------------- the game

class LaterYearsState:
    """The full game in the open_spiel shape; players are 0..n-1 clockwise, player 0 starts."""

    def __init__(self, n_players: int = 3):
        if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
            raise UsageError(f"Later Years takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n_players}",
                             hint="later-years.gap.13")
        self.n = n_players
        self.deck = full_deck()                       # later-years.setup.3
        self.sorted_deck = list(_sorted_deck())       # the deck one card per copy, by id (sample_card)
        self.hands = [Counter() for _ in range(n_players)]
        self.money = [START_COINS] * n_players        # later-years.setup.1
        self.board = Board()
        self.discard = Counter()
        self.starter = 0                              # later-years.setup.4
        self.round = 0
        self.phase = "deal"
        self.lots: list[str] = []
        self.auction: Auction | None = None
        self.deadbeats: list[int] = []
        self.turn = 0
        self.played = 0
        self.pending_draw = 0
        self.fees_paid = 0
        self.bids_paid = 0
        self.deadbeat_count = 0
        self._begin_round()

    # -- flow
    def _begin_round(self):
        if len(self.sorted_deck) < self.n:            # later-years.victory.1
            self.phase = "over"
            return
        self.round += 1
        self.phase = "deal"
        self.lots = []
        self.deadbeats = []

    def _open_auction(self):
        opener = self.starter
        self.auction = Auction(range(self.n), dict(enumerate(self.money)), len(self.lots),
                               opener, excluded=self.deadbeats)
        self.phase = "auction"
        if self.auction.done:
            self._close_auction()

    def _close_auction(self):
        a = self.auction
        for lot, card in enumerate(self.lots):
            if lot in a.top:
                p, total = a.top[lot]
                self.money[p] -= total                # later-years.auction.10, gap.12
                self.bids_paid += total
                self.hands[p][card] += 1
            else:
                self.discard[card] += 1               # later-years.deadbeat.2, gap.11
        self.lots = []
        self.auction = None
        self.phase = "play"                           # later-years.playing.1, gap.18
        self.turn = self.starter
        self.played = 0

    def _end_play_turn(self):
        self.played += 1
        if self.played == self.n:                     # later-years.playing.3
            self.starter = (self.starter + 1) % self.n
            self._begin_round()
        else:
            self.turn = (self.turn + 1) % self.n

    # -- protocol
    def current_player(self) -> int:
        """Player to act, CHANCE while cards are dealt or drawn, TERMINAL when over."""
        phase = self.phase
        if phase == "auction":
            return self.auction.to_bid
        if phase == "play":                           # a draw card's cards are drawn first (later-years.draw.1)
            return CHANCE if self.pending_draw > 0 else self.turn
        return CHANCE if phase == "deal" else TERMINAL   # lots are dealt (later-years.auction.1)

    def is_chance_node(self) -> bool:
        """True while auction lots are dealt or a draw card's cards are drawn."""
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Card ids with their probability of being the next card off the deck."""
        deck = self.deck
        total = sum(deck.values())
        return [(c, deck[c] / total) for c in card_ids() if deck.get(c)]

    def sample_card(self, rng: random.Random) -> str:
        """The next card off the deck, drawn from rng: the outcome base.sample_chance(self, rng) draws from
        chance_outcomes() with the same random number r, without listing the outcomes. Those running totals,
        card by card in id order, are the deck's counts so far over its size, so the draw is the card at
        place floor(r x size) of the sorted deck; a product within EDGE of a whole number (where the totals'
        float rounding could decide) is drawn by base.sample_count's walk over the same totals."""
        cards = self.sorted_deck
        r = rng.random()
        x = r * len(cards)
        i = int(x)
        if EDGE < x - i < 1 - EDGE:
            return cards[i]
        return sample_count(self.deck, card_ids(), rng, r)

    def deal_card(self, rng: random.Random) -> None:
        """Take the next card off the deck, drawn from rng: apply_action(sample_card(rng)) without the
        check that the card is in the deck (it was drawn from it)."""
        self._place_card(self.sample_card(rng))

    def is_terminal(self) -> bool:
        """True once the deck cannot fill an auction."""
        return self.phase == "over"

    def legal_actions(self, kind: str | None = None) -> list[tuple]:
        """('bid', lot, add) in the auction; ('draw', id), ('task', A, O, actions, objects), ('pass',);
        only the moves of `kind` ('bid', 'draw', 'task' or 'pass') when it is given."""
        if self.phase == "auction":
            if kind not in (None, "bid"):
                return []
            return [("bid", lot, add) for lot, add in self.auction.legal_bids(self.auction.to_bid)]
        if self.is_terminal() or self.is_chance_node():
            return []
        hand = self.hands[self.turn]
        acts = [("pass",)] if kind in (None, "pass") else []
        if kind in (None, "draw"):
            acts += self._draws(hand)
        if kind in (None, "task"):
            acts += self._tasks(hand)
        return acts

    def move_kinds(self) -> list[str]:
        """The kinds of the legal moves, sorted: as {a[0] for a in legal_actions()}, without listing every task."""
        phase = self.phase
        if phase == "auction":
            return ["bid"]                                    # legal_bids is never empty (later-years.deadbeat.1)
        if phase != "play" or self.pending_draw:              # over or a chance node (as current_player): no moves
            return []
        hand = self.hands[self.turn]
        ids, kinds = hand.keys(), ["pass"]                    # the ids listed (a count of 0 is not a card held)
        if not ids.isdisjoint(_ids_of("draw")) and next(self._draw_cards(hand), None):
            kinds.insert(0, "draw")
        if not (ids.isdisjoint(_ids_of("action")) or ids.isdisjoint(_ids_of("object"))) \
                and next(self._payable(hand), None):   # a task: an action card and an object card (later-years.tasks.2)
            kinds.append("task")
        return kinds

    def _draws(self, hand: Counter) -> list[tuple]:
        """Every ('draw', id) the hand can play, by card id (later-years.draw.1)."""
        return [("draw", c) for c in sorted(self._draw_cards(hand))]

    @staticmethod
    def _draw_cards(hand: Counter):
        """The draw cards in hand (later-years.draw.1), one id at a time."""
        types = card_types()
        return (c for c, k in hand.items() if k > 0 and types[c].kind == "draw")

    def _payable(self, hand: Counter, worth: dict[str, int] | None = None):
        """(action, object, need) of every task the hand holds enough cards for, this time round
        (later-years.repeat.2, bonus.1), one at a time; `worth` is hand_worth(hand) if already known."""
        worth = hand_worth(hand) if worth is None else worth
        objects = None
        done = self.board.done
        for a in names("action"):                      # loops, not comprehensions: four names each
            if a not in worth:
                continue
            if objects is None:
                objects = [o for o in names("object") if o in worth]
            held = worth[a]
            for o in objects:
                need = need_for(done(a, o))
                if held >= need and worth[o] >= need:
                    yield a, o, need

    def _tasks(self, hand: Counter) -> list[tuple]:
        """Every ('task', A, O, action cards, object cards) the hand can pay for, each payment minimal."""
        return [("task", a, o, pa, po) for a, o, pays_a, pays_o in self.task_payments(hand)
                for pa in pays_a for po in pays_o]

    def task_payments(self, hand: Counter | None = None) -> list[tuple]:
        """(A, O, action payments, object payments) of every task the hand (the player to act's if not given)
        can pay for: the task moves grouped by task, in legal_actions' order (each payment minimal)."""
        hand = self.hands[self.turn] if hand is None else hand
        payments: dict = {}                                   # (name, need) -> minimal_payments, once each
        out = []
        for a, o, need in self._payable(hand):
            for key in ((a, need), (o, need)):
                if key not in payments:
                    payments[key] = minimal_payments(hand, *key)
            out.append((a, o, payments[a, need], payments[o, need]))
        return out

    def apply_action(self, action) -> None:
        """Apply a move or a chance outcome (a card id); raises IllegalMove with the reason."""
        if self.phase == "auction":
            if action[0] != "bid":
                raise IllegalMove(f"'{action[0]}' is not an auction move", expected="('bid', lot, add)")
            self.auction.check_bid(self.auction.to_bid, action[1], action[2])
            return self.take(action)
        who = self.current_player()
        if who == CHANCE:
            if self.deck[action] < 1:
                raise IllegalMove(f"card '{action}' is not in the deck")
            return self._place_card(action)
        if who == TERMINAL:
            raise IllegalMove("the game is over")
        kind = action[0]
        if kind == "draw":                            # later-years.draw.1
            card = action[1]
            if self.hands[self.turn][card] < 1 or card_types()[card].kind != "draw":
                raise IllegalMove(f"no draw card '{card}' in hand")
        elif kind == "task":
            self._check_task(self.hands[self.turn], *action[1:])
        elif kind != "pass":
            raise IllegalMove(f"unknown move '{kind}'", expected="pass, draw or task")
        self.take(action)

    def take(self, action) -> None:
        """apply_action for a move legal_actions() lists, without its checks (the simulator's moves)."""
        kind = action[0]
        if kind == "bid":
            self._bid(action[1], action[2])
        elif kind == "pass":
            self._end_play_turn()
        elif kind == "task":
            self._task(self.hands[self.turn], *action[1:])
        else:                                         # later-years.draw.1
            card = action[1]
            _spend(self.hands[self.turn], {card: 1})
            self.discard[card] += 1
            self.pending_draw = min(card_types()[card].draw, len(self.sorted_deck))   # later-years.gap.14

    def _bid(self, lot: int, add: int):
        """The bidder to act puts coins on a lot; a deadbeat starts the auction again (later-years.auction.*)."""
        a = self.auction
        a.place(a.to_bid, lot, add)
        if a.deadbeat is not None:                    # later-years.deadbeat.1, gap.10
            self.deadbeats.append(a.deadbeat)
            self.deadbeat_count += 1
            a.restart(self.deadbeats)
        if a.done:
            self._close_auction()

    def _check_task(self, hand: Counter, a: str, o: str, pay_a, pay_o):
        """Raise IllegalMove, with the reason, unless the hand pays for the task with these cards."""
        if a not in names("action") or o not in names("object"):
            raise IllegalMove(f"no task '{a} the {o}'")
        need = need_for(self.board.done(a, o))        # later-years.repeat.2
        for name, pay in ((a, pay_a), (o, pay_o)):
            if any(card_types()[c].name != name for c in pay):
                raise IllegalMove(f"cards paying for {name} must be {name} cards")
            if count_value(pay, name) < need:         # later-years.bonus.1
                raise IllegalMove(f"{a} the {o} needs {need} {name} this time; these count as "
                                  f"{count_value(pay, name)}", hint="later-years.repeat.2")
        spent = Counter(pay_a) + Counter(pay_o)
        if any(hand[c] < k for c, k in spent.items()):
            raise IllegalMove("those cards are not all in hand")

    def _task(self, hand: Counter, a: str, o: str, pay_a, pay_o):
        """The task done with these cards (as _check_task allows): cards spent, coin stacked, fee paid."""
        spent = Counter((*pay_a, *pay_o))
        _spend(hand, spent)
        self.discard.update(spent)                    # later-years.tasks.3
        self.board.stack(a, o).append(self.turn)      # later-years.repeat.4
        paid = fee(a, o)                              # later-years.fees.2, repeat.3
        self.money[self.turn] += paid
        self.fees_paid += paid

    def _place_card(self, card: str):
        """The card off the deck goes to the auction's lots (dealing) or to the drawing player's hand."""
        self.deck[card] -= 1
        del self.sorted_deck[bisect_left(self.sorted_deck, card)]
        if self.phase == "deal":                      # later-years.auction.1
            self.lots.append(card)
            if len(self.lots) == self.n:
                self._open_auction()
        else:
            self.hands[self.turn][card] += 1
            self.pending_draw -= 1

    def scores(self) -> list[Score]:
        """Scores as they stand (final once terminal)."""
        return final_scores(self.board, dict(enumerate(self.money)),
                            {p: sum(h.values()) for p, h in enumerate(self.hands)})

    def returns(self) -> list[float]:
        """+1 for the winner(s), -1 for the others; 0 for all before the end or if all tie."""
        if not self.is_terminal():
            return [0.0] * self.n
        won = winners(self.scores())
        if len(won) == self.n:
            return [0.0] * self.n
        return [1.0 if p in won else -1.0 for p in range(self.n)]

    def card_count(self) -> int:
        """Cards in every place: deck, lots, hands and discards (always 108)."""
        return (sum(self.deck.values()) + len(self.lots) + sum(sum(h.values()) for h in self.hands)
                + sum(self.discard.values()))
