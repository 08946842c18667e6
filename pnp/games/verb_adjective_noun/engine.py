"""Verb the Adjective Noun as code: auction pile, edge-matched trials, the four actions, scoring.

Rules summary (ids in cardsets/verb-adjective-noun/rules.yaml):
* A turn: win auction cards you strictly lead (markers won with are removed from the game),
  score complete trials you lead or tie for (tied players all score the full laurels), then one
  action: Bid 1-3 markers, Draw (then discard or remove 2 markers), Add a card to a trial (with
  a marker on it), or Burn cards to recover removed markers.
* A trial is Verb-Adjective-Noun with matching edges (a Noun is colour-left, black-right: the
  rulebook's misprint, verb-adjective-noun.gap.1) plus at most one Condition.
* The game ends as soon as the twelfth trial is scored; most laurels wins.
Card data comes from cardsets/verb-adjective-noun/cards.csv (one source of truth).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import Literal

from pydantic import Field

from pnp.cardset.datafile import CsvRow, read_csv_rows
from pnp.errors import IllegalMove, UsageError
from pnp.games.base import CHANCE, TERMINAL, pick
from pnp.names import resolve
from pnp.paths import cardsets_root

SLUG = "verb-adjective-noun"
KINDS = ("verb", "adjective", "noun", "condition")
WORDS = ("verb", "adjective", "noun")           # the chain, left to right
_WORDS = frozenset(WORDS)
MARKERS = 12            # per colour, one on the laurel track (verb-adjective-noun.gap.4)
TRIALS_TO_END = 12      # verb-adjective-noun.end.1
TURN_LIMIT = 600        # verb-adjective-noun.gap.13
BURN_LIST_LIMIT = 8     # larger hands list burning one card or all; apply_action takes any subset
MIN_PLAYERS, MAX_PLAYERS = 3, 6                 # verb-adjective-noun.intro.1
COLOURS = ("red", "blue", "yellow", "green", "white", "black")   # marker colours (components.4)


@dataclass(frozen=True)
class Card:
    """One Challenge card: kind, word, laurels, left and right edge colours, Condition effect."""

    id: str
    kind: str
    word: str
    laurels: int
    left: str
    right: str
    effect: str


class CardRow(CsvRow):
    """A row of cards.csv: a Challenge card and its edges."""

    id: str
    kind: Literal[KINDS]
    word: str
    laurels: int = Field(ge=0)
    left: str
    right: str
    effect: str = ""


@lru_cache(maxsize=None)
def cards() -> dict[str, Card]:
    """Every Challenge card by id, from cardsets/verb-adjective-noun/cards.csv."""
    rows = read_csv_rows(cardsets_root() / SLUG / "cards.csv", CardRow)
    return {r.id: Card(r.id, r.kind, r.word, r.laurels, r.left, r.right, r.effect) for r in rows}


def find_card(text: str) -> Card:
    """A card by id or word, loosely ('Three-Headed', 'three headed'); unknown -> UsageError."""
    if text in cards():                                         # an exact id needs no loose matching
        return cards()[text]
    return cards()[resolve("card", text, {c.id: c.word for c in cards().values()},
                           listing="see the card words in cardsets/verb-adjective-noun/cards.csv")]


def parse_cards(text: str) -> list[Card]:
    """Cards from a comma-separated list of words; empty entries are an error."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise UsageError(f"malformed card list '{text}'", expected="words separated by commas, e.g. 'tickle, sulky, cyclops'")
    return [find_card(p) for p in parts]


# ---------------------------------------------------------------- trials

def slots(trial: list[Card]) -> dict[str, Card]:
    """A trial's cards by kind (a trial holds at most one of each)."""
    return {c.kind: c for c in trial}


def is_complete(trial: list[Card]) -> bool:
    """Verb, Adjective and Noun all present (verb-adjective-noun.trials.1)."""
    return _WORDS <= {c.kind for c in trial}


@dataclass
class AddCheck:
    """Whether a card may join a trial, and why: edges compared, adjacency, reasons against."""

    legal: bool
    reasons: list[str] = field(default_factory=list)
    edges: list[str] = field(default_factory=list)
    cites: list[str] = field(default_factory=list)


