"""Positions the games reach are accepted by the judge; positions a rule makes unreachable are refused, naming the rule.

Each test plays seeded random games with the engine, feeds the positions met to a judge situation's library function
(always accepted), then mutates them (one copy more than the supply or box holds, a mandatory placement skipped,
...) and checks the judge refuses exactly those that break a rule, with the rule's id in the message.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from pnp.errors import UsageError
from pnp.games.base import sample_chance
from judge_specs import twelve_labors_helpers_and_order

SEEDS = range(4)


def _random_play(state, rng, steps):
    """Random legal play (chance sampled), yielding the state at each decision, for at most `steps` decisions."""
    for _ in range(steps):
        while state.is_chance_node() and not state.is_terminal():
            state.apply_action(sample_chance(state, rng))
        if state.is_terminal():
            return
        yield state


# --- Micro Hero: the supply per card and per round ------------------------------------------------------------

def _micro_hero_phases(seed: int, most: int = 12):
    """(xp, round, discard top first, plan) of upgrade phases spread over a solo game played by the greedy policy,
    with random purchases mixed into its upgrade phases."""
    from pnp.games.micro_hero.engine import MicroHeroState, Options
    from pnp.games.micro_hero.policies import greedy_action
    rng = random.Random(seed)
    state = MicroHeroState(Options(), rng=random.Random(seed))
    out, phase = [], None
    for _ in _random_play(state, rng, 5000):
        if state.phase != "upgrade":
            state.apply_action(greedy_action(state, rng))
            continue
        if phase is None:
            hero = state.heroes[0]
            phase = (state.xp, state.round, ",".join(c.kind + ("+" if c.up else "") for c in reversed(hero.discard)), [])
        moves = [a for a in state.legal_actions() if a != ("done",)]
        action = rng.choice(moves) if moves and rng.random() < 0.5 else greedy_action(state, rng)
        if action == ("done",):
            out.append(phase)
            phase = None
        else:
            phase[3].append(f"buy {action[1]}" if action[0] == "buy" else action[0])
        state.apply_action(action)
    return out[::max(1, len(out) // most)][:most]


@pytest.mark.parametrize("seed", SEEDS)
def test_micro_hero_upgrade_plans_of_real_games_are_accepted_and_buying_past_the_supply_is_not(seed):
    from pnp.games.micro_hero.cards import catalog
    from pnp.games.micro_hero.rulings import upgrade_plan
    kinds = catalog().kinds
    phases = _micro_hero_phases(seed)
    assert phases
    for xp, round_no, discard, plan in phases:
        if plan:
            v = upgrade_plan(xp, "; ".join(plan), discard or None, round_no).verdict
            assert v["legal"], (plan, v["reason"])
        owned = Counter(k.split("+")[0] for k in discard.split(",") if k) + Counter(
            p[4:] for p in plan if p.startswith("buy "))
        for kid, kind in kinds.items():          # one copy more than the game has: refused, naming the supply rule
            if kind.kind != "technique":
                continue
            extra = ["buy " + kid] * (kind.copies - owned[kid] + 1)
            v = upgrade_plan(500, "; ".join(plan + extra), discard or None, round_no).verdict
            assert not v["legal"] and "micro-hero.gap.27" in v["reason"], (kid, v["reason"])
        fresh = [kid for kid, k in kinds.items() if k.kind == "blessing" and not owned[kid]]
        if round_no >= 2:                        # one Blessing more than the Trials beaten before this round
            v = upgrade_plan(500, "; ".join(plan + ["buy " + b for b in fresh[:round_no]]), discard or None,
                             round_no).verdict
            assert not v["legal"] and "micro-hero.upgrade.7" in v["reason"], v["reason"]
            v = upgrade_plan(500, "; ".join(plan + ["buy " + fresh[0]] * 2), discard or None, round_no).verdict
            assert not v["legal"] and "micro-hero.upgrade.7" in v["reason"], v["reason"]


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_micro_hero_discard_piles_of_real_games_are_accepted_and_copies_past_the_box_are_not(seed):
    from pnp.games.micro_hero.cards import catalog
    from pnp.games.micro_hero.rulings import upgrade_plan
    for xp, round_no, discard, _ in _micro_hero_phases(seed, most=6):
        if not discard:
            continue
        upgrade_plan(xp, "upgrade", discard, round_no)                  # accepted: no error
        cards = discard.split(",")
        top = catalog().kind(cards[0].rstrip("+"))
        more = ",".join(cards + [top.id] * (top.copies if top.kind != "blessing" else 1))
        with pytest.raises(UsageError, match=r"micro-hero\.(contents\.1|upgrade\.7)"):
            upgrade_plan(xp, "upgrade", more, round_no)


def test_micro_hero_hands_hold_no_more_copies_than_two_games_and_wound_piles_no_more_than_the_box():
    from pnp.games.micro_hero.rulings import best_order, score, wound_check
    assert score("lion-skin,strike").verdict["attack"] >= 0
    with pytest.raises(UsageError, match=r"micro-hero\.gap\.21"):
        score("lion-skin,lion-skin")
    with pytest.raises(UsageError, match=r"micro-hero\.coop-setup\.1"):
        best_order("wrestle,wrestle,wrestle")
    assert not wound_check(6).verdict["lost"] and not wound_check(18, blood=True).verdict["lost"]
    with pytest.raises(UsageError, match=r"micro-hero\.coop-setup\.1"):
        wound_check(7)


# --- The Twelve Labors: Iolaus' white die before anyone acts -----------------------------------------------------

def _twelve_labors_resolutions(seed: int, players: int):
    """(Labor name, helper specs, turn order) of every Labor resolved in a random game."""
    from pnp.games.twelve_labors.engine import IOLAUS, PLAYER_COLOURS, State
    rng = random.Random(seed)
    state = State(players)
    names = {IOLAUS: "iolaus", **{p: PLAYER_COLOURS[p] for p in range(players)}}
    out, finish = [], state._finish_resolution

    def recorded(i):
        out.append((state.labors[i].name, *twelve_labors_helpers_and_order(state, i, names)))
        finish(i)
    state._finish_resolution = recorded
    for _ in _random_play(state, rng, 4000):
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("seed,players", [(0, 2), (1, 3), (2, 5)])
def test_twelve_labors_resolutions_of_real_games_are_accepted_and_the_first_without_iolaus_is_not(seed, players):
    from pnp.games.twelve_labors.engine import board
    from pnp.games.twelve_labors.rulings import resolve
    first = next(lab.name for lab in board() if not lab.resolved)
    resolutions = _twelve_labors_resolutions(seed, players)
    assert any(name == first for name, _, _ in resolutions)
    for name, specs, order in resolutions:
        resolve(None, None, specs, order, name)                         # accepted
        white = [s for s in specs if s.startswith("iolaus:")]
        if not white:
            assert name != first                                        # the first Labor always has one
            continue
        others = [s for s in specs if not s.startswith("iolaus:")]
        dice = white[0].split(":")[1]
        if others:   # Iolaus' dice given to a player instead: the same dice fill the Labor, the white die is gone
            who, rest = others[0].split(":", 1)
            player_dice, _, cards = rest.partition(" ")
            moved = [f"{who}:{player_dice},{dice}" + (f" {cards}" if cards else "")] + others[1:]
        else:
            moved = [f"red:{dice}"]
        if name == first:
            with pytest.raises(UsageError, match=r"twelve-labors\.turn\.1"):
                resolve(None, None, moved, None, name)
        else:
            resolve(None, None, moved, None, name)                      # no rule broken: later Labors may lack one


def test_twelve_labors_turn_orders_hold_no_more_players_than_pieces():
    from pnp.games.twelve_labors.rulings import wrestle
    assert wrestle("red,blue,green,yellow,purple", "red", "red:1").verdict["performed"]
    with pytest.raises(UsageError, match=r"twelve-labors\.gap\.4"):
        wrestle("red,blue,green,yellow,purple,pink", "red", "red:1")


# --- Hercules: The Later Years: tasks the deck can pay for -------------------------------------------------------

def _later_years_positions(seed: int, players: int, every: int = 40):
    """(board as JSON text, hands as card-id lists, board owners) every few decisions of a random game."""
    from pnp.games.later_years.engine import LaterYearsState
    rng = random.Random(seed)
    state = LaterYearsState(players)
    out = []
    for i, _ in enumerate(_random_play(state, rng, 1500)):
        if i % every == 0 and state.board.spaces:
            spaces = {f"{a} / {o}": list(stack) for (a, o), stack in state.board.spaces.items()}
            out.append((json.dumps({"spaces": spaces}), [list(h.elements()) for h in state.hands],
                        {(a, o): len(s) for (a, o), s in state.board.spaces.items()}))
        state.apply_action(rng.choice(state.legal_actions()))
    return out


def _label(cid: str) -> str:
    from pnp.games.later_years.engine import card_types
    t = card_types()[cid]
    return f"draw {t.draw}" if t.kind == "draw" else t.name + {1: "", 2: " x2", 3: " x3"}[t.counts_as]


@pytest.mark.parametrize("seed,players", [(0, 3), (1, 4)])
def test_later_years_boards_and_tasks_of_real_games_are_accepted_and_overfull_stacks_are_not(seed, players):
    from pnp.games.later_years.engine import card_types
    from pnp.games.later_years.rulings import chains_ruling, task_ruling
    positions = _later_years_positions(seed, players)
    assert positions
    for board, hands, done in positions:
        chains_ruling(board, "0", "board.json")                         # accepted
        (a, o), d = max(done.items(), key=lambda kv: kv[1])
        for hand in hands:
            if hand:
                task_ruling(a, o, d, ", ".join(map(_label, hand)))      # accepted
        taller = json.loads(board)                                      # one stack as tall as the deck allows, +1
        worth = sum(t.counts_as * t.copies for t in card_types().values() if t.name == a)   # bonus cards count 2, 3
        height = max(h for h in range(20) if h * (h + 1) // 2 <= worth)                     # the k-th took k cards
        taller["spaces"][f"{a} / {o}"] = ["0"] * (height + 1)
        with pytest.raises(UsageError, match=r"later-years\.repeat\.2"):
            chains_ruling(json.dumps(taller), "0", "board.json")
        with pytest.raises(UsageError, match=r"later-years\.repeat\.2"):
            task_ruling(a, o, height + 1, "draw 2")


# --- Hera and Zeus: the opening placement ------------------------------------------------------------------------

def _hz_position(state) -> dict:
    """A position file's mapping for an engine State in the turn phase (docs/hera-zeus.md), draw piles left out."""
    from pnp.games.hera_zeus.cards import SIDES
    def tok(cid: str) -> str:
        return state.cards[cid].token + ("*" if cid in state.face_up else "")
    out = {"to_move": SIDES[state.to_move], "first_turn": state.first_turn, "ap_left": state.ap_left()}
    for side, name in enumerate(SIDES):
        out[name] = {"hand": [state.cards[c].token for c in state.hand[side]],
                     "field": [[tok(c) for c in col] for col in state.field[side]],
                     "statue": None if state.statue[side] is None else state.statue[side] + 1,
                     "discard": [state.cards[c].token for c in state.discard[side]]}
    return out          # no pile count: the loader fills each side's zones from its own deck first


