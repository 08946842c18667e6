"""Micro Hero: Hercules as code: a solo (or two-player co-op) deckbuilder against 12 Trials.

Rules summary (ids in cardsets/micro-hero/rules.yaml, rulings in gaps.yaml):
* Setup: 10 Techniques shuffled as your deck, the other 6 plus the Wounds as the supply; the
  Trials shuffled face down and one revealed (micro-hero.setup-*).
* A round is one Trial, fought over several turns (micro-hero.gap.5). A turn: draw 5, turning the
  discard pile over unshuffled when the deck runs out (micro-hero.draw.1, .3); plan: play every card,
  a card scoring its icons once for itself and once per card after it (micro-hero.planning.3,
  gap.6); upgrade: buy / upgrade / foresee at 4 XP per Technique, 8 per Blessing, no Blessing in
  round 1 (micro-hero.upgrade.*); attack: Attack over the Trial's Defence takes Life (gap.1);
  defence: Defence under the Trial's Attack costs a Wound (gap.2); maintenance (gap.3).
* A beaten Trial becomes a Blessing (micro-hero.upgrade.7), lingering 1 or 2 rounds at Heroic or
  Mythic (micro-hero.difficulty.*); two Preparation Actions follow (gap.4).
* Win: 12 Trials beaten (micro-hero.game-end.1). Lose: a Wound is due and none is left
  (micro-hero.game-end.2), or 30 turns on one Trial (gap.33).
Actions are tuples; chance nodes shuffle the starting decks card by card and reveal Trials (a state
given an rng draws them itself, as base.sample_chance would, and stops only at decisions).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from operator import attrgetter

import numpy as np

from pnp.errors import IllegalMove, UsageError
from pnp.games.base import CHANCE, TERMINAL, sample_chance, sample_count
from pnp.games.micro_hero.cards import ICONS, MODULES, Icons, Kind, catalog

HAND = 5                     # micro-hero.draw.1
PREP_ACTIONS = 2             # micro-hero.coop-round-end.1, gap.4
TRIALS = 12                  # micro-hero.how.1
TURN_LIMIT = 30              # micro-hero.gap.33
SHIELD_MAX = 15              # micro-hero.gap.19
SHIELD_PREP = 5              # micro-hero.athena.6
BOOST = 2                    # Supercharged action, micro-hero.gap.7
LINGER = {"normal": 0, "heroic": 1, "mythic": 2}   # micro-hero.difficulty.2, .4
RECOMMENDED = {"training": 4, "strike": 3, "block": 3}  # micro-hero.setup-deck.2
STANCES = ("hercules", "omphale")
PREP_KINDS = ("pass", "rest", "ready", "recover", "shield")   # Preparation Actions, in legal_actions()' order
CHANCE_PHASES = frozenset({"shuffle", "reveal", "revenge"})   # deck shuffling, Trial reveals, Hera's Revenge draws
NO_ICONS = Icons()
_KIND = attrgetter("kind")   # a card's kind id


# ---------------------------------------------------------------- chain scoring (pure)

@dataclass(frozen=True)
class ScoreStep:
    """One played card's contribution: how many times it triggered and what it gave."""

    kind: Kind
    upgraded: bool
    triggers: int
    gained: Icons


def triggers(n: int, first_solo: bool = False) -> tuple[int, ...]:
    """How many times each of n cards played in a row scores (micro-hero.planning.3, gap.6).

    A card triggers once for itself and once per later card; first_solo (Ceryneian Hind) makes the
    first card trigger only for itself.
    """
    return tuple(1 if (first_solo and i == 0) else n - i for i in range(n))


@lru_cache(maxsize=64)
def _weights(n: int, first_solo: bool) -> np.ndarray:
    """triggers() as a read-only numpy row, for scoring many orders at once."""
    row = np.array(triggers(n, first_solo), dtype=np.int64)
    row.flags.writeable = False
    return row


def chain_score(cards: list[tuple[Kind, bool]], first_solo: bool = False) -> tuple[Icons, list[ScoreStep]]:
    """Totals and per-card steps for cards played in this order (micro-hero.planning.3, gap.6)."""
    total, steps = Icons(), []
    for (kind, up), times in zip(cards, triggers(len(cards), first_solo)):
        gained = kind.icons(up).times(times)
        total = total + gained
        steps.append(ScoreStep(kind, up, times, gained))
    return total, steps


def distinct_orders(keys: list) -> list[tuple[int, ...]]:
    """Index orders of a hand, one per distinct sequence of card keys (identical cards merged)."""
    first: dict = {}
    return list(_orders(tuple(first.setdefault(key, len(first)) for key in keys)))