def check_add(trial: list[Card], card: Card) -> AddCheck:
    """Can `card` join `trial` (empty trial = starting a new one)? Checks kinds, adjacency, edges."""
    out = AddCheck(True, cites=["verb-adjective-noun.add.1"])
    have = slots(trial)
    if len(have) != len(trial):
        return AddCheck(False, ["the trial already lists two cards of one kind"], cites=["verb-adjective-noun.add.2"])
    if card.kind in have:                                       # verb-adjective-noun.add.2
        out.legal = False
        out.reasons.append(f"the trial already has a {card.kind} ({have[card.kind].word})")
        out.cites += ["verb-adjective-noun.add.2", "verb-adjective-noun.add.7"]
        return out
    if card.kind == "condition":                               # verb-adjective-noun.add.7
        out.cites.append("verb-adjective-noun.add.7")
        if not trial:
            out.legal = False
            out.reasons.append("a Condition cannot start a trial on its own")
            out.cites.append("verb-adjective-noun.gap.7")
        else:
            out.edges.append("a Condition is black on both sides and matches any card")
        return out
    words = [k for k in WORDS if k in have]
    if words:                                                   # verb-adjective-noun.add.3
        out.cites.append("verb-adjective-noun.add.3")
        if card.kind in ("verb", "noun") and "adjective" not in have:
            out.legal = False
            out.reasons.append(f"a {card.kind} must sit next to an adjective; the trial has "
                               f"{' and '.join(have[k].word for k in words)} but no adjective")
            return out
    out.cites += ["verb-adjective-noun.add.4", "verb-adjective-noun.gap.1"]
    pairs = []
    if card.kind == "adjective":
        if "verb" in have:
            pairs.append((have["verb"], card))
        if "noun" in have:
            pairs.append((card, have["noun"]))
    elif card.kind == "verb" and "adjective" in have:
        pairs.append((card, have["adjective"]))
    elif card.kind == "noun" and "adjective" in have:
        pairs.append((have["adjective"], card))
    for left, right in pairs:
        ok = left.right == right.left
        out.edges.append(f"{left.word} right edge {left.right} {'=' if ok else '!='} {right.word} left edge {right.left}")
        if not ok:
            out.legal = False
            out.reasons.append(f"edges do not match: {left.word} ({left.right}) against {right.word} ({right.left})")
    return out


_JOINABLE: dict[tuple, frozenset[str]] = {}     # trial shape (kind, left, right per card) -> joinable ids


@lru_cache(maxsize=None)
def card_groups() -> list[tuple[Card, list[str]]]:
    """The deck's cards grouped by kind and edge colours: (the group's first card, every id in the group)."""
    groups: dict[tuple, list[Card]] = {}
    for c in cards().values():
        groups.setdefault((c.kind, c.left, c.right), []).append(c)
    return [(group[0], [c.id for c in group]) for group in groups.values()]


@lru_cache(maxsize=65536)
def joinable(trial_ids: tuple[str, ...]) -> frozenset[str]:
    """Ids of every card that may join the trial: check_add(trial, card).legal for each card of the deck.

    Remembered by the trial's shape, and asked once per group of cards of one kind and edge colours:
    the only card features check_add's verdict reads (words and laurels only name cards in its reasons).
    """
    table = cards()
    trial = [table[c] for c in trial_ids]
    shape = tuple((c.kind, c.left, c.right) for c in trial)
    fits = _JOINABLE.get(shape)
    if fits is None:
        fits = _JOINABLE[shape] = frozenset(i for first, ids in card_groups() if check_add(trial, first).legal
                                            for i in ids)
    return fits


@lru_cache(maxsize=65536)
def complete(trial_ids: tuple[str, ...]) -> bool:
    """is_complete for a trial given by card ids, remembered."""
    table = cards()
    return is_complete([table[c] for c in trial_ids])


def can_add(trial_ids: tuple[str, ...], card_id: str) -> bool:
    """check_add(...).legal for cards given by id (through joinable)."""
    return card_id in joinable(trial_ids)


def trial_laurels(trial: list[Card]) -> int:
    """A trial's laurel total with its Condition applied (verb-adjective-noun.trials.3, gap.6)."""
    total = sum(c.laurels for c in trial)
    effects = {c.effect for c in trial if c.kind == "condition"}
    if "bonus" in effects:
        total += 3
    if "double" in effects:
        total *= 2
    return total


def leaders(markers: dict) -> list:
    """Players with the most markers (at least one)."""
    top = max(markers.values()) if markers else 0
    return [p for p, n in markers.items() if n == top and n > 0]


