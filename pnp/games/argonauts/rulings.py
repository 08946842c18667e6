"""Argonauts rulings for `pnp judge argonauts …`, computed by the engine's rules code."""
from __future__ import annotations

from pnp.errors import UsageError
from pnp.games.argonauts.campaign_cards import KINDS
from pnp.games.argonauts.campaign_cards import load_cards as campaign_data
from pnp.games.argonauts.cards import FIGHTABLE, Stats, deck_stats, find_card, load_cards, read_track
from pnp.games.argonauts.dice import p_success, succeeds
from pnp.games.argonauts.state import State
from pnp.judge.ruling import make_ruling, weakest_basis

G = "argonauts"
MOMENTS = ("assignment", "before-roll", "after-roll", "after-result", "clean-up")


def _range(name: str, value: int, lo: int, hi: int | None = None) -> int:
    if value < lo or (hi is not None and value > hi):
        choices = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
        raise UsageError(f"--{name} {value} is out of range", field=name, expected=choices)
    return value


def most_crew() -> int:
    """The most crew counters a game can hold: the Player card's 12, every crew reward unlocked and every
    continuous crew treasure held at once. Basis: stated for the 12 and the rewards (argonauts.includes.4);
    inferred for the treasures, which that statement does not name: any number may be held (argonauts.combat.8),
    each works at once (argonauts.combat.9), and which ones add crew comes from the card data (cards.yaml)."""
    data = campaign_data()
    treasures = sum(c.effect.amount for c in data.cards if c.effect and c.effect.type == "crew")
    return data.starting_crew + sum(r.crew for r in data.rewards) + treasures


def _crew(name: str, value: int) -> int:
    """value checked against 0..most_crew(), naming the rule that bounds it."""
    top = most_crew()
    if not 0 <= value <= top:
        raise UsageError(f"--{name} {value} is more crew than a game can hold (argonauts.includes.4)"
                         if value > top else f"--{name} {value} is out of range", field=name,
                         expected=f"0..{top}: 12 on the Player card plus every crew reward and crew treasure")
    return value


def roll(die: int, crew: int, difficulty: int, modifier: int = 0):
    """Does a card resolve for this die, crew, difficulty and treasure modifier?"""
    _range("die", die, 1, 6)
    _crew("crew", crew)
    _range("difficulty", difficulty, 1)
    if crew == 0:
        return make_ruling(G, "roll", verdict={"resolves": False, "rolled": False, "total": None},
                           summary="Negative: a card with no crew gets no roll, so even a 6 cannot count.",
                           steps=["No crew member is on the card, so no die is rolled for it (argonauts.combat.2).",
                                  "A card without crew resolves negatively (argonauts.combat.12).",
                                  f"The die showing {die} is not a roll for this card, so Random Acts of Heroism "
                                  "does not apply (argonauts.gap.4)."],
                           cites=["argonauts.combat.2", "argonauts.combat.12", "argonauts.gap.4"],
                           basis="inferred")
    total = die + crew + modifier
    ok = succeeds(die, crew, modifier, difficulty)
    steps = [f"Total = die {die} + crew {crew} + modifier {modifier} = {total} (argonauts.combat.3)."]
    cites = ["argonauts.combat.3"]
    if die == 6:
        steps.append("A natural 6 succeeds whatever the total and difficulty (argonauts.combat.17).")
        cites.append("argonauts.combat.17")
    elif ok:
        steps.append(f"{total} is at least the difficulty {difficulty}: success (argonauts.combat.5).")
        cites.append("argonauts.combat.5")
    else:
        steps.append(f"{total} is below the difficulty {difficulty}: negative (argonauts.combat.12; "
                     "'lesser' read as 'less', argonauts.gap.20).")
        cites += ["argonauts.combat.12", "argonauts.gap.20"]
    p = p_success(crew, difficulty, modifier)
    steps.append(f"Before rolling, the chance was {p.numerator}/{p.denominator}.")
    word = "Resolves" if ok else "Negative"
    then = (" A Monster goes to the victory pile, a Treasure becomes yours; its crew are free again." if ok else
            " A Monster kills its deadliness in crew at once, chosen by you; the card goes to the discard pile.")
    return make_ruling(G, "roll", verdict={"resolves": ok, "rolled": True, "total": total, "natural_six": die == 6,
                                           "chance": str(p)},
                       summary=f"{word}: {total} against difficulty {difficulty}" + (" (natural 6)" if die == 6 else "")
                       + "." + then,
                       steps=steps, cites=cites)


