"""Later Years engine: card data, fees, task costs, the auction with the Deadbeat rule, chains, playouts."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.errors import IllegalMove, UsageError
from pnp.games.later_years import engine as ly
from pnp.games.later_years.auction import Auction
from pnp.games.later_years.chains import max_chains
from pnp.games.base import random_playout


def test_deck_has_108_cards_of_the_named_kinds():
    deck = ly.full_deck()
    assert sum(deck.values()) == 108
    assert ly.names("action") == ("Conquer", "Capture", "Clean Out", "Endorse")
    assert set(ly.names("object")) == {"Used Chariot Dealership", "Temple", "Hydra", "Politician"}
    kinds = Counter()
    for cid, k in deck.items():
        kinds[ly.card_types()[cid].kind] += k
    assert kinds == {"action": 48, "object": 48, "draw": 12}
    assert {c.counts_as for c in ly.card_types().values() if c.kind != "draw"} == {1, 2, 3}


def test_rulebook_values_and_fee_example():
    assert ly.value_of("Capture") == 3 and ly.value_of("Temple") == 2
    assert ly.fee("Capture", "Temple") == 6


def test_repeat_cost_and_bonus_cards():
    assert [ly.need_for(k) for k in range(3)] == [1, 2, 3]
    hand = Counter({"endorse-x2": 1, "endorse": 1, "politician": 2})
    pays = ly.minimal_payments(hand, "Endorse", 2)
    assert ("endorse-x2",) in pays and ("endorse", "endorse-x2") not in pays
    assert ly.minimal_payments(hand, "Politician", 3) == []
    assert ly.count_value(["endorse-x2", "endorse", "temple-x3"], "Endorse") == 3


def test_auction_rulebook_example_raise_takes_the_whole_stack():
    a = Auction(["andromeda", "antigone"], {"andromeda": 5, "antigone": 4}, 2, "andromeda")
    a.bid("andromeda", 0, 2)
    a.bid("antigone", 0, 1)
    assert a.top[0] == ("antigone", 3)
    assert a.to_bid == "andromeda" and not a.done
    a.bid("andromeda", 1, 1)
    assert a.done and a.top == {0: ("antigone", 3), 1: ("andromeda", 1)}


def test_auction_rejects_out_of_turn_and_zero_bids():
    a = Auction(["a", "b", "c"], {"a": 5, "b": 5, "c": 5}, 3, "a")
    with pytest.raises(IllegalMove):
        a.bid("b", 0, 1)
    with pytest.raises(IllegalMove):
        a.bid("a", 0, 0)


def test_overbid_makes_a_deadbeat():
    a = Auction(["a", "b"], {"a": 5, "b": 2}, 2, "a")
    a.bid("a", 0, 2)
    a.bid("b", 0, 1)
    assert a.deadbeat == "b" and a.done


def test_state_deadbeat_repeats_auction_and_discards_the_extra_card():
    s = ly.LaterYearsState(2)
    for card in ("conquer", "temple"):
        s.apply_action(card)
    s.money = [10, 0]
    s.auction.coins = {0: 10, 1: 0}
    s.apply_action(("bid", 0, 1))
    s.apply_action(("bid", 1, 1))          # player 1 has no coins: deadbeat
    assert s.deadbeat_count == 1 and s.phase == "auction" and s.auction.bidders == [0]
    s.apply_action(("bid", 1, 2))
    assert s.phase == "play"
    assert s.hands[0]["temple"] == 1 and s.discard["conquer"] == 1 and s.money[0] == 8


def test_task_completion_pays_fee_and_stacks_coin():
    s = ly.LaterYearsState(2)
    s.phase, s.turn = "play", 0
    s.hands[0] = Counter({"capture": 1, "temple": 1, "capture-x2": 1, "temple-x3": 1})
    s.apply_action(("task", "Capture", "Temple", ("capture",), ("temple",)))
    assert s.money[0] == 16 and s.board.stack("Capture", "Temple") == [0]
    with pytest.raises(IllegalMove):
        s.apply_action(("task", "Capture", "Temple", ("capture",), ("temple-x3",)))
    s.hands[0]["capture"] += 1
    s.apply_action(("task", "Capture", "Temple", ("capture-x2",), ("temple-x3",)))
    assert s.board.stack("Capture", "Temple") == [0, 0] and s.money[0] == 22


def test_move_kinds_reads_held_cards_not_listed_ids():
    """A card id listed with a count of 0 (a hand set up by hand) is not held: move_kinds() lists only the kinds
    legal_actions() has, while a held draw card and a payable task still show."""
    s = ly.LaterYearsState(2)
    s.phase, s.turn = "play", 0
    s.hands[0] = Counter({"capture": 1, "draw-2": 0, "temple": 0})
    assert s.move_kinds() == ["pass"] == sorted({a[0] for a in s.legal_actions()})
    s.hands[0].update({"draw-2": 1, "temple": 1})
    assert s.move_kinds() == ["draw", "pass", "task"] == sorted({a[0] for a in s.legal_actions()})


def test_single_and_disjoint_chains():
    col = {(r, 0): 1 for r in range(4)}
    assert len(max_chains(col).paths) == 1
    two = {**col, **{(r, 2): 1 for r in range(4)}}
    assert len(max_chains(two).paths) == 2
    diagonal = {(0, 0): 1, (1, 1): 1, (2, 2): 1, (3, 3): 1}
    assert max_chains(diagonal).paths == []


def test_shared_coin_serves_one_chain_unless_stacked():
    cross = {(r, 1): 1 for r in range(4)} | {(1, c): 1 for c in range(4)}
    assert len(max_chains(cross).paths) == 1
    cross[(1, 1)] = 2
    found = max_chains(cross)
    assert len(found.paths) == 2 and found.exact


def test_branching_chain_counts_once():
    # two columns joined in the middle: one coin per space means vertex-disjoint paths only
    cap = {(0, 0): 1, (1, 0): 1, (1, 1): 1, (2, 1): 1, (3, 1): 1, (3, 0): 1}
    assert len(max_chains(cap).paths) == 1


def test_full_stacked_board_is_exact_and_fast():
    found = max_chains({(r, c): 2 for r in range(4) for c in range(4)})
    assert len(found.paths) == 8 and found.exact


def test_scores_with_tie_for_most_coins():
    board = ly.Board()
    for o in ly.names("object"):
        board.stack("Endorse", o).append("red")
    board.stack("Capture", "Temple").append("blue")
    scores = {s.player: s for s in ly.final_scores(board, {"red": 4, "blue": 9, "green": 9})}
    assert scores["red"].total == 4 + 3
    assert scores["blue"].total == 1 + 2 and scores["green"].total == 2
    assert ly.winners(list(scores.values())) == ["red"]


def test_player_count_is_checked():
    with pytest.raises(UsageError):
        ly.LaterYearsState(1)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_playouts_keep_cards_and_coins_and_end(players):
    for seed in range(4):
        state = ly.LaterYearsState(players)

        def check(s):
            assert s.card_count() == 108
            assert s.sorted_deck == sorted(s.deck.elements())     # sample_card's copy of the deck, kept in step
            assert all(m >= 0 for m in s.money)
            assert sum(s.money) == ly.START_COINS * s.n + s.fees_paid - s.bids_paid
            assert sum(len(st) for st in s.board.spaces.values()) == sum(s.board.tasks(p) for p in range(s.n))

        random_playout(state, random.Random(seed), on_step=check)
        assert state.is_terminal() and sum(state.deck.values()) < players
        assert sorted(state.returns()) != [0.0] * players or len(ly.winners(state.scores())) == players


def test_playouts_are_deterministic_for_a_seed():
    a = random_playout(ly.LaterYearsState(3), random.Random(11))
    b = random_playout(ly.LaterYearsState(3), random.Random(11))
    assert a.money == b.money and a.board.spaces == b.board.spaces


def test_other_players_coins_do_not_link_a_chain():
    board = ly.Board()
    for a in ly.names("action"):
        board.stack(a, "Temple").append("red")
    board.spaces[("Clean Out", "Temple")] = ["blue"]
    assert board.chains("red")[0] == []
    board.spaces[("Clean Out", "Temple")] = ["red", "blue"]      # her buried coin still links
    assert len(board.chains("red")[0]) == 1


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_simulators_shortcuts_agree_with_the_full_lists(players):
    """Along random games: move_kinds() is the set of kinds in legal_actions(), legal_actions(kind) is its
    sublist in order, task_payments() groups its tasks, bid_limits() spells legal_bids(), sample_card() draws
    the card that base.sample_chance draws from chance_outcomes() with the same random numbers, the random
    player picks what a uniform pick of a kind, then of a move of that kind, picks from the full list, and the
    greedy bids what min() over the listed bids picks, drawing the same random numbers."""
    from pnp.games.base import sample_chance
    from pnp.games.later_years.sim import _pick, greedy_policy, random_policy
    for seed in range(3):
        rng, state = random.Random(seed), ly.LaterYearsState(players)
        while not state.is_terminal():
            if state.is_chance_node():
                assert state.move_kinds() == [] == state.legal_actions()
                before = rng.getstate()
                expected = sample_chance(state, rng)
                rng.setstate(before)
                assert state.sample_card(rng) == expected
                state.apply_action(expected)
                continue
            legal = state.legal_actions()
            assert state.move_kinds() == sorted({a[0] for a in legal})
            for kind in ("bid", "draw", "task", "pass"):
                assert state.legal_actions(kind) == [a for a in legal if a[0] == kind]
            if state.phase == "play":                      # the greedy's task: the plain max over the list
                tasks, before = [a for a in legal if a[0] == "task"], rng.getstate()
                best = max(tasks, key=lambda a: (ly.fee(a[1], a[2]), -len(a[3]) - len(a[4]), rng.random()),
                           default=None)
                after = rng.getstate()
                rng.setstate(before)
                draws = [a for a in legal if a[0] == "draw"]
                assert greedy_policy(state, rng) == (best or (draws[0] if draws else ("pass",)))
                assert rng.getstate() == after
                rng.setstate(before)
            if state.phase == "play":                      # task_payments groups the task moves in order
                assert [("task", a, o, pa, po) for a, o, pays_a, pays_o in state.task_payments()
                        for pa in pays_a for po in pays_o] == state.legal_actions("task")
                assert state.current_player() == state.turn and not state.is_chance_node()
            if state.phase == "auction":
                assert [("bid",) + b for b in state.auction.legal_bids(state.auction.to_bid)] == legal
                before, top = rng.getstate(), state.auction.top   # the greedy bid: the plain min over the list
                least = min(legal, key=lambda a: (a[2] + (top[a[1]][1] if a[1] in top else 0), rng.random()))
                after = rng.getstate()
                rng.setstate(before)
                assert greedy_policy(state, rng) == least and rng.getstate() == after
                rng.setstate(before)
            before = rng.getstate()                        # the policy picks as the plain uniform-by-kind pick
            kind = _pick(rng, sorted({a[0] for a in legal}))
            plain = _pick(rng, [a for a in legal if a[0] == kind])
            rng.setstate(before)
            assert random_policy(state, rng) == plain
            state.apply_action(plain)
        assert state.move_kinds() == [] == state.legal_actions()          # over: no moves


class _Fixed:
    """A stand-in rng whose random() gives one chosen number."""

    def __init__(self, r: float):
        self.r = r

    def random(self) -> float:
        return self.r


def test_sample_card_draws_sample_chances_card_at_the_float_edges():
    """At and just below each running total of chance_outcomes() (where floor(r x deck size) and the float
    totals could part), sample_card draws what base.sample_chance draws with that random number."""
    import math
    from pnp.games.base import sample_chance
    rng, state, edges = random.Random(4), ly.LaterYearsState(3), 0
    for _ in range(60):
        if state.is_terminal():
            break
        acc = 0.0
        for _, p in state.chance_outcomes():
            acc += p
            for r in (acc, math.nextafter(acc, 0.0), math.nextafter(acc, 1.0)):
                if r < 1.0:
                    x = r * len(state.sorted_deck)
                    edges += abs(x - round(x)) < ly.EDGE
                    assert state.sample_card(_Fixed(r)) == sample_chance(state, _Fixed(r)), (r, dict(state.deck))
        if state.is_chance_node():
            state.deal_card(rng)
        else:
            state.take(state.legal_actions()[-1])
    assert edges > 100                                   # the walk was asked, not only the sorted deck


def _position(s) -> tuple:
    """Everything a Later Years position holds (the auction's bids included)."""
    a = s.auction
    return (dict(s.deck), [dict(h) for h in s.hands], list(s.money), {k: list(v) for k, v in s.board.spaces.items()},
            dict(s.discard), s.starter, s.round, s.phase, list(s.lots), list(s.deadbeats), s.turn, s.played,
            s.pending_draw, s.fees_paid, s.bids_paid, s.deadbeat_count,
            a and (dict(a.top), a.to_bid, set(a.excluded), a.deadbeat, dict(a.coins)))


@pytest.mark.parametrize("players,policy", [(2, "random"), (3, "random"), (6, "random"), (4, "greedy")])
def test_the_simulators_unchecked_path_plays_the_checked_path(players, policy):
    """take() (a listed move without apply_action's checks) and deal_card() (sample_card's card placed
    without the deck check) keep a state identical, step by step, to apply_action's on the same moves and
    draws; and the simulator's game ends where that checked game ends."""
    from pnp.games.later_years.sim import greedy_policy, play, random_policy
    pick = {"random": random_policy, "greedy": greedy_policy}[policy]
    for seed in range(3):
        rng, checked = random.Random(seed), ly.LaterYearsState(players)
        fast = ly.LaterYearsState(players)
        while not checked.is_terminal():
            before = rng.getstate()
            if checked.is_chance_node():
                checked.apply_action(checked.sample_card(rng))
                rng.setstate(before)
                fast.deal_card(rng)
            else:
                move = pick(checked, rng)
                assert move in checked.legal_actions()
                checked.apply_action(move)
                rng.setstate(before)
                fast.take(pick(fast, rng))
            assert _position(fast) == _position(checked)
        assert fast.is_terminal()
        assert _position(play(players, random.Random(seed), pick)) == _position(checked)
