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
    """Each card as a tuple (kind, difficulty, deadliness, ignorable, effect code, amount, applies kind or -1)."""
    out = {}
    for cid, s in stats.items():
        code, amount, applies = 0, 0, -1
        if s.effect is not None:
            e = s.effect
            amount = e.amount
            applies = _KIND.get(e.applies, -1)
            code = {("continuous", "modifier"): 1, ("continuous", "crew"): 2, ("single", "modifier"): 3,
                    ("single", "ignore"): 4, ("single", "reroll"): 5}.get((s.use, e.type), 0)
        out[cid] = (_KIND[s.kind], s.difficulty, s.deadliness, s.ignorable, code, amount, applies)
    return out


def greedy_plan(field, crew, mods, items, info):
    """Greedy decisions for a turn: cards to ignore (with the item spent) and crew per card, in resolution order.

    Ignorable monsters are ignored; a held ignore item is spent on the deadliest other monster it
    fits. Then monsters (deadliest first) and treasures (easiest first) each get the crew that makes
    them certain, while crew lasts. Treasures are resolved first, then monsters in that order.
    """
    ignores, fights = [], []
    monsters = sorted((c for c in field if info[c][0] == M), key=lambda c: (-info[c][2], info[c][1]))
    treasures = sorted((c for c in field if info[c][0] == T), key=lambda c: info[c][1])
    free_items = list(items)
    for c in monsters:
        if info[c][3]:
            ignores.append((c, None))
    for c in monsters:
        if info[c][3]:
            continue
        it = next((i for i in free_items if info[i][4] == 4 and info[i][6] in (-1, M)), None)
        if it is not None:
            free_items.remove(it)
            ignores.append((c, it))
    ignored = {c for c, _ in ignores}
    free = crew
    plan = {}
    for c in monsters + treasures:
        if c in ignored:
            continue
        need = max(1, info[c][1] - mods[info[c][0]] - 1)
        n = min(need, free)
        plan[c] = n
        free -= n
    order = [c for c in treasures if c in plan] + [c for c in monsters if c in plan]
    return ignores, plan, order


def play_greedy(deck: list[str], info: dict[str, tuple], crew: int, rng) -> tuple:
    """One whole game with the greedy policy; returns (won, crew_left, turns, killers dict card->deaths)."""
    deck = list(deck)
    treasures: list[str] = []
    mods = [0, 0]
    killers: dict[str, int] = {}
    turns = 0
    rand = rng.random
    while True:
        turns += 1
        field = []
        want = min(3, len(deck))  # argonauts.quest.1
        while want > 0:
            c = deck.pop(0)
            if info[c][0] == W:
                want += 2  # argonauts.quest.4, argonauts.gap.2
            elif info[c][0] != B:
                field.append(c)
            want = min(want - 1, len(deck))  # argonauts.gap.3
        items = [t for t in treasures if info[t][4] >= 3]
        ignores, plan, order = greedy_plan(field, crew, mods, items, info)
        for c, it in ignores:  # argonauts.combat.4
            if it is not None:
                treasures.remove(it)
        pending = list(order)
        while pending:
            c = pending.pop(0)
            kind, diff, dead = info[c][0], info[c][1], info[c][2]
            n = plan[c]
            ok = False
            if n > 0:  # argonauts.combat.2
                r = int(rand() * 6) + 1
                mod = mods[kind]
                ok = r == 6 or r + n + mod >= diff  # argonauts.combat.5, .17
                if not ok:  # argonauts.gap.8: spend the smallest item that saves the roll, else a reroll
                    saver = None
                    for t in treasures:
                        ti = info[t]
                        if ti[4] == 3 and ti[6] in (-1, kind) and r + n + mod + ti[5] >= diff:
                            if saver is None or ti[5] < info[saver][5]:
                                saver = t
                    if saver is not None:
                        treasures.remove(saver)
                        ok = True
                    else:
                        rr = next((t for t in treasures if info[t][4] == 5), None)
                        if rr is not None:
                            treasures.remove(rr)
                            r = int(rand() * 6) + 1
                            ok = r == 6 or r + n + mod >= diff
                            if not ok:
                                for t in treasures:
                                    ti = info[t]
                                    if ti[4] == 3 and ti[6] in (-1, kind) and r + n + mod + ti[5] >= diff:
                                        if saver is None or ti[5] < info[saver][5]:
                                            saver = t
                                if saver is not None:
                                    treasures.remove(saver)
                                    ok = True
            if ok and kind == T:
                treasures.append(c)  # argonauts.combat.7
                code = info[c][4]
                if code == 1:  # argonauts.combat.9
                    for k in (M, T):
                        if info[c][6] in (-1, k):
                            mods[k] += info[c][5]
                elif code == 2:
                    crew += info[c][5]  # argonauts.gap.14
            elif not ok and kind == M:
                killers[c] = killers.get(c, 0) + min(dead, crew)
                if dead >= crew:  # argonauts.gap.6
                    return False, 0, turns, killers
                free = crew - sum(plan[p] for p in pending)
                excess = dead - free
                crew -= dead  # argonauts.combat.13, .15
                for p in reversed(pending):  # cut placed crew from the last card to resolve
                    if excess <= 0:
                        break
                    take = min(excess, plan[p])
                    plan[p] -= take
                    excess -= take
        if not deck:  # argonauts.cleanup.2
            return True, crew, turns, killers