def parse_track(values: str) -> list[int | None]:
    """A printed track like "3,_,5,_,_,8": ints, with _ (or -, empty) for boxes without a number."""
    parts = [p.strip() for p in values.split(",")]
    out = []
    for p in parts:
        if p in ("_", "-", ""):
            out.append(None)
        elif p.lstrip("-").isdigit():
            out.append(int(p))
        else:
            raise UsageError(f"track entry '{p}' is not a number or _", field="values",
                             expected='6 comma-separated entries, numbers or _, e.g. "3,_,5,_,_,8"')
    if len(out) != 6:
        raise UsageError(f"the track has {len(out)} entries", field="values",
                         expected='6 comma-separated entries, numbers or _, e.g. "3,_,5,_,_,8"')
    return out


def track(checked: int, values: str):
    """The number a difficulty or deadliness track shows with `checked` boxes ticked (look left)."""
    _range("checked", checked, 1, 6)
    vals = parse_track(values)
    if vals[0] is None:
        raise UsageError("the first box has no number", field="values",
                         expected="a number under box 1 (argonauts.gap.17)")
    got = read_track(vals, checked - 1)
    at = vals[checked - 1]
    steps = [f"The last ticked box is box {checked} (argonauts.reading.1)."]
    if at is not None:
        steps.append(f"Box {checked} has {at} printed below it; use it (argonauts.reading.2).")
        cites = ["argonauts.reading.1", "argonauts.reading.2"]
    else:
        src = max(i for i in range(checked) if vals[i] is not None) + 1
        steps.append(f"Box {checked} has no number; looking left, box {src} shows {got} (argonauts.reading.3).")
        cites = ["argonauts.reading.1", "argonauts.reading.3"]
    steps.append("Deadliness is read the same way on its own track (argonauts.reading.4).")
    return make_ruling(G, "track", verdict={"value": got, "box": checked},
                       summary=f"The card shows {got} at box {checked}.", steps=steps,
                       cites=cites + ["argonauts.reading.4"])


def _kinds(tokens: list[str]) -> list[str]:
    cards = None
    out = []
    for t in tokens:
        if t in KINDS:
            out.append(t)
        else:
            cards = cards or load_cards()
            try:
                out.append(cards[find_card(t, cards)].kind)
            except UsageError:
                raise UsageError(f"unknown card or kind '{t}'", field="cards",
                                 expected=f"one of {', '.join(KINDS)} or a card name") from None
    return out


def split_list(text: str, field: str) -> list[str]:
    """A comma-separated list; empty items are a malformed list."""
    items = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in items):
        raise UsageError(f"malformed list '{text}'", field=field, expected="comma-separated names, e.g. monster,wrath,blessing")
    return items


def reveal(cards: str, deck_left: int):
    """How many cards the quest phase reveals in all, given the cards as they come off the deck: the engine's
    quest phase (State._reveal) is played with exactly these cards on top of a deck of deck_left cards."""
    _range("deck-left", deck_left, 0)
    ids = field_ids(split_list(cards, "cards"), "cards")
    every = list(load_cards())
    if deck_left > len(every):
        raise UsageError(f"--deck-left {deck_left} is more cards than the game has", field="deck-left",
                         expected=f"0..{len(every)}")
    listed = ids[:deck_left]
    deck = listed + [c for c in every if c not in listed][:deck_left - len(listed)]
    state = State(deck_stats(deck), deck)
    steps = [f"Deal {state.to_reveal} card(s): three, or all that remain (argonauts.quest.1)."]
    cites, basis, n, wraths = ["argonauts.quest.1"], "stated", 0, 0
    for cid in listed:
        if state.phase != "quest":
            break
        before = state.to_reveal
        state.apply_action(cid)
        n += 1
        kind = state.stats[cid].kind
        if kind == "wrath":
            wraths += 1
            extra = state.to_reveal - (before - 1)
            notes = ([", a Wrath dealt by a Wrath deals too, argonauts.gap.2"] if n > 3 else []) + (
                [", two for each Wrath, argonauts.gap.28"] if wraths > 1 else []) + (
                [", only what the deck still holds, argonauts.gap.3"] if extra < 2 else [])
            steps.append(f"Card {n} is a Wrath: deal {extra} more (argonauts.quest.4{''.join(notes)}).")
            cites += ["argonauts.quest.4"] + (["argonauts.gap.2"] if n > 3 else []) + (
                ["argonauts.gap.28"] if wraths > 1 else []) + (["argonauts.gap.3"] if extra < 2 else [])
            basis = "inferred" if (n > 3 or wraths > 1 or extra < 2) else basis
        elif kind == "blessing":
            steps.append(f"Card {n} is a Blessing: it does nothing (argonauts.quest.3).")
            cites.append("argonauts.quest.3")
        else:
            steps.append(f"Card {n} is a {kind.capitalize()}.")
    want = state.to_reveal if state.phase == "quest" else 0
    complete = want == 0
    unused = len(ids) - n
    if not complete:
        steps.append(f"{want} more card(s) must still be dealt; give them to finish the count.")
    if unused:
        steps.append(f"The last {unused} card(s) listed stay in the deck.")
    total = n + want
    fight = sum(1 for c in ids[:n] if state.stats[c].kind in FIGHTABLE)
    return make_ruling(G, "reveal", verdict={"revealed": total, "known": complete, "wraths": wraths,
                                             "deck_left": deck_left - total, "to_resolve_known": fight,
                                             "not_revealed": unused},
                       summary=(f"{total} card(s) revealed in all" if complete
                                else f"at least {total} card(s): {want} still to deal")
                       + f"; {deck_left - total} left in the deck.",
                       steps=steps, cites=cites, basis=basis)


