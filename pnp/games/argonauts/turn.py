"""Exact best play of one Argonauts combat phase, for every crew assignment at once.

The turn model follows the rules: the player picks the resolution order card by card after seeing
each result (argonauts.combat.1), deaths are taken from any crew the player chooses
(argonauts.combat.14, argonauts.gap.5), single-use treasures may be spent after a roll
(argonauts.gap.8), ignorable cards may be discarded unrolled (argonauts.combat.4), and treasures
recovered mid-turn act at once (argonauts.combat.9). A play is scored by the chance that some
crew survive the turn, then the expected crew left, then the expected cards won, compared in
that order.

Method: expectimax as dynamic programming over the cards still to resolve. A Table holds, for a
set of unresolved cards and a context (single-use treasures held, continuous modifiers), the
value of every state at once: crew on each card (a row of its Grid) and crew alive (a column).
It is computed with numpy from the tables of the sets one card smaller, so the root table scores
every assignment exactly.

Three facts keep the tables small. Crew on a card count only up to its useful levels
(useful_levels): crew between two levels roll like the lower level, and the spare ones can be the
first to die, so each card keeps the highest level not above its crew. A Grid holds only the
rows with no more crew placed than could be alive. And placed crew are never worse than free
crew (they can die just as well), so when deaths must cut into placed crew the best cut is the
best state with no more crew on any card and no more crew placed than alive: a running maximum
over the card axes (Table.cut).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from pnp.games.argonauts.campaign_cards import applies_to
from pnp.games.argonauts.cards import Stats
from pnp.games.argonauts.dice import DIE, shortfall, succeeds
from pnp.limits import ADVICE_SEARCH

EPS = 1e-11  # values closer than this are ties (float noise)
WIN = "win"


def useful_levels(difficulty: int, modifier: int, crew: int, extra: int = 0) -> list[int]:
    """Crew counts worth placing on a card: 0, and each count that can raise its chance.

    From hi crew on even a roll of 1 succeeds; below lo only a natural 6 does, as with 1 crew.
    `extra` is the most that treasures gained or spent this turn could add, which lowers lo.
    """
    hi = max(1, difficulty - modifier - 1)
    lo = max(1, difficulty - modifier - extra - 5)
    return [c for c in sorted({0, 1} | set(range(lo, hi + 1))) if c <= crew]


@dataclass(frozen=True)
class Score:
    """What a plan achieves: chance the crew survives the turn, expected crew left, expected cards won."""

    p_survive: float
    crew_left: float
    cards_won: float

    def key(self):
        """Lexicographic comparison key (rounded so float noise never decides)."""
        return (round(self.p_survive, 9), round(self.crew_left, 9), round(self.cards_won, 9))


@dataclass
class Plan:
    """An assignment with its exact score and crew-left distribution."""

    assignment: dict[str, int]
    score: Score
    distribution: dict[int, float] = field(default_factory=dict)


def better(new: np.ndarray, old: np.ndarray):
    """Where `new` beats `old`, comparing (p_survive, crew_left, cards_won) on the first axis in order."""
    d = new - old
    return (d[0] > EPS) | ((d[0] >= -EPS) & ((d[1] > EPS) | ((d[1] >= -EPS) & (d[2] > EPS))))


def fits(item: tuple, kind: str) -> bool:
    """Does a held effect (type, amount, applies) apply to a card of this kind."""
    return applies_to(item[2], kind)


def outcome(roll: int, crew: int, mod: int, card: Stats, items: tuple):
    """What a roll leaves open: WIN, or the ways held items could save the failed roll
    (argonauts.gap.8), each a tuple of item indices: one reroll, or single-use modifiers that
    together lift the roll to the difficulty, none of them spare.

    A natural 6 always wins (argonauts.combat.17); no crew means no roll (argonauts.gap.4).
    Spending a modifier before a reroll is never better than keeping it for the new roll.
    """
    if succeeds(roll, crew, mod, card.difficulty):
        return WIN
    if not crew:
        return ()
    short = shortfall(roll, crew, mod, card.difficulty)
    saves: dict = {}
    for i, it in enumerate(items):
        if it[0] == "reroll":
            saves.setdefault(spend(items, (i,)), (i,))
    plus = [i for i, it in enumerate(items) if it[0] == "modifier" and fits(it, card.kind)]
    for n in range(1, len(plus) + 1):
        for pick in itertools.combinations(plus, n):
            amounts = [items[i][1] for i in pick]
            if sum(amounts) >= short and sum(amounts) - min(amounts) < short:
                saves.setdefault(spend(items, pick), pick)
    return tuple(saves.values())


def spend(items: tuple, pick: tuple) -> tuple:
    """The items left once those at the indices in `pick` are spent."""
    return tuple(it for i, it in enumerate(items) if i not in pick)


def placements(levels: list, cap: int) -> int:
    """How many ways to put one of its levels on each card with at most `cap` crew placed (a Grid's row
    count), counted without building them."""
    ways = {0: 1}
    for lv in levels:
        nxt: dict[int, int] = {}
        for placed, n in ways.items():
            for c in lv:
                if placed + c <= cap:
                    nxt[placed + c] = nxt.get(placed + c, 0) + n
        ways = nxt
    return sum(ways.values())


def _axis(mask: int, j: int) -> int:
    """Card j's axis among the cards of a mask (they are kept in ascending order)."""
    return bin(mask & ((1 << j) - 1)).count("1")


