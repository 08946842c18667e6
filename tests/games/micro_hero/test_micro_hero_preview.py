"""Micro Hero's fast paths agree with the checked ones: the batch plan preview and the cached plan table
with legal_actions() and with scoring each played order card by card; the plan and upgrade checks of
apply_action with legal_actions()."""
import random

import pytest

from pnp.errors import IllegalMove
from pnp.games.base import sample_chance
from pnp.games.micro_hero.cards import Icons
from pnp.games.micro_hero.engine import MicroHeroState
from pnp.games.micro_hero.pieces import Options
from pnp.games.micro_hero.plans import BOOST, chain_score
from pnp.games.micro_hero.policies import POLICIES
from copies import copy_of


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


def _decisions(phase: str, options, seeds=range(3)):
    """(state, rng) at every `phase` decision of greedy games, one game per seed with options(seed)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = MicroHeroState(options(seed))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            if state.phase == phase:
                yield state, rng
            state.apply_action(POLICIES["greedy"](state, rng))


@pytest.mark.parametrize("expansions,stances", [((), ("hercules", "hercules")),
                                                (("omphale", "blood"), ("omphale", "omphale")),
                                                (("athena", "calm"), ("hercules", "hercules"))])
def test_preview_plans_matches_chain_score_at_every_plan_of_random_games(expansions, stances):
    checked = 0
    opt = Options(difficulty="mythic", expansions=frozenset(expansions), stances=stances)
    for state, _ in _decisions("plan", lambda seed: opt):
        legal = state.legal_actions()
        rows = state.preview_plans(state.actor, legal).tolist()
        assert [Icons(*r) for r in rows] == [_by_hand(state, state.actor, a) for a in legal]
        assert state.preview_plan(state.actor, legal[-1]) == Icons(*rows[-1])
        checked += len(legal)
    assert checked > 100


@pytest.mark.parametrize("expansions,stances", [((), ("hercules", "hercules")),
                                                (("omphale", "hera"), ("omphale", "omphale")),
                                                (("athena", "calm"), ("hercules", "hercules"))])
def test_plan_choices_are_exactly_the_legal_plans_with_their_card_by_card_icons(expansions, stances):
    """The table cached per sorted hand, mapped back to the real hand, lists every legal plan once, and
    gives each the icons chain_score gives it; preview_plan reads the same table."""
    checked = 0
    for state, rng in _decisions("plan", lambda seed: Options(difficulty="heroic", players=2 if seed == 2 else 1,
                                                              expansions=frozenset(expansions), stances=stances)):
        legal = state.legal_actions()
        choices = state.plan_choices(state.actor)
        mapped = [choices.action(i) for i in range(len(choices.table.plans.actions))]
        assert len(mapped) == len(legal) and set(mapped) == set(legal)
        for i, action in enumerate(mapped):
            assert Icons(*choices.table.row(i)) == _by_hand(state, state.actor, action)
        for i in rng.sample(range(len(mapped)), min(5, len(mapped))):
            given = choices.action(i)                   # outcome_of knows this very tuple's plan
            assert choices.outcome_of(given) == choices.outcome_of(tuple(list(given))) == choices.table.row(i)
        for action in rng.sample(legal, min(5, len(legal))):
            assert state.preview_plan(state.actor, action) == _by_hand(state, state.actor, action)
        checked += len(legal)
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


def _key_form(state: MicroHeroState, action):
    """A plan by what it plays: the stance (a stashed card by its kind) and the kinds in play order."""
    _, order, stance = action
    keys = [(c.kind, c.up) for c in state.heroes[state.actor].hand]
    if stance and stance[0] == "stash":
        stance = ("stash", keys[stance[1]])
    return stance, tuple(keys[i] for i in order)


@pytest.mark.parametrize("expansions,stances", [((), ("hercules", "hercules")),
                                                (("omphale",), ("omphale", "omphale"))])
def test_apply_accepts_exactly_the_listed_plans_up_to_identical_cards(expansions, stances):
    """apply_action's plan check agrees with legal_actions(): a listed plan, or one that plays every card
    once and differs only by swapping identical cards, is legal; a repeated or missing card, a stance the
    hero cannot use, or a malformed action is not."""
    checked = 0
    opt = Options(difficulty="heroic", expansions=frozenset(expansions), stances=stances)
    for state, rng in _decisions("plan", lambda seed: opt, range(4)):
        legal = state.legal_actions()
        listed = {_key_form(state, a) for a in legal}
        n = len(state.heroes[state.actor].hand)
        candidates = list(legal[:3])
        for _ in range(12):
            _, order, stance = rng.choice(legal)
            order = list(order)
            rng.shuffle(order)
            if order and rng.random() < 0.3:
                order[rng.randrange(len(order))] = rng.randrange(n + 1)
            stance = rng.choice([stance, None, ("boost", "xp"), ("skin",), ("stash", rng.randrange(n + 1))])
            candidates.append(("play", tuple(order), stance))
        candidates += [("play", [0], None), ("play",), "play", ("done",), ("play", (0,), ["boost"])]
        for action in candidates:
            whole = (isinstance(action, tuple) and len(action) == 3 and isinstance(action[1], tuple)
                     and all(isinstance(i, int) for i in action[1]))
            expected = False
            if whole and isinstance(action[2], (tuple, type(None))):
                stash = action[2][1] if action[2] and action[2][0] == "stash" else None
                if (stash is None or stash < n) and sorted(action[1]) == [i for i in range(n) if i != stash]:
                    expected = _key_form(state, action) in listed
            assert state._plan_legal(action) == expected, action
            if state.plan_choices(state.actor).outcome_of(action) is not None:     # apply_action's fast path
                assert expected, action
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("players", [1, 2])
def test_upgrade_check_of_one_action_agrees_with_the_listed_actions(players):
    """apply_action checks an upgrade-phase action with upgrade_legal, without listing the rest: the same
    answer as looking it up in legal_actions(), for legal, unaffordable, absent and malformed actions."""
    checked = 0
    kinds = sorted(MicroHeroState().cat.kinds)
    for state, rng in _decisions("upgrade", lambda seed: Options(difficulty="heroic", players=players)):
        legal = state.legal_actions()
        candidates = legal + [("buy", rng.choice(kinds), rng.randrange(3)), ("upgrade", rng.randrange(3)),
                              ("foresee", rng.randrange(3)), ("buy",), ("buy", "strike"), ("done", 0),
                              ["done"], "done", (), ("rest",)]
        for action in candidates:
            assert state.upgrade_legal(action) == (action in legal), action
            checked += 1
        cheapest, state._cheapest = state._cheapest, 0          # the listing without the too-little-XP shortcut
        assert state._upgrade_actions() == legal
        state._cheapest = cheapest
    assert checked > 300


@pytest.mark.parametrize("expansions", [(), ("athena", "blood")])
def test_prep_check_of_one_action_agrees_with_the_listed_actions(expansions):
    """apply_action checks a Preparation Action with prep_legal, listing only its kind (prep_options): the same
    answer as looking it up in legal_actions(), for legal, absent and malformed actions; the kinds' options
    together are the listing, in its order."""
    checked = 0
    kinds = sorted(MicroHeroState().cat.kinds)
    for state, rng in _decisions("prep", lambda seed: Options(difficulty="mythic", players=1 + seed % 2,
                                                             expansions=frozenset(expansions)), range(4)):
        legal = state.legal_actions()
        p = state.actor
        candidates = legal + [("prep", what, p, rng.choice(kinds)) for what in ("rest", "ready")] + [
            ("prep", "recover", p), ("prep", "shield", p), ("prep", "pass", 1 - p), ("prep", "rest", p),
            ("prep", "sleep", p), ("prep",), ("prep", ["rest"], p), ["prep", "pass", p], "pass", ()]
        for action in candidates:
            assert state.prep_legal(action) == (action in legal), action
            checked += 1
        assert [a for what in ("pass", "rest", "ready", "recover", "shield") for a in state.prep_options(p, what)] == legal
    assert checked > 200


@pytest.mark.parametrize("phase", ["plan", "upgrade", "prep"])
def test_effects_cache_equals_a_fresh_reading_at_every_decision(phase):
    """effects() kept from an earlier step equals the special rules worked out afresh (its key holds what
    they read: the round, the first turn, whether a Trial is out, the lingering Trials, Hera's Revenge)."""
    checked = 0
    opt = Options(difficulty="mythic", expansions=frozenset({"hera", "blood"}))
    for state, _ in _decisions(phase, lambda seed: opt, range(6)):
        kept = dict(state.effects())
        state._eff_key = state._eff_at = None
        assert state.effects() == kept
        checked += 1
    assert checked > 20


def test_effects_kept_within_a_step_equal_a_fresh_reading_at_every_node():
    """effects() answered again without reading the state (nothing changed since: same _version) equals a
    fresh reading at every node, chance ones too; and each turn's hand has the size the effects in force at
    its start give (Hera's Revenge changes the first hand of a Trial, micro-hero.gap.13), so a step that
    changes what effects() reads does not get an answer kept from before the change."""
    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = MicroHeroState(Options(difficulty="normal", expansions=frozenset({"hera", "blood", "calm"})))
        while not state.is_terminal():
            kept = dict(state.effects())
            state._eff_key = state._eff_at = None
            assert state.effects() == kept
            if state.phase == "plan" and state.actor == 0:
                eff = dict(state.effects())
                size = max(1, 5 + eff.get("hand_size", 0))
                hero = state.heroes[0]
                assert len(hero.hand) == size or not hero.deck, (state.round, state.turn)
            checked += 1
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else POLICIES["greedy"](state, rng))
    assert checked > 200