def _hz_first_turn_positions(seed: int) -> list[dict]:
    from pnp.games.hera_zeus.state import State
    rng = random.Random(seed)
    state = State(rng=random.Random(seed))
    out = []
    for _ in _random_play(state, rng, 200):
        if state.phase == "turn" and not state.pending:
            out.append(_hz_position(state))
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_hera_zeus_positions_of_real_games_are_accepted_and_a_skipped_opening_is_not(seed, tmp_path):
    from pnp.games.hera_zeus.cards import SIDES, all_cards, token_of
    from pnp.games.hera_zeus.rulings import legal
    positions = _hz_first_turn_positions(seed)
    assert any(p["first_turn"] for p in positions)
    path = tmp_path / "position.json"
    unplaceable = {c.token for c in all_cards().values() if not c.placeable}
    for position in positions[:40]:
        path.write_text(json.dumps(position))
        legal(str(path), "draw")                                        # accepted: a ruling, no error
        if not position["first_turn"]:
            continue
        for name in SIDES:                                              # keep one battlefield card of this side
            mutated = json.loads(json.dumps(position))
            side = mutated[name]
            kept = next(col[:1] for col in side["field"] if col)
            side["field"], side["statue"] = [kept, [], []], None
            mutated["ap_left"] = min(mutated["ap_left"], 1)
            path.write_text(json.dumps(mutated))
            spells = sum(1 for t in side["hand"] + side["discard"] if token_of(t) in unplaceable)
            if spells >= 9 - 1:                                         # an opening hand this poor could do it
                legal(str(path), "draw")
                continue
            with pytest.raises(UsageError, match=r"hera-zeus\.battlefield\.1"):
                legal(str(path), "draw")