def auction_winner(markers: dict):
    """The strict leader of an auction card, or None on a tie or no bids (verb-adjective-noun.gap.2)."""
    lead = leaders(markers)
    return lead[0] if len(lead) == 1 else None


def trial_award(trial: list[Card], markers: dict, scorer) -> dict:
    """Laurels each player gains if `scorer` resolves the trial at the start of her turn.

    Empty when the trial is incomplete or the scorer does not lead it (verb-adjective-noun.trials.2-3).
    """
    if not is_complete(trial):
        return {}
    lead = leaders(markers)
    if scorer not in lead:
        return {}
    total = trial_laurels(trial)
    if any(c.effect == "alone" for c in trial):                 # verb-adjective-noun.gap.6
        return {scorer: total}
    return {p: total for p in lead}


def burn_markers(burnt: list[Card]) -> int:
    """Markers the burnt cards are worth: their laurels each, at least 1 (burn.2)."""
    return sum(max(c.laurels, 1) for c in burnt)


def burn_value(burnt: list[Card], removed: int) -> int:
    """Markers recovered by burning, capped at those removed from the game (burn.2, gap.8)."""
    return min(removed, burn_markers(burnt))


# ---------------------------------------------------------------- the game

class Trial:
    """An open trial on the table: its cards and the markers on it per player, with what the rules make
    of its cards remembered (renewed by join): the ids that may join it and whether it is complete."""

    __slots__ = ("cards", "markers", "accepts", "done")

    def __init__(self, cards: list[str] | None = None, markers: dict[int, int] | None = None):
        self.cards = list(cards or [])
        self.markers = dict(markers or {})
        self._renew()

    def _renew(self):
        key = tuple(self.cards)
        self.accepts = joinable(key)         # verb-adjective-noun.add.1-7, through check_add
        self.done = complete(key)            # verb-adjective-noun.trials.1

    def join(self, card_id: str, p: int):
        """Put the card in the trial with one of player p's markers on it (add.9)."""
        self.cards.append(card_id)
        self.markers[p] = self.markers.get(p, 0) + 1
        self._renew()

    def __repr__(self):
        return f"Trial({self.cards!r}, {self.markers!r})"


class Lot:
    """A card of the auction pile and the markers bid on it per player, with its strict leader
    (auction_winner, verb-adjective-noun.gap.2) and the most markers on it remembered (renewed by bid)."""

    __slots__ = ("card", "markers", "leader", "top")

    def __init__(self, card: str, markers: dict[int, int] | None = None):
        self.card = card
        self.markers = dict(markers or {})
        if self.markers:
            self._renew()
        else:                                   # no bids yet: nobody leads (verb-adjective-noun.gap.2)
            self.leader, self.top = None, 0

    def _renew(self):
        self.leader = auction_winner(self.markers)
        self.top = self.markers[self.leader] if self.leader is not None else max(self.markers.values(), default=0)

    def bid(self, p: int, k: int):
        """Player p adds k markers (verb-adjective-noun.bid.1)."""
        self.markers[p] = self.markers.get(p, 0) + k
        self._renew()

    def __repr__(self):
        return f"Lot({self.card!r}, {self.markers!r})"


_LEADER, _DONE = attrgetter("leader"), attrgetter("done")


