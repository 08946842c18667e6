"""Decision policies for the Argonauts State: advise (exact), greedy and random."""
from __future__ import annotations

import numpy as np

from pnp.games.argonauts.dice import shortfall
from pnp.games.argonauts.fast import SINGLE_MODIFIER, SINGLE_REROLL, compile_deck, greedy_plan, saver
from pnp.games.argonauts.state import State
from pnp.games.argonauts.turn import Turn, better, outcome


def _turn(state: State, crew: int | None = None) -> tuple[Turn, tuple]:
    """The exact turn solver for the cards still unresolved, and the crew on each of them."""
    cards = [state.stats[c] for c in state.unresolved]
    t = Turn(cards, state.crew if crew is None else crew, [state.stats[x] for x in state.treasures])
    return t, tuple(state.on.get(c, 0) for c in state.unresolved)


def advise_assignment(state: State, top: int = 3):
    """The best assignments for the revealed cards (exact), best first."""
    return _turn(state)[0].best(top)


def _pick(options):
    """The first (value, action) pair whose value no later one beats."""
    best, act = None, None
    for val, a in options:
        if best is None or better(np.array(val), np.array(best)):
            best, act = val, a
    return act


def advise_action(state: State):
    """The exactly best action now (assignment, next card, treasure use or casualty)."""
    if state.phase == "assign":
        best = advise_assignment(state, 1)
        return ("assign", None, best[0].assignment) if best else ("done",)
    if state.phase == "combat":
        t, crews = _turn(state)
        kind, j, item = t.move(crews)
        card = state.unresolved[j]
        return ("resolve", card) if kind == "resolve" else ("ignore", card, item and _held_card(state, item))
    if state.phase == "after":
        t, crews = _turn(state)
        j = state.unresolved.index(state.rolling)
        card = state.stats[state.rolling]
        mod = state.modifier(card.kind) + state.roll_bonus
        options = [(t.after_fail(j, crews), ("accept",))]
        for pick in outcome(state.roll, crews[j], mod, card, t.items):
            options.append((t.after_save(j, crews, pick), ("use", _held_card(state, t.items[pick[0]]))))
        return _pick(options)
    if state.phase == "deaths":
        if state.free_crew() > 0:
            return ("kill", "free")
        t, crews = _turn(state, state.crew - state.pending_deaths)
        return _pick((t.value(crews[:i] + (n - 1,) + crews[i + 1:]), ("kill", c))
                     for i, (c, n) in enumerate(zip(state.unresolved, crews)) if n > 0)
    return state.legal_actions()[0]


def _held_card(state: State, item: tuple) -> str:
    """A held single-use treasure with this effect (type, amount, applies)."""
    return next(t for t in state.treasures if state.stats[t].use == "single" and (
        state.stats[t].effect.type, state.stats[t].effect.amount, state.stats[t].effect.applies) == item)


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
            items = [t for t in state.treasures if info[t].effect >= SINGLE_MODIFIER]
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
            short = shortfall(state.roll, state.on.get(state.rolling, 0), state.modifier(card.kind), card.difficulty)
            save = saver(state.treasures, info, info[state.rolling].kind, short)
            if save is not None:
                return ("use", save)
            rr = next((t for t in state.treasures if info[t].effect == SINGLE_REROLL), None)
            return ("use", rr) if rr else ("accept",)
        if state.phase == "deaths":
            if state.free_crew() > 0:
                return ("kill", "free")
            pending = [c for c in self.order if c in state.unresolved]
            return ("kill", next(c for c in reversed(pending) if state.on.get(c, 0) > 0))
        return state.legal_actions()[0]