@pytest.mark.parametrize("expansions", [(), ("hera", "calm")])
def test_chance_check_accepts_exactly_the_listed_outcomes(expansions):
    """apply_action's check at a chance node (_is_outcome, no list built) accepts every outcome
    chance_outcomes() lists and nothing else (other phases' names, Trials gone, Revenge drawn, junk)."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = MicroHeroState(Options(difficulty="heroic", expansions=frozenset(expansions)))
        strangers = ["strike", "wound", "no-such-card", 3, None, ("strike",), ["unhashable"]]
        strangers += sorted(set(state.cat.kinds) | set(state.cat.trials) | set(state.cat.revenge))
        while not state.is_terminal():
            if state.is_chance_node():
                listed = [o for o, _ in state.chance_outcomes()]
                for candidate in listed + list(strangers):
                    assert state._is_outcome(candidate) == (candidate in listed), candidate
                    checked += 1
                outcome = sample_chance(state, rng)
                if rng.random() < 0.05:
                    bad = next((s for s in strangers if isinstance(s, str) and s not in listed), None)
                    if bad is not None:
                        with pytest.raises(IllegalMove, match="not a possible outcome"):
                            state.apply_action(bad)
                state.apply_action(outcome)
            else:
                state.apply_action(POLICIES["greedy"](state, rng))
    assert checked > 1000


def _every_cell_value(state: MicroHeroState, table) -> list[int]:
    """The greedy policy's value of each cell of a PlanTable, every cell valued (times 5): a kill, 5000
    plus 15 a XP; else 50 a damage (less 225 for no damage under idle_wound), less 225 a Wound, plus 15
    a XP and the Defence."""
    others = sum(h.result.attack for h in state.heroes[:state.actor])
    eff, out = state.effects(), []
    cell_attack = [a for a, (start, stop) in enumerate(zip(table.starts, table.starts[1:] + (len(table.cell_xp),)))
                   for _ in range(start, stop)]
    for a, defence, xp in zip(cell_attack, table.cell_defence, table.cell_xp):
        dmg = state.damages([table.attacks[a] + others])[0]
        if dmg >= state.t_life:
            out.append(5000 + xp * 15)
            continue
        trial_attack = state.t_attack + state.calm_bonus(state.t_life - dmg).attack
        wounds = state.wounds_for(defence, state.heroes[state.actor].shield, trial_attack)[0]
        out.append(dmg * 50 - (225 if dmg == 0 and eff.get("idle_wound") else 0) - wounds * 225 + xp * 15 + defence)
    return out


@pytest.mark.parametrize("expansions,stances,players", [((), ("hercules", "hercules"), 1),
                                                        (("omphale", "blood", "hera"), ("omphale", "omphale"), 2),
                                                        (("athena", "calm"), ("hercules", "hercules"), 2)])
def test_greedy_best_cells_equal_valuing_every_cell(expansions, stances, players):
    """The greedy policy passes over cells whose value before Wounds is below the best so far; the cells
    it finds best are exactly those of highest value when every cell is valued (also under a designer's
    Trial that takes Wounds away, so a Wound count can fall below 0)."""
    from pnp.games.micro_hero.policies import _best_cells

    checked = 0
    for state, _ in _decisions("plan", lambda seed: Options(difficulty=("normal", "heroic", "mythic")[seed],
                                                            players=players, expansions=frozenset(expansions),
                                                            stances=stances)):
        table = state.plan_choices(state.actor).table
        for extra in (None, -2):
            if extra is not None:
                state._eff = dict(state.effects(), extra_wound=extra)
            values = _every_cell_value(state, table)
            assert _best_cells(state, state.actor, table) == [c for c, v in enumerate(values) if v == max(values)]
            checked += 1
        state._eff_key = state._eff_at = None           # the next reading is afresh, without the made-up effect
    assert checked > 50


def _listing(choices) -> list[tuple]:
    """Every plan of a PlanChoices as (action on the real hand, (attack, defence, xp))."""
    return [(choices.action(i), choices.table.row(i)) for i in range(len(choices.table.plans.actions))]


@pytest.mark.parametrize("expansions,stances,players", [((), ("hercules", "hercules"), 1),
                                                        (("omphale", "blood", "hera"), ("omphale", "omphale"), 2),
                                                        (("athena", "calm", "blood"), ("hercules", "hercules"), 2)])
def test_kept_plan_choices_equal_a_fresh_computation_along_random_games(expansions, stances, players):
    """plan_choices keeps its answer until the state changes (apply_action calls changed()): at every step of
    greedy games (draws, plays, upgrades, Wounds, maintenance, stance turns, chance) the kept choices of
    each hero holding cards equal the choices worked out afresh, and equal legal_actions() and the preview."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = MicroHeroState(Options(difficulty=("normal", "heroic", "mythic")[seed % 3], players=players,
                                       expansions=frozenset(expansions), stances=stances))
        while not state.is_terminal():
            holding = [p for p, hero in enumerate(state.heroes) if hero.hand]
            rng.shuffle(holding)                    # the hero asked last is the one kept into the next step
            for p in holding:
                kept = _listing(state.plan_choices(p))
                state._choices = None
                fresh = state.plan_choices(p)
                assert kept == _listing(fresh)
                if state.phase == "plan" and p == state.actor:
                    legal = state.legal_actions()
                    assert len(kept) == len(legal) and {a for a, _ in kept} == set(legal)
                    assert [list(r) for _, r in kept] == state.preview_plans(p, [a for a, _ in kept]).tolist()
                checked += 1
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(POLICIES["greedy"](state, rng))
    assert checked > 100


