"""Verb the Adjective Noun engine: deck data, edge matching, auctions, scoring, burning, playouts."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from pnp.errors import IllegalMove, UsageError
from pnp.games.verb_adjective_noun import engine as van
from pnp.games.verb_adjective_noun.sim import greedy_policy, play, random_policy
from copies import copy_of

C = van.cards()


def test_deck_kinds_and_edges():
    kinds = Counter(c.kind for c in C.values())
    assert kinds == {"verb": 24, "adjective": 27, "noun": 24, "condition": 9}
    assert all(c.left == "black" and c.right != "black" for c in C.values() if c.kind == "verb")
    assert all(c.left != "black" and c.right == "black" for c in C.values() if c.kind == "noun")   # gap.1
    assert all(c.left != "black" and c.right != "black" for c in C.values() if c.kind == "adjective")
    assert all(1 <= c.laurels <= 3 for c in C.values())


def test_every_verb_and_noun_can_meet_some_adjective():
    adjs = [c for c in C.values() if c.kind == "adjective"]
    for c in C.values():
        if c.kind == "verb":
            assert any(a.left == c.right for a in adjs)
        if c.kind == "noun":
            assert any(a.right == c.left for a in adjs)


def test_add_checks_adjacency_and_edges():
    tickle, sulky, gilded, cyclops = C["tickle"], C["sulky"], C["gilded"], C["cyclops"]
    assert van.check_add([tickle, sulky], cyclops).legal
    assert not van.check_add([tickle], cyclops).legal                  # verb and noun only
    assert not van.check_add([tickle, gilded], cyclops).legal         # blue edge against orange
    assert van.check_add([], cyclops).legal                           # a noun may start a trial
    assert not van.check_add([tickle, sulky], C["shampoo"]).legal     # a second verb
    assert not van.check_add([], C["before-breakfast"]).legal         # gap.7
    assert van.check_add([cyclops], C["before-breakfast"]).legal      # condition adjacent to anything


def test_completion_and_laurels_with_conditions():
    trial = [C["tickle"], C["sulky"], C["cyclops"]]
    assert van.is_complete(trial) and van.trial_laurels(trial) == 3
    assert van.trial_laurels(trial + [C["before-breakfast"]]) == 8      # (3 + 1) x 2
    assert van.trial_laurels(trial + [C["blindfolded"]]) == 7           # 3 + 1 + 3
    assert not van.is_complete([C["tickle"], C["sulky"], C["before-breakfast"]])


def test_auction_needs_a_strict_majority():
    assert van.auction_winner({"red": 3, "blue": 2}) == "red"
    assert van.auction_winner({"red": 3, "blue": 3}) is None
    assert van.auction_winner({}) is None


def test_tied_trial_leaders_all_score_in_full():
    trial = [C["tickle"], C["sulky"], C["cyclops"]]
    assert van.trial_award(trial, {"a": 1, "b": 1, "c": 1}, "b") == {"a": 3, "b": 3, "c": 3}
    assert van.trial_award(trial, {"a": 2, "b": 1}, "b") == {}
    assert van.trial_award(trial + [C["without-iolaus"]], {"a": 2, "b": 2}, "b") == {"b": 4}
    assert van.trial_award(trial[:2], {"a": 2}, "a") == {}


def test_burn_value_has_a_minimum_and_a_cap():
    assert van.burn_value([C["shampoo"], C["tickle"]], 10) == 4
    assert van.burn_value([C["shampoo"]], 1) == 1


def test_unknown_card_is_a_usage_error_with_suggestion():
    with pytest.raises(UsageError) as err:
        van.find_card("kyklops")
    assert "Cyclops" in err.value.one_line()


def test_card_words_typed_loosely():
    assert van.find_card("cyclopz").id == "cyclops"
    assert van.find_card("Three Headed").id == "three-headed"


def test_start_of_turn_wins_auctions_and_scores_trials():
    s = van.VerbState(3)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    for _ in range(3):
        s.apply_action(s.legal_actions()[0])
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    assert s.phase == "turn" and s.player == 0
    s.auction[0] = van.Lot(s.auction[0].card, {1: 2, 2: 1})
    s.supply[1] -= 2
    s.supply[2] -= 1
    s.trials = [van.Trial(["tickle", "sulky", "cyclops"], {1: 1, 0: 1})]
    s.changed()
    for c in ("tickle", "sulky", "cyclops"):
        for place in (s.deck, s.discard, *s.hands):
            if c in place:
                place.remove(c)
    s.supply[0] -= 1
    s.supply[1] -= 1
    won = s.auction[0].card
    s.apply_action(("draw",))
    s.apply_action(s.chance_outcomes()[0][0])
    s.apply_action(("discard", s.hands[0][-1]))
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    assert won in s.hands[1] and s.removed[1] == 2 and s.supply[2] == van.MARKERS - 1
    assert s.laurels == [3, 3, 0] and len(s.scored) == 1 and not s.trials


def test_illegal_moves_give_reasons():
    s = van.VerbState(3)
    while not (s.phase == "turn" and not s.is_chance_node()):
        s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    with pytest.raises(IllegalMove):
        s.apply_action(("bid", 0, 4))
    with pytest.raises(IllegalMove):
        s.apply_action(("add", "not-in-hand", -1))


def _check(s):
    assert s.card_count() == len(C)
    assert all(s.marker_count(p) == van.MARKERS for p in range(s.n))
    assert all(s.supply[p] >= 0 and s.removed[p] >= 0 for p in range(s.n))
    assert len(s.trials) <= s.n and len(s.auction) <= s.n - 1


@pytest.mark.parametrize("players", [3, 6])
def test_random_playouts_keep_cards_and_markers_and_end(players):
    rng = random.Random(players)
    s = van.VerbState(players)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.chance_outcomes())[0] if s.is_chance_node() else random_policy(s, rng))
        _check(s)
    assert s.turns <= van.TURN_LIMIT


def test_greedy_players_finish_twelve_trials():
    for seed in range(3):
        s = play(4, random.Random(seed), greedy_policy)
        _check(s)
        assert len(s.scored) == van.TRIALS_TO_END and s.turns < van.TURN_LIMIT
        assert max(s.returns()) == 1.0


@pytest.mark.parametrize("policy", [greedy_policy, random_policy])
def test_remembered_legality_agrees_with_the_reasoned_check_along_playouts(policy):
    """joinable/can_add (remembered by trial shape) and each open trial's remembered accepts/done equal
    check_add(...).legal and is_complete; each lot's remembered leader is auction_winner;
    legal_actions(kind) is legal_actions() of that kind; an add the check refuses raises its reasons."""
    rng = random.Random(5)
    compared = refused = 0
    reasoned: dict = {}  # check_add(...).legal of (a trial's card ids, a card id): a pure function, asked once a pair

    def legal(cards: tuple, card: str) -> bool:
        if (cards, card) not in reasoned:
            reasoned[cards, card] = van.check_add([C[x] for x in cards], C[card]).legal
        return reasoned[cards, card]

    for players in (3, 5):
        s = van.VerbState(players)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
                continue
            acts = s.legal_actions()
            for kind in ("keep", "bid", "draw", "discard", "pay", "add", "burn"):
                assert s.legal_actions(kind) == [a for a in acts if a[0] == kind]
            if s.phase == "turn":
                assert s.adds(s.fits()) == s.adds() == s.legal_actions("add")   # as the greedy player asks
                fresh = [van.joinable(tuple(t.cards)) for t in s.trials]            # the kept fits, worked out anew
                assert s.fits() == fresh + [van.joinable(()) if len(s.trials) < s.n else frozenset()]
                for t in s.trials + [van.Trial()]:
                    trial = [C[c] for c in t.cards]
                    assert t.accepts == {c.id for c in C.values() if legal(tuple(t.cards), c.id)}
                    assert t.done == van.is_complete(trial)
                    for card in C.values():
                        assert van.can_add(tuple(t.cards), card.id) == legal(tuple(t.cards), card.id)
                        compared += 1
                p = s.player
                for lot in s.auction:                  # remembered at each bid: the strict leader, the most markers
                    assert lot.leader == van.auction_winner(lot.markers)
                    assert lot.top == max(lot.markers.values(), default=0)
                    if lot.leader != p:                # the greedy's overbid: one more than the best other bid
                        others = max([k for q, k in lot.markers.items() if q != p], default=0)
                        assert lot.top + 1 - lot.markers.get(p, 0) == others + 1 - lot.markers.get(p, 0) >= 1
                bad = [(c, i) for c in s.hands[p] for i, t in enumerate(s.trials)
                       if not legal(tuple(t.cards), c)]
                if bad and s.supply[p]:
                    c, i = bad[0]
                    twin_reasons = "; ".join(van.check_add([C[x] for x in s.trials[i].cards], C[c]).reasons)
                    with pytest.raises(IllegalMove, match=re.escape(twin_reasons)):
                        s.apply_action(("add", c, i))
                    refused += 1
            s.apply_action(policy(s, rng))
    assert compared > 10_000 and refused > 10


def _snapshot(s):
    return (s.phase, s.player, s.turns, list(s.deck), list(s.discard), [list(h) for h in s.hands], list(s.supply),
            list(s.removed), list(s.laurels), [(lot.card, dict(lot.markers)) for lot in s.auction],
            [(list(t.cards), dict(t.markers)) for t in s.trials], list(s.scored), list(s.pending))


@pytest.mark.parametrize("players", [3, 6])
def test_deal_is_the_chance_steps_one_by_one(players):
    """deal(rng), as play() uses it, leaves the state that sample_chance + apply_action step by step leaves,
    at every chance node of greedy games (same random draws)."""
    for seed in range(3):
        fast, slow = van.VerbState(players), van.VerbState(players)
        rf, rs, rp = random.Random(seed), random.Random(seed), random.Random(seed + 100)
        dealt = 0
        while not fast.is_terminal():
            if fast.is_chance_node():
                fast.deal(rf)
                while slow.is_chance_node():
                    slow.apply_action(slow.sample_chance(rs))
                    dealt += 1
                assert not fast.is_chance_node() and _snapshot(fast) == _snapshot(slow)
                continue
            action = greedy_policy(fast, rp)
            fast.apply_action(action)
            slow.apply_action(action)
        assert _snapshot(fast) == _snapshot(slow) and dealt > 50


@pytest.mark.parametrize("policy", [greedy_policy, random_policy])
def test_take_applies_the_policies_moves_as_apply_action_does(policy):
    """play() applies the policies' moves with take(), unchecked: each move is one legal_actions() lists,
    and take() leaves the state apply_action leaves (3 and 6 players, whole games)."""
    rng = random.Random(11)
    taken = 0
    for players in (3, 6):
        s = van.VerbState(players)
        while not s.is_terminal():
            if s.is_chance_node():
                s.deal(rng)
                continue
            move = policy(s, rng)
            assert move in s.legal_actions()
            twin = copy_of(s)
            twin.take(move)
            s.apply_action(move)
            assert _snapshot(twin) == _snapshot(s)
            taken += 1
    assert taken > 200