class VerbState:
    """The full game in the open_spiel shape; players are 0..n-1 clockwise, player 0 starts."""

    def __init__(self, n_players: int = 4):
        if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
            raise UsageError(f"Verb the Adjective Noun takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n_players}",
                             hint="verb-adjective-noun.intro.1")
        self.n = n_players
        self.deck = sorted(cards())
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n_players)]
        self.supply = [MARKERS - 1] * n_players       # one on the track (verb-adjective-noun.setup.1)
        self.removed = [0] * n_players
        self.laurels = [0] * n_players
        self.auction: list[Lot] = []
        self.trials: list[Trial] = []
        self.scored: list[list[str]] = []
        self.player = 0                               # verb-adjective-noun.setup.5
        self.turns = 0
        self.phase = "setup"                          # setup -> keep -> turn (-> draw-cost) -> over
        self.pending: list[tuple] = [("auction",)] * (n_players - 1)     # setup.2
        self.pending += [("hand", p) for p in range(n_players) for _ in range(5)]   # setup.3
        self.keeper = 0
        self._fits: list[frozenset[str]] | None = None   # fits(), kept until the open trials change
        self._refill()

    # -- dealing
    def _refill(self):
        """Reshuffle when the deck is empty (gameplay.3); drop what cannot be dealt (gap.10)."""
        if self.pending and not self.deck and self.discard:
            self.deck, self.discard = sorted(self.discard), []
        if self.pending and not self.deck:
            self.pending = []
        if not self.pending and self.phase == "setup":
            self.phase = "keep"

    def is_chance_node(self) -> bool:
        """True while a card is to be dealt from the deck."""
        return bool(self.pending) and self.phase != "over"

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Each card left in the deck, equally likely."""
        p = 1 / len(self.deck)
        return [(c, p) for c in self.deck]

    def sample_chance(self, rng) -> str:
        """One chance outcome drawn with `rng`: a deck card, each equally likely (as chance_outcomes)."""
        return pick(self.deck, rng)

    def deal(self, rng):
        """Deal every pending card, each drawn as sample_chance draws it: the chance steps one after another."""
        while self.pending and self.phase != "over":
            self._deal(pick(self.deck, rng))

    def _deal(self, card: str):
        try:
            self.deck.remove(card)
        except ValueError:
            raise IllegalMove(f"card '{card}' is not in the deck") from None
        dest = self.pending.pop(0)
        if dest[0] == "auction":
            self.auction.append(Lot(card))
        else:
            self.hands[dest[1]].append(card)
        self._refill()

    # -- turn structure
    def _start_turn(self):
        """Steps 1 and 2 for the player now on turn (gameplay.1)."""
        p = self.player
        if p in map(_LEADER, self.auction):           # verb-adjective-noun.auctions.1, gap.2
            for lot in [lot for lot in self.auction if lot.leader == p]:
                self.removed[p] += lot.markers[p]     # auctions.2
                for q, k in lot.markers.items():
                    if q != p:
                        self.supply[q] += k
                self.auction.remove(lot)
                self.hands[p].append(lot.card)
                self.pending.append(("auction",))     # auctions.3
        if any(map(_DONE, self.trials)):              # verb-adjective-noun.trials.2, gap.11
            table = cards()
            for trial in [t for t in self.trials if t.done and p in t.markers]:   # only a bidder leads one
                award = trial_award([table[c] for c in trial.cards], trial.markers, p)
                if award:
                    for q, k in award.items():
                        self.laurels[q] += k
                    for q, k in trial.markers.items():    # trials.4
                        self.supply[q] += k
                    self.trials.remove(trial)
                    self._fits = None
                    self.scored.append(trial.cards)    # trials.5
                    if len(self.scored) == TRIALS_TO_END:  # end.1, gap.17
                        self.phase = "over"
                        self.pending = []
                        return
        if self.pending:                              # a won card is replaced (gameplay.3)
            self._refill()

    def _end_turn(self):
        self.turns += 1
        if self.turns >= TURN_LIMIT:                  # verb-adjective-noun.gap.13
            self.phase = "over"
            return
        self.phase = "turn"
        self.player = (self.player + 1) % self.n      # gameplay.4
        self._start_turn()

    # -- protocol
    def current_player(self) -> int:
        """Player to act, CHANCE while dealing, TERMINAL when over."""
        if self.phase == "over":
            return TERMINAL
        if self.pending:
            return CHANCE
        return self.keeper if self.phase == "keep" else self.player

    def is_terminal(self) -> bool:
        """True after the twelfth trial is scored (or at the turn limit)."""
        return self.phase == "over"

    def legal_actions(self, kind: str | None = None) -> list[tuple]:
        """Moves: ('keep', ids), ('bid', lot, n), ('draw',), ('discard', id), ('pay',),
        ('add', id, trial index or -1 for new), ('burn', ids); only those of `kind` when given."""
        if self.phase == "over" or self.pending:       # terminal or a chance node
            return []
        if self.phase == "keep":                      # verb-adjective-noun.setup.4
            acts = [("keep", k) for k in sorted(set(itertools.combinations(sorted(self.hands[self.keeper]), 3)))]
        elif self.phase == "draw-cost":               # verb-adjective-noun.draw.2, gap.9
            hand = self.hands[self.player]
            acts = [("discard", c) for c in sorted(set(hand))] + ([("pay",)] if self.supply[self.player] >= 2 else [])
        else:
            if kind is None:
                return self._bids() + self._draws() + self.adds() + self._burns()
            moves = self._TURN_MOVES.get(kind)
            return getattr(self, moves)() if moves else []
        return acts if kind is None else [a for a in acts if a[0] == kind]

    def _bids(self) -> list[tuple]:
        """1-3 markers on any auction card (verb-adjective-noun.bid.1)."""
        top = min(3, self.supply[self.player])
        return [("bid", i, k) for i in range(len(self.auction)) for k in range(1, top + 1)]

    def _draws(self) -> list[tuple]:
        """Draw while a card is left in the deck or discards (verb-adjective-noun.draw.1, gap.10)."""
        return [("draw",)] if self.deck or self.discard else []

    def fits(self) -> list[frozenset[str]]:
        """The card ids each open trial accepts, then those that may start a new trial (none while n are open);
        the same list until the trials change: read it, never edit it."""
        if self._fits is None:                         # kept until a card joins, opens or closes a trial
            out = [t.accepts for t in self.trials]
            out.append(joinable(()) if len(self.trials) < self.n else frozenset())   # add.8
            self._fits = out
        return self._fits

    def changed(self):
        """Drop what was worked out from the open trials (fits); code editing trials directly calls this."""
        self._fits = None

    def adds(self, fits: list[frozenset[str]] | None = None) -> list[tuple]:
        """Each hand card onto each trial it may join, or starting a new one (add.1-10); `fits` is
        self.fits() when the caller has it already."""
        p, hand = self.player, self.hands[self.player]
        if self.supply[p] < 1 or not hand:             # add.10
            return []
        fits = fits or self.fits()                     # add.1-7 through check_add, add.8
        last = len(fits) - 1                           # the last entry: starting a new trial (-1)
        acts = []
        for c in sorted(set(hand)) if len(hand) > 1 else hand:
            for i, f in enumerate(fits):
                if c in f:
                    acts.append(("add", c, i if i < last else -1))
        return acts

    def _burns(self) -> list[tuple]:
        """Burning cards from the hand (burn.1); larger hands list one card or all."""
        hand = self.hands[self.player]
        sizes = range(1, len(hand) + 1) if len(hand) <= BURN_LIST_LIMIT else (1, len(hand))
        return [("burn", combo) for k in sizes for combo in sorted(set(itertools.combinations(sorted(hand), k)))]

    _TURN_MOVES = {"bid": "_bids", "draw": "_draws", "add": "adds", "burn": "_burns"}   # a turn's moves by kind

    def apply_action(self, action) -> None:
        """Apply a move or a chance outcome (a card id); raises IllegalMove with the reason."""
        if self.phase == "over":
            raise IllegalMove("the game is over")
        if self.pending:
            return self._deal(action)
        self._check(action)
        self.take(action)

    def _check(self, action) -> None:
        """Raise IllegalMove with the reason unless `action` is a move the player to act may make now."""
        kind, p = action[0], self.keeper if self.phase == "keep" else self.player
        hand = self.hands[p]
        if self.phase == "keep":
            kept = list(action[1]) if kind == "keep" else []
            if len(kept) != 3 or any(hand.count(c) < kept.count(c) for c in kept):
                raise IllegalMove("keep three cards of your five", expected="('keep', (id, id, id))",
                                  hint="verb-adjective-noun.setup.4")
        elif self.phase == "draw-cost":
            if not (kind == "discard" and action[1] in hand or kind == "pay" and self.supply[p] >= 2):
                raise IllegalMove("after drawing, discard a card or remove two markers",
                                  hint="verb-adjective-noun.draw.2, verb-adjective-noun.gap.9")
        elif kind == "bid":                            # verb-adjective-noun.bid.1
            _, lot, k = action
            if not 0 <= lot < len(self.auction) or not 1 <= k <= 3 or k > self.supply[p]:
                raise IllegalMove("bid 1-3 of your markers on a card of the auction pile")
        elif kind == "draw":                           # verb-adjective-noun.draw.1
            if not (self.deck or self.discard):
                raise IllegalMove("no card left to draw", hint="verb-adjective-noun.gap.10")
        elif kind == "add":
            self._check_add(p, action[1], action[2])
        elif kind == "burn":                           # verb-adjective-noun.burn.1
            burnt = list(action[1])
            if not burnt or any(hand.count(c) < burnt.count(c) for c in burnt):
                raise IllegalMove("burn one or more cards from your hand")
        else:
            raise IllegalMove(f"unknown move '{kind}'", expected="bid, draw, add or burn")

    def _check_add(self, p: int, card_id: str, index: int):
        """Raise IllegalMove with the reason unless player p may add the card to trial `index` (-1: a new one)."""
        if card_id not in self.hands[p]:
            raise IllegalMove(f"'{card_id}' is not in your hand")
        if self.supply[p] < 1:
            raise IllegalMove("you have no marker to put on the card", hint="verb-adjective-noun.add.10")
        if index == -1:
            if len(self.trials) >= self.n:
                raise IllegalMove(f"already {self.n} open trials", hint="verb-adjective-noun.add.8")
            trial = Trial()
        elif 0 <= index < len(self.trials):
            trial = self.trials[index]
        else:
            raise IllegalMove(f"no open trial {index}")
        if card_id not in trial.accepts:                           # the reasons only when refused
            check = check_add([cards()[c] for c in trial.cards], cards()[card_id])
            raise IllegalMove("; ".join(check.reasons), hint=", ".join(check.cites))

    def take(self, action) -> None:
        """Apply a move legal_actions() lists now (apply_action checks a move, then comes here) without
        checking it again."""
        kind = action[0]
        if self.phase == "keep":                       # verb-adjective-noun.setup.4
            p = self.keeper
            hand, kept = self.hands[p], list(action[1])
            for c in kept:
                hand.remove(c)
            self.discard += hand
            self.hands[p] = kept
            self.keeper += 1
            if self.keeper == self.n:
                self.phase = "turn"
                self._start_turn()
            return
        p = self.player
        if self.phase == "draw-cost":                  # verb-adjective-noun.draw.2, gap.9
            if kind == "discard":
                self.hands[p].remove(action[1])
                self.discard.append(action[1])
            else:
                self.supply[p] -= 2
                self.removed[p] += 2
            return self._end_turn()
        if kind == "bid":                              # verb-adjective-noun.bid.1
            _, lot, k = action
            self.supply[p] -= k
            self.auction[lot].bid(p, k)
        elif kind == "draw":                           # verb-adjective-noun.draw.1
            self.pending.append(("hand", p))
            self._refill()
            self.phase = "draw-cost"
            return
        elif kind == "add":
            self._add(p, action[1], action[2])
        else:                                          # burn: verb-adjective-noun.burn.1-2
            hand, burnt = self.hands[p], list(action[1])
            back = burn_value([cards()[c] for c in burnt], self.removed[p])
            for c in burnt:
                hand.remove(c)
            self.discard += burnt
            self.removed[p] -= back
            self.supply[p] += back
        self._end_turn()

    def _add(self, p: int, card_id: str, index: int):
        """Player p puts the card on trial `index` or starts a new one (-1) (add.1-10)."""
        self._fits = None
        if index == -1:
            trial = Trial()
            self.trials.append(trial)
        else:
            trial = self.trials[index]
        self.hands[p].remove(card_id)
        trial.join(card_id, p)                        # verb-adjective-noun.add.9
        self.supply[p] -= 1
        if cards()[card_id].effect == "reclaim":      # verb-adjective-noun.gap.6
            back = min(2, self.removed[p])
            self.removed[p] -= back
            self.supply[p] += back

    def returns(self) -> list[float]:
        """+1 for the most laurels (shared on a tie, gap.12), -1 for the others; 0s if all tie."""
        if not self.is_terminal():
            return [0.0] * self.n
        top = max(self.laurels)
        won = [p for p in range(self.n) if self.laurels[p] == top]
        if len(won) == self.n:
            return [0.0] * self.n
        return [1.0 if p in won else -1.0 for p in range(self.n)]

    def marker_count(self, p: int) -> int:
        """All of a player's markers wherever they are (always MARKERS)."""
        return (1 + self.supply[p] + self.removed[p] + sum(lot.markers.get(p, 0) for lot in self.auction)
                + sum(t.markers.get(p, 0) for t in self.trials))

    def card_count(self) -> int:
        """Cards in every place (always the whole deck)."""
        return (len(self.deck) + len(self.discard) + sum(map(len, self.hands)) + len(self.auction)
                + sum(len(t.cards) for t in self.trials) + sum(map(len, self.scored)))
