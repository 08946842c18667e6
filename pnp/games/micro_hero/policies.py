"""A greedy Micro Hero player: kill if possible, avoid Wounds, then bank XP; buys and heals sensibly."""
from __future__ import annotations

import random

import numpy as np

from pnp.games.micro_hero.engine import MicroHeroState, PlanTable

ICON_WEIGHT = {"attack": 1.2, "defence": 1.1, "xp": 0.8}
LIFECARD_PREFERENCE = ("slow-burn", "cornered-beast", "iron-calm", "rising-fury")


def _plan_values(state: MicroHeroState, p: int, plans: PlanTable) -> np.ndarray:
    """How good each plan is: a kill first, then few Wounds, then XP (the engine's damage and wounds are
    asked once per distinct Attack and per distinct Defence)."""
    others = sum(h.result.attack for i, h in enumerate(state.heroes) if i < p)
    shield, idle_wound = state.heroes[p].shield, bool(state.effects().get("idle_wound"))
    dmg = [state.damage(a + others) for a in plans.attacks]
    trial = [state.t_attack + state.calm_bonus(state.t_life - d).attack for d in dmg]
    strikes = sorted(set(trial))
    wounds = np.array([[state.wounds_for(d, shield, t)[0] for d in plans.defences] for t in strikes])
    wounds = wounds[np.array([strikes.index(t) for t in trial])[plans.by_attack], plans.by_defence]
    dmg = np.array(dmg)[plans.by_attack]
    defence, xp = plans.rows[:, 1], plans.rows[:, 2]
    return np.where(dmg >= state.t_life, 1000 + xp * 3,
                    dmg * 10 - (wounds + ((dmg == 0) & idle_wound)) * 45 + xp * 3 + defence * 0.2)


def _upgrade_choice(state: MicroHeroState, legal: list[tuple]):
    kinds = state.cat.kinds
    for p, hero in enumerate(state.heroes):
        top = hero.discard[-1] if hero.discard else None
        if top is not None and kinds[top.kind].kind == "wound" and ("upgrade", p) in legal:
            return ("upgrade", p)
    buys = [a for a in legal if a[0] == "buy"]
    blessings = [a for a in buys if kinds[a[1]].kind == "blessing"]
    if blessings:
        return max(blessings, key=lambda a: sum(kinds[a[1]].base.get(i) * w for i, w in ICON_WEIGHT.items()))
    for p in range(len(state.heroes)):
        if ("upgrade", p) in legal:
            return ("upgrade", p)
    for p in range(len(state.heroes)):
        if ("foresee", p) in legal:
            return ("foresee", p)
    if buys:
        hero = state.heroes[0]
        cards = hero.deck + hero.discard
        strikes = sum(kinds[c.kind].base.attack for c in cards)
        blocks = sum(kinds[c.kind].base.defence for c in cards)
        want = ("strike", "wrestle", "block", "dodge") if strikes <= blocks else ("block", "dodge", "strike", "wrestle")
        for kid in want:
            for a in buys:
                if a[1] == kid:
                    return a
    return ("done",)


def _prep_choice(legal: list[tuple]):
    order = ("rest", "shield", "recover", "ready")
    for what in order:
        options = [a for a in legal if a[1] == what]
        if options:
            return options[0]
    return legal[0]


def greedy_action(state: MicroHeroState, rng: random.Random):
    """The greedy policy's action at a decision node (ties broken by rng)."""
    phase = state.phase
    if phase == "plan":                     # the best-valued plan, uniformly among the ties
        plans = state.plan_choices(state.actor)
        values = _plan_values(state, state.actor, plans.table)
        tied = np.flatnonzero(values == values.max())
        return plans.action(int(tied[rng.randrange(len(tied))]))
    legal = state.legal_actions()
    if phase == "upgrade":
        return _upgrade_choice(state, legal)
    if phase == "split":
        atk = state.trial_attack()

        def total_wounds(a):
            d0 = a[1]
            d1 = sum(h.result.defence for h in state.heroes) - d0
            return (state.wounds_for(d0, state.heroes[0].shield, atk)[0]
                    + state.wounds_for(d1, state.heroes[1].shield, atk)[0])
        return min(legal, key=total_wounds)
    if phase == "prep":
        return _prep_choice(legal)
    if phase == "lifecard":
        return min(legal, key=lambda a: LIFECARD_PREFERENCE.index(a[1]))
    return rng.choice(legal)


def random_action(state: MicroHeroState, rng: random.Random):
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


POLICIES = {"greedy": greedy_action, "random": random_action}
