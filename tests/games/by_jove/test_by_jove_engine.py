"""By Jove engine: scripted rule scenarios and random playouts with conservation invariants."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.errors import IllegalMove, UsageError
from pnp.games.base import CHANCE, TERMINAL, random_playout
from pnp.games.by_jove import State, data, rules
from pnp.games.by_jove.engine import Decision
from copies import copy_of

BOARD = data.board()
IDX = {s.name: i for i, s in reversed(list(enumerate(BOARD.spaces)))}


def two_player(**p0) -> State:
    """A 2-player game where player 1 sits out (skips) and player 0 starts with the given fields."""
    st = State(2)
    st.players[1].skip = 10_000
    for k, v in p0.items():
        setattr(st.players[0], k, v)
    return st.restart()


def play(st: State, *actions) -> State:
    for a in actions:
        st.apply_action(a)
    return st


def own(st: State, seat: int, hero: str) -> None:
    st._give_hero(hero, seat)


# ---- the Beginning --------------------------------------------------------------------------

def test_passing_the_beginning_pays_a_mortal_3_coins():
    st = play(two_player(pos=38), (1, 2))        # to Perseus, unowned
    assert st.players[0].coins == 4 + 3          # by-jove.beginning.2
    assert st.pending.kind == "claim" and st.pending.options == ["claim", "pass"]


def test_passing_the_beginning_pays_a_hero_owner_1_coin():
    st2 = two_player(pos=38)
    own(st2, 0, "Hector")
    play(st2, (1, 2))                            # 38 -> 1 (Perseus)
    assert st2.players[0].coins == 4 + 1         # by-jove.beginning.3, gap.8


def test_stopping_on_the_beginning_counts_as_passing():
    st = play(two_player(pos=35), (2, 3))        # 35 + 5 = 40 -> Beginning
    assert st.players[0].pos == 0 and st.players[0].coins == 7   # by-jove.gap.7


# ---- gods --------------------------------------------------------------------------------------

def test_a_double_onto_a_god_goes_to_hades():
    st = play(two_player(pos=1), (2, 2))         # 1 + 4 = Jupiter with a double
    p = st.players[0]
    assert p.in_hades and p.pos == IDX["Hades"]  # by-jove.gods.3


def test_other_throw_grants_an_immediate_protected_turn_where_a_lost_battle_costs_nothing():
    st = two_player(pos=0, vap=2)
    own(st, 0, "Perseus")
    play(st, (1, 4))                             # Jupiter, not a double
    assert st.current_player() == CHANCE and st.pending.kind == "dice" and st.players[0].pos == 5
    play(st, (1, 2))                             # protected move to Sphinx (8)
    play(st, 6, 1, 2)                            # peril 6, throws 1 and 2: lost
    p = st.players[0]
    assert (p.pos, p.vap, p.heroes) == (8, 2, ["Perseus"])   # by-jove.gods.7: loss ignored


def test_protected_turn_skips_taxes_and_fees():
    st = two_player(pos=0, coins=9)
    play(st, (2, 3), (2, 2))                     # Jupiter, then protected 4 -> Taxes (9)
    assert st.players[0].coins == 9              # by-jove.gap.11


def test_double_fives_from_a_god_lead_to_hades():
    st = play(two_player(pos=0), (1, 4), (5, 5))  # Jupiter, then 5+5 onto Neptune
    assert st.players[0].in_hades                  # by-jove.gods.9


def test_ten_without_a_double_from_a_god_gives_another_protected_turn():
    st = play(two_player(pos=0), (1, 4), (4, 6))
    assert st.players[0].pos == IDX["Neptune"] and st.pending.kind == "dice" and st.current_player() == CHANCE
    assert not st.players[0].in_hades            # by-jove.gap.12


# ---- heroes ------------------------------------------------------------------------------------

def test_fee_to_a_heroes_owner():
    st = two_player(pos=4)
    own(st, 1, "Atalanta")
    play(st, (1, 1))                             # Atalanta (6)
    assert (st.players[0].coins, st.players[1].coins) == (3, 5)   # by-jove.heroes.4


def test_no_coin_for_the_fee_sends_you_to_the_beginning_unpaid():
    st = two_player(pos=4, coins=0)
    own(st, 1, "Atalanta")
    play(st, (1, 1))
    assert (st.players[0].pos, st.players[0].coins, st.players[1].coins) == (0, 0, 4)   # by-jove.heroes.5


def test_claiming_a_hero():
    st = play(two_player(pos=38), (1, 2), "claim")
    assert st.hero_owner["Perseus"] == 0 and st.players[0].heroes == ["Perseus"]


# ---- perils -------------------------------------------------------------------------------------

@pytest.mark.parametrize("hero,throws", [(None, 1), ("Hector", 2), ("Hercules", 3)])
def test_throws_allowed_by_fighter(hero, throws):
    st = two_player(pos=0)
    if hero:
        own(st, 0, hero)
    play(st, (1, 1), 6)                          # Nemean Lion (2), peril die 6
    for _ in range(throws):
        assert st.pending.kind == "die"
        play(st, 1)
    assert st.players[0].pos == 0                # lost: back to the Beginning
    assert hero is None or st.hero_owner[hero] is None   # by-jove.perils.7


def test_winning_a_battle_earns_a_vap_and_losing_hands_one_back():
    st = play(two_player(pos=0), (1, 1), 4, 4)   # tie wins (by-jove.perils.6)
    assert st.players[0].vap == 1
    st = play(two_player(pos=0, vap=3), (1, 1), 5, 4)
    assert st.players[0].vap == 2 and st.players[0].pos == 0
    assert st.bank["vap"] == rules.TOTAL_VAP + 1   # the lost award went back to the Patron


def test_young_variant_keeps_the_vap():
    st = State(2, young=True)
    st.players[1].skip = 99
    st.players[0].vap = 3
    play(st.restart(), (1, 1), 5, 4)
    assert st.players[0].vap == 3                # by-jove.parents.3


def test_several_heroes_choose_the_fighter():
    st = two_player(pos=0)
    own(st, 0, "Hector")
    own(st, 0, "Hercules")
    play(st, (1, 1))
    assert st.pending.kind == "fighter" and st.pending.options == ["Hector", "Hercules"]


# ---- taxes, lotus, oracle, potluck, helen ------------------------------------------------------

def test_taxes_take_half_rounded_up():
    st = play(two_player(pos=7, coins=5), (1, 1))
    assert st.players[0].coins == 2              # by-jove.gap.1, penalties.1


def test_lotus_eaters_cost_a_turn_and_are_bounce_safe():
    st = State(2)
    st.players[1].pos = IDX["Land of the Lotus Eaters"]
    st.players[0].pos = 16
    play(st, (1, 3))                             # onto the Lotus Eaters: no bounce decision
    assert st.players[0].skip == 1 and st.players[1].pos == 20
    assert st.current_player() == CHANCE and st.turn_player == 1   # by-jove.gap.4


def test_bounce_or_collect():
    st = State(2)
    st.players[1].pos, st.players[0].pos = 8, 3
    play(st, (2, 3))
    assert isinstance(st.pending, Decision) and st.pending.kind == "bounce" and st.pending.about == 1
    play(st, "collect")
    assert (st.players[0].coins, st.players[1].coins) == (5, 3)   # by-jove.bouncing.2
    st = State(2)
    st.players[1].pos, st.players[0].pos = 8, 3
    play(st, (2, 3), "bounce")
    assert st.players[1].pos == 0                # by-jove.bouncing.1


def test_no_bounce_on_a_player_held_in_hades_but_passing_by_is_fair_game():
    st = State(2)
    st.players[1].pos, st.players[1].in_hades = IDX["Hades"], True
    st.players[0].pos = 6
    play(st, (1, 3))
    assert st.turn_player == 1                   # no decision: turn over
    st = State(2)
    st.players[1].pos = IDX["Hades"]
    st.players[0].pos = 6
    play(st, (1, 3))
    assert st.pending.kind == "bounce"


def test_oracle_half_coins_and_protection_from_unfavourable_cards():
    st = play(two_player(pos=0, coins=5), (1, 2), "oracle-11")      # Shipwreck
    assert st.players[0].coins == 2              # by-jove.oracles.3
    st = two_player(pos=10, coins=5)             # Neptune's protected turn onto the Oracle at 22
    play(st, (2, 3), (3, 4), "oracle-11")
    assert st.players[0].coins == 5              # by-jove.gods.7


def test_hold_card_stays_with_the_player_and_frees_from_hades():
    st = play(two_player(pos=0), (1, 2), "oracle-22")
    assert st.players[0].holds == ["oracle-22"] and "oracle-22" not in st.decks["oracle"].used
    st = two_player(in_hades=True, pos=IDX["Hades"], coins=0, holds=["oracle-22"])
    st.decks["oracle"].face_down.remove("oracle-22")
    assert st.pending.kind == "hades" and st.pending.options == ["roll", "card"]
    play(st, "card", (1, 2))
    assert not st.players[0].in_hades and st.players[0].pos == 13
    assert "oracle-22" in st.decks["oracle"].used   # by-jove.gap.22


def test_potluck_falls_on_the_heroes_owner():
    st = State(2)
    st.players[1].skip = 99
    own(st, 1, "Hercules")
    st.players[0].pos = 4
    play(st, (1, 2), "potluck-01")
    assert st.players[1].coins == 7              # by-jove.potluck.2
    st = play(two_player(pos=4), (1, 2), "potluck-01")
    assert st.players[0].coins == 4 and st.players[1].coins == 4   # unowned: nothing (gap.20)


def test_helen_of_troy_war():
    st = State(2)
    st.players[1].skip = 99
    own(st, 1, "Hector")
    st.players[0].pos = 27
    play(st, (1, 2))
    assert st.pending.kind == "war" and st.pending.options == ["none", "player 1"]
    play(st, "player 1", (6, 6), (1, 1))
    assert st.hero_owner["Hector"] == 0 and (st.players[0].coins, st.players[1].coins) == (5, 3)


# ---- Hades -------------------------------------------------------------------------------------

def test_hades_pay_then_move():
    st = two_player(in_hades=True, pos=IDX["Hades"])
    assert st.pending.options == ["roll", "pay"]
    play(st, "pay", (1, 2))
    assert (st.players[0].coins, st.players[0].pos, st.players[0].in_hades) == (1, 13, False)


def test_hades_doubles_on_turn_two_and_release_after_three_turns():
    st = two_player(in_hades=True, pos=IDX["Hades"], coins=0)
    play(st, (1, 2))                             # turn 1: stays
    assert st.players[0].in_hades
    play(st, (3, 3))                             # turn 2: double, moves 6
    assert not st.players[0].in_hades and st.players[0].pos == 16
    st = two_player(in_hades=True, pos=IDX["Hades"], coins=0)
    play(st, (1, 2), (1, 2), (1, 2))             # three turns sat out
    assert st.players[0].in_hades
    play(st, (1, 2))                             # turn 4: leave and move
    assert not st.players[0].in_hades and st.players[0].pos == 13   # by-jove.hades.6, gap.14


# ---- Labyrinth and Quest ------------------------------------------------------------------------

def test_labyrinth_run_and_award():
    st = play(two_player(pos=12), (1, 1))        # Labyrinth (14)
    assert st.players[0].run == "labyrinth" and st.pending.kind == "die"   # entered on the next turn
    play(st, 4)                                  # into the maze, space 4: the Minotaur
    assert st.players[0].where == "maze" and st.pending.kind == "die"
    play(st, 1, 1)                               # Minotaur 1, throw 1: won
    assert st.players[0].vap == 1
    play(st, 2)                                  # 4 + 2 = 6: not out
    play(st, 3)                                  # 6 + 3 = 9 -> 2 (around again)
    assert st.players[0].pos == 2
    play(st, 5)                                  # 2 + 5 = 7 -> the Labyrinth space
    p = st.players[0]
    assert (p.where, p.pos, p.labyrinth, p.run) == ("outer", 14, 1, None)   # by-jove.labyrinth.6


def test_repeat_labyrinth_run_pays_5_and_a_failed_one_costs_the_award():
    st = play(two_player(pos=12, labyrinth=1), (1, 1), "enter", 3, 4)   # 3 then 7 -> out
    assert st.players[0].coins == 4 + 5 and st.players[0].labyrinth == 1
    st = play(two_player(pos=12, labyrinth=1), (1, 1), "enter", 4, 6, 1)  # Minotaur 6, throw 1
    assert st.players[0].labyrinth == 0 and st.players[0].pos == 0      # by-jove.labyrinth.8


def test_quest_any_big_throw_reaches_scylla_and_charybdis():
    st = play(two_player(pos=22), (1, 1))        # Quest (24)
    play(st, 6)                                  # straight to Scylla and Charybdis
    assert st.players[0].pos == IDX["Scylla and Charybdis"]
    play(st, 2, 3)                               # peril 2, throw 3: won
    assert st.players[0].quest == 1 and st.players[0].vap == 1          # by-jove.gap.30


# ---- ending ------------------------------------------------------------------------------------

def test_collection_wins_at_once():
    st = play(two_player(pos=38, coins=15, vap=8, labyrinth=1, quest=1), (1, 2))
    assert st.is_terminal() and st.winners == [0] and st.end_reason == "collection"
    assert st.returns() == [1.0, -1.0] and st.current_player() == TERMINAL


def test_time_limit_scores_points():
    st = State(2, time_limit=1)
    st.players[0].skip = st.players[1].skip = 1
    st.players[1].vap = 1
    st.restart()
    assert st.is_terminal() and st.end_reason == "time limit" and st.winners == [1]


def test_illegal_actions_are_refused_with_the_choices():
    st = State(3)
    with pytest.raises(IllegalMove) as exc:
        st.apply_action("claim")
    assert "(1, 1)" in exc.value.expected
    with pytest.raises(UsageError):
        State(7)


# ---- random playouts ---------------------------------------------------------------------------

def check_invariants(st: State) -> None:
    n = len(st.players)
    assert sum(p.coins for p in st.players) + st.bank["coins"] == rules.TOTAL_COINS
    for item, total in (("vap", rules.TOTAL_VAP), ("labyrinth", 12), ("quest", 12)):
        assert sum(getattr(p, item) for p in st.players) + st.bank[item] == total
    for p in st.players:
        assert p.coins >= 0 and p.vap >= 0 and p.labyrinth in (0, 1) and p.quest in (0, 1)
        limit = {"outer": range(40), "maze": range(1, 7), "route": range(1, 6)}[p.where]
        assert p.pos in limit
        assert not p.in_hades or (p.where, p.pos) == ("outer", IDX["Hades"])
    owned = Counter(h for p in st.players for h in p.heroes)
    assert all(c == 1 for c in owned.values())
    assert {h: o for h, o in st.hero_owner.items() if o is not None} == {
        h: p.seat for p in st.players for h in p.heroes}
    for name, total in (("oracle", 40), ("potluck", 16)):
        deck = st.decks[name]
        cards = deck.face_down + deck.used + [c for p in st.players for c in p.holds if name == "oracle"]
        assert len(cards) == total and len(set(cards)) == total
    if st.is_chance_node():
        assert abs(sum(p for _, p in st.chance_outcomes()) - 1) < 1e-9
    elif not st.is_terminal():
        assert st.legal_actions() and 0 <= st.current_player() < n


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_keep_everything_conserved_and_end(players):
    rng = random.Random(players)
    for _ in range(4):
        st = random_playout(State(players), rng, max_steps=1_000_000, on_step=check_invariants)
        assert st.is_terminal() and st.winners and max(st.returns()) == 1.0


def test_the_round_cap_ends_every_game():
    st = random_playout(State(3, cap=5), random.Random(1), on_step=check_invariants)
    assert st.is_terminal() and (st.end_reason == "collection" or st.round == 5)


@pytest.mark.parametrize("players,young", [(2, False), (4, False), (6, True)])
def test_the_simulators_random_players_play_the_same_games_as_random_playout(players, young):
    """sim.random_play draws each chance outcome through Chance.sample (bisection over running totals):
    from the same seed it must play exactly the game base.random_playout plays."""
    from pnp.games.base import sample_chance
    from pnp.games.by_jove.sim import random_play
    for seed in range(6):
        fast = random_play(State(players, young=young), random.Random(seed))
        slow = random_playout(State(players, young=young), random.Random(seed), max_steps=1_000_000)
        assert (fast.turns, fast.winners, fast.end_reason, fast.scores()) == \
               (slow.turns, slow.winners, slow.end_reason, slow.scores())
    st, rng = State(players), random.Random(99)
    for _ in range(2000):                                     # and every single draw agrees
        if st.is_terminal():
            break
        if st.is_chance_node():
            state_rng = rng.getstate()
            expected = sample_chance(st, rng)
            rng.setstate(state_rng)
            assert st.pending.sample(rng) == expected
            st.apply_action(expected)
        else:
            st.apply_action(rng.choice(st.legal_actions()))


def _position(st: State) -> tuple:
    """Everything a By Jove position holds, at a decision: the decision, the players, bank, heroes, decks."""
    req = st.pending
    return ((req.player, req.kind, list(req.options), req.about) if req is not None else None,
            copy_of(st.players), dict(st.bank), dict(st.hero_owner),
            {k: (list(d.face_down), list(d.used)) for k, d in st.decks.items()}, st.turns, st.round,
            st.winners, st.end_reason)


@pytest.mark.parametrize("players,young,time_limit", [(2, False, None), (4, False, None), (6, True, None),
                                                       (3, False, 15)])
def test_a_state_drawing_its_own_chance_outcomes_plays_the_checked_path(players, young, time_limit):
    """State(rng=...) throws its dice and draws its cards inline (no chance node): from the same seed it
    pauses at the same decisions, in the same positions, as a plain State whose every chance outcome is
    drawn by base.sample_chance and applied through apply_action's check."""
    from pnp.games.base import sample_chance
    for seed in range(5):
        rng = random.Random(seed)
        plain, seen = State(players, young=young, time_limit=time_limit), []
        while not plain.is_terminal():
            if plain.is_chance_node():
                plain.apply_action(sample_chance(plain, rng))
            else:
                seen.append(_position(plain))
                plain.apply_action(rng.choice(plain.legal_actions()))
        rng = random.Random(seed)
        inline, met = State(players, young=young, time_limit=time_limit, rng=rng), []
        while not inline.is_terminal():
            assert not inline.is_chance_node() and inline.chance_outcomes() == []
            met.append(_position(inline))
            inline.apply_action(rng.choice(inline.legal_actions()))
        assert met == seen and _position(inline) == _position(plain)
