"""Micro Hero engine: chain scoring, draw, upgrade, attack/defence, Wounds, rounds, co-op, random playouts."""
from __future__ import annotations

import random

import pytest

from pnp.errors import IllegalMove, UsageError
from pnp.games.base import random_playout
from pnp.games.micro_hero.engine import MicroHeroState
from pnp.games.micro_hero.pieces import Options
from pnp.games.micro_hero.plans import chain_score, distinct_orders
from pnp.games.micro_hero.cards import catalog

CAT = catalog()


def k(name):
    return CAT.kind(name)


def start(opt=None, trial="nemean-lion", deck=None):
    """A state past setup: deck in a known order (top first) and a chosen first Trial revealed."""
    st = MicroHeroState(opt or Options())
    order = deck or ["strike", "strike", "strike", "block", "block", "block",
                     "training", "training", "training", "training"]
    for p in range(st.opt.players):
        for kid in order:
            st.apply_action(kid)
    st.apply_action(trial)
    return st


# --- chain scoring (micro-hero.planning.3-.6, gap.6) --------------------------------------------

def test_rulebook_example_strike_first_of_five_scores_5_and_fourth_scores_2():
    total, steps = chain_score([(k("strike"), False), (k("block"), False), (k("training"), False),
                                (k("strike"), False), (k("training"), False)])
    assert steps[0].gained.attack == 5
    assert steps[3].gained.attack == 2
    assert total.attack == 7


def test_upgraded_card_scores_two_for_itself_and_each_later_card():
    total, steps = chain_score([(k("strike"), True)] + [(k("training"), False)] * 4)
    assert steps[0].triggers == 5 and steps[0].gained.attack == 10
    assert total.xp == 4 + 3 + 2 + 1


def test_wounds_extend_the_chain_but_score_nothing():
    with_wound, _ = chain_score([(k("strike"), False), (k("wound"), False)])
    without, _ = chain_score([(k("strike"), False)])
    assert (with_wound.attack, without.attack) == (2, 1)


def test_first_card_solo_rule_scores_first_card_once():
    total, _ = chain_score([(k("strike"), False), (k("block"), False)], first_solo=True)
    assert total.attack == 1 and total.defence == 1


def test_distinct_orders_merges_identical_cards():
    assert len(distinct_orders(["s", "s", "b"])) == 3
    assert len(distinct_orders(["a", "b", "c"])) == 6


# --- setup and drawing -------------------------------------------------------------------------

def test_setup_counts_and_supply():
    st = start()
    hero = st.heroes[0]
    assert len(hero.hand) == 5 and len(hero.deck) == 5
    kinds = sorted(c.kind for c in st.supply)
    assert len(kinds) == 6 and "serious-wound" not in kinds        # micro-hero.setup-supply.1
    assert len(st.wounds) == 3
    assert len(st.upcoming) == 11
    assert (st.t_attack, st.t_defence, st.t_life) == (7, 4, 12)    # printed values, nothing beaten


def test_bad_options_are_usage_errors():
    with pytest.raises(UsageError):
        Options(difficulty="legendary").check()
    with pytest.raises(UsageError):
        Options(start_deck={"strike": 4, "block": 4, "training": 1}).check()
    with pytest.raises(UsageError):
        Options(stances=("omphale", "omphale")).check()


def test_discard_turned_over_without_shuffling():
    st = start()
    hero = st.heroes[0]
    hero.deck, hero.hand = [], []
    a, b, c = st.supply[:3]
    st.supply = st.supply[3:]
    hero.discard = [a, b, c]                                        # c is the top card
    st._draw(hero, 2)
    assert hero.hand == [a, b] and hero.deck == [c] and hero.discard == []


# --- a turn ------------------------------------------------------------------------------------

def play(st, order=None, stance=None):
    hero = st.heroes[st.actor]
    st.apply_action(("play", tuple(order if order is not None else range(len(hero.hand))), stance))


