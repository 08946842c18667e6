"""Micro Hero's simulator paths agree with the checked ones: a state drawing its own chance outcomes meets
the decisions of the chance-node path, and the greedy's upgrade and preparation picks, which ask the engine
about only the actions they would take, equal the picks made from legal_actions()."""
import random

import pytest

from pnp.games.base import sample_chance
from pnp.games.micro_hero.engine import MicroHeroState
from pnp.games.micro_hero.pieces import Options
from pnp.games.micro_hero.policies import ICON_WEIGHT, POLICIES, greedy_action
from pnp.games.micro_hero.sim import play

OPTIONS = [Options(), Options(difficulty="mythic", expansions=frozenset({"hera", "calm", "blood"})),
           Options(difficulty="heroic", players=2, expansions=frozenset({"athena", "omphale", "hera"}),
                   stances=("omphale", "hercules"))]


def snapshot(st: MicroHeroState) -> tuple:
    """Everything a game's course shows: phase, counters, Trial, every pile card by card, the log."""
    piles = [st.supply, st.wounds, st.upcoming, [c for c, _ in st.lingering]]
    for h in st.heroes:
        piles += [h.deck, h.discard, h.hand, h.played, h.stash, h.pool]
    return (st.phase, st.actor, st.round, st.turn, st.xp, st.beaten, st.t_attack, st.t_defence, st.t_life,
            st.revenge, st.revenge_order, st.lifecard, st.trial and st.trial.uid, list(st.log),
            [[(c.uid, c.up) for c in pile] for pile in piles],
            [(h.side, h.turned, h.shield, h.prep_left, h.result) for h in st.heroes])


@pytest.mark.parametrize("opt", OPTIONS)
def test_a_state_given_an_rng_meets_the_decisions_of_the_chance_node_path(opt):
    """A state drawing its own chance outcomes stops at the same decisions, in the same positions and with
    the same rng state, as one whose shuffles, reveals and Revenge draws are chance nodes sampled by
    base.sample_chance with the same rng; both games end alike."""
    decisions = 0
    for seed in range(5):
        plain_rng, inline_rng = random.Random(seed), random.Random(seed)
        plain, inline = MicroHeroState(opt), MicroHeroState(opt, rng=inline_rng)
        while not plain.is_terminal():
            if plain.is_chance_node():
                plain.apply_action(sample_chance(plain, plain_rng))
                continue
            assert not inline.is_chance_node() and snapshot(inline) == snapshot(plain)
            assert plain_rng.getstate() == inline_rng.getstate()
            assert inline.legal_actions() == plain.legal_actions()
            policy = POLICIES["greedy" if (seed + decisions) % 5 else "random"]
            action = policy(plain, plain_rng)
            assert policy(inline, inline_rng) == action
            plain.apply_action(action)
            inline.apply_action(action)
            decisions += 1
        assert inline.is_terminal() and snapshot(inline) == snapshot(plain)
    assert decisions > 60


def test_play_reports_as_the_chance_node_loop():
    """sim.play (a state with the rng) ends each game as the loop over chance nodes with the same seed does."""
    for seed, opt in enumerate(OPTIONS * 2):
        rng, state = random.Random(seed), MicroHeroState(opt)
        while not state.is_terminal():
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else greedy_action(state, rng))
        assert snapshot(play(opt, seed)) == snapshot(state)


def _upgrade_from_listing(state: MicroHeroState, legal: list[tuple]):
    """The greedy's upgrade pick made from the whole legal_actions() list: a Wound on top healed, else the
    best Blessing, else an upgrade, else a foresee, else the Technique the deck lacks, else done."""
    kinds = state.cat.kinds
    for p, hero in enumerate(state.heroes):
        top = hero.discard[-1] if hero.discard else None
        if top is not None and kinds[top.kind].kind == "wound" and ("upgrade", p) in legal:
            return ("upgrade", p)
    buys = [a for a in legal if a[0] == "buy"]
    blessings = [a for a in buys if kinds[a[1]].kind == "blessing"]
    if blessings:
        return max(blessings, key=lambda a: sum(kinds[a[1]].base.get(i) * w for i, w in ICON_WEIGHT.items()))
    for what in ("upgrade", "foresee"):
        for p in range(len(state.heroes)):
            if (what, p) in legal:
                return (what, p)
    if buys:
        cards = state.heroes[0].deck + state.heroes[0].discard
        strikes = sum(kinds[c.kind].base.attack for c in cards)
        blocks = sum(kinds[c.kind].base.defence for c in cards)
        want = ("strike", "wrestle", "block", "dodge") if strikes <= blocks else ("block", "dodge", "strike", "wrestle")
        for kid in want:
            for a in buys:
                if a[1] == kid:
                    return a
    return ("done",)


def _prep_from_listing(legal: list[tuple]):
    """The greedy's preparation pick made from the whole legal_actions() list: the first rest, else shield,
    else recover, else ready, else pass."""
    for what in ("rest", "shield", "recover", "ready"):
        options = [a for a in legal if a[1] == what]
        if options:
            return options[0]
    return legal[0]


@pytest.mark.parametrize("opt", OPTIONS)
def test_greedy_upgrade_and_prep_picks_equal_picking_from_the_listing(opt):
    """At every upgrade and preparation decision of greedy and random games, the greedy's pick (asking
    buyable() and upgrade_legal about its candidates in its order) equals its pick from legal_actions(), and
    is legal; buyable() kept from earlier in the step equals a fresh answer."""
    checked = {"upgrade": 0, "prep": 0}
    for seed in range(8):
        rng = random.Random(seed)
        state = MicroHeroState(opt, rng=rng)
        while not state.is_terminal():
            if state.phase in checked:
                legal = state.legal_actions()
                kept, state._buyable = state.buyable(), None
                assert state.buyable() == kept                      # the kept answer is a fresh one
                pick = greedy_action(state, random.Random(0))
                expected = _upgrade_from_listing(state, legal) if state.phase == "upgrade" else _prep_from_listing(legal)
                assert pick == expected and pick in legal
                checked[state.phase] += 1
            state.apply_action(POLICIES["greedy" if (seed + sum(checked.values())) % 4 else "random"](state, rng))
    assert checked["upgrade"] > 60 and checked["prep"] > 1
