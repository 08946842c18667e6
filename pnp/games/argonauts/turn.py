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
value of every state at once: crew on each card, and crew alive. It is computed with numpy from
the tables of the sets one card smaller, so the root table scores every assignment exactly.

Two facts keep the tables small. Crew on a card count only up to its useful levels
(useful_levels): crew between two levels roll like the lower level, and the spare ones can be the
first to die, so each card keeps the highest level not above its crew. And placed crew are never
worse than free crew (they can die just as well), so when deaths must cut into placed crew the
best cut is the best state with no more crew on any card and no more crew placed than alive: a
running maximum over the card axes (Table.cut).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from pnp.games.argonauts.cards import Stats

DIE = range(1, 7)
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
    return item[2] in ("any", "all", kind)


def outcome(roll: int, crew: int, mod: int, card: Stats, items: tuple):
    """What a roll leaves open: WIN, or the indices of the distinct held items that could save the
    failed roll (a modifier that lifts it to the difficulty, or any reroll; argonauts.gap.8).

    A natural 6 always wins (argonauts.combat.17); no crew means no roll (argonauts.gap.4).
    """
    if crew and (roll == 6 or roll + crew + mod >= card.difficulty):  # argonauts.combat.5
        return WIN
    if not crew:
        return ()
    return tuple(i for i, it in enumerate(items) if not (i and items[i - 1] == it) and (
        it[0] == "reroll" or (it[0] == "modifier" and fits(it, card.kind)
                              and roll + crew + mod + it[1] >= card.difficulty)))


def _without(items: tuple, i: int) -> tuple:
    return items[:i] + items[i + 1:]


def _axis(mask: int, j: int) -> int:
    """Card j's axis among the cards of a mask (they are kept in ascending order)."""
    return bin(mask & ((1 << j) - 1)).count("1")


