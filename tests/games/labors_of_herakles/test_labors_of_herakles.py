"""The Labors of Herakles engine: card-set data, rule functions, scripted plays and random playouts."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.errors import IllegalMove
from pnp.games.labors_of_herakles import engine as lh
from pnp.games.base import TERMINAL, pick, random_playout


# --- data from the card set --------------------------------------------------------------------

def test_card_counts_and_fields():
    advs, labs = lh.adventures(), lh.labor_cards()
    assert len(advs) == 120 and len(labs) == 24
    assert {a.trait for a in advs.values()} == set(lh.TRAITS)
    assert {a.region for a in advs.values()} == set(lh.REGIONS)
    assert {a.god for a in advs.values()} == set(lh.GODS)
    assert {a.power for a in advs.values()} <= set(lh.POWERS)
    assert all(1 <= a.value <= 10 for a in advs.values())
    assert all(a.power != f"raise-{a.trait}" for a in advs.values())      # never the card's own trait
    for lab in labs.values():
        assert len(lab.required) == 4 and all(0 <= r <= 9 for r in lab.required)
        assert len(set(lab.gods)) == 2 and set(lab.gods) <= set(lh.GODS)
    assert Counter(a.value for a in advs.values()) == {v: 12 for v in range(1, 11)}


# --- rule functions ------------------------------------------------------------------------------

def test_equal_or_higher_advances():
    assert lh.advances(5, 5) and lh.advances(6, 5) and not lh.advances(4, 5)


def test_trait_limits_and_bonus():
    assert lh.move_trait(10, +1) == (10, True, False)
    assert lh.move_trait(1, -1) == (1, True, False)
    assert lh.move_trait(8, +1) == (9, False, True)
    assert lh.move_trait(9, +1) == (10, False, True)
    assert lh.move_trait(10, -1) == (9, False, False)
    assert lh.move_trait(5, +1) == (6, False, False)


def test_labor_needs_strictly_greater_everywhere():
    assert lh.labor_succeeds((7, 6, 6, 6), (6, 5, 5, 5))
    assert not lh.labor_succeeds((7, 6, 5, 6), (6, 5, 5, 5))
    assert not lh.labor_succeeds((10, 10, 10, 3), (1, 1, 1, 4))


def test_hand_bonus_counts_strictly_lower_cards():
    levels = {"strength": 7, "courage": 6, "cunning": 5, "endurance": 6}
    assert lh.hand_bonus([(3, "strength"), (6, "courage"), (4, "cunning"), (9, "endurance")], levels) == 2


# --- scripted play --------------------------------------------------------------------------------

def card(trait, value, region="argolis"):
    return f"{trait[:3]}-{value:02d}-{region[:3]}"


def new_game(players=2, labors=("nemean-lion", "ceryneian-hind", "cretan-bull"), hands=None, start=None):
    """A game with chosen labors, hands (list of card ids per player) and first adventure card."""
    s = lh.State(players)
    for lab in labors:
        s.apply_action(lab)
    hands = list(hands or []) + [[] for _ in range(players - len(hands or []))]
    for i in range(lh.OPENING_HAND):
        for p in range(players):
            want = hands[p][i] if i < len(hands[p]) else None
            s.apply_action(want if want in s.draw_pile else next(c for c in s.draw_pile
                                                                if all(c not in h for h in hands)))
    s.apply_action(start or card("cunning", 5, "thrace"))
    return s


def play_cunning_9_to_the_next_chance(s):
    """Player 0 is given the Argolis cunning 9 and plays it; the first legal choice is taken until chance."""
    c = card("cunning", 9, "argolis")
    s.hands[0].append(c)
    s.draw_pile.remove(c)
    s.apply_action(("play", c))
    while not s.is_chance_node():
        s.apply_action(s.legal_actions()[0])


def test_setup_state():
    s = new_game(3)
    assert s.traits == [5, 5, 5, 5] and s.epic == 0 and s.favor == [0, 0, 0]
    assert all(len(h) == 6 for h in s.hands) and len(s.labor_pile) == 21
    assert s.current_player() == 0 and ("draw",) in s.legal_actions()


def test_play_higher_raises_trait_and_pledges_token_to_supported_labor():
    c = next(a.id for a in lh.adventures().values()
             if a.trait == "strength" and a.value >= 5 and a.god == "zeus" and a.region == "argolis")
    s = new_game(hands=[[c]])                         # Zeus supports the Nemean Lion and the Cretan Bull
    s.apply_action(("play", c))
    assert s.traits[0] == 6
    assert s.legal_actions() == [("token", 0), ("token", 2)]
    s.apply_action(("token", 2))
    assert s.hero_tokens[2][0] == 1
    assert s.adv_tokens[0] == 1 and s.current_player() == 1


def test_play_lower_drops_trait_and_uses_power():
    c = next(a.id for a in lh.adventures().values() if a.value < 5 and a.power == "draw" and a.trait == "courage")
    s = new_game(hands=[[c]])
    before = len(s.hands[0])
    s.apply_action(("play", c))
    assert s.traits[1] == 4
    assert s.is_chance_node()                      # the draw power
    s.apply_action(s.draw_pile[0])
    assert len(s.hands[0]) == before and sum(s.hero_tokens[r][0] for r in range(3)) == 0


def test_raise_onto_nine_earns_an_optional_bonus_token():
    c = card("endurance", 9)
    s = new_game(hands=[[c]])
    s.traits[3] = 8
    s.apply_action(("play", c))
    while s._queue[0][0] == "token":
        s.apply_action(s.legal_actions()[0])
    assert s.traits[3] == 9 and s._queue[0][0] == "bonus"
    assert ("bonus", None) in s.legal_actions() and len(s.legal_actions()) == 4
    s.apply_action(("bonus", 2))
    assert s.hero_tokens[2][0] >= 1


def test_raise_at_ten_is_ignored_and_gives_no_bonus():
    c = card("endurance", 9)
    s = new_game(hands=[[c]])
    s.traits[3] = 10
    s.apply_action(("play", c))
    while s._queue and s._queue[0][0] == "token":
        s.apply_action(s.legal_actions()[0])
    assert s.traits[3] == 10 and s.current_player() == 1        # no bonus step


def test_cannot_draw_with_ten_cards():
    s = new_game()
    s.hands[0] = s.draw_pile[:10]
    del s.draw_pile[:10]
    assert ("draw",) not in s.legal_actions()
    with pytest.raises(IllegalMove, match="ten or more"):
        s.apply_action(("draw",))


def test_a_player_who_can_neither_draw_nor_play_passes():
    s = new_game()
    s.draw_pile, s.hands[0] = [], []               # gap.8: nothing under the top card to reshuffle either
    assert s.legal_actions() == [("pass",)]
    twin = new_game()
    twin.draw_pile, twin.hands[0] = [], []
    s.apply_action(("pass",))                      # gap.9
    twin.take(("pass",))
    assert s.current_player() == twin.current_player() == 1 and s.turns == twin.turns == 2
    assert _snapshot(s) == _snapshot(twin)


def test_fifth_token_ends_adventure_and_success_pays_favor():
    s = new_game()
    s.traits = [8, 6, 4, 6]                        # Nemean Lion needs > 7, 5, 3, 5
    s.hero_tokens[0][0] = 2
    s.hero_tokens[0][1] = 1
    s.adv_tokens = [4, 3, 2]
    play_cunning_9_to_the_next_chance(s)
    assert s.attempts == [("nemean-lion", True)] and s.epic == 1
    assert s.favor[0] >= 2 and s.favor[1] == 1
    assert s.adv_tokens == [0, 0, 0] and s.hero_tokens[0] == Counter()
    assert s.on_region[0] is None and s.labor_discard == ["nemean-lion"]
    s.apply_action(s.labor_pile[0])                # the replacement labor
    assert s.on_region[0] is not None


def test_equal_trait_fails_the_labor():
    s = new_game()
    s.traits = [8, 5, 4, 6]                        # courage 5 only equals the Lion's 5
    s.hero_tokens[0][1] = 3
    s.adv_tokens = [4, 0, 0]
    play_cunning_9_to_the_next_chance(s)
    assert s.attempts == [("nemean-lion", False)] and s.favor == [0, 0] and s.epic == 0


def test_empty_labor_pile_ends_game_with_hand_bonus():
    s = new_game()
    s.labor_discard += s.labor_pile[:-1]
    s.labor_pile = s.labor_pile[-1:]
    s.adv_tokens = [4, 0, 0]
    s.traits = [10, 10, 10, 10]
    play_cunning_9_to_the_next_chance(s)
    s.apply_action(s.labor_pile[0])
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.end_bonus[1] == sum(1 for cid in s.hands[1] if s.cards[cid].value < 10)


def test_bad_player_count_rejected():
    with pytest.raises(IllegalMove):
        lh.State(1)
    with pytest.raises(IllegalMove):
        lh.State(6)


# --- random playouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_invariants_and_end(players):
    all_cards, all_labors = sorted(lh.adventures()), sorted(lh.labor_cards())
    for seed in range(2):
        state = lh.State(players)
        last_favor = [0] * players

        def check(st):
            cards = [c for h in st.hands for c in h] + st.draw_pile + st.adventure_pile
            assert sorted(cards) == all_cards
            labors = [lab for lab in st.on_region if lab] + st.labor_pile + st.labor_discard
            assert sorted(labors) == all_labors or (st.is_chance_node() and len(labors) == 23) or not st.labor_pile
            assert all(lh.TRAIT_MIN <= t <= lh.TRAIT_MAX for t in st.traits)
            assert sum(st.adv_tokens) <= lh.ADVENTURE_TOKENS and max(st.adv_tokens) < lh.TOKENS_TO_END
            for p in range(st.n):
                assert 0 <= sum(t[p] for t in st.hero_tokens) <= lh.ON_LABORS
                assert st.favor[p] >= last_favor[p]
            last_favor[:] = st.favor
            assert 0 <= st.epic <= lh.LABORS_TO_WIN

        random_playout(state, random.Random(seed * 7 + players), on_step=check)
        assert state.is_terminal()
        assert state.epic == lh.LABORS_TO_WIN or not state.labor_pile
        assert len(state.attempts) == state.epic + sum(1 for _, ok in state.attempts if not ok)


def test_gaps_register_covers_the_number_of_traits():
    from pnp.rules.book import load
    gaps = {g.id: g for g in load("labors-of-herakles").gaps}
    assert "heroic traits" in gaps["labors-of-herakles.gap.1"].title
    assert "Four" in gaps["labors-of-herakles.gap.1"].ruling and len(lh.TRAITS) == 4
    assert all(g.inferred_from for g in gaps.values() if g.basis == "inferred")


def _snapshot(st):
    return (st.traits, st.hands, st.draw_pile, st.adventure_pile, st.labor_pile, st.on_region,
            [dict(t) for t in st.hero_tokens], st.adv_tokens, st.favor, st.attempts, st._queue, st.is_terminal())


@pytest.mark.parametrize("players", [2, 5])
def test_offered_moves_apply_as_the_reasoned_check_does(players):
    """legal_actions() lists the moves _options computes afresh and equals the `choices` _advance left, a
    move not listed is refused with its reason and leaves the state unchanged, two states given the same
    moves stay identical, and sample_chance only draws a card chance_outcomes offers."""
    rng = random.Random(players)
    listed, twin = lh.State(players), lh.State(players)
    refused = 0
    while not listed.is_terminal():
        if listed.is_chance_node():
            card = listed.sample_chance(rng)
            assert card in {c for c, _ in listed.chance_outcomes()}
        else:
            acts = listed.legal_actions()
            assert acts == listed._options(listed._queue[0]) == listed.choices
            kind = listed._queue[0][0]
            wrong = [("play", c) for c in listed.draw_pile[:1]] if kind == "turn" else \
                [(kind, r) for r in range(len(lh.REGIONS)) if (kind, r) not in acts]
            for move in wrong:
                before = _snapshot(listed)
                with pytest.raises(IllegalMove, match="not legal"):
                    listed.apply_action(move)
                assert _snapshot(listed) == before
                refused += 1
                acts = listed.legal_actions()
            card = rng.choice(acts)
        listed.apply_action(card)
        twin.apply_action(card)
        assert _snapshot(listed) == _snapshot(twin)
    assert refused


@pytest.mark.parametrize("players", [2, 4, 5])
def test_simulator_path_agrees_with_the_checked_path(players):
    """The simulator's path (`choices`, take() without re-checking, draw_chance drawing in place) keeps a
    state identical to one driven by legal_actions()/apply_action with sample_chance: `choices` equals a
    fresh legal_actions() listing, every taken move passes apply_action's check, and draw_chance draws the
    card sample_chance draws from the same random number."""
    rng = random.Random(players * 11)
    fast, checked = lh.State(players), lh.State(players)
    steps = 0
    while not checked.is_terminal():
        acts = fast.choices
        assert acts == checked.legal_actions()
        if checked.is_chance_node():
            assert not acts
            twin_rng = random.Random()
            twin_rng.setstate(rng.getstate())
            checked.apply_action(checked.sample_chance(rng))
            fast.draw_chance(twin_rng)
            assert twin_rng.getstate() == rng.getstate()
        else:
            assert acts == fast._options(fast._queue[0])
            move = rng.choice(acts)
            checked.apply_action(move)
            fast.take(move)
        assert _snapshot(fast) == _snapshot(checked)
        steps += 1
    assert fast.is_terminal() and steps > 300


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_state_drawing_its_own_cards_meets_the_checked_path(players):
    """State(rng=...) draws each card itself when _advance reaches a chance step (no chance node): from the
    same seed it stops at the same choices, in the same positions, as a plain State whose cards are drawn by
    sample_chance and placed through apply_action's check; and the simulator plays that game."""
    from pnp.games.labors_of_herakles.sim import random_game
    for seed in range(4):
        rng, plain, seen = random.Random(seed), lh.State(players), []
        while not plain.is_terminal():
            if plain.is_chance_node():
                plain.apply_action(plain.sample_chance(rng))
            else:
                seen.append((_snapshot(plain), list(plain.choices)))
                plain.apply_action(pick(plain.legal_actions(), rng))
        rng, met = random.Random(seed), []
        inline = lh.State(players, rng=rng)
        while not inline.is_terminal():
            assert not inline.is_chance_node() and inline.chance_outcomes() == []
            met.append((_snapshot(inline), list(inline.choices)))
            inline.apply_action(pick(inline.legal_actions(), rng))
        assert met == seen and _snapshot(inline) == _snapshot(plain)
        assert _snapshot(random_game(players, random.Random(seed))) == _snapshot(plain)