def test_a_refused_action_or_a_direct_edit_does_not_leave_stale_choices():
    """An IllegalMove leaves the choices as they were; a hand edited outside apply_action (a new list, or
    the same list grown, or a card turned up followed by changed()) gets its choices worked out afresh."""
    rng = random.Random(4)
    state = MicroHeroState(Options())
    while state.phase != "plan":
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else POLICIES["greedy"](state, rng))
    before = _listing(state.plan_choices(0))
    with pytest.raises(IllegalMove):
        state.apply_action(("play", (0, 0, 0, 0, 0), None))
    assert _listing(state.plan_choices(0)) == before
    hero = state.heroes[0]
    hero.hand = [state._new(k) for k in ("strike", "strike", "block", "block")]
    assert len(state.plan_choices(0).perm) == 4
    hero.hand.append(state._new("training"))
    assert len(state.plan_choices(0).perm) == 5
    plain = _listing(state.plan_choices(0))
    hero.hand[0].up = True                          # same list, same length: only changed() tells
    state.changed()
    kept = _listing(state.plan_choices(0))
    state._choices = None
    assert kept != plain and kept == _listing(state.plan_choices(0))


def _attempt(state: MicroHeroState, action, kept: bool):
    """What apply_action does with `action` on a copy of the state, with or without legal_actions()' listing
    kept: the reason it is refused, or the state's phase, actor, XP and log after it."""
    st = copy_of(state)
    if kept:
        st.legal_actions()
    else:
        st.changed()
    try:
        st.apply_action(action)
    except IllegalMove as e:
        return "refused", str(e)
    return st.phase, st.actor, st.xp, st.log[-4:]


