"""Hercules: The Later Years as code: auction, tasks, chains and scoring (rules: cardsets/later-years).

Rules summary (ids in cardsets/later-years/rules.yaml):
* Each round: a Card Auction (one card per player, one of them face down; clockwise bids that
  must be made, raises take over the whole stack, the Deadbeat rule) then Playing Cards
  (draw cards; an action plus an object completes a task for a fee of action value x object
  value; the k-th completion of a task costs k of each, double/triple cards count 2/3).
* The game ends when the deck cannot fill an auction; tasks score 1, the most unspent coins 2,
  each chain of coins joining opposite sides of the board 3 (each coin in one chain only).
Card values and the deck come from cardsets/later-years/cards.csv (one source of truth). The auction's bids
live in auction.py, the chain search in chains.py.
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
from pnp.games.later_years.auction import Auction
from pnp.games.later_years.chains import Cell, max_chains
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
