"""Argonauts exact odds and advice: hand-computed values, a plain reference solver, brute force."""
import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from argonauts_reference import reference
from pnp.games.argonauts.cards import Effect, Stats, deck_stats, load_cards
from pnp.games.argonauts.dice import p_success
from pnp.games.argonauts.turn import Turn

FIXTURE = str(Path(__file__).parents[2] / "fixtures" / "argonauts-cards.yaml")


def _stats(ids):
    cards = load_cards(FIXTURE)
    st = deck_stats(ids, {}, cards)
    return [st[i] for i in ids]


@pytest.mark.parametrize("crew,difficulty,mod,expected", [
    (3, 8, 1, Fraction(1, 2)),   # needs 4+: 4, 5, 6
    (1, 10, 0, Fraction(1, 6)),  # only the natural 6 (argonauts.combat.17)
    (0, 2, 5, Fraction(0)),      # no crew, no roll (argonauts.gap.4)
    (6, 7, 0, Fraction(1)),      # even a 1 reaches 7
    (2, 7, 0, Fraction(2, 6)),   # needs 5+
    (4, 9, -1, Fraction(1, 6)),  # 4 - 1 = 3 needs a 6: the natural 6 only
    (4, 9, 1, Fraction(1, 2)),   # 4 + 1 = 5 needs 4+: 4, 5, 6
])
def test_single_card_chance_by_hand(crew, difficulty, mod, expected):
    assert p_success(crew, difficulty, mod) == expected


def test_independent_assignment_distribution_by_hand():
    # harpies d7/2 with 5 crew: 5/6; talos d9/3 with 6 crew: 4/6; 1 crew free, no cut possible
    t = Turn(_stats(["harpies", "talos"]), 12)
    plan = t.plan((5, 6))
    got = {12 - k: round(p, 9) for k, p in plan.distribution.items()}
    assert got == {0: round(20 / 36, 9), 2: round(4 / 36, 9), 3: round(10 / 36, 9), 5: round(2 / 36, 9)}
    assert plan.score.p_survive == pytest.approx(1.0)
    assert plan.score.crew_left == pytest.approx(12 - 2 * 1 / 6 - 3 * 2 / 6)


def test_order_and_deaths_matter_hand_worked():
    # boar d6/5 with 1 crew, talos d9/3 with 5 crew, 6 crew in all.
    # Talos first: 1/2 + 1/2 * 1/3 = 2/3 survive; boar first only 4/9. Crew left 11/6.
    t = Turn(_stats(["boar", "talos"]), 6)
    s = t.score((1, 5))
    assert s.p_survive == pytest.approx(2 / 3)
    assert s.crew_left == pytest.approx(11 / 6)


def _brute(cards, crew, held):
    t = Turn(cards, crew, held)
    best = None
    for combo in itertools.product(*[range(crew + 1)] * len(t.cards)):
        if sum(combo) <= crew:
            k = t.score(combo).key()
            best = k if best is None or k > best else best
    return best


@pytest.mark.parametrize("ids,crew,held", [
    (["harpies", "talos"], 5, []),
    (["boar", "talos", "harpies"], 6, []),
    (["sirens", "boar", "armour"], 6, []),
    (["harpies", "boar", "lyre"], 7, ["beam"]),
    (["talos", "volunteers", "boar"], 5, ["armour", "dove"]),
    (["harpies", "boar", "talos"], 4, ["beam", "armour"]),
])
def test_advice_equals_brute_force(ids, crew, held):
    cards = _stats(ids)
    best = Turn(cards, crew, _stats(held)).best(3)
    assert best[0].score.key() == _brute(cards, crew, _stats(held))
    assert [p.score.key() for p in best] == sorted([p.score.key() for p in best], reverse=True)
    assert all(sum(p.assignment.values()) <= crew for p in best)


def test_no_crew_is_ever_advised_for_a_blessing_or_wrath():
    best = Turn(_stats(["harpies", "calm", "wrath-a", "talos"]), 8).best(3)
    for p in best:
        assert set(p.assignment) == {"harpies", "talos"}