def end(crew_left: int, deck_left: int):
    """Won, lost or play on, at the end of a turn."""
    _crew("crew-left", crew_left)
    _range("deck-left", deck_left, 0)
    box = len(load_cards())
    if deck_left > box:
        raise UsageError(f"--deck-left {deck_left} is more cards than the box holds (argonauts.includes.1)",
                         field="deck-left", expected=f"0..{box}")
    if crew_left == 0:
        v, s, st, c = "lost", ("Lost: the whole crew is dead. Return every card to the deck unchanged and "
                               "mark a loss."), [
            "Every crew member is dead, which loses the game (argonauts.losing.1).",
            "That holds even when the deck is empty (argonauts.gap.13).",
            "Return the discard and victory piles to the deck, change no card, mark a loss "
            "(argonauts.losing.2, argonauts.losing.3, argonauts.losing.4)."], [
            "argonauts.losing.1", "argonauts.gap.13", "argonauts.losing.2", "argonauts.losing.3", "argonauts.losing.4"]
    elif deck_left == 0:
        v, s, st, c = "won", (f"Won: the deck is done with {crew_left} crew alive. Put your treasures in the "
                              "victory pile, tick each victory card's next box and one Heroic Deed."), [
            "The turn ends with crew alive and no card left in the deck (argonauts.winning.1, argonauts.cleanup.2).",
            "Put held treasures in the victory pile, tick the next box of each victory card, add ADD cards, "
            "then tick a Heroic Deed (argonauts.winning.2, argonauts.winning.3, argonauts.winning.5, argonauts.winning.7)."], [
            "argonauts.winning.1", "argonauts.cleanup.2", "argonauts.winning.2", "argonauts.winning.3",
            "argonauts.winning.5", "argonauts.winning.7"]
    else:
        v, s, st, c = "play on", f"Play on: {crew_left} crew and {deck_left} card(s) left.", [
            "Crew are alive and the deck still has cards, so the next turn begins with a quest "
            "(argonauts.turn.1, argonauts.play.1)."], ["argonauts.turn.1", "argonauts.play.1"]
    return make_ruling(G, "end", verdict=v, summary=s, steps=st, cites=c)


def parse_pairs(text: str, field: str) -> list[tuple[str, int]]:
    """ "harpies:3,calm-seas:0" -> [("harpies", 3), ("calm-seas", 0)]."""
    out = []
    for item in split_list(text, field):
        name, sep, n = item.rpartition(":")
        if not sep or not name.strip() or not n.strip().isdigit():
            raise UsageError(f"malformed entry '{item}'", field=field, expected='card:count pairs, e.g. "harpies:3,talos:2"')
        out.append((name.strip(), int(n)))
    return out


def listed_twice(cid: str, cards: dict, field: str) -> UsageError:
    """The error for a card named twice in one field: the game has one of each card (argonauts.includes.1)."""
    return UsageError(f"'{cards[cid].name}' is listed twice", field=field, card=cid,
                      expected="each revealed card once: the deck holds one of each card (argonauts.includes.1)")


def field_ids(names: list[str], field: str) -> list[str]:
    """Card ids for the revealed cards typed (a kind word stands for some other card of that kind); the same
    card twice is a field the game cannot deal (each card is in the deck once, argonauts.includes.1)."""
    cards = load_cards()
    named: dict[int, str] = {}
    for i, name in enumerate(names):
        if name.strip().lower() in KINDS:
            continue
        try:
            cid = find_card(name, cards)
        except UsageError:
            raise UsageError(f"unknown card or kind '{name}'", field=field,
                             expected=f"one of {', '.join(KINDS)} or a card name") from None
        if cid in named.values():
            raise listed_twice(cid, cards, field)
        named[i] = cid
    ids: list[str] = []
    for i, name in enumerate(names):
        if i not in named:
            kind = name.strip().lower()
            named[i] = next((c.id for c in cards.values() if c.kind == kind and c.id not in named.values()), None)
            if named[i] is None:
                raise UsageError(f"more {kind} cards than the game has", field=field)
        ids.append(named[i])
    return ids


