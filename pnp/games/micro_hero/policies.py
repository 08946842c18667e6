"""A greedy Micro Hero player: kill if possible, avoid Wounds, then bank XP; buys and heals sensibly."""
from __future__ import annotations

import random
from itertools import chain
from math import inf

from pnp.games.micro_hero.engine import MicroHeroState

ICON_WEIGHT = {"attack": 1.2, "defence": 1.1, "xp": 0.8}
_WEIGHTS = (ICON_WEIGHT["attack"], ICON_WEIGHT["defence"], ICON_WEIGHT["xp"])   # a Blessing's value sums in this order
WANT = ("strike", "wrestle", "block", "dodge")   # Techniques bought, Attack first (Defence first if the deck has more Attack)
_WANTED = frozenset(WANT)
LIFECARD_PREFERENCE = ("slow-burn", "cornered-beast", "iron-calm", "rising-fury")


def _best_cells(state: MicroHeroState, p: int, table) -> list[int]:
    """The cells of a PlanTable whose plans are valued best, in cell order. A cell's value, times 5 (whole
    numbers, so equal values tie exactly): a kill first, then few Wounds, then XP. Attacks are valued from
    the most back, a kill by its most XP; any other cell whose value before Wounds (plus `slack`, what a
    Wound count below 0 could add) is below the best so far is passed over, and so is a whole Attack whose
    most XP and most Defence could not reach it: the same cells as valuing every one."""
    others = sum([h.result.attack for h in state.heroes[:p]]) if p else 0
    eff = state.effects()
    shield, idle_wound = state.heroes[p].shield, eff.get("idle_wound")
    slack = -225 * min(0, 1 + eff.get("extra_wound", 0))    # wounds_for gives 0, or 1 + extra_wound at least
    life, calm, wounds_for = state.t_life, state.calm_bonus, state.wounds_for
    cell_defence, cell_xp, starts, attack_xp = table.cell_defence, table.cell_xp, table.starts, table.attack_xp
    by_trial: dict = {}                                # Trial Attack -> Wounds by Defence so far
    best = bar = -inf                                  # the best value so far; what a value before Wounds must reach
    tied: list = []
    stop, i, last = len(cell_xp), len(starts), None
    for dmg in reversed(state.damages([attack + others for attack in table.attacks] if others else table.attacks)):
        i -= 1
        start = starts[i]
        if dmg >= life:                                # a kill: 5000 plus 15 a XP
            most = attack_xp[i]
            value = 5000 + most * 15
            if value > best:
                best, bar, tied = value, value - slack, []
            if value == best:
                tied += [c for c in range(start, stop) if cell_xp[c] == most]
            stop = start
            continue
        if dmg != last:                                # Attacks below the Defence all deal 0
            last, hurt = dmg, None
            base = dmg * 50 - (225 if dmg == 0 and idle_wound else 0)
        if base + attack_xp[i] * 15 + cell_defence[stop - 1] < bar:
            stop = start                               # no cell of this Attack can reach the best (Defences rise)
            continue
        if hurt is None:
            trial_attack = state.t_attack + calm(life - dmg).attack
            hurt = by_trial.setdefault(trial_attack, {})
        for c in range(stop - 1, start - 1, -1):
            defence = cell_defence[c]
            value = base + cell_xp[c] * 15 + defence
            if value < bar:
                continue
            wounds = hurt.get(defence)
            if wounds is None:
                wounds = hurt[defence] = wounds_for(defence, shield, trial_attack)[0]
            value -= wounds * 225
            if value > best:
                best, bar, tied = value, value - slack, [c]
            elif value == best:
                tied.append(c)
        stop = start
    tied.sort()
    return tied


def _upgrade_choice(state: MicroHeroState):
    """Heal a Wound on top, else the best Blessing, else upgrade, else foresee, else the Technique the deck
    lacks, else done: the engine asked about only these (buyable(), upgrade_legal), in that order, the first
    legal one taken, as picking from legal_actions() would (a buy is legal for every player alike, so
    player 1's, listed first, is the one taken)."""
    if not state.can_spend():
        return ("done",)
    kinds, legal = state.cat.kinds, state.upgrade_legal
    heroes = range(len(state.heroes))
    for p, hero in enumerate(state.heroes):
        discard = hero.discard
        if discard and kinds[discard[-1].kind].kind == "wound" and legal(("upgrade", p)):
            return ("upgrade", p)
    buys = state.buyable()
    best, value = None, None
    wa, wd, wx = _WEIGHTS
    for kid in buys:
        k = kinds[kid]
        if k.kind == "blessing":
            icons = k.base
            v = icons.attack * wa + icons.defence * wd + icons.xp * wx    # its icons by ICON_WEIGHT, summed in order
            if best is None or v > value:
                best, value = kid, v
    if best is not None:
        return ("buy", best, 0)
    for what in ("upgrade", "foresee"):
        for p in heroes:
            if legal((what, p)):
                return (what, p)
    if _WANTED.isdisjoint(buys):
        return ("done",)
    hero, strikes = state.heroes[0], 0
    for c in chain(hero.deck, hero.discard):
        base = kinds[c.kind].base
        strikes += base.attack - base.defence
    for kid in WANT if strikes <= 0 else WANT[2:] + WANT[:2]:      # what the deck has fewer of first
        if kid in buys:
            return ("buy", kid, 0)


PREP_PREFERENCE = ("rest", "shield", "recover", "ready")   # else pass


def _prep_choice(state: MicroHeroState):
    """The first legal action of the most preferred kind: rest, else shield, recover, ready, else pass; the
    engine asked about only these kinds (prep_options), in that order, as picking from legal_actions() would."""
    p = state.actor
    for what in PREP_PREFERENCE:
        options = state.prep_options(p, what)
        if options:
            return options[0]
    return state.prep_options(p, "pass")[0]


def greedy_action(state: MicroHeroState, rng: random.Random):
    """The greedy policy's action at a decision node (ties broken by rng)."""
    phase = state.phase
    if phase == "plan":
        # the best-valued plan, uniformly among the ties; a plan's value grows with its XP, so only the
        # most-XP plans of each (attack, defence) cell of the engine's plan table can be best
        plans = state.plan_choices(state.actor)
        table = plans.table
        tied = [table.members(c) for c in _best_cells(state, state.actor, table)]
        k = rng.randrange(sum(map(len, tied)))
        for members in tied:
            if k < len(members):
                return plans.action(members[k])
            k -= len(members)
    if phase == "upgrade":
        return _upgrade_choice(state)
    if phase == "prep":
        return _prep_choice(state)
    legal = state.legal_actions()
    if phase == "split":
        atk = state.trial_attack()

        def total_wounds(a):
            d0 = a[1]
            d1 = sum(h.result.defence for h in state.heroes) - d0
            return (state.wounds_for(d0, state.heroes[0].shield, atk)[0]
                    + state.wounds_for(d1, state.heroes[1].shield, atk)[0])
        return min(legal, key=total_wounds)
    if phase == "lifecard":
        return min(legal, key=lambda a: LIFECARD_PREFERENCE.index(a[1]))
    return rng.choice(legal)


def random_action(state: MicroHeroState, rng: random.Random):
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


POLICIES = {"greedy": greedy_action, "random": random_action}
