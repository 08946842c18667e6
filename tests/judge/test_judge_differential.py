"""Differential tests: positions reached by random playouts, the judge's verdict there, and what the engine
then does from that same position. A judge and an engine that disagree fail here."""
from __future__ import annotations

import copy
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.errors import IllegalMove
from pnp.games.base import sample_chance
from judge_specs import twelve_labors_helpers_and_order
from copies import copy_of

# Fixed examples keep the suite deterministic; PNP_DIFF_EXAMPLES=N explores N fresh random games per test.
EXPLORE = int(os.environ.get("PNP_DIFF_EXAMPLES", "0"))
SETTINGS = settings(max_examples=EXPLORE or 30, derandomize=not EXPLORE, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
# A whole random game judges dozens of positions, so 12 games check as much as 30 single positions.
GAME_SETTINGS = settings(SETTINGS, max_examples=EXPLORE or 12)
SEEDS = st.integers(0, 2**31)


def play_until(state, rng, stop, max_steps=20_000):
    """Random legal play until stop(state) holds (returns the state) or the game ends (returns None)."""
    for _ in range(max_steps):
        if state.is_terminal():
            return None
        if stop(state):
            return state
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return None


def decisions(state, rng, limit):
    """Random play with chance outcomes sampled: yields the legal actions at each decision, for the caller to
    judge the position and then apply a move (at most `limit` decisions, stopping when the game ends)."""
    for _ in range(limit):
        while state.is_chance_node() and not state.is_terminal():
            state.apply_action(sample_chance(state, rng))
        if state.is_terminal():
            return
        yield state.legal_actions()


# --- By Jove ------------------------------------------------------------------------------------------

def _by_jove_drive(state, gen, rng):
    """Run one of the engine's rule generators to its end with random outcomes and choices."""
    from pnp.games.by_jove.engine import Chance, _GameOver
    try:
        req = next(gen)
        while True:
            req = gen.send(rng.choice([o for o, _ in req.outcomes]) if isinstance(req, Chance)
                           else rng.choice(req.options))
    except StopIteration as stop:
        return stop.value
    except _GameOver:
        return "game over"


def _by_jove_clone(state):
    """A deep copy of a By Jove State between two steps (its rules generator is not copied)."""
    gen, state._gen = state._gen, None
    try:
        return copy_of(state)
    finally:
        state._gen = gen


def _by_jove_position(seed):
    """A reachable By Jove position: random play until a player is about to throw for a normal move."""
    from pnp.games.by_jove import State
    from pnp.games.by_jove.engine import Chance
    rng = random.Random(seed)
    state = State(rng.randint(2, 6))
    steps = rng.randint(0, 400)

    def ready(s):
        nonlocal steps
        steps -= 1
        p = s.players[s.turn_player]
        return (steps <= 0 and isinstance(s.pending, Chance) and s.pending.kind == "dice"
                and not p.in_hades and p.where == "outer" and not p.pending)
    return play_until(state, rng, ready), rng


@SETTINGS
@given(seed=SEEDS, index=st.integers(0, 39))
def test_by_jove_space_under_protection_matches_the_engine(seed, index):
    from pnp.games.by_jove import rulings
    state, rng = _by_jove_position(seed)
    if state is None:
        return
    p = state.turn_player
    pl = state.players[p]
    space = state.board.spaces[index]
    if space.kind == "god":
        return
    for q in state.players:           # keep bouncing out of it: that is the bounce ruling's business
        if q.seat != p and q.pos == index and q.where == "outer":
            return
    from pnp.games.by_jove.engine import protection
    ruling = rulings.space(space.name, pl.coins, protected=True)
    assert ruling.verdict.get("protection", "as-usual") == protection(space.kind)   # the engine's own answer
    before = copy.deepcopy(pl.holdings()), list(pl.heroes), pl.skip
    pl.pos = index
    twin = _by_jove_clone(state)
    k = rng.random()
    _by_jove_drive(twin, twin._arrive(p, (1, 2), False), random.Random(k))
    tp = twin.players[p]
    plain = tp.holdings(), list(tp.heroes), tp.skip, (tp.where, tp.pos, tp.in_hades, tp.pending)
    rng.seed(k)
    decisions = []
    original = rng.choice

    def choose(options):
        decisions.append(list(options))
        return original(options)
    rng.choice = choose
    _by_jove_drive(state, state._arrive(p, (1, 2), True), rng)
    after = pl.holdings(), list(pl.heroes), pl.skip
    word = ruling.verdict.get("protection", "as-usual")
    if word == "as-usual":   # protection changes nothing here, so the engine plays it the same either way
        assert (*after, (pl.where, pl.pos, pl.in_hades, pl.pending)) == plain
    if word == "ignored":
        assert after == before
    if word in ("ignored", "win-only", "no-fee"):
        assert after[0]["vap"] >= before[0]["vap"] and set(before[1]) <= set(after[1]) and after[2] == before[2]
        assert pl.where == "outer" and pl.pos == index and not pl.in_hades
    if word == "no-fee":
        assert after[0]["coins"] >= before[0]["coins"]
    if word == "optional":
        assert ["enter", "stay"] in decisions
    if "turns_lost" in ruling.verdict:
        assert after[2] - before[2] == ruling.verdict["turns_lost"]


@SETTINGS
@given(seed=SEEDS, young=st.booleans(), protected=st.booleans())
def test_by_jove_peril_ruling_matches_the_engine_battle(seed, young, protected):
    from pnp.games.by_jove import rulings
    from pnp.games.by_jove.engine import Chance, _GameOver
    state, rng = _by_jove_position(seed)
    if state is None:
        return
    state.young = young
    p = state.turn_player
    pl = state.players[p]
    pl.pos = state.board.find("Hydra")
    before = pl.holdings(), list(pl.heroes)
    rolls = []
    gen = state._battle(p, protected)
    req, result = next(gen), None
    try:
        while True:
            value = rng.choice([o for o, _ in req.outcomes]) if isinstance(req, Chance) else rng.choice(req.options)
            if isinstance(req, Chance):
                rolls.append(value)
            else:
                fighter = value
            req = gen.send(value)
    except StopIteration as stop:
        result = stop.value
    except _GameOver:  # the win completed the collection: the game is over, a win all the same
        result = True
    hero = (fighter if len(before[1]) > 1 else before[1][0]) if before[1] else None
    kind = "mortal" if hero is None else ("hercules" if hero == "Hercules" else "hero")
    ruling = rulings.peril(kind, rolls[0], rolls[1:], protected=protected, young=young)
    verdict = ruling.verdict
    assert verdict["result"] == {True: "win", False: "loss", None: "loss-ignored"}[result]
    if result is False:
        assert (hero is not None and hero not in pl.heroes) == verdict["lose_hero"]
        assert (pl.vap < before[0]["vap"]) == (verdict["lose_vap"] and before[0]["vap"] > 0)
        assert pl.pos == 0
        if young:
            assert "no VAP award is lost" in ruling.summary
    if result is None:
        assert (pl.holdings()["vap"], pl.heroes) == (before[0]["vap"], before[1])


@SETTINGS
@given(seed=SEEDS, protected=st.booleans())
def test_by_jove_taxes_ruling_matches_the_engine(seed, protected):
    from pnp.games.by_jove import rulings
    state, rng = _by_jove_position(seed)
    if state is None:
        return
    p = state.turn_player
    pl = state.players[p]
    coins = pl.coins
    ruling = rulings.space("Taxes", coins, protected=protected)
    pl.pos = state.board.find("Taxes")
    _by_jove_drive(state, state._arrive(p, (1, 2), protected), rng)
    if all(q.pos != pl.pos or q.seat == p for q in state.players):
        assert coins - pl.coins == ruling.verdict["pay"]


# --- Argonauts -----------------------------------------------------------------------------------------

@GAME_SETTINGS
@given(seed=SEEDS)
def test_argonauts_judge_agrees_with_the_engine_along_a_random_game(seed):
    from pnp.games.argonauts import rulings
    from pnp.games.argonauts.state import new_game
    rng = random.Random(seed)
    state = new_game(seed=seed)
    state.treasures = []
    checked = 0
    while not state.is_terminal():
        if state.phase == "quest" and not state.field:             # a quest phase begins: play it out
            deck_left, shown = len(state.deck), []
            while state.phase == "quest":
                card = sample_chance(state, rng)
                shown.append(card)
                state.apply_action(card)
            v = rulings.reveal(",".join(shown), deck_left).verdict
            assert (v["revealed"], v["known"], v["deck_left"]) == (len(shown), True, len(state.deck))
            checked += 1
            continue
        if state.phase == "assign":                               # any assignment: legal exactly when the engine takes it
            ids = list(state.field)
            counts = [rng.randint(0, 4) for _ in ids]
            verdict = rulings.assign(",".join(f"{c}:{n}" for c, n in zip(ids, counts)), state.crew).verdict
            twin = copy_of(state)
            try:
                twin.apply_action(("assign", None, dict(zip(ids, counts))))
                taken = True
            except IllegalMove:                                   # the engine's refusal, and only that
                taken = False
            assert verdict["legal"] == taken
            for t in state.treasures:                             # a treasure offered now is usable now
                offered = any(a[0] in ("use", "ignore") and t in a for a in state.legal_actions())
                if offered:
                    assert rulings.treasure(t, "assignment").verdict["usable"]
        if state.phase == "roll":
            card, s = state.rolling, state.stats[state.rolling]
            die = sample_chance(state, rng)
            ruling = rulings.roll(die, state.on.get(card, 0), s.difficulty, state.modifier(s.kind) + state.roll_bonus)
            state.apply_action(die)
            won = card in state.victory or card in state.treasures
            if state.phase != "after":                            # settled: the engine's result is final
                assert ruling.verdict["resolves"] == won
            else:
                assert ruling.verdict["resolves"] is False
            checked += 1
            continue
        before = state.crew
        state.apply_action(rng.choice(state.legal_actions()) if not state.is_chance_node() else sample_chance(state, rng))
        if state.is_terminal():
            v = rulings.end(state.crew, len(state.deck)).verdict
            assert v == ("won" if state.returns() == [1.0] else "lost"), (before, state.crew, len(state.deck))
    assert checked


# --- Verb the Adjective Noun -----------------------------------------------------------------------------

NAMES = ("red", "blue", "green", "yellow", "purple", "black")


def _markers(marks: dict, n: int) -> str:
    return ", ".join(f"{NAMES[q]}:{marks.get(q, 0)}" for q in range(n))


@GAME_SETTINGS
@given(seed=SEEDS, players=st.integers(3, 6))
def test_verb_adjective_noun_judge_agrees_with_the_engine_along_a_random_game(seed, players):
    from pnp.games.verb_adjective_noun import rulings
    from pnp.games.verb_adjective_noun.engine import VerbState
    rng = random.Random(seed)
    state = VerbState(players)
    checked = 0
    for actions in decisions(state, rng, 150):
        if state.phase == "turn":
            p, hand = state.player, state.hands[state.player]
            for card in sorted(set(hand))[:3]:                 # add: legal exactly when the engine offers it
                for i, trial in enumerate(state.trials):
                    verdict = rulings.add_ruling(", ".join(trial.cards), card).verdict
                    if state.supply[p] >= 1:
                        assert verdict["legal"] == (("add", card, i) in actions)
                    checked += 1
        action = rng.choice(actions)
        turn_ends = state.phase in ("turn", "draw-cost") and action[0] != "draw"
        if turn_ends:   # the position after this move, before the next turn starts
            twin = copy_of(state)
            twin._start_turn = lambda: None
            twin.apply_action(action)
            lots = [(lot.card, dict(lot.markers)) for lot in twin.auction]
            trials = [(list(t.cards), dict(t.markers)) for t in twin.trials]
        before_laurels, supply = list(state.laurels), list(state.supply)
        mover = state.player
        if action[0] == "burn":
            burnt = rulings.burn_ruling(", ".join(action[1]), state.removed[mover]).verdict
        if action[0] == "burn":
            assert twin.supply[mover] - supply[mover] == burnt["recovered"]
        state.apply_action(action)
        if not turn_ends or state.is_terminal():
            continue
        nxt = state.player                                     # the next turn has started: auctions, then trials
        for card, marks in lots:
            v = rulings.auction_ruling(_markers(marks, players), NAMES[nxt]).verdict
            assert v["wins_now"] == (card in state.hands[nxt] and all(lot.card != card for lot in state.auction))
            checked += 1
        gained = [state.laurels[q] - before_laurels[q] for q in range(players)]
        expected = [0] * players
        for cards_, marks in trials:
            if sum(marks.values()) == 0:
                continue
            v = rulings.score_ruling(", ".join(cards_), _markers(marks, players), NAMES[nxt]).verdict
            for name, k in v["awards"].items():
                expected[NAMES.index(name)] += k
            assert v["scored"] == all(t.cards != cards_ for t in state.trials)
            checked += 1
        assert gained == expected
    assert checked


# --- The Twelve Labors -----------------------------------------------------------------------------------

@GAME_SETTINGS
@given(seed=SEEDS, players=st.integers(2, 5))
def test_twelve_labors_judge_agrees_with_the_engine_along_a_random_game(seed, players):
    from pnp.games.twelve_labors import rulings
    from pnp.games.twelve_labors.engine import IOLAUS, PLAYER_COLOURS, State
    rng = random.Random(seed)
    state = State(players)
    names = {IOLAUS: "iolaus", **{p: PLAYER_COLOURS[p] for p in range(players)}}
    seen = {"resolve": 0, "wrestle": 0}
    finish, wrestle = state._finish_resolution, state._wrestle

    def judged_finish(i):
        lab = state.labors[i]
        helpers, order = twelve_labors_helpers_and_order(state, i, names)
        ruling = rulings.resolve(lab.target, lab.black, helpers, order)
        hercules, score, iolaus = state.hercules, list(state.score), state.iolaus
        finish(i)
        assert state.helped[-1][1] == ruling.verdict["helper"]
        moves = ruling.verdict["moves"]
        assert state.hercules - hercules == moves["hercules"] - lab.black    # black already added at the start
        assert state.iolaus - iolaus == moves.get("iolaus", 0)
        assert [state.score[p] - score[p] for p in range(players)] == [moves.get(PLAYER_COLOURS[p], 0)
                                                                       for p in range(players)]
        seen["resolve"] += 1

    def judged_wrestle():
        before = [PLAYER_COLOURS[p] for p in state.order]
        chose = ",".join(PLAYER_COLOURS[p] for p in range(players) if state.chosen[p] == "wrestle")
        cards = ",".join(f"{PLAYER_COLOURS[p]}:{k[1] if k else 'none'}" for p, k in state._shown.items())
        ruling = rulings.wrestle(",".join(before), chose, cards)
        wrestle()
        assert ruling.verdict["order"] == [PLAYER_COLOURS[p] for p in state.order] and ruling.verdict["performed"]
        seen["wrestle"] += 1
    train = state._train

    def judged_train():
        expected = [rulings.train(state.chosen[p] == "train", state.reserve[p]).verdict["dice_moved"]
                    for p in range(players)]
        before = list(state.active)
        train()
        assert [state.active[p] - before[p] for p in range(players)] == expected
        seen["train"] = seen.get("train", 0) + 1
    state._finish_resolution, state._wrestle, state._train = judged_finish, judged_wrestle, judged_train
    turns = 0
    while not state.is_terminal() and turns < 60:
        if state.current_player() >= 0 and state._queue[0][0] == "choose" and state._queue[0][1] == 0:
            turns += 1
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        step = state._queue[0]
        if step[0] == "choose" and step[1] == players - 1:     # every pick is in: Wrestle only if someone chose it
            action = rng.choice(state.legal_actions())
            picks = state.chosen[:-1] + [action]
            if "wrestle" not in picks:
                order = ",".join(PLAYER_COLOURS[p] for p in state.order)
                assert rulings.wrestle(order, "", "").verdict == {"performed": False, "order": order.split(","),
                                                                  "discarded": {}}
            state.apply_action(action)
            continue
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen["resolve"]


# --- Hera and Zeus ---------------------------------------------------------------------------------------

def _hz_outcome(state, twin, p, c):
    """What a challenge or strike in column c did: cards each side lost, and the winner (by role) if any."""
    lost = [len([x for x in state.field[q][c] if x not in twin.field[q][c]]) for q in (p, 1 - p)]
    if twin.end_rule in ("hera-zeus.end.2", "hera-zeus.end.3"):   # the next turn's start: not the column's doing
        return lost, None
    winner = None if twin.winner is None else ("mover" if twin.winner == p else "opponent")
    return lost, winner


@GAME_SETTINGS
@given(seed=SEEDS)
def test_hera_zeus_judge_agrees_with_the_engine_along_a_random_game(seed):
    from pnp.games.hera_zeus import rulings
    from pnp.games.hera_zeus.state import State
    rng = random.Random(seed)
    state = State(rng=random.Random(seed)) if "rng" in State.__init__.__code__.co_varnames else State()
    checked = 0
    for actions in decisions(state, rng, 300):
        p, o = state.to_move, 1 - state.to_move
        if state.phase == "turn" and state.ap_spent == 0:       # a turn starts: its action points
            statue = state.statue[p] is not None
            v = rulings.actions(state.columns_held(p), statue).verdict
            assert v["action_points"] == state.ap_total and not v["loses"]
            checked += 1
        for action in actions:
            words = action.split()
            if words[0] == "challenge" or words[:2] == ["pegasus", "front"]:
                c = int(words[-1]) - 1
                mine = [state.cards[x].token for x in state.field[p][c]]
                theirs = [state.cards[x].token for x in state.field[o][c]]
                twin = copy_of(state)
                twin.apply_action(action)
                lost, winner = _hz_outcome(state, twin, p, c)
                if words[0] == "challenge":
                    v = rulings.challenge(mine[0], theirs[0], f"attacker: {', '.join(mine[1:])}; "
                                                              f"defender: {', '.join(theirs[1:])}").verdict
                    assert [len(v["discarded"]["attacker"]), len(v["discarded"]["defender"])] == lost
                    role = v["game"] and ("mover" if v["game"]["winner"] == "attacker" else "opponent")
                else:
                    struck = "statue" if state.front(o, c) == "statue" else theirs[0]
                    behind = theirs if struck == "statue" else theirs[1:]
                    v = rulings.pegasus("front", struck, None, f"attacker: {', '.join(mine)}; "
                                                               f"defender: {', '.join(behind)}").verdict
                    assert [len(v["striker_discarded"]), len(v["discarded"])] == lost
                    role = v["game"] and ("mover" if v["game"]["winner"] == "striker" else "opponent")
                assert role == winner, (action, mine, theirs)
                checked += 1
        state.apply_action(rng.choice(actions))
    assert checked or state.is_terminal()


# --- The Labors of Herakles ------------------------------------------------------------------------------

@GAME_SETTINGS
@given(seed=SEEDS, players=st.integers(2, 5))
def test_labors_of_herakles_judge_agrees_with_the_engine_along_a_random_game(seed, players):
    from pnp.games.labors_of_herakles import rulings
    from pnp.games.labors_of_herakles.engine import TRAITS, State
    rng = random.Random(seed)
    state = State(players)
    seen = {"attempt": 0, "play": 0, "end": 0}
    attempt, end = state._attempt, state._end

    def judged_attempt(r):
        lab = state.on_region[r]
        levels = ",".join(map(str, state.traits))
        ruling = rulings.labor(levels, name=lab)
        attempt(r)
        assert state.attempts[-1] == (lab, ruling.verdict["success"])
        seen["attempt"] += 1

    def judged_end():
        levels = ",".join(map(str, state.traits))
        expected = [rulings.endgame(",".join(h), levels).verdict["favor"] if h else 0 for h in state.hands]
        end()
        assert state.end_bonus == expected
        seen["end"] += 1
    state._attempt, state._end = judged_attempt, judged_end
    for actions in decisions(state, rng, 3000):
        action = rng.choice(actions)
        if action[0] == "play":
            card, previous = state.cards[action[1]], state.top()
            i = TRAITS.index(card.trait)
            v = rulings.play(card.value, previous.value, card.trait, state.traits[i], card.god).verdict
            state.apply_action(action)
            if card.power != f"raise-{card.trait}":
                assert state.traits[i] == v["new_level"]
            if not v["hero_token"]:                     # a lower card pledges no token for its god
                assert not (state._queue and state._queue[0][0] == "token")
            seen["play"] += 1
            continue
        state.apply_action(action)
    assert seen["play"]


# --- Hercules: The Later Years ---------------------------------------------------------------------------

def _ly_hand(hand) -> str:
    from pnp.games.later_years.engine import card_types
    words = []
    for cid, k in sorted(hand.items()):
        t = card_types()[cid]
        label = f"draw {t.draw}" if t.kind == "draw" else t.name + {1: "", 2: " x2", 3: " x3"}[t.counts_as]
        words += [label] * k
    return ", ".join(words)


@GAME_SETTINGS
@given(seed=SEEDS, players=st.integers(3, 5))
def test_later_years_judge_agrees_with_the_engine_along_a_random_game(seed, players):
    from pnp.games.later_years import rulings
    from pnp.games.later_years.engine import LaterYearsState, names
    rng = random.Random(seed)
    state = LaterYearsState(players)
    checked = 0
    for actions in decisions(state, rng, 800):
        if state.phase == "play" and sum(state.hands[state.turn].values()):
            hand = _ly_hand(state.hands[state.turn])
            a, o = rng.choice(names("action")), rng.choice(names("object"))
            v = rulings.task_ruling(a, o, state.board.done(a, o), hand).verdict
            assert v["can_complete"] == any(x[:3] == ("task", a, o) for x in actions)
            checked += 1
        action = rng.choice(actions)
        if action[0] == "task":
            p, before = state.turn, state.money[state.turn]
            fee = rulings.fee_ruling(action[1], action[2]).verdict["fee"]
            state.apply_action(action)
            assert state.money[p] - before == fee
            continue
        state.apply_action(action)
    assert checked or state.is_terminal()


# --- Micro Hero: Hercules --------------------------------------------------------------------------------

@GAME_SETTINGS
@given(seed=SEEDS, blood=st.booleans())
def test_micro_hero_judge_agrees_with_the_engine_along_a_random_game(seed, blood):
    from pnp.games.micro_hero import rulings
    from pnp.games.micro_hero.engine import MicroHeroState
    from pnp.games.micro_hero.pieces import Options
    rng = random.Random(seed)
    state = MicroHeroState(Options(expansions=frozenset({"blood"}) if blood else frozenset()))
    checked = 0
    for actions in decisions(state, rng, 2000):
        action = rng.choice(actions)
        if state.phase == "plan" and action[2] is None and not state.effects().get("first_card_solo"):
            hero = state.heroes[state.actor]
            play = ",".join(hero.hand[i].kind + ("+" if hero.hand[i].up else "") for i in action[1])
            v = rulings.score(play).verdict
            got = state.preview_plan(state.actor, action)
            if not (hero.stance == "hercules" and hero.side == "B"):
                assert (v["attack"], v["defence"], v["xp"]) == (got.attack, got.defence, got.xp)
                checked += 1
        if state.phase == "split" or (state.phase == "upgrade" and action == ("done",)):
            twin = copy_of(state)
            defence = sum(h.result.defence for h in twin.heroes)
            attack, left = twin.trial_attack(), len(twin.wounds)
            twin.apply_action(action)
            plain = not state.effects() and not twin.effects() and "athena" not in twin.opt.expansions
            if plain and twin.t_life > 0 and len(twin.heroes) == 1:   # the Trial survives and strikes back
                v = rulings.wound_check(left, attack=attack, defence=defence, blood=blood).verdict
                assert v["lost"] == (twin.is_terminal() and twin.outcome == -1 and "Wound" in twin.end_reason)
                checked += 1
        state.apply_action(action)
    assert checked or state.is_terminal()