def assignment_problems(ids: list[str], counts: list[int], crew: int) -> list[str]:
    """Why the engine refuses this assignment of crew to a field of these cards (empty when legal)."""
    state = State(deck_stats(ids), [], crew)
    state.field, state.unresolved = list(ids), [c for c in ids if state.stats[c].kind in FIGHTABLE]
    state.phase = "assign"
    return [exc.message for exc in state.assignment_problems(dict(zip(ids, counts)))]


def assign(assignment: str, crew: int):
    """Is this assignment of crew to the revealed cards legal?"""
    _crew("crew", crew)
    pairs = parse_pairs(assignment, "assign")
    ids = field_ids([n for n, _ in pairs], "assign")
    kinds = [load_cards()[c].kind for c in ids]
    problems, steps, cites = [], [], ["argonauts.assignment.1"]
    for (name, n), k in zip(pairs, kinds):
        if k in ("blessing", "wrath") and n > 0:
            steps.append(f"{name} is a {k.capitalize()}: no crew may be placed on it (argonauts.assignment.3).")
            cites.append("argonauts.assignment.3")
    total = sum(n for _, n in pairs)
    problems = assignment_problems(ids, [n for _, n in pairs], crew)
    if total > crew:
        steps.append(f"{total} placed is more than the {crew} crew you have (argonauts.assignment.1).")
    else:
        steps.append(f"{total} of {crew} crew placed; the other {crew - total} stay unassigned, which is "
                     "allowed (argonauts.assignment.2).")
        cites.append("argonauts.assignment.2")
    for (name, n), k in zip(pairs, kinds):
        if k in FIGHTABLE and n == 0:
            steps.append(f"{name} has no crew: it gets no roll and resolves negatively (argonauts.combat.12).")
            cites.append("argonauts.combat.12")
    ok = not problems
    return make_ruling(G, "assign", verdict={"legal": ok, "problems": problems, "placed": total, "unassigned": max(crew - total, 0)},
                       summary="Legal." if ok else "Illegal: " + "; ".join(problems) + ".", steps=steps, cites=cites)


def _deaths_in_engine(deadliness: int, crew: int, ids: list[str], counts: list[int]) -> tuple[bool, int]:
    """(lost, deaths that must come off waiting cards) when the engine settles a failed monster of this
    deadliness with this crew and these crew waiting on cards, taking free crew first."""
    stats = deck_stats(ids)
    stats["_failed"] = Stats("_failed", "the failed monster", "monster", difficulty=99, deadliness=deadliness)
    state = State(stats, [], crew)
    state.field, state.unresolved = list(ids) + ["_failed"], list(ids) + ["_failed"]
    state.on = {c: n for c, n in zip(ids, counts) if n}
    state.phase = "combat"
    state.apply_action(("resolve", "_failed"))          # no crew on it: it fails (argonauts.combat.12)
    cut = 0
    while state.phase == "deaths":                      # free crew first; the rest must come off cards
        if ("kill", "free") in state.legal_actions():
            state.apply_action(("kill", "free"))
        else:
            state.apply_action(state.legal_actions()[0])
            cut += 1
    return state.is_terminal() and state.returns() == [-1.0], cut


