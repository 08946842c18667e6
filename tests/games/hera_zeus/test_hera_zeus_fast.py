"""Hera and Zeus fast paths agree with the checked path: pruned candidates, is_legal, apply_legal, the greedy pick."""
from __future__ import annotations

import random

import pytest

from pnp.errors import IllegalMove
from pnp.games.hera_zeus import HERA, State, sim
from pnp.games.hera_zeus.moves import MOVES, SURE
from copies import copy_of


def snapshot(state: State) -> tuple:
    """Everything a move can change, for comparing two States."""
    return (state.hand, state.field, state.pile, state.discard, state.statue, state.face_up, state.known,
            state.phase, state.to_move, state.ap_total, state.ap_spent, state.first_turn, state.pending,
            state.chance, state.turns, state.winner, state.end_rule, state.events, state.steps)


@pytest.mark.parametrize("seed", range(4))
def test_fast_paths_agree_with_the_reasoned_check_on_greedy_and_random_games(seed):
    rng = random.Random(seed)
    state = State(first=seed % 2)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = state.sample_chance(rng)
            assert outcome in dict(state.chance_outcomes())
            state.apply_legal(outcome)
            continue
        everything = state._candidates(prune=False)
        checked = [" ".join(m) for m in everything if state.why_illegal(" ".join(m)) is None]
        assert state.legal_actions() == checked                       # pruning drops no legal move, keeps order
        for m in everything:
            assert state.is_legal(m) == (state.why_illegal(" ".join(m)) is None), m
        for k in state._codes():                                      # a pruned place needs only an action point
            assert not SURE[k] or state.phase == "turn" and state.ap_left() > 0 and state.is_legal(MOVES[k]), MOVES[k]
        assert state.drawable != state.steps or state.is_legal(("draw",))   # the end.2 test's draw, still legal
        listed = state.moves()                                        # kept from _has_legal when it built them
        assert listed == state._candidates() and set(checked) <= {" ".join(m) for m in listed}
        if state.phase == "turn":                                     # the end.2 test _settle makes
            assert state._has_legal() == bool(checked)
        if (seed + decisions) % 2:                                    # alternate greedy and uniform picks
            plain = random.Random()
            plain.setstate(rng.getstate())
            pick = sim.best_move(state, rng)
            codes = state._codes()
            best = max(sim._scores(state, [k for k in codes if state.is_legal(MOVES[k])]))
            picked = codes[[MOVES[k] for k in codes].index(pick)]
            assert " ".join(pick) in checked and sim._scores(state, [picked])[0] >= best - sim.NOISE
            assert pick == plain_best_move(state, plain) and rng.getstate() == plain.getstate()
        else:
            pick = tuple(rng.choice(checked).split())
        twin = copy_of(state)
        twin.apply_action(" ".join(pick))                             # the checked way in
        state.apply_legal(pick)                                       # the trusted way in
        assert snapshot(state) == snapshot(twin)
        decisions += 1
    assert decisions > 20 and state.winner in (HERA, 1 - HERA)


def test_sample_chance_draws_from_the_chance_outcomes():
    rng = random.Random(3)
    state = State()
    seen = set()
    for _ in range(40):
        outcomes = dict(state.chance_outcomes())
        card = state.sample_chance(rng)
        assert card in outcomes
        seen.add(card)
        state.apply_action(card)
        if not state.is_chance_node():
            break
    assert len(seen) == 18 and all(state.cards[c].kind != "hostage" for c in seen)
    with pytest.raises(IllegalMove, match="chance outcome"):
        State().apply_action("not-a-card")


def test_random_policy_picks_every_legal_move_about_equally_often():
    state = State()
    rng = random.Random(2)
    while state.is_chance_node() or state.phase != "turn" or not len(state.moves()) > len(state.legal_actions()) > 3:
        state.apply_legal(state.sample_chance(rng) if state.is_chance_node() else sim.choose(state, "random", rng))
    legal = state.legal_actions()                                     # some candidates are refused, several legal
    counts = {m: 0 for m in legal}
    for _ in range(300 * len(legal)):
        counts[" ".join(sim.choose(state, "random", rng))] += 1
    assert set(counts) == set(legal) and min(counts.values()) > 200 and max(counts.values()) < 400