class Table:
    """Values of every state of one set of unresolved cards in one context."""

    def __init__(self, cards: tuple, alive: list[int], v: np.ndarray, rolls: dict, choice, options: list):
        self.cards = cards          # card indices, ascending: the grid's axes 1..n
        self.alive = alive          # alive values of the last axis; one more column means all dead
        self.index = {a: i for i, a in enumerate(alive)}
        self.v = v                  # (3, levels..., alive + 1): p_survive, crew_left, cards_won
        self.rolls = rolls          # card -> value of resolving it now, (3, levels..., alive)
        self.choice = choice        # index into options of the best move, (levels..., alive)
        self.options = options      # (kind, card, item): ("ignore"|"resolve", j, item or None)
        self._cut = None

    def column(self, alive: int) -> int:
        """Last-axis index of a number of crew alive (none left: the all-dead column)."""
        return self.index[alive] if alive > 0 else len(self.alive)

    def cut(self) -> np.ndarray:
        """Best value with at most these crew left on each card: a running lexicographic maximum
        along every card axis (the player cuts placed crew as it suits them, argonauts.combat.14)."""
        if self._cut is None:
            m = self.v.copy()
            for ax in range(1, m.ndim - 1):
                for i in range(1, m.shape[ax]):
                    prev, cur = (slice(None),) * ax + (i - 1,), (slice(None),) * ax + (i,)
                    m[cur] = np.where(better(m[prev], m[cur]), m[prev], m[cur])
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
        self.tables: dict = {}
        self.dists: dict = {}
        self.weights: dict = {}

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
        """Crew alive in reach once the cards outside `mask` are resolved (failures kill, crew treasures add)."""
        vals = {self.crew}
        out = [c for j, c in enumerate(self.cards) if not mask >> j & 1]
        for c in sorted(out, key=lambda c: c.kind == "monster"):  # gains first: every order is covered
            if c.kind == "monster" and c.deadliness > 0:
                vals |= {a - c.deadliness for a in vals if a > c.deadliness}
            elif c.kind == "treasure" and c.use == "continuous" and c.effect and c.effect.type == "crew":
                vals |= {a + c.effect.amount for a in vals}
        return sorted(vals)

    def _build(self, mask: int, ctx: tuple) -> Table:
        cards = tuple(j for j in range(len(self.cards)) if mask >> j & 1)
        alive = self._alive(mask)
        shape = tuple(len(self.levels[j]) for j in cards) + (len(alive),)
        if not cards:
            v = np.array([[1.0] * len(alive) + [0.0], alive + [0.0], [0.0] * (len(alive) + 1)])
            return Table(cards, alive, v, {}, None, [])
        best = np.full((3,) + shape, -1.0)
        choice = np.zeros(shape, np.int16)
        options, rolls = [], {}
        items = ctx[0]
        for pos, j in enumerate(cards):
            card, rest = self.cards[j], mask & ~(1 << j)
            moves = []
            if card.ignorable:  # argonauts.combat.4
                moves.append((("ignore", j, None), self._gather(rest, ctx, alive, 0, pos)))
            for i, it in enumerate(items):  # a treasure that ignores a card (argonauts.combat.4)
                if it[0] == "ignore" and fits(it, card.kind) and not (i and items[i - 1] == it):
                    moves.append((("ignore", j, it), self._gather(rest, (_without(items, i),) + ctx[1:], alive, 0, pos)))
            rolls[j] = self._resolve(mask, ctx, cards, pos, alive, shape)
            moves.append((("resolve", j, None), rolls[j]))
            for opt, val in moves:
                won = better(val, best)
                best = np.where(won, val, best)
                choice[np.broadcast_to(won, shape)] = len(options)
                options.append(opt)
        best[:, self._placed(cards)[..., None] > np.array(alive)] = -1.0  # more placed than alive: no such state
        best = np.concatenate([best, np.zeros(best.shape[:-1] + (1,))], -1)  # all dead: lost (argonauts.losing.1)
        return Table(cards, alive, best, rolls, choice, options)

    def _placed(self, cards: tuple) -> np.ndarray:
        """Crew placed in each state of a grid over these cards."""
        return sum(self.levels[j].reshape((1,) * p + (-1,) + (1,) * (len(cards) - p - 1))
                   for p, j in enumerate(cards))

    def _gather(self, mask: int, ctx: tuple, alive: list[int], delta: int, pos: int, cut: bool = False):
        """A smaller table's values laid on a parent's grid: the parent's alive values shifted by
        `delta`, and a size-1 axis where the resolved card was."""
        t = self.table(mask, ctx)
        idx = [t.column(a + delta) for a in alive]
        return np.expand_dims((t.cut() if cut else t.v)[..., idx], pos + 1)

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

    def _resolve(self, mask, ctx, cards, pos, alive, shape) -> np.ndarray:
        """Value of resolving card cards[pos] now, on the whole grid: each die face's outcome, a
        failed roll saved by the best held item where one can (argonauts.gap.8)."""
        j = cards[pos]
        card, rest = self.cards[j], mask & ~(1 << j)
        items = ctx[0]
        mod = ctx[1] if card.kind == "monster" else ctx[2]
        deadly = card.kind == "monster" and card.deadliness > 0
        fail = self._gather(rest, ctx, alive, -card.deadliness if deadly else 0, pos, cut=deadly)  # argonauts.combat.13-16
        wins = {}

        def win(its):
            if its not in wins:
                c2, bonus = self.won(j, (its,) + ctx[1:])
                wins[its] = self._gather(rest, c2, alive, bonus, pos) + np.array([0.0, 0.0, 1.0]).reshape(
                    (3,) + (1,) * len(shape))
            return wins[its]

        weights = self._weights(j, mod, items)
        total = np.zeros((3,) + shape)
        axis = (1,) * (pos + 1) + (-1,) + (1,) * (len(shape) - pos - 1)
        for pat, w in weights.items():
            if pat == WIN:
                val = win(items)
            else:
                val = fail
                for i in pat:
                    left = _without(items, i)
                    cand = win(left) if items[i][0] == "modifier" else \
                        self.table(mask, (left,) + ctx[1:]).rolls[j]
                    val = np.where(better(cand, val), cand, val)
            total += w.reshape(axis) * val
        return total

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
        """Grid indices for crew counts on the cards: each card's highest useful level not above it."""
        return tuple(int(np.searchsorted(lv, n, side="right")) - 1 for lv, n in zip(self.levels, crews))

    def _value(self, mask, ctx, idx, alive, cut=False) -> np.ndarray:
        t = self.table(mask, ctx)
        return (t.cut() if cut else t.v)[(slice(None),) + idx + (t.column(alive),)]

    def value(self, crews) -> tuple:
        """Exact (p_survive, crew_left, cards_won) with these crew on the cards and self.crew alive;
        if more are placed than alive, the best cut is taken (argonauts.combat.14)."""
        return tuple(float(x) for x in self._value(self.full, self.ctx, self.canon(crews), self.crew, cut=True))

    def move(self, crews) -> tuple:
        """The best next move with these crew on the cards: (kind, card index, item)."""
        t = self.table(self.full, self.ctx)
        return t.options[t.choice[self.canon(crews) + (t.column(self.crew),)]]

    def after_fail(self, j: int, crews) -> tuple:
        """Value of accepting a failed roll of card j."""
        return self._fail(self.full, self.ctx, j, self.canon(crews), self.crew)[0]

    def after_item(self, j: int, crews, item: tuple) -> tuple:
        """Value of spending `item` on card j's failed roll: a modifier that lifts it wins, a reroll rolls again."""
        items = self.items
        left = (_without(items, items.index(item)),) + self.ctx[1:]
        idx = self.canon(crews)
        if item[0] == "reroll":
            t = self.table(self.full, left)
            return tuple(float(x) for x in t.rolls[j][(slice(None),) + idx + (t.column(self.crew),)])
        return self._win(self.full, left, j, idx, self.crew)[0]

    @staticmethod
    def _rest(mask, j, idx) -> tuple:
        """The cards left once card j is resolved, and their grid indices."""
        pos = _axis(mask, j)
        return mask & ~(1 << j), idx[:pos] + idx[pos + 1:]

    def _win(self, mask, ctx, j, idx, alive):
        rest, ridx = self._rest(mask, j, idx)
        c2, bonus = self.won(j, ctx)
        v = self._value(rest, c2, ridx, alive + bonus)
        return (float(v[0]), float(v[1]), float(v[2]) + 1.0), (rest, c2, ridx, alive + bonus)

    def _fail(self, mask, ctx, j, idx, alive):
        """Value of card j failing, and the state it leads to (the best cut when deaths reach placed crew)."""
        card = self.cards[j]
        rest, ridx = self._rest(mask, j, idx)
        if card.kind != "monster" or card.deadliness <= 0:
            return tuple(float(x) for x in self._value(rest, ctx, ridx, alive)), (rest, ctx, ridx, alive)
        left = alive - card.deadliness
        if left <= 0:
            return (0.0, 0.0, 0.0), None  # argonauts.gap.6
        cards = [k for k in range(len(self.cards)) if rest >> k & 1]
        if sum(int(self.levels[k][i]) for k, i in zip(cards, ridx)) > left:
            t = self.table(rest, ctx)
            col, best = t.column(left), None
            for cand in itertools.product(*[range(i + 1) for i in ridx]):
                if sum(int(self.levels[k][i]) for k, i in zip(cards, cand)) <= left:
                    v = t.v[(slice(None),) + cand + (col,)]
                    if best is None or better(v, best[0]):
                        best = (v, cand)
            ridx = best[1]
        return tuple(float(x) for x in self._value(rest, ctx, ridx, left)), (rest, ctx, ridx, left)

    # -- plans -----------------------------------------------------------------------------------
    def score(self, assignment: tuple) -> Score:
        """Exact score of an assignment under the best play that follows it."""
        return Score(*(float(x) for x in self._value(self.full, self.ctx, self.canon(assignment), self.crew)))

    def plan(self, assignment: tuple) -> Plan:
        """Score and crew-left distribution of an assignment."""
        idx = self.canon(assignment)
        dist = self._dist(self.full, self.ctx, idx, self.crew)
        return Plan({c.id: int(n) for c, n in zip(self.cards, assignment)}, self.score(assignment),
                    dict(sorted(dist.items())))

    def best(self, top: int = 3) -> list[Plan]:
        """The `top` best assignments, best first (ties: fewer crew placed first), each exact."""
        t = self.table(self.full, self.ctx)
        v = t.v[..., t.column(self.crew)].reshape(3, -1)
        placed = np.asarray(self._placed(t.cards)).reshape(-1)
        ok = np.flatnonzero(placed <= self.crew)
        r = np.round(v[:, ok], 9)
        order = ok[np.lexsort((ok, placed[ok], -r[2], -r[1], -r[0]))][:top]
        shape = [len(lv) for lv in self.levels]
        return [self.plan(tuple(int(lv[i]) for lv, i in zip(self.levels, np.unravel_index(f, shape))))
                for f in order]

    def _dist(self, mask, ctx, idx, alive) -> dict[int, float]:
        """Crew-left distribution when the best moves of the tables are followed."""
        if alive <= 0:
            return {0: 1.0}
        if not mask:
            return {alive: 1.0}
        key = (mask, ctx, idx, alive)
        if key not in self.dists:
            t = self.table(mask, ctx)
            kind, j, item = t.options[t.choice[idx + (t.column(alive),)]]
            if kind == "ignore":
                rest, ridx = self._rest(mask, j, idx)
                c2 = ctx if item is None else (_without(ctx[0], ctx[0].index(item)),) + ctx[1:]
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
                for i in pat:  # the same order and tie rule as Table building
                    c2 = (_without(items, i),) + ctx[1:]
                    if items[i][0] == "modifier":
                        cand, state = self._win(mask, c2, j, idx, alive)
                        pick = ("go", state)
                    else:
                        t = self.table(mask, c2)
                        cand, pick = t.rolls[j][(slice(None),) + idx + (t.column(alive),)], ("again", c2)
                    if better(np.array(cand), np.array(best)):
                        best, how = cand, pick
                d = self._roll_dist(mask, how[1], j, idx, alive) if how[0] == "again" else self._follow(how[1])
            for k, p in d.items():
                out[k] = out.get(k, 0.0) + p / 6
        return out

    def _follow(self, state) -> dict[int, float]:
        return {0: 1.0} if state is None else self._dist(*state)