def test_a_modifier_that_falls_short_saves_nothing():
    # Armour (d4, 1 crew) wins on 3+ and gives +2. Harpies at box 6 (d10, kills 4) with 1 crew:
    # 1 + 2 + a roll of 5 is 8, short of 10, so only the natural 6 beats it, +2 or not.
    # Either order: crew left 5 - 4 * 5/6, cards won 4/6 + 1/6.
    cards = load_cards(FIXTURE)
    st = deck_stats(["armour", "harpies"], {"harpies": 5}, cards)
    s = Turn([st["armour"], st["harpies"]], 5).score((1, 1))
    assert (s.p_survive, s.crew_left, s.cards_won) == pytest.approx((1.0, 5 - 10 / 3, 5 / 6))


def test_two_modifiers_may_lift_one_roll_together():
    # Talos d9 (kills 3) with 1 of 3 crew: alone only a 6 wins. +3 lifts a 5; +2 and +3 together
    # lift a 3 or a 4. So 4 faces of 6 win and the crew survives; on a 1 or 2 all three die.
    cards = load_cards(FIXTURE)
    talos = deck_stats(["talos"], {}, cards)["talos"]
    plus3 = Stats("clod", "Clod", "treasure", 7, 0, False, "single", Effect("modifier", 3, "any"))
    s = Turn([talos], 3, _stats(["armour"]) + [plus3]).score((1,))
    assert (s.p_survive, s.crew_left, s.cards_won) == pytest.approx((4 / 6, 2.0, 4 / 6))


@pytest.mark.parametrize("seed", range(4))
def test_built_in_cards_with_two_modifiers_held_score_as_the_reference(seed):
    cards = load_cards()
    fight = sorted(c for c in cards if cards[c].kind in ("monster", "treasure") and c not in (
        "cyzican-armour", "tritons-clod"))
    ids = random.Random(seed).sample(fight, 2)
    st = deck_stats(ids + ["cyzican-armour", "tritons-clod"], {}, cards)
    field, held = [st[i] for i in ids], [st["cyzican-armour"], st["tritons-clod"]]
    ref, turn = reference(field, 6, held), Turn(field, 6, held)
    for combo in itertools.product(range(7), repeat=len(turn.cards)):
        if sum(combo) <= 6:
            assert turn.score(combo).key() == tuple(round(x, 9) for x in ref(combo)), (ids, combo)


def _pool():
    cards = load_cards(FIXTURE)
    return [c for c in cards if cards[c].kind in ("monster", "treasure")], \
        [c for c in cards if cards[c].kind == "treasure"]


@pytest.mark.parametrize("seed", range(12))
def test_every_assignment_scores_as_the_reference_solver(seed):
    fight, treasures = _pool()
    rng = random.Random(seed)
    ids = rng.sample(fight, 2 + seed % 2)
    held = rng.sample([t for t in treasures if t not in ids], seed % 3)
    crew = rng.randint(2, 7)
    cards, hold = _stats(ids), _stats(held)
    ref, turn = reference(cards, crew, hold), Turn(cards, crew, hold)
    for combo in itertools.product(*[range(crew + 1)] * len(turn.cards)):
        if sum(combo) <= crew:
            want = tuple(round(x, 9) for x in ref(combo))
            assert turn.score(combo).key() == want, (ids, held, crew, combo)


@pytest.mark.parametrize("seed", range(6))
def test_distribution_matches_the_score(seed):
    fight, treasures = _pool()
    rng = random.Random(100 + seed)
    turn = Turn(_stats(rng.sample(fight, 3)), 8, _stats(rng.sample(treasures, 1)))
    for plan in turn.best(3):
        assert sum(plan.distribution.values()) == pytest.approx(1.0)
        assert sum(k * p for k, p in plan.distribution.items()) == pytest.approx(plan.score.crew_left)
        assert sum(p for k, p in plan.distribution.items() if k > 0) == pytest.approx(plan.score.p_survive)
