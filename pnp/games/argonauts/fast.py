"""A fast whole-game loop for the greedy policy, on plain ints, for the simulator's throughput.

It plays exactly the rules of pnp.games.argonauts.state (tests replay the same games through
State with the same decisions and dice and compare). Rule ids are cited as in state.py.
"""
from __future__ import annotations

from pnp.games.argonauts.cards import Stats

M, T, B, W = 0, 1, 2, 3
_KIND = {"monster": M, "treasure": T, "blessing": B, "wrath": W}
# effect codes: 0 none, 1 continuous modifier, 2 continuous crew, 3 single modifier, 4 single ignore, 5 single reroll


def compile_deck(stats: dict[str, Stats]) -> dict[str, tuple]:
    """Each card as a tuple (kind, difficulty, deadliness, ignorable, effect code, amount, applies kind or -1,
    greedy rank)."""
    out = {}
    for cid, s in stats.items():
        code, amount, applies = 0, 0, -1
        if s.effect is not None:
            e = s.effect
            amount = e.amount
            applies = _KIND.get(e.applies, -1)
            code = {("continuous", "modifier"): 1, ("continuous", "crew"): 2, ("single", "modifier"): 3,
                    ("single", "ignore"): 4, ("single", "reroll"): 5}.get((s.use, e.type), 0)
        out[cid] = (_KIND[s.kind], s.difficulty, s.deadliness, s.ignorable, code, amount, applies,
                    (-s.deadliness, s.difficulty))
    return out


def greedy_plan(field, crew, mods, items, info):
    """Greedy decisions for a turn: cards to ignore (with the item spent) and crew per card, in resolution order.

    Ignorable monsters are ignored; a held ignore item is spent on the deadliest other monster it
    fits. Then monsters (deadliest first) and treasures (easiest first) each get the crew that makes
    them certain, while crew lasts. Treasures are resolved first, then monsters in that order.
    """
    monsters = [c for c in field if info[c][0] == M]
    treasures = [c for c in field if info[c][0] == T]
    if len(monsters) > 1:
        monsters.sort(key=lambda c: info[c][7])
    if len(treasures) > 1:
        treasures.sort(key=lambda c: info[c][1])
    ignores = [(c, None) for c in monsters if info[c][3]]
    if items:
        free_items = [i for i in items if info[i][4] == 4 and info[i][6] in (-1, M)]
        for c in monsters:
            if free_items and not info[c][3]:
                ignores.append((c, free_items.pop(0)))
    if ignores:
        ignored = {c for c, _ in ignores}
        monsters = [c for c in monsters if c not in ignored]
    free = crew
    plan = {}
    order = treasures + monsters
    for c in monsters + treasures:
        need = info[c][1] - mods[info[c][0]] - 1
        n = 1 if need < 1 else need
        if n > free:
            n = free
        plan[c] = n
        free -= n
    return ignores, plan, order


def _saver(treasures, info, kind, short):
    """The smallest single-use modifier that covers a shortfall, or None."""
    best = None
    for t in treasures:
        ti = info[t]
        if ti[4] == 3 and ti[6] in (-1, kind) and ti[5] >= short and (best is None or ti[5] < info[best][5]):
            best = t
    return best


def play_greedy(deck: list[str], info: dict[str, tuple], crew: int, rng) -> tuple:
    """One whole game with the greedy policy; returns (won, crew_left, turns, killers dict card->deaths)."""
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
            k = info[c][0]
            if k == W:
                want += 2  # argonauts.quest.4, argonauts.gap.2
            elif k != B:
                field.append(c)
            want -= 1
            if want > size - top:
                want = size - top  # argonauts.gap.3
        items = [t for t in treasures if info[t][4] >= 3] if treasures else ()
        ignores, plan, order = greedy_plan(field, crew, mods, items, info)
        for c, it in ignores:  # argonauts.combat.4
            if it is not None:
                treasures.remove(it)
        left = len(order)
        for pos in range(left):
            c = order[pos]
            ci = info[c]
            kind = ci[0]
            n = plan[c]
            ok = False
            if n > 0:  # argonauts.combat.2
                r = int(rand() * 6) + 1
                base = n + mods[kind]
                ok = r == 6 or r + base >= ci[1]  # argonauts.combat.5, .17
                if not ok and treasures:  # argonauts.gap.8: smallest saving modifier, else a reroll
                    saver = _saver(treasures, info, kind, ci[1] - r - base)
                    if saver is None:
                        rr = next((t for t in treasures if info[t][4] == 5), None)
                        if rr is not None:
                            treasures.remove(rr)
                            r = int(rand() * 6) + 1
                            ok = r == 6 or r + base >= ci[1]
                            if not ok:
                                saver = _saver(treasures, info, kind, ci[1] - r - base)
                    if saver is not None:
                        treasures.remove(saver)
                        ok = True
            if ok:
                if kind == T:
                    treasures.append(c)  # argonauts.combat.7
                    code = ci[4]
                    if code == 1:  # argonauts.combat.9
                        if ci[6] in (-1, M):
                            mods[M] += ci[5]
                        if ci[6] in (-1, T):
                            mods[T] += ci[5]
                    elif code == 2:
                        crew += ci[5]  # argonauts.gap.14
            elif kind == M:
                dead = ci[2]
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
        if top == size:  # argonauts.cleanup.2
            return True, crew, turns, killers