# --- The Labors of Herakles: copies in the Adventure deck ---------------------------------------------------------

@pytest.mark.parametrize("seed,players", [(0, 2), (1, 4)])
def test_labors_of_herakles_hands_of_real_games_are_accepted_and_a_fourth_copy_is_not(seed, players):
    from pnp.games.labors_of_herakles.engine import State
    from pnp.games.labors_of_herakles.rulings import endgame
    rng = random.Random(seed)
    state = State(players)
    checked = 0
    for i, _ in enumerate(_random_play(state, rng, 600)):
        if i % 30 == 0:
            levels = ",".join(map(str, state.traits))
            for hand in state.hands:
                if not hand:
                    continue
                endgame(",".join(hand), levels)                         # accepted
                card = state.cards[hand[0]]
                copies = [f"{card.trait}:{card.value}"] * 3
                with pytest.raises(UsageError, match=r"labors-of-herakles\.gap\.14"):
                    endgame(",".join(list(hand) + copies), levels)
                with pytest.raises(UsageError, match=r"labors-of-herakles\.gap\.14"):
                    endgame(",".join(list(hand) + [hand[0]]), levels)
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked


# --- Verb the Adjective Noun: one marker per card in a trial --------------------------------------------------------

@pytest.mark.parametrize("seed,players", [(0, 3), (1, 6)])
def test_verb_adjective_noun_trials_of_real_games_are_accepted_and_an_extra_marker_is_not(seed, players):
    from pnp.games.verb_adjective_noun.engine import VerbState
    from pnp.games.verb_adjective_noun.rulings import auction_ruling, score_ruling
    names = ("red", "blue", "green", "yellow", "purple", "black")
    rng = random.Random(seed)
    state = VerbState(players)
    checked = 0
    for _ in _random_play(state, rng, 400):
        for trial in state.trials:
            if not trial.cards or not sum(trial.markers.values()):
                continue
            marks = {names[p]: n for p, n in trial.markers.items()}
            text = ", ".join(f"{p}:{n}" for p, n in marks.items())
            score_ruling(", ".join(trial.cards), text)                  # accepted
            who = next(iter(marks))
            extra = ", ".join(f"{p}:{n + (p == who)}" for p, n in marks.items())
            with pytest.raises(UsageError, match=r"verb-adjective-noun\.add\.9"):
                score_ruling(", ".join(trial.cards), extra)
            checked += 1
        for lot in state.auction:
            if lot.markers:
                auction_ruling(", ".join(f"{names[p]}:{n}" for p, n in lot.markers.items()))   # accepted
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked
    with pytest.raises(UsageError, match=r"verb-adjective-noun\.components\.4"):
        auction_ruling(", ".join(f"p{i}:1" for i in range(7)))


