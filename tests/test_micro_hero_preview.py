"""Micro Hero's batch plan preview and the cached plan table (the simulator's fast path) agree with
legal_actions() and with scoring each played order card by card."""
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


@pytest.mark.parametrize("expansions,stances", [((), ("hercules", "hercules")),
                                                (("omphale", "hera"), ("omphale", "omphale")),
                                                (("athena", "calm"), ("hercules", "hercules"))])
def test_plan_choices_are_exactly_the_legal_plans_with_their_card_by_card_icons(expansions, stances):
    """The table cached per sorted hand, mapped back to the real hand, lists every legal plan once, and
    gives each the icons chain_score gives it; preview_plan reads the same table."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = MicroHeroState(Options(difficulty="heroic", players=2 if seed == 2 else 1,
                                       expansions=frozenset(expansions), stances=stances))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            if state.phase == "plan":
                legal = state.legal_actions()
                choices = state.plan_choices(state.actor)
                mapped = [choices.action(i) for i in range(len(choices.table.plans.actions))]
                assert len(mapped) == len(legal) and set(mapped) == set(legal)
                for i, action in enumerate(mapped):
                    assert Icons(*choices.table.rows[i].tolist()) == _by_hand(state, state.actor, action)
                for action in rng.sample(legal, min(5, len(legal))):
                    assert state.preview_plan(state.actor, action) == _by_hand(state, state.actor, action)
                checked += len(legal)
            state.apply_action(POLICIES["greedy"](state, rng))
    assert checked > 1000


def test_preview_plan_of_an_order_not_listed_swaps_identical_cards_and_scores_the_same():
    """legal_actions() lists one order per distinct sequence; the same order with two identical cards
    swapped is accepted by apply_action and previewed card by card (not from the table)."""
    state = MicroHeroState(Options())
    hero = state.heroes[0]
    hero.hand = [state._new(k) for k in ("strike", "block", "strike", "training", "block")]
    state.phase, state.round, state.turn = "plan", 1, 1
    listed = ("play", (0, 1, 2, 3, 4), None)
    swapped = ("play", (2, 4, 0, 3, 1), None)
    assert listed in state.legal_actions() and swapped not in state.legal_actions()
    assert state.plan_choices(0).outcome_of(swapped) is None
    assert state.preview_plan(0, swapped) == state.preview_plan(0, listed) == _by_hand(state, 0, listed)