class Grid:
    """The crew states of a set of cards: rows of level indices, in lexicographic order, with at
    most `cap` crew placed."""

    def __init__(self, levels: list, cap: int):
        rows, placed = np.zeros((1, 0), np.int64), np.zeros(1, np.int64)
        for lv in levels:
            n = len(lv)
            rows = np.column_stack([np.repeat(rows, n, 0), np.tile(np.arange(n), len(rows))])
            placed = np.repeat(placed, n) + np.tile(lv, len(placed))
            keep = placed <= cap
            rows, placed = rows[keep], placed[keep]
        self.rows, self.placed = rows, placed
        self.sizes = tuple(len(lv) for lv in levels)
        self.flat = np.ravel_multi_index(tuple(rows.T), self.sizes) if levels else np.zeros(1, np.int64)

    def find(self, cols) -> np.ndarray:
        """Row numbers of states given as one index array per card (each state must be in the grid)."""
        return np.searchsorted(self.flat, np.ravel_multi_index(tuple(cols), self.sizes))

    @cached_property
    def steps(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """For a running maximum along each card axis in turn, level by level: the rows at that
        level and the rows one level lower on that axis."""
        out = []
        for ax in range(self.rows.shape[1]):
            for i in range(1, self.sizes[ax]):
                sel = np.flatnonzero(self.rows[:, ax] == i)
                low = self.rows[sel].T.copy()
                low[ax] -= 1
                out.append((sel, self.find(low)))
        return out

    def row(self, idx: tuple) -> int:
        """Row number of one state (ValueError if it has more crew placed than the grid holds)."""
        if not idx:
            return 0
        r = int(self.find([np.array([i]) for i in idx])[0])
        if r >= len(self.flat) or tuple(self.rows[r]) != tuple(idx):
            raise ValueError(f"no state {idx} in this grid")
        return r


class Table:
    """Values of every state of one set of unresolved cards in one context."""

    def __init__(self, grid: Grid, alive: list[int], v: np.ndarray, rolls: dict, choice, options: list):
        self.grid = grid
        self.alive = alive          # crew alive per column; one more column means all dead
        self.index = {a: i for i, a in enumerate(alive)}
        self.v = v                  # (3, rows, alive + 1): p_survive, crew_left, cards_won
        self.rolls = rolls          # card -> value of resolving it now, (3, rows, alive), where kept
        self.choice = choice        # index into options of the best move, (rows, alive)
        self.options = options      # (kind, card, item): ("ignore"|"resolve", j, item or None)
        self._cut = None

    def column(self, alive: int) -> int:
        """Column of a number of crew alive (none left: the all-dead column)."""
        return self.index[alive] if alive > 0 else len(self.alive)

    def cut(self) -> np.ndarray:
        """Best value with at most these crew left on each card: a running lexicographic maximum
        along every card axis (the player cuts placed crew as it suits them, argonauts.combat.14)."""
        if self._cut is None:
            m = self.v.copy()
            for sel, prev in self.grid.steps:
                a, b = m[:, prev], m[:, sel]
                m[:, sel] = np.where(better(a, b), a, b)
            self._cut = m
        return self._cut


class Turn:
    """Exact expectimax over one combat phase for a given field, crew and treasures held."""

    def __init__(self, cards: list[Stats], crew: int, held: list[Stats] | None = None):
        self.cards = [c for c in cards if c.kind in ("monster", "treasure")]  # argonauts.assignment.3
        self.crew = crew
        self.mod = {"monster": 0, "treasure": 0}
        items = []
        for t in held or []:
            e = t.effect
            if e is None:
                continue
            if t.use == "continuous" and e.type == "modifier":
                for k in self.mod:
                    self.mod[k] += e.amount if e.fits(k) else 0
            elif t.use != "continuous":
                items.append((e.type, e.amount, e.applies))
        self.items = tuple(sorted(items))
        self.ctx = (self.items, self.mod["monster"], self.mod["treasure"])
        extra = sum(it[1] for it in self.items if it[0] == "modifier") + sum(
            c.effect.amount for c in self.cards if c.kind == "treasure" and c.effect and c.effect.type == "modifier")
        self.levels = [np.array(useful_levels(c.difficulty, self.mod[c.kind], crew, extra)) for c in self.cards]
        self.full = (1 << len(self.cards)) - 1
        self.check_size()
        self.tables: dict = {}
        self.grids: dict = {}
        self.links: dict = {}
        self.gathers: dict = {}
        self.dists: dict = {}
        self.weights: dict = {}

    def search_size(self) -> int:
        """The size of the search, counted without building it (an upper bound, in units of about 3-8 bytes
        of memory): its states (crew on every set of cards still to resolve, each card at one of its levels
        or resolved, at most `crew` placed; times the crew alive, up to crew + 1 values), each weighed once
        per card (the lookups shared by every context) and once per set of single-use treasures that may be
        in hand (each held or won doubles them: a table each)."""
        singles = len(self.items) + sum(c.kind == "treasure" and c.use == "single" for c in self.cards)
        states = placements([[0, *map(int, lv)] for lv in self.levels], self.crew) * (self.crew + 1)
        return states * (len(self.cards) + (1 << singles))

    def check_size(self) -> None:
        """Refuse a search over the advice_search limit (pnp.limits) before any table is built; a quick
        product bound spares the count for ordinary fields."""
        singles = len(self.items) + sum(c.kind == "treasure" and c.use == "single" for c in self.cards)
        quick = math.prod(len(lv) + 1 for lv in self.levels) * (self.crew + 1) * (len(self.cards) + (1 << singles))
        if quick > ADVICE_SEARCH.value:
            ADVICE_SEARCH.check(self.search_size())

    # -- tables ----------------------------------------------------------------------------------
    def table(self, mask: int, ctx: tuple) -> Table:
        """The table of the cards in `mask` in context (items, monster modifier, treasure modifier)."""
        ctx = self._needed(mask, ctx)
        t = self.tables.get((mask, ctx))
        if t is None:
            t = self.tables[(mask, ctx)] = self._build(mask, ctx)
        return t

    def _needed(self, mask: int, ctx: tuple) -> tuple:
        """The context with what no card in `mask` can use dropped, so equal situations share a table."""
        kinds = {self.cards[j].kind for j in range(len(self.cards)) if mask >> j & 1}
        items = tuple(it for it in ctx[0] if it[0] == "reroll" or (it[0] in ("modifier", "ignore") and any(
            fits(it, k) for k in kinds)))
        return (items, ctx[1] if "monster" in kinds else 0, ctx[2] if "treasure" in kinds else 0)

    def _alive(self, mask: int) -> list[int]:
        """Crew alive in reach once the cards outside `mask` are resolved: failed Monsters kill
        (argonauts.combat.15), won crew Treasures add (argonauts.gap.14)."""
        vals = {self.crew}
        out = [c for j, c in enumerate(self.cards) if not mask >> j & 1]
        for c in sorted(out, key=lambda c: c.kind == "monster"):  # gains first: every order is covered
            if c.kind == "monster" and c.deadliness > 0:
                vals |= {a - c.deadliness for a in vals if a > c.deadliness}
            elif c.kind == "treasure" and c.use == "continuous" and c.effect and c.effect.type == "crew":
                vals |= {a + c.effect.amount for a in vals}
        return sorted(vals)

    def grid(self, mask: int) -> Grid:
        """The states of the cards in `mask` (shared by every context)."""
        if mask not in self.grids:
            cards = [j for j in range(len(self.cards)) if mask >> j & 1]
            self.grids[mask] = Grid([self.levels[j] for j in cards], max(self._alive(mask)))
        return self.grids[mask]

    def _link(self, mask: int, j: int) -> np.ndarray:
        """For each row of mask's grid, the row of the same crew on the other cards once card j is resolved."""
        key = (mask, j)
        if key not in self.links:
            g, pos = self.grid(mask), _axis(mask, j)
            cols = [g.rows[:, k] for k in range(g.rows.shape[1]) if k != pos]
            self.links[key] = self.grid(mask & ~(1 << j)).find(cols) if cols else np.zeros(len(g.rows), np.int64)
        return self.links[key]

    def _build(self, mask: int, ctx: tuple) -> Table:
        """Every state's value for the cards in mask: the best of ignoring or resolving each card
        next, in any order (argonauts.combat.1)."""
        g, alive = self.grid(mask), self._alive(mask)
        if not mask:
            v = np.array([[1.0] * len(alive) + [0.0], alive + [0.0], [0.0] * (len(alive) + 1)])[:, None, :]
            return Table(g, alive, v, {}, None, [])
        shape = (len(g.rows), len(alive))
        best = np.full((3,) + shape, -1.0)
        choice = np.zeros(shape, np.int16)
        options, rolls = [], {}
        items = ctx[0]
        for j in range(len(self.cards)):
            if not mask >> j & 1:
                continue
            card, moves = self.cards[j], []
            if card.ignorable:  # argonauts.combat.4
                moves.append((("ignore", j, None), self._gather(mask, j, ctx, alive, 0)))
            for i, it in enumerate(items):  # a treasure that ignores a card (argonauts.combat.4)
                if it[0] == "ignore" and fits(it, card.kind) and not (i and items[i - 1] == it):
                    moves.append((("ignore", j, it), self._gather(mask, j, (spend(items, (i,)),) + ctx[1:], alive, 0)))
            roll = self._resolve(mask, j, ctx, alive)
            if sum(it[0] == "reroll" for it in items) < self._rerolls(mask):
                rolls[j] = roll  # a reroll spent elsewhere may lead here and ask for it (_rolls)
            moves.append((("resolve", j, None), roll))
            for opt, val in moves:
                won = better(val, best)
                best = np.where(won, val, best)
                choice[won] = len(options)
                options.append(opt)
        best[:, g.placed[:, None] > np.array(alive)] = -1.0  # more placed than alive: no such state
        best = np.concatenate([best, np.zeros((3, shape[0], 1))], -1)  # all dead: lost (argonauts.losing.1)
        return Table(g, alive, best, rolls, choice, options)

    def _gather(self, mask: int, j: int, ctx: tuple, alive: list[int], delta: int, cut: bool = False):
        """The values once card j is resolved, on mask's rows: same crew on the other cards, the
        alive values shifted by `delta`, in context ctx (the best cut where deaths reach placed crew)."""
        t = self.table(mask & ~(1 << j), ctx)
        key = (mask, j, delta)
        if key not in self.gathers:
            cols = np.array([t.column(a + delta) for a in alive])
            self.gathers[key] = self._link(mask, j)[:, None] * (len(t.alive) + 1) + cols[None, :]
        src = t.cut() if cut else t.v
        return src.reshape(3, -1).take(self.gathers[key], axis=1)

    def won(self, j: int, ctx: tuple) -> tuple[tuple, int]:
        """Context and extra crew after card j is won: a treasure acts at once (argonauts.combat.7, .9)."""
        card, (items, modm, modt), bonus = self.cards[j], ctx, 0
        e = card.effect
        if card.kind == "treasure" and e is not None:
            if card.use == "continuous" and e.type == "modifier":
                modm += e.amount if e.fits("monster") else 0
                modt += e.amount if e.fits("treasure") else 0
            elif card.use == "continuous" and e.type == "crew":
                bonus = e.amount  # argonauts.gap.14
            elif card.use == "single":
                items = tuple(sorted(items + ((e.type, e.amount, e.applies),)))
        return (items, modm, modt), bonus

    def _resolve(self, mask: int, j: int, ctx: tuple, alive: list[int]) -> np.ndarray:
        """Value of resolving card j now, on every row: each die face's outcome, a failed roll saved
        by the best held item where one can (argonauts.gap.8)."""
        card, items = self.cards[j], ctx[0]
        mod = ctx[1] if card.kind == "monster" else ctx[2]
        deadly = card.kind == "monster" and card.deadliness > 0
        fail = self._gather(mask, j, ctx, alive, -card.deadliness if deadly else 0, cut=deadly)  # argonauts.combat.13-16
        wins = {}

        def win(its):
            if its not in wins:
                c2, bonus = self.won(j, (its,) + ctx[1:])
                wins[its] = self._gather(mask, j, c2, alive, bonus) + np.array([0.0, 0.0, 1.0])[:, None, None]
            return wins[its]

        level = self.grid(mask).rows[:, _axis(mask, j)]
        total = np.zeros(fail.shape)
        for pat, w in self._weights(j, mod, items).items():
            if pat == WIN:
                val = win(items)
            else:
                val = fail
                for pick in pat:
                    left = spend(items, pick)
                    cand = win(left) if items[pick[0]][0] == "modifier" else self._rolls(mask, (left,) + ctx[1:], j)
                    val = np.where(better(cand, val), cand, val)
            total += w[level][:, None] * val
        return total

    def _rerolls(self, mask: int) -> int:
        """The most rerolls that can be in hand while the cards in `mask` are unresolved."""
        return sum(it[0] == "reroll" for it in self.items) + sum(
            c.kind == "treasure" and c.use == "single" and c.effect is not None and c.effect.type == "reroll"
            for k, c in enumerate(self.cards) if not mask >> k & 1)

    def _rolls(self, mask: int, ctx: tuple, j: int) -> np.ndarray:
        """Value of resolving card j now on every row of the table (mask, ctx), kept once computed."""
        t = self.table(mask, ctx)
        if j not in t.rolls:
            t.rolls[j] = self._resolve(mask, j, self._needed(mask, ctx), t.alive)
        return t.rolls[j]

    def _weights(self, j: int, mod: int, items: tuple) -> dict:
        """Chance of each roll outcome (see outcome) per crew level of card j."""
        key = (j, mod, items)
        if key not in self.weights:
            w, lv = {}, self.levels[j]
            for li, c in enumerate(lv):
                for r in DIE:
                    w.setdefault(outcome(r, int(c), mod, self.cards[j], items), np.zeros(len(lv)))[li] += 1 / 6
            self.weights[key] = w
        return self.weights[key]

    # -- single states ---------------------------------------------------------------------------
    def canon(self, crews) -> tuple:
        """Level indices for crew counts on the cards: each card's highest useful level not above it."""
        return tuple(int(np.searchsorted(lv, n, side="right")) - 1 for lv, n in zip(self.levels, crews))

    def _value(self, mask, ctx, idx, alive) -> tuple:
        t = self.table(mask, ctx)
        return tuple(float(x) for x in t.v[:, t.grid.row(idx), t.column(alive)])

    def _below(self, t: Table, idx: tuple, alive: int) -> tuple:
        """The best state of table t with no more crew on any card than idx and at most `alive`
        placed: the cut the player picks (argonauts.combat.14); ties go to the first."""
        g = t.grid
        ok = np.flatnonzero(np.all(g.rows <= np.array(idx), axis=1) & (g.placed <= alive))
        r = np.round(t.v[:, ok, t.column(alive)], 9)
        return tuple(int(x) for x in g.rows[ok[np.lexsort((-ok, r[2], r[1], r[0]))[-1]]])

    def value(self, crews) -> tuple:
        """Exact (p_survive, crew_left, cards_won) with these crew on the cards and self.crew alive;
        if more are placed than alive, the best cut is taken."""
        idx = self.canon(crews)
        if sum(int(lv[i]) for lv, i in zip(self.levels, idx)) > self.crew:
            idx = self._below(self.table(self.full, self.ctx), idx, self.crew)
        return self._value(self.full, self.ctx, idx, self.crew)

    def move(self, crews) -> tuple:
        """The best next move with these crew on the cards: (kind, card index, item)."""
        t = self.table(self.full, self.ctx)
        return t.options[t.choice[t.grid.row(self.canon(crews)), t.column(self.crew)]]

    def after_fail(self, j: int, crews) -> tuple:
        """Value of accepting a failed roll of card j."""
        return self._fail(self.full, self.ctx, j, self.canon(crews), self.crew)[0]

    def after_save(self, j: int, crews, pick: tuple) -> tuple:
        """Value of saving card j's failed roll with the held items at `pick` (one of outcome()'s
        saves): modifiers that lift it win, a reroll rolls again."""
        left = (spend(self.items, pick),) + self.ctx[1:]
        idx = self.canon(crews)
        if self.items[pick[0]][0] == "reroll":
            return self._rolled(self.full, left, j, idx, self.crew)
        return self._win(self.full, left, j, idx, self.crew)[0]

    def _rolled(self, mask, ctx, j, idx, alive) -> tuple:
        t = self.table(mask, ctx)
        return tuple(float(x) for x in self._rolls(mask, ctx, j)[:, t.grid.row(idx), t.column(alive)])

    @staticmethod
    def _rest(mask, j, idx) -> tuple:
        """The cards left once card j is resolved, and their level indices."""
        pos = _axis(mask, j)
        return mask & ~(1 << j), idx[:pos] + idx[pos + 1:]

    def _win(self, mask, ctx, j, idx, alive):
        rest, ridx = self._rest(mask, j, idx)
        c2, bonus = self.won(j, ctx)
        v = self._value(rest, c2, ridx, alive + bonus)
        return (v[0], v[1], v[2] + 1.0), (rest, c2, ridx, alive + bonus)

    def _fail(self, mask, ctx, j, idx, alive):
        """Value of card j failing, and the state it leads to (the best cut when deaths reach placed crew)."""
        card = self.cards[j]
        rest, ridx = self._rest(mask, j, idx)
        if card.kind != "monster" or card.deadliness <= 0:
            return self._value(rest, ctx, ridx, alive), (rest, ctx, ridx, alive)
        left = alive - card.deadliness
        if left <= 0:
            return (0.0, 0.0, 0.0), None  # argonauts.gap.6
        t = self.table(rest, ctx)
        if ridx and t.grid.placed[t.grid.row(ridx)] > left:
            ridx = self._below(t, ridx, left)
        return self._value(rest, ctx, ridx, left), (rest, ctx, ridx, left)

    # -- plans -----------------------------------------------------------------------------------
    def score(self, assignment: tuple) -> Score:
        """Exact score of an assignment under the best play that follows it."""
        return Score(*self._value(self.full, self.ctx, self.canon(assignment), self.crew))

    def plan(self, assignment: tuple) -> Plan:
        """Score and crew-left distribution of an assignment."""
        dist = self._dist(self.full, self.ctx, self.canon(assignment), self.crew)
        return Plan({c.id: int(n) for c, n in zip(self.cards, assignment)}, self.score(assignment),
                    dict(sorted(dist.items())))

    def best(self, top: int = 3) -> list[Plan]:
        """The `top` best assignments, best first (ties: fewer crew placed first), each exact."""
        t = self.table(self.full, self.ctx)
        g = t.grid
        r = np.round(t.v[:, :, t.column(self.crew)], 9)
        rows = np.arange(len(g.rows))
        order = np.lexsort((rows, g.placed, -r[2], -r[1], -r[0]))[:top]
        return [self.plan(tuple(int(lv[i]) for lv, i in zip(self.levels, g.rows[k]))) for k in order]

    def _dist(self, mask, ctx, idx, alive) -> dict[int, float]:
        """Crew-left distribution when the best moves of the tables are followed."""
        if alive <= 0:
            return {0: 1.0}
        if not mask:
            return {alive: 1.0}
        key = (mask, ctx, idx, alive)
        if key not in self.dists:
            t = self.table(mask, ctx)
            kind, j, item = t.options[t.choice[t.grid.row(idx), t.column(alive)]]
            if kind == "ignore":
                rest, ridx = self._rest(mask, j, idx)
                c2 = ctx if item is None else (spend(ctx[0], (ctx[0].index(item),)),) + ctx[1:]
                self.dists[key] = self._dist(rest, c2, ridx, alive)
            else:
                self.dists[key] = self._roll_dist(mask, ctx, j, idx, alive)
        return self.dists[key]

    def _roll_dist(self, mask, ctx, j, idx, alive) -> dict[int, float]:
        card, items = self.cards[j], ctx[0]
        crew = int(self.levels[j][idx[_axis(mask, j)]])
        mod = ctx[1] if card.kind == "monster" else ctx[2]
        out: dict[int, float] = {}
        for r in DIE:
            pat = outcome(r, crew, mod, card, items)
            if pat == WIN:
                d = self._follow(self._win(mask, ctx, j, idx, alive)[1])
            else:
                best, nxt = self._fail(mask, ctx, j, idx, alive)
                how = ("go", nxt)
                for pick in pat:  # the same order and tie rule as Table building
                    c2 = (spend(items, pick),) + ctx[1:]
                    if items[pick[0]][0] == "modifier":
                        cand, state = self._win(mask, c2, j, idx, alive)
                        pick = ("go", state)
                    else:
                        cand, pick = self._rolled(mask, c2, j, idx, alive), ("again", c2)
                    if better(np.array(cand), np.array(best)):
                        best, how = cand, pick
                d = self._roll_dist(mask, how[1], j, idx, alive) if how[0] == "again" else self._follow(how[1])
            for k, p in d.items():
                out[k] = out.get(k, 0.0) + p / 6
        return out

    def _follow(self, state) -> dict[int, float]:
        return {0: 1.0} if state is None else self._dist(*state)
