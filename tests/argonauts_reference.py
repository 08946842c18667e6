"""A plain reference solver for one Argonauts combat phase, for checking pnp.games.argonauts.turn.

Written straight from the rules with none of the solver's shortcuts: crew counts as they are (no
useful levels), every way of cutting placed crew tried, no tables. Exponential; small fields only.
"""
from __future__ import annotations

import itertools
from functools import lru_cache


def reference(cards, crew: int, held) -> callable:
    """A function from an assignment (crew per fightable card) to its exact
    (p_survive, crew_left, cards_won) under best play."""
    cards = [c for c in cards if c.kind in ("monster", "treasure")]
    mods, items = {"monster": 0, "treasure": 0}, []
    for t in held:
        e = t.effect
        if t.use == "continuous" and e.type == "modifier":
            for k in mods:
                mods[k] += e.amount if e.fits(k) else 0
        elif t.use != "continuous":
            items.append((e.type, e.amount, e.applies))

    def best(values):
        top = None
        for v in values:
            if top is None or tuple(round(x, 9) for x in v) > tuple(round(x, 9) for x in top):
                top = v
        return top

    @lru_cache(None)
    def value(rem, crews, alive, items, mm, mt):
        if alive <= 0:
            return (0.0, 0.0, 0.0)
        if not rem:
            return (1.0, float(alive), 0.0)
        options = []
        for j in rem:
            rest, freed = tuple(x for x in rem if x != j), crews[:j] + (0,) + crews[j + 1:]
            if cards[j].ignorable:
                options.append(value(rest, freed, alive, items, mm, mt))
            for i, it in enumerate(items):
                if it[0] == "ignore" and it[2] in ("any", "all", cards[j].kind):
                    options.append(value(rest, freed, alive, items[:i] + items[i + 1:], mm, mt))
            options.append(roll(j, rem, crews, alive, items, mm, mt))
        return best(options)

    def win(j, rest, crews, alive, items, mm, mt):
        c, e = cards[j], cards[j].effect
        if c.kind == "treasure" and e:
            if c.use == "continuous" and e.type == "modifier":
                mm += e.amount if e.fits("monster") else 0
                mt += e.amount if e.fits("treasure") else 0
            elif c.use == "continuous" and e.type == "crew":
                alive += e.amount
            elif c.use == "single":
                items = tuple(sorted(items + ((e.type, e.amount, e.applies),)))
        v = value(rest, crews, alive, items, mm, mt)
        return (v[0], v[1], v[2] + 1)

    def fail(j, rest, crews, alive, items, mm, mt):
        c = cards[j]
        if c.kind != "monster" or not c.deadliness:
            return value(rest, crews, alive, items, mm, mt)
        if c.deadliness >= alive:
            return (0.0, 0.0, 0.0)
        cut = c.deadliness - (alive - sum(crews))  # placed crew that must die too
        found = []

        def cuts(i, left, cur):
            if left <= 0:
                found.append(tuple(cur))
            elif i < len(cur):
                for take in range(min(left, cur[i]) + 1):
                    cur[i] -= take
                    cuts(i + 1, left - take, cur)
                    cur[i] += take
        cuts(0, cut, list(crews))
        return best(value(rest, o, alive - c.deadliness, items, mm, mt) for o in found)

    @lru_cache(None)
    def roll(j, rem, crews, alive, items, mm, mt):
        c, n = cards[j], crews[j]
        rest, freed = tuple(x for x in rem if x != j), crews[:j] + (0,) + crews[j + 1:]
        if n == 0:
            return fail(j, rest, freed, alive, items, mm, mt)
        mod = mm if c.kind == "monster" else mt
        total = [0.0, 0.0, 0.0]
        for r in range(1, 7):
            if r == 6 or r + n + mod >= c.difficulty:
                v = win(j, rest, freed, alive, items, mm, mt)
            else:
                choices = [fail(j, rest, freed, alive, items, mm, mt)]
                for i, it in enumerate(items):
                    if it[0] == "reroll":
                        choices.append(roll(j, rem, crews, alive, items[:i] + items[i + 1:], mm, mt))
                plus = [i for i, it in enumerate(items) if it[0] == "modifier" and it[2] in ("any", "all", c.kind)]
                for k in range(1, len(plus) + 1):  # any set of modifiers that lifts the roll
                    for pick in itertools.combinations(plus, k):
                        if r + n + mod + sum(items[i][1] for i in pick) >= c.difficulty:
                            left = tuple(it for i, it in enumerate(items) if i not in pick)
                            choices.append(win(j, rest, freed, alive, left, mm, mt))
                v = best(choices)
            for k in range(3):
                total[k] += v[k] / 6
        return tuple(total)

    items = tuple(sorted(items))
    return lambda a: value(tuple(range(len(cards))), tuple(a), crew, items, mods["monster"], mods["treasure"])
