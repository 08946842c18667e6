"""A fast whole-game loop for the greedy policy, on plain ints, for the simulator's throughput.

It plays exactly the rules of pnp.games.argonauts.state, with the dice rule of
pnp.games.argonauts.dice (tests replay the same games through State with the same decisions and
dice and compare them turn by turn). Rule ids are cited as in state.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.games.argonauts.cards import Stats
from pnp.games.argonauts.dice import shortfall, succeeds

M, T, B, W = 0, 1, 2, 3  # kinds: monster, treasure, blessing, wrath
KIND = {"monster": M, "treasure": T, "blessing": B, "wrath": W}
ANY = -1  # an effect that applies to every kind
# effect codes, single-use ones from SINGLE_MODIFIER on
NONE, CONTINUOUS_MODIFIER, CONTINUOUS_CREW, SINGLE_MODIFIER, SINGLE_IGNORE, SINGLE_REROLL = range(6)
EFFECT = {("continuous", "modifier"): CONTINUOUS_MODIFIER, ("continuous", "crew"): CONTINUOUS_CREW,
          ("single", "modifier"): SINGLE_MODIFIER, ("single", "ignore"): SINGLE_IGNORE,
          ("single", "reroll"): SINGLE_REROLL}


@dataclass(frozen=True, slots=True)
class FastCard:
    """One card as the loop reads it: kind and effect as int codes, the effect's kind as a kind code or ANY."""

    kind: int
    difficulty: int
    deadliness: int
    ignorable: bool
    effect: int
    amount: int
    applies: int
    rank: tuple  # greedy order of monsters: deadliest first, then easiest

    def fits(self, kind: int) -> bool:
        """Does this card's effect apply to a card of this kind code."""
        return self.applies == ANY or self.applies == kind


def compile_deck(stats: dict[str, Stats]) -> dict[str, FastCard]:
    """Each card as a FastCard."""
    out = {}
    for cid, s in stats.items():
        code, amount, applies = NONE, 0, ANY
        if s.effect is not None:
            amount = s.effect.amount
            applies = KIND.get(s.effect.applies, ANY)
            code = EFFECT.get((s.use, s.effect.type), NONE)
        out[cid] = FastCard(KIND[s.kind], s.difficulty, s.deadliness, s.ignorable, code, amount, applies,
                            (-s.deadliness, s.difficulty))
    return out


def greedy_plan(field, crew, mods, items, info):
    """Greedy decisions for a turn: cards to ignore (with the item spent) and crew per card, in resolution order.

    Ignorable monsters are ignored; a held ignore item is spent on the deadliest other monster it
    fits. Then monsters (deadliest first) and treasures (easiest first) each get the crew that makes
    them certain, while crew lasts. Treasures are resolved first, then monsters in that order.
    """
    monsters = [c for c in field if info[c].kind == M]
    treasures = [c for c in field if info[c].kind == T]
    if len(monsters) > 1:
        monsters.sort(key=lambda c: info[c].rank)
    if len(treasures) > 1:
        treasures.sort(key=lambda c: info[c].difficulty)
    ignores = [(c, None) for c in monsters if info[c].ignorable]
    if items:
        free_items = [i for i in items if info[i].effect == SINGLE_IGNORE and info[i].fits(M)]
        for c in monsters:
            if free_items and not info[c].ignorable:
                ignores.append((c, free_items.pop(0)))
    if ignores:
        ignored = {c for c, _ in ignores}
        monsters = [c for c in monsters if c not in ignored]
    free = crew
    plan = {}
    order = treasures + monsters
    for c in monsters + treasures:
        ci = info[c]
        need = ci.difficulty - mods[ci.kind] - 1  # certain: even a 1 reaches the difficulty (argonauts.combat.5)
        n = 1 if need < 1 else need
        if n > free:
            n = free
        plan[c] = n
        free -= n
    return ignores, plan, order


def saver(treasures, info, kind, short):
    """The smallest held single-use modifier for this kind that covers a shortfall, or None (argonauts.gap.8)."""
    best = None
    for t in treasures:
        ti = info[t]
        if ti.effect == SINGLE_MODIFIER and ti.fits(kind) and ti.amount >= short and (
                best is None or ti.amount < info[best].amount):
            best = t
    return best


def play_greedy(deck: list[str], info: dict[str, FastCard], crew: int, rng, on_turn=None) -> tuple:
    """One whole game with the greedy policy; returns (won, crew_left, turns, killers dict card->deaths).

    on_turn, if given, is called after each turn's combat with (turn, crew, treasures held) (for tests)."""
    treasures: list[str] = []
    mods = [0, 0]
    killers: dict[str, int] = {}
    turns = 0
    rand = rng.random
    top, size = 0, len(deck)
    while True:
        turns += 1
        field = []
        want = 3 if size - top >= 3 else size - top  # argonauts.quest.1
        while want > 0:
            c = deck[top]
            top += 1
            k = info[c].kind
            if k == W:
                want += 2  # argonauts.quest.4, argonauts.gap.2
            elif k != B:
                field.append(c)
            want -= 1
            if want > size - top:
                want = size - top  # argonauts.gap.3
        items = [t for t in treasures if info[t].effect >= SINGLE_MODIFIER] if treasures else ()
        ignores, plan, order = greedy_plan(field, crew, mods, items, info)
        for c, it in ignores:  # argonauts.combat.4
            if it is not None:
                treasures.remove(it)
        left = len(order)
        for pos in range(left):
            c = order[pos]
            ci = info[c]
            kind = ci.kind
            n = plan[c]
            ok = False
            if n > 0:  # argonauts.combat.2
                r = int(rand() * 6) + 1
                mod = mods[kind]
                ok = succeeds(r, n, mod, ci.difficulty)
                if not ok and treasures:  # argonauts.gap.8: smallest saving modifier, else a reroll
                    save = saver(treasures, info, kind, shortfall(r, n, mod, ci.difficulty))
                    if save is None:
                        rr = next((t for t in treasures if info[t].effect == SINGLE_REROLL), None)
                        if rr is not None:
                            treasures.remove(rr)
                            r = int(rand() * 6) + 1
                            ok = succeeds(r, n, mod, ci.difficulty)
                            if not ok:
                                save = saver(treasures, info, kind, shortfall(r, n, mod, ci.difficulty))
                    if save is not None:
                        treasures.remove(save)
                        ok = True
            if ok:
                if kind == T:
                    treasures.append(c)  # argonauts.combat.7
                    code = ci.effect
                    if code == CONTINUOUS_MODIFIER:  # argonauts.combat.9
                        if ci.fits(M):
                            mods[M] += ci.amount
                        if ci.fits(T):
                            mods[T] += ci.amount
                    elif code == CONTINUOUS_CREW:
                        crew += ci.amount  # argonauts.gap.14
            elif kind == M:
                dead = ci.deadliness
                if dead >= crew:  # argonauts.gap.6
                    killers[c] = killers.get(c, 0) + crew
                    return False, 0, turns, killers
                killers[c] = killers.get(c, 0) + dead
                waiting = 0
                for p in range(pos + 1, left):
                    waiting += plan[order[p]]
                excess = dead - (crew - waiting)
                crew -= dead  # argonauts.combat.13, .15
                p = left - 1
                while excess > 0:  # cut placed crew from the last card to resolve
                    take = plan[order[p]] if plan[order[p]] < excess else excess
                    plan[order[p]] -= take
                    excess -= take
                    p -= 1
        if on_turn is not None:
            on_turn(turns, crew, tuple(treasures))
        if top == size:  # argonauts.cleanup.2
            return True, crew, turns, killers