@pytest.mark.parametrize("seed", range(3))
def test_hand_index_kept_card_by_card_equals_a_fresh_index_and_events_read_as_text(seed):
    rng = random.Random(seed)
    state = State(first=seed % 2)
    while not state.is_terminal():
        state.apply_legal(state.sample_chance(rng) if state.is_chance_node() else sim.choose(state, "greedy", rng))
        assert all(isinstance(text, str) and "{" not in text and rule.startswith("hera-zeus.")
                   for text, rule in state.events)
        for p in (0, 1):
            kept = state._indexed(p)
            state._hands[p] = [None]                                  # forget it: the next read indexes afresh
            assert state._indexed(p) == kept
            assert kept[2] and all(ids == sorted(ids) for ids in kept[2].values()) or not state.hand[p]


def plain_best_move(state: State, rng: random.Random) -> tuple[str, ...]:
    """The greedy pick as first written: indices sorted by score (a stable sort), each checked with is_legal;
    best_move must pick the same move with the same random draws."""
    codes = state.move_codes()
    scores = [sim._scores(state, [k])[0] for k in codes]
    pick, best = None, float("-inf")
    for i in sorted(range(len(codes)), key=scores.__getitem__, reverse=True):
        if scores[i] + sim.NOISE <= best:
            break
        key = scores[i] + rng.random() * sim.NOISE
        if key > best and state.is_legal(MOVES[codes[i]]):
            pick, best = MOVES[codes[i]], key
    return pick


@pytest.mark.parametrize("seed", range(3))
def test_scores_kept_by_move_code_equal_scores_worked_out_afresh(seed, monkeypatch):
    """The greedy keeps a move's score by its code (a place code stands for one fill of its column): at every
    decision of greedy games, the kept scores of all candidates, pruned or not, equal those worked out with
    nothing kept, and each move's score does not depend on the others listed with it."""
    rng = random.Random(seed)
    state = State(first=seed % 2, rng=rng)
    kept = sim._KNOWN
    while not state.is_terminal():
        for prune in (True, False):
            codes = state._codes(prune)
            with_kept = sim._scores(state, codes)
            monkeypatch.setattr(sim, "_KNOWN", [[sim._UNSCORED] * len(MOVES) for _ in range(2)])
            assert sim._scores(state, codes) == with_kept == [sim._scores(state, [k])[0] for k in codes]
            monkeypatch.setattr(sim, "_KNOWN", kept)
        state.apply_legal(sim.choose(state, "greedy", rng))


@pytest.mark.parametrize("seed", range(4))
def test_a_state_given_an_rng_meets_the_decisions_of_the_chance_node_path(seed):
    """A State drawing its own cards stops at the same decisions, in the same positions, as one whose deals,
    draws and raids are chance nodes sampled with the same rng; the whole game ends alike."""
    plain_rng, inline_rng = random.Random(seed), random.Random(seed)
    plain, inline = State(first=seed % 2), State(first=seed % 2, rng=inline_rng)
    decisions = 0
    while not plain.is_terminal():
        if plain.is_chance_node():
            plain.apply_legal(plain.sample_chance(plain_rng))
            continue
        assert not inline.is_chance_node() and inline.rng is inline_rng
        assert snapshot(inline)[:-2] == snapshot(plain)[:-2]           # all but the last notes and step count
        assert inline.steps == plain.steps and plain_rng.getstate() == inline_rng.getstate()
        assert inline.legal_actions() == plain.legal_actions()
        policy = "greedy" if (seed + decisions) % 2 else "random"
        move = sim.choose(plain, policy, plain_rng)
        assert sim.choose(inline, policy, inline_rng) == move
        plain.apply_legal(move)
        if (seed + decisions) % 3:
            inline.apply_legal(move)                                  # the trusted way in
        else:
            inline.apply_action(" ".join(move))                       # the checked way in draws inline too
        decisions += 1
    assert inline.is_terminal() and snapshot(inline)[:-2] == snapshot(plain)[:-2] and inline.steps == plain.steps
    assert decisions > 20


def test_play_draws_inline_and_reports_as_the_chance_node_path():
    """sim.play (a State with the rng) ends each game as the chance-node loop with the same seed does."""
    for index in range(6):
        rng = random.Random(index)
        state = State(first=index % 2)
        while not state.is_terminal():
            state.apply_legal(state.sample_chance(rng) if state.is_chance_node() else sim.best_move(state, rng))
        played = sim.play("greedy", random.Random(index), index % 2)
        assert (played.turns, played.winner, played.end_rule, played.hand, played.field) == \
               (state.turns, state.winner, state.end_rule, state.hand, state.field)


def test_an_unknown_policy_is_a_one_line_usage_error_naming_the_known_ones():
    from pnp.errors import UsageError
    with pytest.raises(UsageError) as err:
        sim.run(2, "cautious", 1)
    assert err.value.field == "policy" and "greedy" in err.value.one_line() and "random" in err.value.one_line()
