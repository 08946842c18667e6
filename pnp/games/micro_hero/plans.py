"""Micro Hero plan scoring: how a played chain of cards scores, every plan of a hand (orders and stance
options) as matrices scored at once, the tables of what each plan gives, and a hero's plan choices in a
game state (HandPlans, mixed into MicroHeroState). Rule ids as in engine.py."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

import numpy as np

from pnp.errors import UsageError
from pnp.games.micro_hero.cards import ICONS, Icons, Kind
from pnp.games.micro_hero.pieces import Hero

BOOST = 2                    # Supercharged action, micro-hero.gap.7


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


# ---------------------------------------------------------------- a hero's plans in a game state

class HandPlans:
    """The planning phase's questions of MicroHeroState (mixed into it): the plans a hero's hand offers, what
    each gives, and whether a plan action is legal (micro-hero.planning.1-3)."""

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
