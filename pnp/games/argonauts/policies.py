"""Decision policies for the Argonauts State: advise (exact), greedy and random."""
from __future__ import annotations

from pnp.games.argonauts.fast import compile_deck, greedy_plan
from pnp.games.argonauts.odds import Turn, _cuts, _k
from pnp.games.argonauts.state import State


def _turn(state: State) -> tuple[Turn, tuple]:
    cards = [state.stats[c] for c in state.unresolved]
    t = Turn(cards, state.crew, [state.stats[x] for x in state.treasures])
    crews = tuple(state.on.get(c, 0) for c in state.unresolved)
    return t, ((1 << len(cards)) - 1, crews, state.crew, t.items, t.mod["monster"], t.mod["treasure"])


def advise_assignment(state: State, top: int = 3):
    """The best assignments for the revealed cards (exact), best first."""
    t, _ = _turn(state)
    return t.best(top)


def advise_action(state: State):
    """The exactly best action now (assignment, next card, treasure use or casualty)."""
    if state.phase == "assign":
        best = advise_assignment(state, 1)
        return ("assign", None, best[0].assignment) if best else ("done",)
    t, key = _turn(state)
    rem, crews, alive, items, modm, modt = key
    if state.phase == "combat":
        best, act = None, None
        for j, c in enumerate(state.unresolved):
            for opt, val in t._options(j, rem, crews, alive, items, modm, modt):
                if best is None or _k(val) > _k(best):
                    best = val
                    act = ("resolve", c) if opt[0] == "resolve" else ("ignore", c, _item_card(state, c, opt[2]))
        return act
    if state.phase == "after":
        j = state.unresolved.index(state.rolling)
        rest, freed = rem & ~(1 << j), crews[:j] + (0,) + crews[j + 1:]
        best, act = t._fail(j, rest, freed, alive, items, modm, modt), ("accept",)
        for a in state.legal_actions()[1:]:
            s = state.stats[a[1]]
            it = (s.effect.type, s.effect.amount, s.effect.applies)
            i = items.index(it)
            left = items[:i] + items[i + 1:]
            if it[0] == "reroll":
                v = t._roll(j, crews[j], rest, freed, alive, left, modm, modt)
            else:
                card = state.stats[state.rolling]
                mod = state.modifier(card.kind) + state.roll_bonus
                if state.roll + crews[j] + mod + it[1] < card.difficulty:
                    continue
                v = t._win(j, rest, freed, alive, left, modm, modt)
            if _k(v) > _k(best):
                best, act = v, a
        return act
    if state.phase == "deaths":
        free = state.free_crew()
        if free > 0:
            return ("kill", "free")
        best, pick = None, None
        for cut in _cuts(crews, 1):
            v = t.value(rem, cut, alive - state.pending_deaths, items, modm, modt)
            if best is None or _k(v) > _k(best):
                best, pick = v, cut
        i = next(i for i, (a, b) in enumerate(zip(crews, pick)) if a != b)
        return ("kill", state.unresolved[i])
    return state.legal_actions()[0]


def _item_card(state: State, card: str, item) -> str | None:
    if item is None:
        return None
    kind = state.stats[card].kind
    for t in state.treasures:
        s = state.stats[t]
        if s.use == "single" and (s.effect.type, s.effect.amount, s.effect.applies) == item and s.effect.fits(kind):
            return t
    return None


class Greedy:
    """The greedy policy of pnp.games.argonauts.fast, as State actions (same decisions)."""

    def __init__(self, state: State):
        self.info = compile_deck(state.stats)
        self.plan: dict = {}
        self.ignores: list = []
        self.order: list = []

    def __call__(self, state: State):
        info = self.info
        if state.phase == "assign":
            mods = [state.modifier("monster"), state.modifier("treasure")]
            items = [t for t in state.treasures if info[t][4] >= 3]
            self.ignores, self.plan, self.order = greedy_plan(list(state.unresolved), state.crew, mods, items, info)
            self.order = list(self.order)
            return ("assign", None, dict(self.plan))
        if state.phase == "combat":
            if self.ignores:
                c, it = self.ignores.pop(0)
                return ("ignore", c, it)
            return ("resolve", next(c for c in self.order if c in state.unresolved))
        if state.phase == "after":
            card = state.stats[state.rolling]
            n = state.on.get(state.rolling, 0)
            mod = state.modifier(card.kind)
            savers = [t for t in state.treasures if info[t][4] == 3 and info[t][6] in (-1, info[state.rolling][0])
                      and state.roll + n + mod + info[t][5] >= card.difficulty]
            if savers:
                return ("use", min(savers, key=lambda t: info[t][5]))
            rr = next((t for t in state.treasures if info[t][4] == 5), None)
            return ("use", rr) if rr else ("accept",)
        if state.phase == "deaths":
            if state.free_crew() > 0:
                return ("kill", "free")
            pending = [c for c in self.order if c in state.unresolved]
            return ("kill", next(c for c in reversed(pending) if state.on.get(c, 0) > 0))
        return state.legal_actions()[0]