@lru_cache(maxsize=1024)
def _orders(pattern: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """distinct_orders of a hand whose cards are numbered by kind in order of first appearance."""
    groups: dict = {}
    for i, key in enumerate(pattern):
        groups.setdefault(key, []).append(i)
    pools = list(groups.values())
    used = [0] * len(pools)
    out: list[tuple[int, ...]] = []
    order: list[int] = []

    def extend() -> None:
        if len(order) == len(pattern):
            out.append(tuple(order))
            return
        for g, pool in enumerate(pools):
            if used[g] < len(pool):
                order.append(pool[used[g]])
                used[g] += 1
                extend()
                used[g] -= 1
                order.pop()
    extend()
    return tuple(out)


# ---------------------------------------------------------------- plans of a hand (pure, cached)

STANCE_EXTRA = {None: 0, **{("boost", icon): 1 + i for i, icon in enumerate(ICONS)}, ("skin",): 1 + len(ICONS)}


@lru_cache(maxsize=64)
def _extras(stash: int) -> tuple:
    """Icons each stance choice adds, by STANCE_EXTRA code: none, a boost (gap.7), the skin (gap.26)."""
    boosts = [tuple(BOOST if i == icon else 0 for i in ICONS) for icon in ICONS]
    return ((0, 0, 0), *boosts, (stash, 0, 0))


@dataclass(frozen=True)
class PlanLayout:
    """Plan actions as matrices: row i counts how often each card of the hand scores in plan i, without
    and with first_card_solo, then a 1 in the column of the plan's STANCE_EXTRA code."""

    plain: np.ndarray      # (plans, cards + len(STANCE_EXTRA))
    solo: np.ndarray
    plays_all: bool        # whether every plan plays every card of the hand
    most: int              # the most times a plan scores its cards, all added up

    @staticmethod
    def of(actions, cards: int) -> "PlanLayout":
        """The layout of these ("play", order, stance) actions on a hand of `cards` (a stashed card is not
        played, so its plan has one card fewer)."""
        by_len: dict = {}
        for pos, action in enumerate(actions):
            by_len.setdefault(len(action[1]), []).append(pos)
        shape = (len(actions), cards + len(STANCE_EXTRA))
        plain, solo = np.zeros(shape), np.zeros(shape)     # whole numbers as floats: scored by BLAS
        for n, positions in by_len.items():
            index = np.fromiter(chain.from_iterable(actions[i][1] for i in positions), dtype=np.intp,
                                count=len(positions) * n).reshape(len(positions), n)
            if n and not 0 <= index.min() <= index.max() < cards:
                raise IndexError(f"a plan plays a card the hand of {cards} does not hold")
            rows = np.array(positions, dtype=np.intp)[:, None]
            np.add.at(plain, (rows, index), _weights(n, False))
            np.add.at(solo, (rows, index), _weights(n, True))
        stances = np.fromiter((cards + STANCE_EXTRA.get(a[2], 0) for a in actions), dtype=np.intp,
                              count=len(actions))
        plain[np.arange(len(actions)), stances] = solo[np.arange(len(actions)), stances] = 1
        for m in (plain, solo):
            m.flags.writeable = False
        played = plain[:, :cards]
        return PlanLayout(plain, solo, bool((played > 0).all()), int(played.sum(1).max(initial=0)))


def unpack(code, span: int) -> tuple:
    """The (attack, defence, xp) a plan code of score_plans holds (whole numbers, or numpy arrays of them)."""
    half = span // 2
    ad, xp = divmod(code, span)
    attack, defence = divmod(ad, span)
    return attack - half, defence - half, xp - half


def score_plans(icons, layout: PlanLayout, solo: bool, stash: int, weary: bool) -> tuple[np.ndarray, int]:
    """The (attack, defence, xp) of each laid-out plan for a hand with these icon rows (one per card), each
    packed in one whole number (unpack() reads it back), and the span of the packing: attack, defence and
    xp are its digits in base `span` (a power of two), offset by span // 2, so codes order plans by attack,
    defence, xp.

    A card scores once for itself and once per card after it (micro-hero.planning.3, gap.6; first_solo:
    Ceryneian Hind); then the stance's icons (gap.7 boost, gap.26 skin: one Attack per stashed card);
    weary (Hercules on side B, gap.7): one Defence less, not below 0.
    """
    flat = sum(icons, ())
    bound = layout.most * max(map(abs, flat), default=0) + max(BOOST, abs(stash))   # no total is further from 0
    span = 1 << (2 * bound).bit_length()                 # span // 2 > bound, so each digit lies in [0, span)
    if span ** 3 >= 2 ** 52:
        raise UsageError(f"icon counts up to {max(map(abs, flat))} are too large to score",
                         expected="counts below 1000")
    half = span // 2
    shift = half * (span * span + span + 1)              # added once per plan: with its stance's icons
    if weary and layout.plays_all and min(flat[1::3], default=0) >= 0 < max(flat[1::3], default=0):
        weary, shift = False, shift - span               # every plan has Defence 1 or more: one less each
    packed = [(a * span + d) * span + x for a, d, x in icons] + _packed_extras(stash, span, shift)
    codes = ((layout.solo if solo else layout.plain) @ np.array(packed)).astype(
        np.int32 if span ** 3 < 2 ** 31 else np.int64)
    if weary:
        defence = codes // span % span                   # defence + half
        codes += (np.maximum(defence - 1, half) - defence) * span
    return codes, span


@lru_cache(maxsize=256)
def _packed_extras(stash: int, span: int, shift: int) -> list:
    """The stance choices' icons (_extras) packed as score_plans packs a card's, plus `shift`."""
    return [(a * span + d) * span + x + shift for a, d, x in _extras(stash)]


@dataclass(frozen=True)
class PlanSet:
    """The legal plan actions of a hand whose cards are numbered by kind (a pattern), in a given stance."""

    actions: tuple
    position: dict
    layout: PlanLayout


@lru_cache(maxsize=4096)
def plan_set(pattern: tuple[int, ...], stance: str, side: str, stash: bool) -> PlanSet:
    """Every plan: play all cards in a distinct order (micro-hero.planning.1-3), with the stance's
    options: Hercules side A may boost one icon (gap.7); Omphale side A may stash one card, side B with a
    stash may use the skin (gap.26)."""
    stance_opts: list = [None]
    if stance == "hercules" and side == "A":
        stance_opts += [("boost", i) for i in ICONS]
    if stance == "omphale" and side == "B" and stash:
        stance_opts.append(("skin",))
    orders = _orders(pattern)
    acts = [("play", order, s) for s in stance_opts for order in orders]
    if stance == "omphale" and side == "A":
        seen = set()
        for i, key in enumerate(pattern):
            if key in seen:
                continue
            seen.add(key)
            rest = [j for j in range(len(pattern)) if j != i]
            for order in distinct_orders([pattern[j] for j in rest]):
                acts.append(("play", tuple(rest[j] for j in order), ("stash", i)))
    actions = tuple(acts)
    return PlanSet(actions, {a: i for i, a in enumerate(actions)}, PlanLayout.of(actions, len(pattern)))


class PlanTable:
    """score_plans of every plan in a PlanSet, and its cells: for each (attack, defence) some plan gives,
    the most XP a plan with them gives, by Attack then Defence; members(c) are the plans giving cell c its
    XP. Kept compact (plans as codes, cells as tuples): many tables stay cached."""

    __slots__ = ("plans", "code", "span", "attacks", "starts", "attack_xp", "cell_defence", "cell_xp",
                 "cell_code", "kept")

    def __init__(self, plans: PlanSet, code: np.ndarray, span: int, attacks: tuple, starts: tuple,
                 attack_xp: tuple, cell_defence: tuple, cell_xp: tuple, cell_code: np.ndarray):
        self.plans = plans
        self.code = code                   # each plan's (attack, defence, xp) as score_plans packs it
        self.span = span                   # the packing's span
        self.attacks = attacks             # the cells' distinct Attacks, from the least
        self.starts = starts               # the first cell of each of them (its cells run to the next one's first)
        self.attack_xp = attack_xp         # the most XP of each of them (over its cells)
        self.cell_defence = cell_defence   # each cell's Defence
        self.cell_xp = cell_xp             # each cell's XP (the most its plans give)
        self.cell_code = cell_code         # each cell's code (its attack, defence and most XP), read-only
        self.kept: dict = {}               # members by cell, once asked

    def members(self, c: int) -> tuple:
        """The plans giving cell c its XP (positions in the PlanSet, in order)."""
        found = self.kept.get(c)
        if found is None:
            found = self.kept[c] = tuple((self.code == self.cell_code[c]).nonzero()[0].tolist())
        return found

    def row(self, i: int) -> tuple:
        """Plan i's (attack, defence, xp)."""
        return unpack(int(self.code[i]), self.span)


@lru_cache(maxsize=8192)
def plan_table(pattern: tuple, icons: tuple, stance: str, side: str, stash: int, solo: bool) -> PlanTable:
    """The PlanTable of a hand with this pattern and these icon rows (one per card), in this stance."""
    plans = plan_set(pattern, stance, side, stash > 0)
    code, span = score_plans(icons, plans.layout, solo, stash, stance == "hercules" and side == "B")
    code.flags.writeable = False
    bits = span.bit_length() - 1                        # span is 2 ** bits: digits are bit fields
    ordered = np.sort(code)                             # by cell, then XP: a cell's last code has its most XP
    cell = ordered >> bits
    last = np.empty(len(ordered), dtype=bool)
    last[-1] = True
    np.not_equal(cell[1:], cell[:-1], out=last[:-1])
    cell_code = ordered[last]
    half, mask = span // 2, span - 1
    xp = (cell_code & mask) - half
    cell_xp = xp.tolist()
    attack_defence = cell_code >> bits
    cell_defence = ((attack_defence & mask) - half).tolist()
    attack = attack_defence >> bits                     # each cell's Attack + half, from the least
    first = np.empty(len(attack), dtype=bool)
    first[0] = True
    np.not_equal(attack[1:], attack[:-1], out=first[1:])
    starts = first.nonzero()[0]                         # the first cell of each Attack
    return PlanTable(plans, code, span, tuple((attack[starts] - half).tolist()), tuple(starts.tolist()),
                     tuple(np.maximum.reduceat(xp, starts).tolist()), tuple(cell_defence), tuple(cell_xp),
                     cell_code)


class PlanChoices:
    """One hero's legal plans and what each gives: the PlanTable of the hand sorted by icons (cached),
    mapped back to the real hand."""

    __slots__ = ("table", "perm", "given")

    def __init__(self, table: PlanTable, perm: tuple):
        self.table = table
        self.perm = perm               # hand index of each sorted position
        self.given = None              # the last action() made here and its plan number

    def action(self, i: int) -> tuple:
        """Plan i as an action on the real hand (one of legal_actions())."""
        _, order, stance = self.table.plans.actions[i]
        perm = self.perm
        if stance is not None and stance[0] == "stash":
            stance = ("stash", perm[stance[1]])
        action = ("play", tuple([perm[j] for j in order]), stance)
        self.given = action, i
        return action

    def outcome_of(self, action) -> tuple | None:
        """The (attack, defence, xp) of a plan action on the real hand, or None if it is not listed here."""
        given = self.given
        if given is not None and given[0] is action:        # the very tuple action() made: plan given[1]
            return self.table.row(given[1])
        inverse = dict(zip(self.perm, range(len(self.perm))))
        try:
            _, order, stance = action
            if stance is not None and stance[0] == "stash":
                stance = ("stash", inverse[stance[1]])
            i = self.table.plans.position.get(("play", tuple([inverse[j] for j in order]), stance))
        except (KeyError, TypeError, IndexError, ValueError):
            return None
        return None if i is None else self.table.row(i)


# ---------------------------------------------------------------- state pieces

@dataclass(slots=True)
class Card:
    """One physical card: a unique id, its kind and which half is up."""

    uid: int
    kind: str
    up: bool = False


@dataclass
class Options:
    """Game options: difficulty, players, mini-expansions, stances and starting decks."""

    difficulty: str = "normal"
    players: int = 1
    expansions: frozenset = frozenset()
    stances: tuple = ("hercules", "hercules")
    start_deck: dict = field(default_factory=lambda: dict(RECOMMENDED))

    def check(self) -> None:
        """Raise UsageError on a value out of range."""
        if self.difficulty not in LINGER:
            raise UsageError(f"unknown difficulty '{self.difficulty}'", expected=", ".join(LINGER))
        if self.players not in (1, 2):
            raise UsageError(f"players must be 1 or 2, not {self.players}")
        bad = set(self.expansions) - set(MODULES)
        if bad:
            raise UsageError(f"unknown expansion '{sorted(bad)[0]}'", expected=", ".join(MODULES))
        for s in self.stances:
            if s not in STANCES:
                raise UsageError(f"unknown stance '{s}'", expected=", ".join(STANCES))
            if s == "omphale" and "omphale" not in self.expansions:
                raise UsageError("the Omphale stance needs the 'omphale' expansion")
        cat = catalog()
        if sum(self.start_deck.values()) != 10:  # micro-hero.setup-deck.1
            raise UsageError(f"a starting deck has 10 Techniques, not {sum(self.start_deck.values())}")
        for k, n in self.start_deck.items():
            kind = cat.kind(k)
            if kind.kind != "technique" or n > kind.copies or n < 0:
                raise UsageError(f"starting deck: {n} x {k} is not possible",
                                 expected=f"Techniques, at most {kind.copies} of {kind.id}")


@dataclass(slots=True)
class Hero:
    """One player's piles, stance and shield (each their own in co-op, micro-hero.gap.29).

    Lists run top first for the deck, top last for the discard pile.
    """

    deck: list = field(default_factory=list)
    discard: list = field(default_factory=list)
    hand: list = field(default_factory=list)
    played: list = field(default_factory=list)
    stash: list = field(default_factory=list)      # under the Omphale stance
    pool: list = field(default_factory=list)       # starting cards not yet shuffled in
    stance: str = "hercules"
    side: str = "A"                                # micro-hero.setup-stance.1
    turned: bool = False
    shield: int = 0                                # micro-hero.athena.2
    prep_left: int = 0
    result: Icons = Icons()


def _first(pile: list, kind: str) -> int:
    """The position of the first card of this kind in a pile (taken by position: no card comparisons)."""
    for i, c in enumerate(pile):
        if c.kind == kind:
            return i
    raise ValueError(f"no {kind} in the pile")


# ---------------------------------------------------------------- the game state

class MicroHeroState:
    """The full game state in the open_spiel shape (see pnp.games.base.State)."""

    def __init__(self, options: Options | None = None, rng=None):
        self.opt = options or Options()
        self.opt.check()
        self.cat = catalog()
        self._uid = 0
        self.heroes = [Hero(stance=self.opt.stances[p]) for p in range(self.opt.players)]
        self.supply: list[Card] = []
        self.wounds: list[Card] = []               # the Wound pile, top last
        self.upcoming: list[Card] = []             # face-down Trials (as their Blessing cards)
        self.trial: Card | None = None
        self.lingering: list[list] = []            # [card, rounds left]
        self.beaten = 0
        self.beaten_order: list[str] = []          # Blessing kinds of beaten Trials, in order
        self.round = 0                             # 1-based once a Trial is revealed
        self.turn = 0                              # turns against the current Trial
        self.t_attack = self.t_defence = self.t_life = self.t_start_life = 0
        self.revenge_order: list[str] = []
        self.revenge: str | None = None
        self.lifecard: str | None = None
        self.xp = 0
        self.phase = "shuffle"
        self.actor = 0
        self.outcome = 0                           # +1 win, -1 loss
        self.end_reason = ""
        self.log: list[str] = []
        self._choices: tuple | None = None         # plan_choices' last (player, version, hand, answer)
        self._listed: tuple | None = None          # legal_actions()' last (version, actions) outside planning
        self._buyable: tuple | None = None         # buyable()'s last (version, kinds)
        self._version = 0                          # bumped by every change of the state (changed())
        self._ranks = self.cat.ranks                # how plan_choices sorts a hand
        self._eff_key: tuple | None = None         # effects()' last (key, answer)
        self._eff: dict = {}
        self._eff_at: int | None = None            # the _version effects() last answered at (None: read afresh)
        self._cheapest = min([k.cost for k in self.cat.kinds.values()])   # the least any upgrade action costs
        self._athena = "athena" in self.opt.expansions     # the expansions asked about every turn, looked up once
        self._blood = "blood" in self.opt.expansions
        # Given an rng (a random.Random), the state shuffles the starting decks, reveals Trials and draws Hera's
        # Revenge from it at once, each outcome the one base.sample_chance(state, rng) draws (the same random
        # numbers in the same order), so it stops only at decisions; without one, each is a chance node.
        self.rng = rng
        self._setup()
        if rng is not None:
            self._draw_inline()

    # ---------------------------------------------------------------- setup
    def _new(self, kind: str) -> Card:
        self._uid += 1
        return Card(self._uid, kind)

    def _setup(self) -> None:
        copies = self.opt.players                                   # micro-hero.coop-setup.1
        for k in self.cat.kinds.values():
            if k.kind != "technique":
                continue
            for _ in range(k.copies * copies):
                self.supply.append(self._new(k.id))
        for hero in self.heroes:                                    # micro-hero.setup-deck.1
            for kid, n in self.opt.start_deck.items():
                kid = self.cat.kind(kid).id
                for _ in range(n):
                    card = self.supply.pop(_first(self.supply, kid))
                    hero.pool.append(card)
        pile = []                                                   # micro-hero.blood.2, gap.12
        if self._blood:
            order = ("deep-wound", "serious-wound", "superficial-wound")
        else:
            order = ("serious-wound",)
        for kid in order:                                           # bottom first
            for _ in range(self.cat.kinds[kid].copies * copies):
                pile.append(self._new(kid))
        self.wounds = pile
        for t in self.cat.trials.values():                          # micro-hero.gap.21
            self.upcoming.append(self._new(t.blessing))

    # ---------------------------------------------------------------- protocol
    def current_player(self) -> int:
        """Player to act, CHANCE or TERMINAL."""
        if self.phase == "over":
            return TERMINAL
        if self.is_chance_node():
            return CHANCE
        return self.actor

    def is_chance_node(self) -> bool:
        """Deck shuffling, Trial reveals and Hera's Revenge draws are chance."""
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        """True once the game is won or lost."""
        return self.phase == "over"

    def returns(self) -> list[float]:
        """+1 each on a win, -1 each on a loss, 0 while unfinished."""
        return [float(self.outcome)] * self.opt.players

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """(card kind or Trial id, probability) at a chance node."""
        if self.phase == "shuffle":
            counts = self._pool_counts()
            total = len(self.heroes[self.actor].pool)
            return [(k, n / total) for k, n in sorted(counts.items())]
        if self.phase == "reveal":
            kinds = self.cat.kinds
            ids = sorted([kinds[c.kind].trial for c in self.upcoming])
            return [(t, 1 / len(ids)) for t in ids]
        if self.phase == "revenge":
            left = sorted(set(self.cat.revenge) - set(self.revenge_order))
            return [(r, 1 / len(left)) for r in left]
        return []

    def sample_chance(self, rng):
        """One chance outcome by its probability: the one base.sample_chance(state, rng) draws, with the same
        random number; a starting deck's next card is drawn from its counts without listing the outcomes."""
        if self.phase != "shuffle":
            return sample_chance(self, rng)
        counts = self._pool_counts()
        return sample_count(counts, sorted(counts), rng)

    def _pool_counts(self) -> dict[str, int]:
        """How many cards of each kind the shuffling hero's starting pool still holds."""
        counts: dict[str, int] = {}
        for c in self.heroes[self.actor].pool:
            counts[c.kind] = counts.get(c.kind, 0) + 1
        return counts

    def _is_outcome(self, action) -> bool:
        """Whether `action` is one of chance_outcomes(), found without listing them."""
        try:
            if self.phase == "shuffle":
                return any(c.kind == action for c in self.heroes[self.actor].pool)
            if self.phase == "reveal":
                kinds = self.cat.kinds
                return any(kinds[c.kind].trial == action for c in self.upcoming)
            return action in self.cat.revenge and action not in self.revenge_order
        except TypeError:                                           # an unhashable action: no outcome
            return False

    def legal_actions(self) -> list[tuple]:
        """The current player's legal actions (tuples); outside planning, kept until changed() for
        apply_action's check."""
        if self.phase == "plan":
            return self._plan_actions(self.heroes[self.actor])
        acts = self._listing()
        self._listed = self._version, tuple(acts)
        return acts

    def _listing(self) -> list[tuple]:
        """legal_actions() outside planning."""
        if self.phase == "upgrade":
            return self._upgrade_actions()
        if self.phase == "split":
            total = sum(h.result.defence for h in self.heroes)
            return [("split", d) for d in range(total + 1)]
        if self.phase == "prep":
            return self._prep_actions(self.actor)
        if self.phase == "lifecard":
            return [("lifecard", k) for k in sorted(self.cat.lifecards) if k != self.lifecard]  # calm.4
        return []

    def changed(self) -> None:
        """Drop what was worked out from the state as it was (plan_choices' choices, legal_actions()' listing):
        apply_action calls it for every action; code that edits a state's piles, cards or stances directly
        calls it too."""
        self._version += 1

    def apply_action(self, action) -> None:
        """Apply one action or chance outcome; IllegalMove with the reason if not allowed."""
        try:
            self._apply(action)
        finally:
            self.changed()
        if self.rng is not None and self.phase in CHANCE_PHASES:
            self._draw_inline()

    def _draw_inline(self) -> None:
        """Settle the chance nodes ahead with the state's rng, each outcome drawn as base.sample_chance draws
        it and applied as apply_action applies it (an outcome drawn from chance_outcomes() needs no check)."""
        rng = self.rng
        while self.phase in CHANCE_PHASES:
            self._settle(self.sample_chance(rng))
            self.changed()

    def _settle(self, outcome) -> None:
        """Apply a chance outcome known to be possible (drawn from chance_outcomes(), or checked by _apply)."""
        self.changed()
        _STEP[self.phase](self, outcome)

    def _apply(self, action) -> None:
        """apply_action's check and change (what was worked out from the state is dropped as it starts
        changing, and again by apply_action once it is done)."""
        phase = self.phase
        if phase == "over":
            raise IllegalMove("the game is over")
        if phase in CHANCE_PHASES:
            if not self._is_outcome(action):
                valid = [o for o, _ in self.chance_outcomes()]
                raise IllegalMove(f"'{action}' is not a possible outcome here", expected=", ".join(map(str, valid)))
            self._settle(action)
            return
        if phase == "plan":
            row = self.plan_choices(self.actor).outcome_of(action)     # a plan the table lists is legal
            if row is None:
                if not self._plan_legal(action):
                    raise IllegalMove(self._why_illegal(action))
                row = self.preview_plans(self.actor, [action])[0].tolist()   # an unlisted order of identical cards
            self.changed()
            self._act_plan(action, row)
            return
        listed = self._listed
        if listed is not None and listed[0] == self._version:      # listed by legal_actions() since the last change
            legal = action in listed[1]
        elif phase == "upgrade":
            legal = self.upgrade_legal(action)
        elif phase == "prep":
            legal = self.prep_legal(action)
        else:
            legal = action in self._listing()
        if not legal:
            raise IllegalMove(self._why_illegal(action))
        self.changed()
        _STEP[phase](self, action)

    # ---------------------------------------------------------------- chance
    def _chance_shuffle(self, kind: str) -> None:
        hero = self.heroes[self.actor]
        card = hero.pool.pop(_first(hero.pool, kind))
        hero.deck.append(card)                                      # bottom of the new deck
        if not hero.pool:
            if self.actor + 1 < len(self.heroes):
                self.actor += 1
            else:
                self.actor = 0
                self.phase = "reveal"

    def _chance_reveal(self, trial_id: str) -> None:
        t = self.cat.trials[trial_id]
        card = self.upcoming.pop(_first(self.upcoming, t.blessing))   # the Trial's card is its Blessing's
        self.trial = card
        self.round += 1
        self.turn = 0
        self._eff_at = None                                         # effects() reads the round, turn, Trial
        life = t.life + self.beaten                                 # micro-hero.gap.11
        life *= self.opt.players                                    # micro-hero.coop-setup.2
        self.t_attack, self.t_defence, self.t_life = t.attack, t.defence, life
        self.log.append(f"round {self.round}: {t.name} (A{t.attack} D{t.defence} L{life})")
        if "hera" in self.opt.expansions:
            if len(self.revenge_order) < len(self.cat.revenge):
                self.phase = "revenge"
                return
            self._apply_revenge(self.revenge_order[(self.round - 1) % len(self.revenge_order)])
        self._after_reveal()

    def _chance_revenge(self, rid: str) -> None:
        self.revenge_order.append(rid)
        self._apply_revenge(rid)
        self._after_reveal()

    def _apply_revenge(self, rid: str) -> None:                     # micro-hero.gap.13
        self.revenge = rid
        self._eff_at = None
        eff = self.cat.revenge[rid]
        self.t_attack += eff.get("attack", 0)
        self.t_defence += eff.get("defence", 0)
        self.t_life += eff.get("life", 0) * self.opt.players
        self.log.append(f"Hera's Revenge: {rid}")

    def _after_reveal(self) -> None:
        self.t_start_life = self.t_life
        if self.revenge and self.cat.revenge[self.revenge].get("wound_now"):
            for p in range(len(self.heroes)):
                if not self._take_wounds(p, self.cat.revenge[self.revenge]["wound_now"]):
                    return
        if "calm" in self.opt.expansions:                           # micro-hero.calm.2, .4
            self.phase, self.actor = "lifecard", 0
            return
        self._start_turn()

    # ---------------------------------------------------------------- effects
    def effects(self) -> dict:
        """Special rules in force: the current Trial's plus lingering ones, added up (gap.30)."""
        if self._eff_at == self._version:          # nothing changed since the last answer (steps that change
            return self._eff                        # what it reads set _eff_at to None; changed() bumps _version)
        key = (self.round, self.turn == 1, self.trial is None, len(self.lingering), self.revenge)   # what they read
        if self._eff_key == key:
            self._eff_at = self._version
            return self._eff
        out: dict = {}
        cards = ([self.trial] if self.trial else []) + [c for c, _ in self.lingering]
        for c in cards:
            for k, v in self.cat.trials[self.cat.kinds[c.kind].trial].effect.items():
                if isinstance(v, bool):
                    out[k] = out.get(k, False) or v
                elif k == "damage_cap":
                    out[k] = min(out.get(k, v), v)
                else:
                    out[k] = out.get(k, 0) + v
        if self.revenge:
            eff = self.cat.revenge[self.revenge]
            out["xp_penalty"] = out.get("xp_penalty", 0) + eff.get("xp_penalty", 0)
            if self.turn == 1:
                out["hand_size"] = out.get("hand_size", 0) + eff.get("first_hand", 0)
        self._eff_key, self._eff, self._eff_at = key, out, self._version
        return out

    def calm_bonus(self, life: int) -> Icons:
        """Calm and Wrath: Attack/Defence the Trial gains beside this Life (micro-hero.calm.3)."""
        if not self.lifecard:
            return NO_ICONS
        for band in self.cat.lifecards[self.lifecard]:
            if band["from"] <= life <= band["to"]:
                return Icons(band.get("attack", 0), band.get("defence", 0), 0)
        return NO_ICONS

    # ---------------------------------------------------------------- turn
    def _start_turn(self) -> None:
        self.turn += 1
        self._eff_at = None
        if self.turn > TURN_LIMIT:                                  # micro-hero.gap.33
            self._end(-1, f"round {self.round}: not beaten within {TURN_LIMIT} turns")
            return
        size = max(1, HAND + self.effects().get("hand_size", 0))
        for hero in self.heroes:
            self._draw(hero, size)
        self.phase, self.actor = "plan", 0

    def _draw(self, hero: Hero, n: int) -> None:
        while n > 0:                                                # micro-hero.draw.1: n from the top
            if not hero.deck:
                hero.deck, hero.discard = hero.discard, []          # micro-hero.draw.3 (no shuffle)
                if not hero.deck:
                    return                                          # micro-hero.gap.17
            deck = hero.deck
            taken = deck[:n]
            del deck[:n]
            hero.hand += taken
            n -= len(taken)

    def _plan_key(self, hero: Hero) -> tuple:
        """The hero's stance, side, skin count (Omphale side B) and the first-card-solo rule: what besides
        the cards decides a hand's plans and their icons."""
        stash = len(hero.stash) if hero.stance == "omphale" else 0
        return hero.stance, hero.side, stash, bool(self.effects().get("first_card_solo"))

    def _plan_set(self, hero: Hero) -> PlanSet:
        first: dict = {}
        pattern = tuple(first.setdefault((c.kind, c.up), len(first)) for c in hero.hand)
        stance, side, stash, _ = self._plan_key(hero)
        return plan_set(pattern, stance, side, stash > 0)

    def _plan_actions(self, hero: Hero) -> list[tuple]:
        return list(self._plan_set(hero).actions)

    def _icon_row(self, kind: str, up: bool) -> tuple[int, int, int]:
        icons = self.cat.kinds[kind].icons(up)
        return icons.attack, icons.defence, icons.xp

    def plan_choices(self, p: int) -> PlanChoices:
        """Player p's legal plans and the (attack, defence, xp) each gives (tables cached per sorted hand; the
        answer kept until the state changes)."""
        hero = self.heroes[p]
        kept = self._choices                    # valid until changed(): same player, state and hand list
        if kept is not None and kept[0] == p and kept[1] == self._version and kept[2] is hero.hand \
                and kept[3] == len(hero.hand):
            return kept[4]
        rank, row_of = self._ranks
        codes = [rank[c.kind, c.up] for c in hero.hand]
        perm = sorted(range(len(codes)), key=codes.__getitem__)     # by icon row, then kind; ties in hand order
        pattern, icons, last, n = [], [], None, -1                  # the sorted hand's kinds numbered from 0
        for r in sorted(codes):                                     # (the ranks in perm's order)
            if r != last:
                last, n = r, n + 1
            pattern.append(n)
            icons.append(row_of[r])
        stance, side, stash, solo = self._plan_key(hero)
        table = plan_table(tuple(pattern), tuple(icons), stance, side, stash if side == "B" else 0, solo)
        choices = PlanChoices(table, tuple(perm))
        self._choices = p, self._version, hero.hand, len(hero.hand), choices
        return choices


    def preview_plan(self, p: int, action) -> Icons:
        """Attack, Defence and XP player p's plan action would produce (nothing is changed)."""
        row = self.plan_choices(p).outcome_of(action)
        return Icons(*row) if row is not None else Icons(*map(int, self.preview_plans(p, [action])[0]))

    def preview_plans(self, p: int, actions: list[tuple]) -> np.ndarray:
        """preview_plan of many plan actions at once: one (attack, defence, xp) row per action."""
        hero = self.heroes[p]
        icons = [self._icon_row(c.kind, c.up) for c in hero.hand]
        stance, side, stash, solo = self._plan_key(hero)
        codes, span = score_plans(icons, PlanLayout.of(actions, len(hero.hand)), solo, stash,
                                  stance == "hercules" and side == "B")
        return np.stack(unpack(codes, span), axis=1)

    def _plan_legal(self, action) -> bool:
        """Whether a plan action is legal: one of the hero's plan_set() plans (what legal_actions() lists),
        identical cards being played (or stashed) in any order among themselves."""
        hero = self.heroes[self.actor]
        plans = self._plan_set(hero)
        try:
            return action in plans.position or self._listed_plan(hero, action) in plans.position
        except TypeError:                                           # an unhashable part: not an action
            return False

    @staticmethod
    def _listed_plan(hero: Hero, action) -> tuple | None:
        """The plan as legal_actions() lists it: identical cards played and stashed in hand order; None if
        the order does not play each card of the hand (but a stashed one) exactly once."""
        if not (isinstance(action, tuple) and len(action) == 3 and isinstance(action[1], tuple)):
            return None
        _, order, stance = action
        keys = [(c.kind, c.up) for c in hero.hand]
        stashed = stance[1] if isinstance(stance, tuple) and len(stance) == 2 and stance[0] == "stash" else None
        if stashed is not None and stashed not in range(len(keys)):
            return None
        if sorted(order) != [i for i in range(len(keys)) if i != stashed]:
            return None
        pools: dict = {}
        for i, key in enumerate(keys):
            pools.setdefault(key, []).append(i)
        if stashed is not None:
            stance = ("stash", pools[keys[stashed]].pop(0))
        taken = {key: iter(pool) for key, pool in pools.items()}
        return (action[0], tuple(next(taken[keys[i]]) for i in order), stance)

    def _act_plan(self, action, row) -> None:
        """Play a legal plan; `row` is its (attack, defence, xp), looked up by apply_action's check."""
        _, order, stance = action
        hero = self.heroes[self.actor]
        hero.result = Icons(*row)
        hero.played = list(map(hero.hand.__getitem__, order))
        if stance and stance[0] == "stash":                         # micro-hero.gap.26
            hero.stash.append(hero.hand[stance[1]])
        hero.hand = []
        hero.turned = stance is not None
        if self.actor + 1 < len(self.heroes):
            self.actor += 1
            return
        penalty = self.effects().get("xp_penalty", 0)
        xp = 0
        for h in self.heroes:                                       # micro-hero.coop-upgrade.1
            xp += max(0, h.result.xp - penalty)
        self.xp = xp
        self.phase, self.actor = "upgrade", 0

    # ---------------------------------------------------------------- upgrade phase
    def _upgrade_actions(self) -> list[tuple]:
        """The upgrade phase's legal actions: 'done', the buys of each buyable() kind for every player
        (micro-hero.gap.20), then each player's upgrade and foresee that upgrade_legal accepts."""
        acts: list[tuple] = [("done",)]
        if not self.can_spend():
            return acts
        players = range(len(self.heroes))
        for kid in self.buyable():
            acts += [("buy", kid, p) for p in players]
        for p in players:
            for what in ("upgrade", "foresee"):
                if self.upgrade_legal((what, p)):
                    acts.append((what, p))
        return acts

    def can_spend(self) -> bool:
        """Whether the XP left pays for the cheapest card: if not, 'done' is the upgrade phase's only legal
        action (micro-hero.upgrade.5)."""
        return self.xp >= self._cheapest

    def buyable(self) -> tuple[str, ...]:
        """The kinds a player may buy now, in the supply's order (micro-hero.upgrade.2, .5): in the supply,
        affordable, and no Blessing in round 1 (micro-hero.upgrade.6, gap.28); any player may buy them.
        Kept until changed(), for apply_action's check of the buy a policy picked from it."""
        kept = self._buyable
        if kept is not None and kept[0] == self._version:
            return kept[1]
        out = []                                # (none when not can_spend(): nothing costs less than the cheapest)
        kinds, xp, first_round = self.cat.kinds, self.xp, self.round == 1
        for kid in dict.fromkeys(map(_KIND, self.supply)):              # the same kind, the same answer
            k = kinds[kid]
            if k.cost <= xp and not (first_round and k.kind == "blessing"):
                out.append(kid)
        self._buyable = self._version, tuple(out)
        return self._buyable[1]

    def upgrade_legal(self, action) -> bool:
        """Whether an upgrade-phase action is legal now: what legal_actions() lists there and apply_action
        accepts (micro-hero.upgrade.2-6), without listing the rest. A buy, upgrade or foresee needs its card's
        cost in XP (micro-hero.upgrade.5), so none is legal unless can_spend()."""
        if not isinstance(action, tuple) or not action:
            return False
        what = action[0]
        if what == "done":
            return len(action) == 1
        if len(action) != (3 if what == "buy" else 2) or action[-1] not in range(len(self.heroes)):
            return False
        if what == "buy":
            return action[1] in self.buyable()
        if what not in ("upgrade", "foresee"):
            return False
        discard = self.heroes[action[1]].discard
        if not discard:
            return False
        top = discard[-1]
        k = self.cat.kinds[top.kind]
        if k.cost > self.xp:
            return False
        if what == "upgrade":                                       # micro-hero.upgrade.3
            return not top.up and not self.effects().get("no_upgrade")
        return top.up and k.kind != "wound" and not self.effects().get("no_foresee")   # micro-hero.upgrade.4, gap.14

    def _act_upgrade(self, action) -> None:
        if action[0] == "done":
            self.xp = 0                                             # micro-hero.gap.16
            self._attack_phase()
            return
        p = action[-1]
        hero = self.heroes[p]
        if action[0] == "buy":
            card = self.supply.pop(_first(self.supply, action[1]))
            hero.discard.append(card)
            self.xp -= self.cat.kinds[card.kind].cost
        elif action[0] == "upgrade":
            hero.discard[-1].up = True
            self.xp -= self.cat.kinds[hero.discard[-1].kind].cost
        elif action[0] == "foresee":
            card = hero.discard.pop()
            hero.deck.insert(0, card)
            self.xp -= self.cat.kinds[card.kind].cost

    # ---------------------------------------------------------------- attack and defence
    def damage(self, attack: int) -> int:
        """Life the Trial loses to this Attack, after its Defence and special rules (gap.1, gap.32)."""
        return self.damages((attack,))[0]

    def damages(self, attacks) -> list[int]:
        """damage() of each of these Attacks (the Trial's Defence and special rules looked up once)."""
        eff = self.effects()
        defence = self.t_defence + self.calm_bonus(self.t_life).defence    # micro-hero.gap.18
        floor, cap = eff.get("damage_floor", 0), eff.get("damage_cap")
        out = []
        for attack in attacks:
            dmg = attack - defence
            if dmg < 0 or dmg < floor:
                dmg = 0
            if cap is not None and dmg > cap:
                dmg = cap
            out.append(dmg)
        return out

    def trial_attack(self) -> int:
        """The Trial's Attack in the defence phase, with the Calm and Wrath bonus (gap.18)."""
        return self.t_attack + self.calm_bonus(self.t_life).attack

    def _attack_phase(self) -> None:
        attack = 0
        for hero in self.heroes:                                    # micro-hero.coop-attack.1
            attack += hero.result.attack
        dmg = self.damage(attack)
        self.t_life = max(0, self.t_life - dmg)                     # micro-hero.gap.25
        self.log.append(f"turn {self.turn}: attack {attack} deals {dmg}, Life {self.t_life}")
        if dmg == 0 and self.effects().get("idle_wound"):
            for p in range(len(self.heroes)):
                if not self._take_wounds(p, 1):
                    return
        if self.t_life == 0:                                        # micro-hero.gap.9
            self._maintenance()
            return
        if len(self.heroes) == 2:                                   # micro-hero.coop-defence.2
            self.phase, self.actor = "split", 0
            return
        self._defend([self.heroes[0].result.defence])

    def _act_split(self, action) -> None:
        total = sum(h.result.defence for h in self.heroes)
        self._defend([action[1], total - action[1]])

    def wounds_for(self, defence: int, shield: int, attack: int) -> tuple[int, int]:
        """(wounds taken, shield after) for this Defence against this Attack (gap.2, gap.19, blood.7)."""
        if self._athena:
            if defence >= attack:
                return 0, min(SHIELD_MAX, shield + defence - attack)    # micro-hero.athena.3
            spent = min(shield, attack - defence)                       # micro-hero.athena.4
            shield -= spent
            defence += spent
        if defence >= attack:
            return 0, shield
        wounds = attack - defence if self._blood else 1
        return wounds + self.effects().get("extra_wound", 0), shield

    def _defend(self, defences: list[int]) -> None:
        attack = self.trial_attack()                                # micro-hero.coop-defence.1
        for p, d in enumerate(defences):
            hero = self.heroes[p]
            n, hero.shield = self.wounds_for(d, hero.shield, attack)
            if n:
                self.log.append(f"player {p + 1}: defence {d} against {attack}: {n} Wound(s)")
                if not self._take_wounds(p, n):
                    return
        self._maintenance()

    def _take_wounds(self, p: int, n: int) -> bool:
        """Move n Wounds from the pile to player p's discard; False (and the game lost) if short."""
        for _ in range(n):
            if not self.wounds:                                     # micro-hero.game-end.2
                self._end(-1, f"round {self.round}: a Wound was due and none was left")
                return False
            self.heroes[p].discard.append(self.wounds.pop())        # micro-hero.gap.22
        return True

    # ---------------------------------------------------------------- maintenance and round end
    def _maintenance(self) -> None:
        heroes, kinds = self.heroes, self.cat.kinds
        for p, hero in enumerate(heroes):                           # micro-hero.gap.3, gap.8
            dest = heroes[1 - p] if len(heroes) == 2 else hero      # micro-hero.coop-maintenance.1
            deep, kept = 0, dest.discard
            for card in hero.played:
                k = kinds[card.kind]
                if k.kind == "wound":
                    if card.up or k.severity == "superficial":
                        card.up = False                             # micro-hero.gap.15, blood.4
                        self.wounds.append(card)
                        continue
                    deep += k.severity == "deep"                    # micro-hero.blood.6
                kept.append(card)
            hero.played = []
            if deep and not self._take_wounds(p, deep):
                return
            if hero.stance == "hercules":                           # micro-hero.gap.7
                if hero.side == "A" and hero.turned:
                    hero.side = "B"
                elif hero.side == "B":
                    hero.side = "A"
            elif hero.turned:                                       # micro-hero.gap.26
                hero.side = "B" if hero.side == "A" else "A"
            hero.turned = False
        if self.t_life > 0:
            eff = self.effects()
            self.t_life = min(self.t_start_life, self.t_life + eff.get("regen", 0))
            self.t_attack += eff.get("attack_growth", 0)
            self.t_defence += eff.get("defence_growth", 0)
            self._start_turn()
            return
        self._end_round()

    def _end_round(self) -> None:
        self.beaten += 1
        self.beaten_order.append(self.trial.kind)
        if self.beaten == TRIALS:                                   # micro-hero.game-end.1, gap.23
            self._end(+1, "all 12 Trials beaten")
            return
        still = []
        for entry in self.lingering:                                # micro-hero.difficulty.2, .4
            entry[1] -= 1
            if entry[1] <= 0:
                self.supply.append(entry[0])
            else:
                still.append(entry)
        self.lingering = still
        linger = LINGER[self.opt.difficulty]
        if linger:
            self.lingering.append([self.trial, linger])
        else:
            self.supply.append(self.trial)                          # micro-hero.upgrade.7
        self.trial, self.revenge, self._eff_at = None, None, None   # and the lingering Trials
        for hero in self.heroes:
            hero.shield = 0                                         # micro-hero.athena.5
            hero.deck.extend(hero.stash)                            # micro-hero.omphale.4, gap.26
            hero.stash = []
            hero.prep_left = PREP_ACTIONS
        self.phase, self.actor = "prep", 0

    def _prep_actions(self, p: int) -> list[tuple]:
        """Player p's legal Preparation Actions, kind by kind in PREP_KINDS order."""
        return [action for what in PREP_KINDS for action in self.prep_options(p, what)]

    def prep_options(self, p: int, what: str) -> list[tuple]:
        """Player p's legal Preparation Actions of one kind, in legal_actions()' order (micro-hero.gap.4): pass;
        rest a Wound (each kind in the discard pile); ready a card (each kind in the deck under its top card);
        recover side A; shield (micro-hero.athena.6)."""
        hero = self.heroes[p]
        if what == "pass":
            return [("prep", "pass", p)]
        if what == "rest":
            wounds = self.cat.wound_ids.intersection(map(_KIND, hero.discard))
            return [("prep", "rest", p, kid) for kid in sorted(wounds)] if wounds else []
        if what == "ready":
            return [("prep", "ready", p, kid) for kid in sorted(set(map(_KIND, hero.deck[1:])))]
        if what == "recover":
            return [("prep", "recover", p)] if hero.side != "A" else []
        if what == "shield":
            return [("prep", "shield", p)] if self._athena and hero.shield < SHIELD_MAX else []   # micro-hero.athena.6
        return []

    def prep_legal(self, action) -> bool:
        """Whether a Preparation Action is legal now: what legal_actions() lists there and apply_action accepts,
        without listing the other kinds."""
        return isinstance(action, tuple) and len(action) > 1 and action in self.prep_options(self.actor, action[1])

    def _act_prep(self, action) -> None:                            # micro-hero.gap.4
        what, p = action[1], action[2]
        hero = self.heroes[p]
        if what == "rest":
            card = hero.discard.pop(_first(hero.discard, action[3]))
            card.up = False
            self.wounds.append(card)
        elif what == "ready":
            card = hero.deck.pop(_first(hero.deck, action[3]))
            hero.deck.insert(0, card)
        elif what == "recover":
            hero.side = "A"
        elif what == "shield":
            hero.shield = min(SHIELD_MAX, hero.shield + SHIELD_PREP)
        hero.prep_left -= 1
        if hero.prep_left:
            return
        if p + 1 < len(self.heroes):
            self.actor = p + 1
            return
        if self._blood:                                             # micro-hero.blood.9
            rank = {"deep": 0, "serious": 1, "superficial": 2}
            self.wounds.sort(key=lambda c: rank[self.cat.kinds[c.kind].severity])
        for h in self.heroes:                                       # micro-hero.gap.10
            h.deck.extend(h.discard)
            h.discard = []
        self.phase, self.actor = "reveal", 0

    def _act_lifecard(self, action) -> None:
        self.lifecard = action[1]
        self._start_turn()

    # ---------------------------------------------------------------- end and checks
    def _end(self, outcome: int, reason: str) -> None:
        self.outcome, self.end_reason, self.phase = outcome, reason, "over"
        self.log.append(reason)

    def _why_illegal(self, action) -> str:
        if not isinstance(action, tuple) or not action:
            return f"'{action}' is not an action"
        if self.phase == "upgrade" and action[0] in ("buy", "upgrade", "foresee"):
            if action[0] == "buy" and len(action) > 1 and action[1] in self.cat.kinds:
                k = self.cat.kinds[action[1]]
                if k.kind == "blessing" and self.round == 1:
                    return "no Blessing may be gained in the first round (micro-hero.upgrade.6)"
                if k.kind == "wound":
                    return "Wounds cannot be bought (micro-hero.gap.14)"
                if k.cost > self.xp:
                    return f"{k.name} costs {k.cost} XP and only {self.xp} XP is left (micro-hero.upgrade.5)"
                return f"no {k.name} left in the supply (micro-hero.gap.27)"
            p = action[-1] if isinstance(action[-1], int) and action[-1] < len(self.heroes) else 0
            top = self.heroes[p].discard[-1] if self.heroes[p].discard else None
            if action[0] in ("upgrade", "foresee") and top is not None:
                k = self.cat.kinds[top.kind]
                if action[0] == "upgrade" and top.up:
                    return f"{k.name} on top is already upgraded and cannot be upgraded again (micro-hero.upgrade.3)"
                if action[0] == "foresee" and not top.up:
                    return f"only an upgraded card can be foreseen; {k.name} on top is basic (micro-hero.upgrade.4)"
                if action[0] == "foresee" and k.kind == "wound":
                    return "a Wound cannot be foreseen (micro-hero.gap.14)"
                if k.cost > self.xp:
                    return f"{action[0]} of {k.name} costs {k.cost} XP, only {self.xp} left (micro-hero.upgrade.5)"
            return f"'{action[0]}' is not possible now (micro-hero.upgrade.3, .4)"
        return f"{action} is not legal in the {self.phase} phase"

    def all_cards(self) -> list[Card]:
        """Every card in every zone (for invariant checks: each uid exactly once)."""
        out = list(self.supply) + list(self.wounds) + list(self.upcoming)
        out += [self.trial] if self.trial else []
        out += [c for c, _ in self.lingering]
        for h in self.heroes:
            out += h.deck + h.discard + h.hand + h.played + h.stash + h.pool
        return out

    def card_count(self) -> int:
        """How many physical cards the game started with."""
        return self._uid


_STEP = {"shuffle": MicroHeroState._chance_shuffle, "reveal": MicroHeroState._chance_reveal,
         "revenge": MicroHeroState._chance_revenge, "upgrade": MicroHeroState._act_upgrade,
         "split": MicroHeroState._act_split, "prep": MicroHeroState._act_prep,
         "lifecard": MicroHeroState._act_lifecard}   # what apply_action does in each phase but planning
