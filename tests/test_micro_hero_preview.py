"""Micro Hero's batch plan preview (the simulator's fast path) agrees with scoring each played order card by card."""
import random

import pytest

from pnp.games.base import sample_chance
from pnp.games.micro_hero.cards import Icons
from pnp.games.micro_hero.engine import BOOST, MicroHeroState, Options, chain_score
from pnp.games.micro_hero.policies import POLICIES


def _by_hand(state: MicroHeroState, p: int, action) -> Icons:
    """The icons of a plan worked out card by card with chain_score, then the stance's change (gap.7, gap.26)."""
    _, order, stance = action
    hero = state.heroes[p]
    cards = [(state.cat.kinds[hero.hand[i].kind], hero.hand[i].up) for i in order]
    total, _ = chain_score(cards, bool(state.effects().get("first_card_solo")))
    if stance and stance[0] == "boost":
        total = total + Icons(**{stance[1]: BOOST})
    if stance and stance[0] == "skin":
        total = total + Icons(attack=len(hero.stash))
    if hero.stance == "hercules" and hero.side == "B":
        total = Icons(total.attack, max(0, total.defence - 1), total.xp)
    return total


@pytest.mark.parametrize("expansions,stances", [((), ("hercules", "hercules")),
                                                (("omphale", "blood"), ("omphale", "omphale")),
                                                (("athena", "calm"), ("hercules", "hercules"))])
def test_preview_plans_matches_chain_score_at_every_plan_of_random_games(expansions, stances):
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = MicroHeroState(Options(difficulty="mythic", expansions=frozenset(expansions), stances=stances))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if state.phase == "plan":
                rows = state.preview_plans(state.actor, legal).tolist()
                assert [Icons(*r) for r in rows] == [_by_hand(state, state.actor, a) for a in legal]
                assert state.preview_plan(state.actor, legal[-1]) == Icons(*rows[-1])
                checked += len(legal)
            state.apply_action(POLICIES["greedy"](state, rng))
    assert checked > 100