@pytest.mark.parametrize("players", [1, 2])
def test_check_from_the_kept_listing_agrees_with_the_full_check(players):
    """Outside planning apply_action checks an action against legal_actions()' listing kept since the last
    change: it accepts and refuses (with the same reason) exactly what the check without it does."""
    checked = 0
    kinds = sorted(MicroHeroState().cat.kinds)
    def opt(seed):
        return Options(difficulty="heroic", players=players, expansions=frozenset({"calm", "athena"}))
    for phase in ("upgrade", "prep", "split", "lifecard"):
        for state, rng in _decisions(phase, opt, range(1)):
            legal = state.legal_actions()
            junk = [("buy", rng.choice(kinds), rng.randrange(3)), ("upgrade", 2), ("split", -1), ("lifecard", "x"),
                    ("done",), ["done"], (), None]
            for action in [rng.choice(legal), rng.choice(junk)]:
                assert _attempt(state, action, True) == _attempt(state, action, False), action
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("expansions,stances", [((), ("hercules", "hercules")),
                                                (("omphale", "blood"), ("omphale", "omphale"))])
def test_plan_table_cells_and_members_equal_grouping_its_rows_by_hand(expansions, stances):
    """A PlanTable's cells are every (attack, defence) its rows give, by Attack then Defence, each with the
    most XP a row with them gives, attack_xp the most XP of each Attack, and members(c) the rows giving
    exactly the cell's, in order."""
    checked = 0
    opt = Options(difficulty="heroic", expansions=frozenset(expansions), stances=stances)
    for state, _ in _decisions("plan", lambda seed: opt):
        table = state.plan_choices(state.actor).table
        most: dict = {}
        for i, (a, d, x) in enumerate(map(table.row, range(len(table.code)))):
            if (a, d) not in most or x > most[a, d][0]:
                most[a, d] = (x, [i])
            elif x == most[a, d][0]:
                most[a, d][1].append(i)
        cells = sorted(most)
        stops = table.starts[1:] + (len(table.cell_xp),)
        attack_of = [table.attacks[g] for g, (start, stop) in enumerate(zip(table.starts, stops)) for _ in range(start, stop)]
        assert list(zip(attack_of, table.cell_defence)) == cells
        assert list(table.cell_xp) == [most[c][0] for c in cells]
        assert list(table.attack_xp) == [max(x for (a, _), (x, _) in most.items() if a == attack) for attack in table.attacks]
        assert [list(table.members(c)) for c in range(len(cells))] == [most[c][1] for c in cells]
        checked += len(cells)
    assert checked > 100