def test_plan_then_upgrade_phase_and_blessing_ban_in_round_one():
    st = start()
    play(st)                       # strike, strike, strike, block, block
    assert st.phase == "upgrade" and st.xp == 0
    st.xp = 8
    st.supply.append(st.upcoming.pop())   # a Blessing in the supply during round 1
    acts = st.legal_actions()
    assert not any(a[0] == "buy" and CAT.kinds[a[1]].kind == "blessing" for a in acts)
    blessing = st.supply[-1].kind
    with pytest.raises(IllegalMove, match="first round"):
        st.apply_action(("buy", blessing, 0))
    st.upcoming.append(st.supply.pop())


def test_buy_upgrade_foresee_costs_and_places():
    st = start()
    play(st)
    st.xp = 12
    st.apply_action(("buy", "strike", 0))
    hero = st.heroes[0]
    assert hero.discard[-1].kind == "strike" and not hero.discard[-1].up and st.xp == 8
    st.apply_action(("upgrade", 0))
    assert hero.discard[-1].up and st.xp == 4
    assert ("upgrade", 0) not in st.legal_actions()                 # micro-hero.upgrade.3
    st.apply_action(("foresee", 0))
    assert hero.deck[0].kind == "strike" and hero.deck[0].up and st.xp == 0


def test_attack_over_defence_takes_life_and_defence_short_costs_one_wound():
    st = start()                   # Nemean Lion: attack 7, defence 4, life 12, damage cap 4
    play(st, stance=("boost", "attack"))   # 12 + 2 attack, 4 + 3 defence... see below
    hero = st.heroes[0]
    assert hero.result.attack == 5 + 4 + 3 + 2 and hero.result.defence == 2 + 1
    st.apply_action(("done",))
    assert st.t_life == 12 - 4                                     # capped at 4 by the Lion
    assert len(st.wounds) == 2                                      # defence 3 < attack 7: one Wound
    assert hero.side == "B"                                         # Supercharged used -> Winded
    assert hero.discard[0].kind == "serious-wound"                  # Wound first, then maintenance
    assert hero.discard[-1].uid == st.heroes[0].discard[-1].uid


def test_maintenance_discards_in_play_order():
    st = start()
    hero = st.heroes[0]
    played = list(hero.hand)
    play(st, order=[4, 3, 2, 1, 0])
    st.apply_action(("done",))
    assert [c.uid for c in hero.discard[:5]] == [c.uid for c in reversed(played)]


def test_loss_when_a_wound_is_due_and_none_left():
    st = start()
    st.wounds = []  # the three Wounds are now out of the game for this test's purpose
    play(st)
    st.apply_action(("done",))
    assert st.is_terminal() and st.returns() == [-1.0]
    assert "Wound" in st.end_reason


def test_twelfth_trial_beaten_wins():
    st = start()
    st.beaten = 11
    st.t_life = 1
    play(st)
    st.apply_action(("done",))
    assert st.is_terminal() and st.returns() == [1.0]


def test_beaten_trial_becomes_blessing_then_prep_then_next_life_plus_one():
    st = start()
    st.t_life = 1
    play(st)
    st.apply_action(("done",))
    assert st.phase == "prep"
    assert "lion-skin" in [c.kind for c in st.supply]               # micro-hero.upgrade.7
    st.apply_action(("prep", "pass", 0))
    st.apply_action(("prep", "pass", 0))
    assert st.phase == "reveal" and st.heroes[0].discard == []      # micro-hero.gap.10
    st.apply_action("cerberus")
    assert st.t_life == CAT.trials["cerberus"].life + 1             # micro-hero.gap.11