@pytest.mark.parametrize("players", [2, 4])
def test_tables_made_once_agree_with_the_rule_functions_and_cards(players):
    """The engine's tables (trait moves, advances, what a play reads of a card, the labors a god supports) say
    what move_trait, advances and the card data say; along random games a play moves its trait as
    move_trait does and a token step offers exactly the labors whose card names the played card's god."""
    assert all(lh._TRAIT_MOVES[c][lv] == lh.move_trait(lv, c) for c in (1, -1) for lv in range(1, 11))
    assert all(lh._ADVANCES[prev][v] == lh.advances(v, prev) for v in range(1, 11) for prev in range(1, 11))
    for cid, a in lh.adventures().items():
        value, trait, god, step, power = lh._play_facts()[cid]
        assert (value, lh.TRAITS[trait], god, lh.REGIONS[step[1]], power) == (a.value, a.trait, a.god, a.region,
                                                                             a.power)
    labs, tokens_seen = lh.labor_cards(), 0
    for seed in range(3):
        rng = random.Random(seed)
        s = lh.State(players, rng=rng)
        while acts := s.choices:
            step = s._queue[0]
            if step[0] == "token":
                placed = sum(t.get(step[1], 0) for t in s.hero_tokens)
                assert acts == [("token", r) for r, lab in enumerate(s.on_region)
                                if lab and step[2] in labs[lab].gods and placed < lh.ON_LABORS]
                tokens_seen += 1
            move = pick(acts, rng)
            if move[0] == "play":
                card, previous, levels = s.cards[move[1]], s.top(), list(s.traits)
                s.take(move)
                i = lh.TRAITS.index(card.trait)
                if card.power != f"raise-{card.trait}":
                    up = lh.advances(card.value, previous.value)
                    assert s.traits[i] == lh.move_trait(levels[i], +1 if up else -1)[0]
            else:
                s.take(move)
    assert tokens_seen