# --- Argonauts: the box's cards -----------------------------------------------------------------------------------

def test_argonauts_end_takes_no_deck_larger_than_the_box():
    from pnp.games.argonauts.cards import load_cards
    from pnp.games.argonauts.rulings import end
    assert end(3, len(load_cards())).verdict == "play on"
    with pytest.raises(UsageError, match=r"argonauts\.includes\.1"):
        end(3, len(load_cards()) + 1)


def test_later_years_final_hands_hold_no_more_cards_than_the_deck():
    from pnp.games.later_years.rulings import score_ruling
    board = '{"spaces": {"Capture / Temple": ["red"]}}'
    assert score_ruling(board, "red:3, blue:2", "red:100, blue:8", "board.json").verdict["winners"] == ["red"]
    with pytest.raises(UsageError, match=r"later-years\.parts\.1"):
        score_ruling(board, "red:3, blue:2", "red:100, blue:9", "board.json")


def test_argonauts_crew_counts_stay_within_what_a_game_can_hold():
    from pnp.games.argonauts.campaign_cards import load_cards as campaign_data
    from pnp.games.argonauts.rulings import assign, deaths, end, most_crew, roll
    data = campaign_data()
    top = most_crew()
    assert top == data.starting_crew + sum(r.crew for r in data.rewards) + sum(
        c.effect.amount for c in data.cards if c.effect and c.effect.type == "crew") > data.starting_crew
    assert roll(4, top, 7).verdict is not None and end(top, 0).verdict == "won"
    assert assign("harpies:1", top).verdict["legal"]
    for call in (lambda: roll(4, top + 1, 7), lambda: end(top + 1, 0), lambda: assign("harpies:1", top + 1),
                 lambda: deaths(2, top + 1)):
        with pytest.raises(UsageError, match=r"argonauts\.includes\.4") as err:
            call()
        assert err.value.field in ("crew", "crew-left") and f"0..{top}" in err.value.expected


def test_twelve_labors_assist_takes_no_more_empty_boxes_than_the_board_has():
    from pnp.games.twelve_labors.engine import State
    from pnp.games.twelve_labors.rulings import assist
    state = State(2)
    top = sum(labor.boxes for labor, done in zip(state.labors, state.resolved) if not done)  # as the engine deals
    assert top < sum(labor.boxes for labor in state.labors)  # the Labors resolved at the start hold none
    assert assist(True, 2).verdict == assist(True, 2, top).verdict == {"dice_placed": 1, "bonus_dice": 1, "points": 2}
    with pytest.raises(UsageError, match=r"twelve-labors\.labors\.1") as err:
        assist(True, 2, top + 1)
    assert f"0..{top}" in err.value.expected
