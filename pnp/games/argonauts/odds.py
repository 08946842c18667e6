"""Exact Argonauts odds: one roll's chance, and the best crew assignment for a turn by exact expectimax.

The turn model follows the rules: the player picks the resolution order card by card after seeing
each result (argonauts.combat.1), deaths are taken from any crew the player chooses
(argonauts.combat.14, argonauts.gap.5), single-use treasures may be spent after a roll
(argonauts.gap.8), ignorable cards may be discarded unrolled (argonauts.combat.4), and treasures
recovered mid-turn act at once (argonauts.combat.9). Probabilities are computed, never sampled.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from pnp.games.argonauts.cards import Stats

DIE = range(1, 7)


def succeeds(roll: int, crew: int, modifier: int, difficulty: int) -> bool:
    """Does a roll win: a natural 6 always (argonauts.combat.17), else roll+crew+mod >= difficulty (argonauts.combat.5)."""
    return crew > 0 and (roll == 6 or roll + crew + modifier >= difficulty)


def p_success(crew: int, difficulty: int, modifier: int = 0) -> Fraction:
    """Exact chance a card resolves; no crew means no roll and a failure (argonauts.combat.12, argonauts.gap.4)."""
    return Fraction(sum(succeeds(r, crew, modifier, difficulty) for r in DIE), 6)


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
        return (round(self.p_survive, 12), round(self.crew_left, 12), round(self.cards_won, 12))


@dataclass
class Plan:
    """An assignment with its exact score and crew-left distribution."""

    assignment: dict[str, int]
    score: Score
    distribution: dict[int, float] = field(default_factory=dict)


class Turn:
    """Exact expectimax over one combat phase for a given field, crew and treasures held."""

    def __init__(self, cards: list[Stats], crew: int, held: list[Stats] | None = None, limit: int = 250_000):
        self.cards = [c for c in cards if c.kind in ("monster", "treasure")]  # argonauts.assignment.3
        self.crew = crew
        self.limit = limit  # states the search may store before it stops with the best found so far
        self.exact = True
        held = held or []
        self.mod = {"monster": 0, "treasure": 0}
        items = []
        for t in held:
            e = t.effect
            if e is None:
                continue
            if t.use == "continuous":
                if e.type == "modifier":
                    for k in self.mod:
                        if e.fits(k):
                            self.mod[k] += e.amount
            else:
                items.append((e.type, e.amount, e.applies))
        self.items = tuple(sorted(items))
        self.memo: dict = {}
        self.rolls: dict = {}
        self.dists: dict = {}

    # -- the recursion ---------------------------------------------------------------------------
    def value(self, rem: int, crews: tuple, alive: int, items: tuple, modm: int, modt: int) -> tuple:
        """Best (p_survive, crew_left, cards_won) from this state, and the choice that reaches it."""
        key = (rem, crews, alive, items, modm, modt)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        if alive <= 0:
            res, choice = (0.0, 0.0, 0.0), None
        elif not rem:
            res, choice = (1.0, float(alive), 0.0), None
        elif not items and (res := self._independent(rem, crews, alive, modm)) is not None:
            choice = ("independent", None, None)
        else:
            res, choice = None, None
            for j in range(len(self.cards)):
                if not rem >> j & 1:
                    continue
                for opt, val in self._options(j, rem, crews, alive, items, modm, modt):
                    if res is None or val > res:
                        res, choice = val, opt
        self.memo[key] = (res, choice)
        return res

    def _independent(self, rem, crews, alive, modm):
        """Closed-form value when only monsters remain, no treasure is held to spend, and the free
        crew can absorb every death that could still come: then no card can change another's
        chance, the order does not matter, and each card is fought (or, if ignorable and not
        certain, ignored) on its own. None when that does not hold."""
        dead = alive - sum(crews)
        lost = won = 0.0
        for j, card in enumerate(self.cards):
            if not rem >> j & 1:
                continue
            if card.kind != "monster":
                return None
            dead -= card.deadliness
            if dead <= 0:
                return None
            p = _P[min(max(card.difficulty - modm - crews[j], 0), 6)] if crews[j] else 0.0
            if card.ignorable and p < 1.0:
                continue  # ignoring costs nothing; fighting risks crew (argonauts.combat.4)
            lost += (1.0 - p) * card.deadliness
            won += p
        return (1.0, alive - lost, won)

    def _options(self, j, rem, crews, alive, items, modm, modt):
        card = self.cards[j]
        rest = rem & ~(1 << j)
        freed = _set(crews, j, 0)
        # ignoring: free for an ignorable card, or by spending a fitting ignore treasure (argonauts.combat.4)
        if card.ignorable:
            yield ("ignore", j, None), self.value(rest, freed, alive, items, modm, modt)
        for i, it in enumerate(items):
            if it[0] == "ignore" and (it[2] in ("any", "all", card.kind)) and (i == 0 or items[i - 1] != it):
                yield ("ignore", j, it), self.value(rest, freed, alive, items[:i] + items[i + 1:], modm, modt)
        yield ("resolve", j, None), self._roll(j, crews[j], rest, freed, alive, items, modm, modt)

    def _roll(self, j, c, rest, crews, alive, items, modm, modt):
        card = self.cards[j]
        fail = self._fail(j, rest, crews, alive, items, modm, modt)
        if c == 0:  # no crew: no roll, negative resolution (argonauts.combat.12, argonauts.gap.4)
            return fail
        key = (j, c, rest, crews, alive, items, modm, modt)
        hit = self.rolls.get(key)
        if hit is not None:
            return hit
        base = c + (modm if card.kind == "monster" else modt)
        need = card.difficulty - base  # a roll of `need` or more succeeds, and a natural 6 always
        win = self._win(j, rest, crews, alive, items, modm, modt)
        saves = []  # single-use treasures that can follow a failed roll (argonauts.gap.8)
        for i, it in enumerate(items):
            if i and items[i - 1] == it:
                continue
            left = items[:i] + items[i + 1:]
            if it[0] == "modifier" and it[2] in ("any", "all", card.kind):
                saves.append((need - it[1], self._win(j, rest, crews, alive, left, modm, modt)))
            elif it[0] == "reroll":
                saves.append((7, self._roll(j, c, rest, crews, alive, left, modm, modt)))
        p0 = p1 = p2 = 0.0
        for r in DIE:
            if r == 6 or r >= need:
                best = win
            else:
                best = fail
                for least, v in saves:
                    if (r >= least or least == 7) and v > best:
                        best = v
            p0 += best[0]
            p1 += best[1]
            p2 += best[2]
        res = (p0 / 6, p1 / 6, p2 / 6)
        self.rolls[key] = res
        return res

    def _win(self, j, rest, crews, alive, items, modm, modt):
        card = self.cards[j]
        if card.kind == "treasure" and card.effect is not None:  # gained at once (argonauts.combat.7, .9)
            e = card.effect
            if card.use == "continuous" and e.type == "modifier":
                modm += e.amount if e.fits("monster") else 0
                modt += e.amount if e.fits("treasure") else 0
            elif card.use == "continuous" and e.type == "crew":
                alive += e.amount  # argonauts.gap.14
            elif card.use == "single":
                items = tuple(sorted(items + ((e.type, e.amount, e.applies),)))
        v = self.value(rest, crews, alive, items, modm, modt)
        return (v[0], v[1], v[2] + 1.0)

    def _fail(self, j, rest, crews, alive, items, modm, modt):
        card = self.cards[j]
        if card.kind != "monster" or card.deadliness <= 0:
            return self.value(rest, crews, alive, items, modm, modt)  # argonauts.combat.16
        dead = card.deadliness  # argonauts.combat.13
        if dead >= alive:
            return (0.0, 0.0, 0.0)  # argonauts.gap.6
        free = alive - sum(crews)
        if dead <= free:
            return self.value(rest, crews, alive - dead, items, modm, modt)
        best = None  # the player picks which placed crew die (argonauts.combat.14, argonauts.gap.5)
        for cut in _cuts(crews, dead - free):
            v = self.value(rest, cut, alive - dead, items, modm, modt)
            if best is None or v > best:
                best = v
        return best

    # -- distributions along the chosen policy -------------------------------------------------
    def distribution(self, rem, crews, alive, items, modm, modt) -> dict[int, float]:
        """Crew-left distribution when the best choices found by value() are followed."""
        key = (rem, crews, alive, items, modm, modt)
        hit = self.dists.get(key)
        if hit is None:
            hit = self.dists[key] = self._distribution(rem, crews, alive, items, modm, modt)
        return hit

    def _distribution(self, rem, crews, alive, items, modm, modt) -> dict[int, float]:
        self.value(rem, crews, alive, items, modm, modt)
        _, choice = self.memo[(rem, crews, alive, items, modm, modt)]
        if choice is None:
            return {max(alive, 0): 1.0}
        kind, j, it = choice
        if kind == "independent":
            dist = {alive: 1.0}
            for j, card in enumerate(self.cards):
                if not rem >> j & 1:
                    continue
                p = _P[min(max(card.difficulty - modm - crews[j], 0), 6)] if crews[j] else 0.0
                if card.ignorable and p < 1.0:
                    continue
                nxt: dict = {}
                for k, q in dist.items():
                    nxt[k] = nxt.get(k, 0.0) + q * p
                    nxt[k - card.deadliness] = nxt.get(k - card.deadliness, 0.0) + q * (1.0 - p)
                dist = nxt
            return dist
        rest, freed = rem & ~(1 << j), _set(crews, j, 0)
        if kind == "ignore":
            if it is not None:
                i = items.index(it)
                items = items[:i] + items[i + 1:]
            return self.distribution(rest, freed, alive, items, modm, modt)
        return self._roll_dist(j, crews[j], rest, freed, alive, items, modm, modt)

    def _roll_dist(self, j, c, rest, crews, alive, items, modm, modt):
        card = self.cards[j]
        mod = modm if card.kind == "monster" else modt
        if c == 0:
            return self._fail_dist(j, rest, crews, alive, items, modm, modt)
        out: dict[int, float] = {}
        win = self._win(j, rest, crews, alive, items, modm, modt)
        fail = self._fail(j, rest, crews, alive, items, modm, modt)
        for r in DIE:
            if succeeds(r, c, mod, card.difficulty):
                d = self._win_dist(j, rest, crews, alive, items, modm, modt)
            else:
                best, pick = fail, None
                for i, it in enumerate(items):
                    left = items[:i] + items[i + 1:]
                    if it[0] == "modifier" and (it[2] in ("any", "all", card.kind)) and r + c + mod + it[1] >= card.difficulty:
                        cand, how = self._win(j, rest, crews, alive, left, modm, modt), ("win", left)
                    elif it[0] == "reroll":
                        cand, how = self._roll(j, c, rest, crews, alive, left, modm, modt), ("again", left)
                    else:
                        continue
                    if _k(cand) > _k(best):
                        best, pick = cand, how
                if pick is None:
                    d = self._fail_dist(j, rest, crews, alive, items, modm, modt)
                elif pick[0] == "win":
                    d = self._win_dist(j, rest, crews, alive, pick[1], modm, modt)
                else:
                    d = self._roll_dist(j, c, rest, crews, alive, pick[1], modm, modt)
            for k, p in d.items():
                out[k] = out.get(k, 0.0) + p / 6
        del win
        return out

    def _win_dist(self, j, rest, crews, alive, items, modm, modt):
        card = self.cards[j]
        if card.kind == "treasure" and card.effect is not None:
            e = card.effect
            if card.use == "continuous" and e.type == "modifier":
                modm += e.amount if e.fits("monster") else 0
                modt += e.amount if e.fits("treasure") else 0
            elif card.use == "continuous" and e.type == "crew":
                alive += e.amount
            elif card.use == "single":
                items = tuple(sorted(items + ((e.type, e.amount, e.applies),)))
        return self.distribution(rest, crews, alive, items, modm, modt)

    def _fail_dist(self, j, rest, crews, alive, items, modm, modt):
        card = self.cards[j]
        if card.kind != "monster" or card.deadliness <= 0:
            return self.distribution(rest, crews, alive, items, modm, modt)
        dead = card.deadliness
        if dead >= alive:
            return {0: 1.0}
        free = alive - sum(crews)
        if dead <= free:
            return self.distribution(rest, crews, alive - dead, items, modm, modt)
        best, pick = None, None
        for cut in _cuts(crews, dead - free):
            v = self.value(rest, cut, alive - dead, items, modm, modt)
            if best is None or _k(v) > _k(best):
                best, pick = v, cut
        return self.distribution(rest, pick, alive - dead, items, modm, modt)

    # -- entry points ----------------------------------------------------------------------------
    def start(self, assignment: tuple) -> tuple:
        """Root state for an assignment (crew per card, in self.cards order)."""
        return ((1 << len(self.cards)) - 1, tuple(assignment), self.crew, self.items,
                self.mod["monster"], self.mod["treasure"])

    def score(self, assignment: tuple) -> Score:
        """Exact score of an assignment under the best play that follows it."""
        return Score(*self.value(*self.start(assignment)))

    def plan(self, assignment: tuple) -> Plan:
        """Score and crew-left distribution of an assignment."""
        st = self.start(assignment)
        sc = Score(*self.value(*st))
        dist = dict(sorted(self.distribution(*st).items()))
        return Plan({c.id: n for c, n in zip(self.cards, assignment)}, sc, dist)

    def bound(self, assignment: tuple) -> tuple[float, float, float]:
        """Upper bounds on (p_survive, crew_left, cards_won) for an assignment.

        Relaxed turns, never worse for the player than real play: cards fail independently, no
        death ever cuts a card's crew. Each field treasure with crew on it is won independently
        with the best chance it could have (every modifier and reroll on offer). Given which are
        won, two relaxations are computed and the smaller kept: each single-use help then on offer
        cancels one of the deadliest failures; or every card gets all modifiers and rerolls on
        offer at once while each ignore cancels one of the deadliest failures (and, for crew left,
        saves at most one of the largest chance-times-deadliness losses, being chosen before that
        card's roll). In real play every card fails at least that often and each help saves at
        most one card.
        """
        held_plus = sum(it[1] for it in self.items if it[0] == "modifier")
        field = [(c, a) for c, a in zip(self.cards, assignment)
                 if c.kind == "treasure" and c.effect is not None and a > 0]
        all_plus = held_plus + sum(c.effect.amount for c, _ in field if c.effect.type == "modifier")
        all_tries = 1 + sum(1 for it in self.items if it[0] == "reroll") + sum(
            1 for c, _ in field if c.effect.type == "reroll")
        all_cont = dict(self.mod)
        for c, _ in field:
            if c.use == "continuous" and c.effect.type == "modifier":
                for k in all_cont:
                    all_cont[k] += c.effect.amount if c.effect.fits(k) else 0
        chance = [1.0 - (1.0 - _P[min(max(c.difficulty - all_cont["treasure"] - all_plus - a, 0), 6)]) ** all_tries
                  for c, a in field]
        won, misses = 0.0, 0.0
        for c, a in zip(self.cards, assignment):
            miss = 1.0 - _P[min(max(c.difficulty - all_cont[c.kind] - a, 0), 6)] if a else 1.0
            won += 1.0 - miss
            misses += miss if a else 0.0  # a help can only save a card that was rolled
        won += min(float(len(self.items) + sum(1 for c, _ in field if c.use == "single")), misses)
        p_ok = left = 0.0
        for mask in range(1 << len(field)):
            weight = 1.0
            cont, crew, helps = dict(self.mod), self.crew, list(self.items)
            for i, (c, _) in enumerate(field):
                if not mask >> i & 1:
                    weight *= 1.0 - chance[i]
                    continue
                weight *= chance[i]
                e = c.effect
                if c.use == "continuous" and e.type == "modifier":
                    for k in cont:
                        cont[k] += e.amount if e.fits(k) else 0
                elif c.use == "continuous" and e.type == "crew":
                    crew += e.amount
                else:
                    helps.append((e.type, e.amount, e.applies))
            if weight == 0.0:
                continue
            plus = sum(h[1] for h in helps if h[0] == "modifier")
            tries = 1 + sum(1 for h in helps if h[0] == "reroll")
            ignores = sum(1 for h in helps if h[0] == "ignore")
            one, every = [], []
            for c, a in zip(self.cards, assignment):
                if c.kind != "monster" or c.ignorable or c.deadliness <= 0:
                    continue
                miss = 1.0 - _P[min(max(c.difficulty - cont["monster"] - a, 0), 6)] if a else 1.0
                if miss > 0:
                    one.append((c.deadliness, miss))
                    if a:
                        miss = (1.0 - _P[min(max(c.difficulty - cont["monster"] - plus - a, 0), 6)]) ** tries
                    every.append((c.deadliness, miss))
            p1, e1 = _relaxed_turn(one, len(helps), crew)
            p2, e2 = _relaxed_turn(every, ignores, crew)
            if ignores:  # an ignore is chosen before the roll, so it saves at most q*d on average
                saved = sorted((q * d for d, q in every), reverse=True)[:ignores]
                e2 = min(e2, _relaxed_turn(every, 0, crew)[1] + sum(saved))
            p_ok += weight * min(p1, p2)
            left += weight * min(e1, e2)
        return (p_ok, left, won)

    def _levels(self) -> list[list[int]]:
        extra = sum(it[1] for it in self.items if it[0] == "modifier") + sum(
            c.effect.amount for c in self.cards if c.kind == "treasure" and c.effect and c.effect.type == "modifier")
        return [useful_levels(c.difficulty, self.mod[c.kind], self.crew, extra) for c in self.cards]

    def _quick_tables(self):
        """Per card and crew count, (expected loss, chance won) as if every treasure on the field
        were won and every modifier, reroll and extra crew on offer helped every card; plus the
        crew that could be alive and the number of ignores on offer."""
        cont, crew = dict(self.mod), self.crew
        helps = list(self.items) + [(c.effect.type, c.effect.amount, c.effect.applies) for c in self.cards
                                    if c.kind == "treasure" and c.effect is not None and c.use == "single"]
        for c in self.cards:
            if c.kind == "treasure" and c.effect is not None and c.use == "continuous":
                if c.effect.type == "modifier":
                    for k in cont:
                        cont[k] += c.effect.amount if c.effect.fits(k) else 0
                else:
                    crew += c.effect.amount
        plus = sum(h[1] for h in helps if h[0] == "modifier")
        tries = 1 + sum(1 for h in helps if h[0] == "reroll")
        tables = []
        for c in self.cards:
            risky = c.kind == "monster" and not c.ignorable
            row = {}
            for n in range(self.crew + 1):
                miss = (1.0 - _P[min(max(c.difficulty - cont[c.kind] - plus - n, 0), 6)]) ** tries if n else 1.0
                row[n] = (miss * c.deadliness if risky else 0.0, 1.0 - miss)
            tables.append(row)
        return tables, crew, sum(1 for h in helps if h[0] == "ignore")

    def _candidates(self, top: int) -> tuple[list, bool]:
        """(bound, assignment) pairs worth scoring, and whether the bounds are the quick kind.

        When the turn cannot be lost (the deadliness of every monster that cannot be ignored adds
        up to less than the crew), the quick bound of _quick_tables applies: p_survive 1, crew left
        at most the crew that could be alive less the expected losses (the ignores on offer
        removing the largest), cards won at most the sum of the chances. A few simple plans are
        scored first; their `top`-th crew left is a floor, and a depth-first walk over the cards
        drops every partial assignment whose bound cannot reach it. Otherwise every assignment is
        kept and ordered by the full bound().
        """
        levels = self._levels()
        risky = sum(c.deadliness for c in self.cards if c.kind == "monster" and not c.ignorable)
        if risky >= self.crew:
            combos = [a for a in itertools.product(*levels) if sum(a) <= self.crew]
            return [(self.bound(a), a) for a in combos], False
        tables, crew, ignores = self._quick_tables()
        floor = sorted((self.value(*self.start(a))[1] for a in self._simple_plans(levels)), reverse=True)
        floor = floor[min(top, len(floor)) - 1] - 1e-9
        k = len(self.cards)
        best_rest = [0.0] * (k + 1)  # least loss the remaining cards could have
        for i in range(k - 1, -1, -1):
            best_rest[i] = best_rest[i + 1] + min(tables[i][n][0] for n in levels[i])
        out = []
        combo = [0] * k

        def walk(i, budget, losses, won):
            if i == k:
                ls = sorted(losses)
                bound = crew - sum(ls[:len(ls) - ignores] if ignores else ls)
                if bound >= floor:
                    out.append(((1.0, bound, won), tuple(combo)))
                return
            if ignores:
                rest = sorted(losses + [min(tables[j][n][0] for n in levels[j]) for j in range(i, k)])
                if crew - sum(rest[:len(rest) - ignores]) < floor:
                    return
            elif crew - sum(losses) - best_rest[i] < floor:
                return
            for n in levels[i]:
                if n > budget:
                    break
                combo[i] = n
                loss, w = tables[i][n]
                walk(i + 1, budget - n, losses + [loss], won + w)
            combo[i] = 0

        walk(0, self.crew, [], 0.0)
        return out, True

    def _simple_plans(self, levels) -> list[tuple]:
        """A few plain assignments whose exact scores give the search a floor: cards made certain
        deadliest-first (monsters, then treasures), that with treasures first, and no crew at all."""
        order_m = sorted(range(len(self.cards)), key=lambda i: (self.cards[i].kind != "monster",
                                                                 -self.cards[i].deadliness))
        order_t = sorted(range(len(self.cards)), key=lambda i: (self.cards[i].kind != "treasure",
                                                                -self.cards[i].deadliness))
        plans = []
        for order in (order_m, order_t):
            left, plan = self.crew, [0] * len(self.cards)
            for i in order:
                n = max(x for x in levels[i] if x <= left)
                plan[i] = n
                left -= n
            plans.append(tuple(plan))
        plans.append(tuple(0 for _ in self.cards))
        return plans

    def best(self, top: int = 3) -> list[Plan]:
        """The `top` best assignments, best first, each with its exact score and distribution.

        Assignments are scored in order of their upper bound; once the bound of the next one falls
        below the current `top`-th score, no later one can enter the list. With quick bounds the
        full bound() is computed first for the assignments the quick one cannot rule out. If the
        search outgrows `limit` stored states (fields of six or more cards with treasures), it
        stops with the best assignments scored so far and sets `exact` to False.
        """
        cands, quick = self._candidates(top)
        cands.sort(key=lambda t: (_k(t[0]), -sum(t[1])), reverse=True)
        scored = []
        for b, a in cands:
            if len(scored) >= top and len(self.memo) + len(self.rolls) > self.limit:
                self.exact = False  # very large fields: stop with the best found, and say so
                break
            if len(scored) >= top:
                if _below(b, scored[top - 1][0]):
                    break  # sorted by this bound: no later assignment can enter the list
                if quick and _below(self.bound(a), scored[top - 1][0]):
                    continue
            scored.append((self.value(*self.start(a)), -sum(a), a))
            scored.sort(key=lambda t: (_k(t[0]), t[1]), reverse=True)
            del scored[top:]
        return [self.plan(a) for _, _, a in scored]


def _relaxed_turn(risks: list, cancels: int, crew: int) -> tuple[float, float]:
    """Chance of survival and expected crew left when monsters (deadliness, miss chance) fail
    independently and the `cancels` deadliest failures do no harm."""
    return _relaxed_sorted(tuple(sorted(risks, reverse=True)), cancels, crew)


@lru_cache(maxsize=65536)
def _relaxed_sorted(risks: tuple, cancels: int, crew: int) -> tuple[float, float]:
    """_relaxed_turn for risks sorted deadliest first (cached: many assignments share them)."""
    dist = {(0, 0): 1.0}  # (failures cancelled, deaths) -> chance
    for d, q in risks:
        nxt: dict = {}
        for (h, dead), p in dist.items():
            k = (h, dead)
            nxt[k] = nxt.get(k, 0.0) + p * (1.0 - q)
            k = (h + 1, dead) if h < cancels else (h, dead + d)
            nxt[k] = nxt.get(k, 0.0) + p * q
        dist = nxt
    p_ok = left = 0.0
    for (_, dead), p in dist.items():
        if crew - dead > 0:
            p_ok += p
            left += p * (crew - dead)
    return p_ok, left


_P = [float(p_success(1, 1 + need)) for need in range(7)]  # chance with 1 crew needing `need` more


def _below(bound, score, eps: float = 1e-9) -> bool:
    """True when an upper bound is lexicographically below a score (with float slack)."""
    for b, v in zip(bound, score):
        if b < v - eps:
            return True
        if b > v + eps:
            return False
    return False


def _k(v):
    return (round(v[0], 12), round(v[1], 12), round(v[2], 12))


def _set(t: tuple, i: int, v: int) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _cuts(crews: tuple, n: int):
    """Every way to remove n crew from the cards' counts."""
    idx = [i for i, c in enumerate(crews) if c > 0]

    def rec(k, left, cur):
        if left == 0:
            yield tuple(cur)
            return
        if k == len(idx):
            return
        i = idx[k]
        for take in range(min(left, cur[i]), -1, -1):
            cur[i] -= take
            yield from rec(k + 1, left - take, cur)
            cur[i] += take
    yield from rec(0, n, list(crews))


def _held(treasures: list[str], levels: dict):
    from pnp.games.argonauts.cards import deck_stats, find_card, load_cards
    cards = load_cards()
    ids = [find_card(t, cards) for t in treasures]
    for t in ids:
        if cards[t].kind != "treasure":
            from pnp.errors import UsageError
            raise UsageError(f"'{cards[t].name}' is not a treasure", card=t, field="treasure")
    return list(deck_stats(ids, levels, cards).values())


def _plan_dict(plan: Plan, crew: int) -> dict:
    return {"assignment": plan.assignment,
            "assignment_text": ",".join(f"{c}:{n}" for c, n in plan.assignment.items()),
            "p_survive": plan.score.p_survive, "crew_left": plan.score.crew_left,
            "cards_won": plan.score.cards_won,
            "deaths": [{"deaths": crew - k, "p": p} for k, p in sorted(plan.distribution.items(), reverse=True)]}


def advise_turn(revealed: str, crew: int, treasures: list[str], campaign: str | None = None,
                levels: str | None = None) -> dict:
    """The best assignment and two runners-up for revealed cards (names), crew and treasures held."""
    from pnp.errors import UsageError
    if crew < 0:
        raise UsageError(f"--crew {crew} is out of range", field="crew", expected="0 or more")
    ids, lv, st = _field(revealed, campaign, levels)
    turn = Turn([st[i] for i in ids], crew, _held(treasures, lv))
    plans = [_plan_dict(p, crew) for p in turn.best(3)]
    return {"crew": crew, "revealed": ids, "exact": turn.exact, "plans": plans}


def odds_for(crew: int, difficulty: int | None, modifier: int, assignment: str | None,
             treasures: list[str], campaign: str | None) -> dict:
    """`odds`: one card's exact chance, or an assignment's exact death distribution under best play."""
    from pnp.errors import UsageError
    if crew < 0:
        raise UsageError(f"--crew {crew} is out of range", field="crew", expected="0 or more")
    if assignment is None:
        if difficulty < 1:
            raise UsageError(f"--difficulty {difficulty} is out of range", field="difficulty", expected="1 or more")
        p = p_success(crew, difficulty, modifier)
        return {"crew": crew, "difficulty": difficulty, "modifier": modifier, "chance": str(p),
                "percent": float(p) * 100}
    from pnp.games.argonauts.rulings import parse_pairs
    pairs = parse_pairs(assignment, "assign")
    ids, lv, st = _field(",".join(n for n, _ in pairs), campaign, None)
    for cid in ids:
        if st[cid].kind not in ("monster", "treasure"):
            raise UsageError(f"no crew may be placed on '{cid}', a {st[cid].kind}", field="assign",
                             hint="see argonauts.assignment.3")
    if sum(n for _, n in pairs) > crew:
        raise UsageError(f"{sum(n for _, n in pairs)} crew assigned but only {crew} alive", field="assign")
    turn = Turn([st[i] for i in ids], crew, _held(treasures, lv))
    plan = turn.plan(tuple(n for _, n in pairs))
    return dict(_plan_dict(plan, crew), crew=crew)


def _field(revealed: str, campaign: str | None, levels: str | None):
    """Card ids, levels (0-based) and stats for a typed list of revealed cards."""
    from pnp.games.argonauts.cards import deck_stats, find_card, load_cards
    from pnp.games.argonauts.rulings import split_list
    cards = load_cards()
    ids = [find_card(n, cards) for n in split_list(revealed, "revealed")]
    lv = {}
    if campaign:
        from pnp.games.argonauts.campaign_link import campaign_game
        lv = campaign_game(campaign)["levels"]
    if levels:
        from pnp.games.argonauts.rulings import parse_pairs
        for name, n in parse_pairs(levels, "levels"):
            lv[find_card(name, cards)] = n - 1
    return ids, lv, deck_stats(set(ids), lv, cards)