def deaths(deadliness: int, crew: int, placed: str | None = None):
    """Which crew may die when a monster resolves negatively, and when."""
    _range("deadliness", deadliness, 0)
    _crew("crew", crew)
    pairs = parse_pairs(placed, "placed") if placed else []
    if pairs:   # crew wait only on Monsters and Treasures still to resolve, each card once
        ids = field_ids([n for n, _ in pairs], "placed")
        bad = [load_cards()[c].name for c, (_, n) in zip(ids, pairs) if n and load_cards()[c].kind not in FIGHTABLE]
        if bad:
            raise UsageError(f"crew on {bad[0]}, which takes no crew", field="placed",
                             expected="Monsters and Treasures only", hint="argonauts.assignment.3")
    on_cards = sum(n for _, n in pairs)
    if on_cards > crew:
        raise UsageError(f"{on_cards} crew placed on unresolved cards but only {crew} alive", field="placed",
                         expected=f"at most {crew} crew in all")
    free = crew - on_cards
    lost, cut = _deaths_in_engine(deadliness, crew, ids if pairs else [], [n for _, n in pairs])
    steps = [f"The monster kills {deadliness} crew (argonauts.combat.13).",
             "They die at once, before the next card is chosen (argonauts.combat.15).",
             "You choose who dies: unassigned crew, crew on cards already resolved, or crew on cards still "
             "waiting (argonauts.combat.14)."]
    cites = ["argonauts.combat.13", "argonauts.combat.15", "argonauts.combat.14"]
    basis = "stated"
    if lost:
        steps.append(f"{deadliness} deaths with {crew} crew alive leaves none: the game is lost at once "
                     "(argonauts.losing.1, argonauts.gap.6).")
        cites += ["argonauts.losing.1", "argonauts.gap.6"]
        basis = "inferred"
    else:
        if cut:
            steps.append(f"Only {free} crew are free, so {cut} must come off the waiting cards "
                         f"({', '.join(n for n, _ in pairs)}); those cards roll with fewer crew (argonauts.gap.5).")
            cites.append("argonauts.gap.5")
            basis = "inferred"
        else:
            steps.append(f"{free} free crew can absorb all {deadliness} deaths, leaving the waiting cards untouched.")
    return make_ruling(G, "deaths", verdict={"deaths": min(deadliness, crew), "crew_after": max(crew - deadliness, 0),
                                             "lost": lost, "free": free, "must_come_from_cards": cut,
                                             "when": "at once, before the next card"},
                       summary=("Lost: every crew member dies." if lost else
                                f"{deadliness} die now, chosen by you; {max(crew - deadliness, 0)} left"
                                + (f", at least {cut} from waiting cards, which then roll with fewer crew." if cut else ".")),
                       steps=steps, cites=cites, basis=basis)


def treasure(name: str, moment: str):
    """May this treasure be used at this moment, and where does it go afterwards?"""
    cards = load_cards()
    cid = find_card(name, cards)
    card = cards[cid]
    if card.kind != "treasure":
        raise UsageError(f"'{card.name}' is a {card.kind}, not a treasure", card=cid,
                         expected="a treasure: " + ", ".join(c.id for c in cards.values() if c.kind == "treasure"))
    if moment not in MOMENTS:
        raise UsageError(f"unknown moment '{moment}'", field="when", expected=" | ".join(MOMENTS))
    e = card.effect
    if card.use == "continuous":
        return make_ruling(G, "treasure", verdict={"usable": False, "always_on": True, "goes_to": "stays in front of you; victory pile on a win"},
                           summary=f"{card.name} is continuous: it works from the moment you recover it; nothing to spend.",
                           steps=["Continuous treasures act at once and all the time (argonauts.combat.9).",
                                  "They stay in front of you; on a win they go to the victory pile (argonauts.winning.2)."],
                           cites=["argonauts.combat.9", "argonauts.winning.2"])
    ok_at = {"modifier": ("before-roll", "after-roll"), "reroll": ("after-roll",),
             "ignore": ("assignment", "before-roll"), "crew": MOMENTS}[e.type]
    ok = moment in ok_at
    why = {"modifier": "adds to one roll, so it fits before the die is rolled or after, until the result is applied",
           "reroll": "rolls one die again, so it fits only once a die has been rolled, before the result is applied",
           "ignore": "discards a revealed card unrolled, so it fits any time before that card's die is rolled, "
                     "from the assignment on",
           "crew": "adds crew, which fits at any moment"}[e.type]
    steps = ["A single-use treasure may be spent whenever its effect makes sense (argonauts.combat.10; "
             "the garbled sentence is read as 'whenever it is appropriate', argonauts.gap.7).",
             f"{card.name} {why} (argonauts.gap.8).",
             ("So it may be spent now." if ok else f"So not at '{moment}'; valid: {', '.join(ok_at)}."),
             "Once spent it goes to the victory pile (argonauts.combat.11); unspent at a win, it goes there too "
             "(argonauts.winning.2)."]
    return make_ruling(G, "treasure", verdict={"usable": ok, "when": list(ok_at), "goes_to": "victory pile"},
                       summary=(f"Yes: spend {card.name} now; then it goes to the victory pile." if ok
                                else f"No: {card.name} cannot be spent at '{moment}' (only {', '.join(ok_at)})."),
                       steps=steps, cites=["argonauts.combat.10", "argonauts.gap.7", "argonauts.gap.8",
                                           "argonauts.combat.11", "argonauts.winning.2"],
                       basis=weakest_basis("stated", "inferred"))