def test_heroic_trial_lingers_one_round():
    st = start(Options(difficulty="heroic"))
    st.t_life = 1
    play(st)
    st.apply_action(("done",))
    assert "lion-skin" not in [c.kind for c in st.supply]
    st.apply_action(("prep", "pass", 0))
    st.apply_action(("prep", "pass", 0))
    st.apply_action("cerberus")
    assert st.effects().get("damage_cap") == 4 and st.effects().get("damage_floor") == 3
    hero = st.heroes[0]
    hero.discard += hero.hand
    hero.hand = []
    st.t_life = 0                  # Cerberus beaten: end of round 2
    st._maintenance()
    assert "lion-skin" in [c.kind for c in st.supply]
    assert [c.kind for c, _ in st.lingering] == ["hounds-chain"]


# --- expansions --------------------------------------------------------------------------------

def test_blood_wounds_per_point_and_athena_shield():
    st = start(Options(expansions=frozenset({"blood", "athena"})))
    assert [CAT.kinds[c.kind].severity for c in st.wounds][-1] == "superficial"
    assert st.wounds_for(3, 0, 7) == (4, 0)                         # micro-hero.blood.7
    assert st.wounds_for(9, 0, 7) == (0, 2)                         # excess banked, athena.3
    assert st.wounds_for(5, 1, 7) == (1, 0)                         # shield spent first, athena.4
    assert st.wounds_for(5, 6, 7) == (0, 4)                         # gap.19: only the shortfall


def _blood_hand(kind):
    st = start(Options(expansions=frozenset({"blood"})))
    hero = st.heroes[0]
    card = next(c for c in st.wounds if c.kind == kind)
    st.wounds.remove(card)
    hero.deck.append(hero.hand[0])
    hero.hand[0] = card
    play(st)
    due = st.wounds_for(hero.result.defence, 0, st.trial_attack())[0]
    st.apply_action(("done",))
    return st, hero, card, due


def test_superficial_wound_is_exhausted_back_onto_the_pile():
    st, hero, card, due = _blood_hand("superficial-wound")
    assert st.wounds[-1] is card and card not in hero.discard       # micro-hero.blood.4


def test_deep_wound_is_discarded_and_brings_one_more():
    st, hero, card, due = _blood_hand("deep-wound")
    assert card in hero.discard
    wounds = [c for c in hero.discard if CAT.kinds[c.kind].kind == "wound"]
    assert len(wounds) == 1 + due + 1                               # micro-hero.blood.6


def test_coop_partner_gets_the_discards_and_life_doubles():
    st = start(Options(players=2))
    assert st.t_life == 24
    p0 = list(st.heroes[0].hand)
    play(st)
    play(st)
    st.apply_action(("done",))
    assert st.phase == "split"
    st.apply_action(("split", 0))
    assert {c.uid for c in p0} <= {c.uid for c in st.heroes[1].discard}


# --- random playouts -----------------------------------------------------------------------------

def _check(st):
    uids = [c.uid for c in st.all_cards()]
    assert len(uids) == len(set(uids)) == st.card_count()          # no card lost or duplicated
    assert st.t_life >= 0 and st.xp >= 0 and 0 <= st.beaten <= 12
    for h in st.heroes:
        assert 0 <= h.shield <= 15 and h.side in "AB"
    assert 0 <= len(st.wounds) <= 18


@pytest.mark.parametrize("seed", range(16))
def test_random_playouts_keep_invariants_and_end(seed):
    rng = random.Random(seed)
    exps = rng.sample(["blood", "athena", "hera", "calm", "omphale"], k=seed % 5)
    opt = Options(difficulty=["normal", "heroic", "mythic"][seed % 3], players=1 + seed % 2,
                  expansions=frozenset(exps),
                  stances=("omphale", "hercules") if "omphale" in exps else ("hercules", "hercules"))
    st = random_playout(MicroHeroState(opt), rng, on_step=_check)
    assert st.is_terminal() and st.returns()[0] in (-1.0, 1.0)


def test_illegal_plan_is_rejected_with_reason():
    st = start()
    with pytest.raises(IllegalMove):
        st.apply_action(("play", (0, 0, 1, 2, 3), None))
    with pytest.raises(IllegalMove):
        st.apply_action("strike")