def _scored_by_hand(icons, actions, stash: int, solo: bool, weary: bool) -> list[list[int]]:
    """Each plan's (attack, defence, xp) worked out card by card with triggers(), plus its stance's icons,
    less one Defence (not below 0) when weary."""
    from pnp.games.micro_hero.plans import STANCE_EXTRA, _extras, triggers

    out = []
    for _, order, how in actions:
        total = [0, 0, 0]
        for i, times in zip(order, triggers(len(order), solo)):
            total = [t + icon * times for t, icon in zip(total, icons[i])]
        total = [t + e for t, e in zip(total, _extras(stash)[STANCE_EXTRA.get(how, 0)])]
        if weary:
            total[1] = max(0, total[1] - 1)
        out.append(total)
    return out


def test_plan_table_rows_equal_scoring_each_plan_by_hand_for_made_up_icons():
    """score_plans packs a plan's (attack, defence, xp) into one number: for hands of made-up icon rows
    (negative, zero and large counts; no Defence at all; every stance, side, skin count and first_card_solo)
    each plan's row in the table equals its cards scored by hand; so do the rows of the same plans laid out
    one by one (the preview's path), and of plans that leave a card out (weary may then leave Defence 0)."""
    from pnp.games.micro_hero.plans import PlanLayout, plan_table, score_plans, unpack

    rng = random.Random(5)
    checked = 0
    for trial in range(160):
        n = rng.randint(1, 5)
        pattern, icons = [], []
        for _ in range(n):
            if pattern and rng.random() < 0.4:
                k = rng.randrange(len(icons))
                pattern.append(pattern[k])
                icons.append(icons[k])
            else:
                pattern.append(max(pattern, default=-1) + 1)
                low = rng.choice((0, 0, -3))
                icons.append(tuple(rng.randint(low, 4) if rng.random() < 0.7 else 0 for _ in range(3)))
        if trial % 7 == 0:
            icons = [(a, 0, x) for a, _, x in icons]         # no Defence: weary has nothing to take
        if trial % 11 == 0:
            icons = [(a * 300, d * 300, x) for a, d, x in icons]
        stance, side = rng.choice([("hercules", "A"), ("hercules", "B"), ("omphale", "A"), ("omphale", "B")])
        stash, solo = (rng.randint(0, 3) if stance == "omphale" and side == "B" else 0), rng.random() < 0.3
        weary = stance == "hercules" and side == "B"
        table = plan_table(tuple(pattern), tuple(icons), stance, side, stash, solo)
        actions = list(table.plans.actions)
        expected = _scored_by_hand(icons, actions, stash, solo, weary)
        assert [list(table.row(i)) for i in range(len(expected))] == expected
        short = [("play", order[:-1], how) for _, order, how in actions[:8]]    # the last card left out
        for plans in (actions, short):
            codes, span = score_plans(icons, PlanLayout.of(plans, n), solo, stash, weary)
            assert [list(unpack(c, span)) for c in codes.tolist()] == _scored_by_hand(icons, plans, stash, solo, weary)
        checked += len(expected)
    assert checked > 3000
