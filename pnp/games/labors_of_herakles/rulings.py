"""Rulings for The Labors of Herakles (`pnp judge labors-of-herakles …`), built on the engine's rule functions."""
from __future__ import annotations

from collections import Counter

from pnp.errors import UsageError
from pnp.games.labors_of_herakles.engine import (BONUS_LEVELS, GODS, TRAIT_MAX, TRAIT_MIN, TRAITS, adventures,
                                          advances, hand_bonus, labor_cards, labor_succeeds, move_trait)
from pnp.judge.ruling import Ruling, make_ruling
from pnp.names import resolve

GAME = "labors-of-herakles"
VALUE_MIN, VALUE_MAX = 1, 10                                # gap.14: card values share the trait scale


def _trait(name: str) -> str:
    return resolve("heroic trait", name, TRAITS, field="trait")  # labors-of-herakles.gap.1: the four traits


def _number(value, what: str, lo: int, hi: int) -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        n = None
    if n is None or not lo <= n <= hi:
        raise UsageError(f"{what} '{value}' is out of range", field=what, expected=f"a whole number {lo}..{hi}")
    return n


def parse_levels(text: str, what: str, lo: int, hi: int) -> dict[str, int]:
    """'6,7,5,8' (in trait order) or 'strength:6,courage:7,...' -> {trait: n} for all four traits."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if parts and all(":" not in p for p in parts):
        if len(parts) != len(TRAITS):
            raise UsageError(f"{what} gives {len(parts)} numbers", field=what,
                             expected=f"{len(TRAITS)} numbers in the order {', '.join(TRAITS)}")
        return {t: _number(v, f"{what} {t}", lo, hi) for t, v in zip(TRAITS, parts)}
    out: dict[str, int] = {}
    for p in parts:
        name, sep, value = p.partition(":")
        if not sep:
            raise UsageError(f"'{p}' in {what} is malformed", field=what, expected="TRAIT:N, e.g. strength:6")
        t = _trait(name)
        out[t] = _number(value, f"{what} {t}", lo, hi)
    missing = [t for t in TRAITS if t not in out]
    if missing:
        raise UsageError(f"{what} lacks {', '.join(missing)}", field=what, expected=f"all of {', '.join(TRAITS)}")
    return out


def play(value: int, previous: int, trait: str, level: int, god: str | None = None) -> Ruling:
    """What a played Adventure card does, compared with the previous card (play.*, traits.*)."""
    value = _number(value, "--value", VALUE_MIN, VALUE_MAX)
    previous = _number(previous, "--previous", VALUE_MIN, VALUE_MAX)
    level = _number(level, "--level", TRAIT_MIN, TRAIT_MAX)
    trait = _trait(trait)
    if god is not None:
        god = resolve("god", god, GODS, field="--god")
    if god is not None and not any((a.value, a.trait, a.god) == (value, trait, god)
                                   for a in adventures().values()):
        raise UsageError(f"no Adventure card is a {value} of {trait} for {god}", field="--god",
                         expected="a value, trait and god printed together on a card",
                         hint="labors-of-herakles.gap.14: the deck's cards")
    up = advances(value, previous)
    new, ignored, bonus = move_trait(level, +1 if up else -1)
    cites = ["labors-of-herakles.play.1"]
    steps = [f"Your {value} against the previous {previous}: " + ("equal or higher." if up else "lower.")]
    if up:
        steps.append(f"{trait.capitalize()} goes up: {level} -> {new}." if not ignored else
                     f"{trait.capitalize()} is already {TRAIT_MAX}: the raise is ignored.")
        who = f"{god.capitalize()} supports" if god else "the card's god supports"
        steps.append(f"Put one of your hero tokens on a labor {who} (none if no labor on the board has that god).")
        cites += ["labors-of-herakles.play.2", "labors-of-herakles.gap.4"]
        if bonus:
            steps.append(f"{trait.capitalize()} reached {new}: you may put one more hero token on any labor.")
            cites += ["labors-of-herakles.traits.2", "labors-of-herakles.gap.6"]
    else:
        steps.append(f"{trait.capitalize()} goes down: {level} -> {new}." if not ignored else
                     f"{trait.capitalize()} is already {TRAIT_MIN}: the drop is ignored.")
        steps.append("Carry out the card's power; no hero token is placed for the god.")
        cites.append("labors-of-herakles.play.3")
    if ignored:
        steps.append("Only the trait move is ignored; the rest of the play still happens.")
        cites += ["labors-of-herakles.traits.1", "labors-of-herakles.gap.5"]
    steps.append("Then put an adventure token on the card's region; a fifth token there ends the adventure.")
    cites += ["labors-of-herakles.play.4", "labors-of-herakles.play.5"]
    verdict = {"direction": "up" if up else "down", "trait": trait, "new_level": new, "ignored": ignored,
               "bonus_token": bonus, "hero_token": up, "power": not up, "adventure_token": True}
    summary = (f"{trait.capitalize()} {'up' if up else 'down'} to {new}" if not ignored
               else f"{trait.capitalize()} stays {level} (limit)") + \
              ("; place a hero token on a labor its god supports" if up else "; do the card's power") + \
              ("; plus a bonus token on any labor" if bonus else "") + "; an adventure token goes on its region."
    basis = "inferred" if ignored or up else "stated"
    return make_ruling(GAME, "play", verdict=verdict, summary=summary, steps=steps, cites=cites, basis=basis)


def labor(levels: str, required: str | None = None, name: str | None = None) -> Ruling:
    """Whether Herakles succeeds at a labor: strictly above the requirement on every trait (labor.1)."""
    have = parse_levels(levels, "--levels", TRAIT_MIN, TRAIT_MAX)
    if name:
        card = _labor_card(name)
        need = dict(zip(TRAITS, card.required))
    elif required:
        need = parse_levels(required, "--required", 0, TRAIT_MAX)
    else:
        raise UsageError("give --required or --labor", field="--required",
                         expected="'6,5,3,5' or 'strength:6,...', or --labor NAME")
    ok = labor_succeeds(tuple(have[t] for t in TRAITS), tuple(need[t] for t in TRAITS))
    steps = []
    for t in TRAITS:
        mark = "above" if have[t] > need[t] else ("only equal: FAILS" if have[t] == need[t] else "below: FAILS")
        steps.append(f"{t.capitalize()}: {have[t]} against {need[t]}, {mark}.")
    steps.append("Success: each player gains 1 favor per hero token on the labor; the epic quest advances."
                 if ok else "Failure: nobody gains favor.")
    steps.append("Either way hero tokens there go home, all adventure tokens leave the board, and the labor is "
                 "replaced.")
    verdict = {"success": ok, "traits": {t: {"level": have[t], "required": need[t], "ok": have[t] > need[t]}
                                         for t in TRAITS}}
    cites = ["labors-of-herakles.labor.1", "labors-of-herakles.labor.2", "labors-of-herakles.labor.3"]
    if name:    # the requirements printed on the project's labor card
        cites.append("labors-of-herakles.gap.14")
    summary = ("Herakles succeeds: each player gains 1 favor per hero token on the labor and the epic quest "
               "advances" if ok else "Herakles fails: nobody gains favor")
    summary += "; then the hero tokens go home, the adventure tokens leave the board and the labor is replaced."
    return make_ruling(GAME, "labor", verdict=verdict, summary=summary, steps=steps, cites=cites)


def _labor_card(name: str):
    cards = labor_cards()
    return cards[resolve("labor", name, {c.id: c.name for c in cards.values()}, field="--labor")]


def trait(level: int, change: int) -> Ruling:
    """A trait moved by +1 or -1: limits and the bonus token (traits.1-2)."""
    level = _number(level, "--level", TRAIT_MIN, TRAIT_MAX)
    if change not in (-1, 1):
        raise UsageError(f"--change {change}", field="--change", expected="+1 or -1")
    new, ignored, bonus = move_trait(level, change)
    steps = [f"{level} {'+1' if change > 0 else '-1'}: " + (f"past the {TRAIT_MAX if change > 0 else TRAIT_MIN} "
                                                              f"limit, so the move is ignored." if ignored
                                                              else f"now {new}.")]
    cites = ["labors-of-herakles.traits.1"]
    if ignored:
        cites.append("labors-of-herakles.gap.5")
    if change > 0 and not ignored and new in BONUS_LEVELS:
        steps.append(f"Raised onto {new}: you may put one extra hero token on any labor.")
    elif level in BONUS_LEVELS or new in BONUS_LEVELS:
        steps.append("No extra token: only a raise onto 9 or 10 earns one.")
    cites += ["labors-of-herakles.traits.2", "labors-of-herakles.gap.6"]
    verdict = {"new_level": new, "ignored": ignored, "bonus_token": bonus}
    summary = (f"Ignored: stays {level}" if ignored else f"Now {new}") + (
        "; you may put one extra hero token on any labor." if bonus else ".")
    return make_ruling(GAME, "trait", verdict=verdict, summary=summary, steps=steps, cites=cites,
                       basis="inferred" if ignored or new in BONUS_LEVELS or level in BONUS_LEVELS else "stated")


def parse_hand(text: str) -> list[tuple[int, str]]:
    """'strength:3,cunning:7' or card ids ('str-03-arg') -> [(value, trait)]."""
    cards = adventures()
    out, named = [], set()
    for p in [p.strip() for p in text.split(",") if p.strip()]:
        if p.lower() in cards:
            c = cards[p.lower()]
            if p.lower() in named:
                raise UsageError(f"--hand names card {c.id} twice, but the Adventure deck holds one "
                                 f"(labors-of-herakles.components.1, labors-of-herakles.gap.14)", field="--hand",
                                 card=c.id, expected="each card id once")
            named.add(p.lower())
            out.append((c.value, c.trait))
            continue
        name, sep, value = p.partition(":")
        if not sep:
            raise UsageError(f"card '{p}' is malformed", field="--hand",
                             expected="TRAIT:VALUE (e.g. strength:3) or a card id (e.g. str-03-arg)")
        out.append((_number(value, f"--hand {p}", VALUE_MIN, VALUE_MAX), _trait(name)))
    _check_copies(out)
    return out


def _check_copies(hand: list[tuple[int, str]]) -> None:
    """Refuse a hand holding more cards of one trait and value than the Adventure deck has
    (labors-of-herakles.components.1, gap.14)."""
    deck = Counter((c.value, c.trait) for c in adventures().values())
    for (value, trait), n in Counter(hand).items():
        if n > deck[value, trait]:
            raise UsageError(f"--hand holds {n} {trait} {value} cards, but the Adventure deck has "
                             f"{deck[value, trait]} (labors-of-herakles.components.1, labors-of-herakles.gap.14)",
                             field="--hand", expected=f"at most {deck[value, trait]} cards of each trait and value")


def endgame(hand: str, levels: str) -> Ruling:
    """Favor gained at the end for cards in hand below Herakles' trait (end.2)."""
    cards = parse_hand(hand)
    have = parse_levels(levels, "--levels", TRAIT_MIN, TRAIT_MAX)
    steps = [f"{t.capitalize()} {v} against Herakles' {have[t]}: " + ("lower, +1 favor." if v < have[t]
                                                                     else "not lower, nothing.")
             for v, t in cards] or ["No cards in hand: nothing."]
    gained = hand_bonus(cards, have)
    steps.append("After everyone has added their hand bonus, the most favor wins.")
    verdict = {"favor": gained, "counted": [f"{t}:{v}" for v, t in cards if v < have[t]]}
    summary = (f"+{gained} favor for the card(s) in hand below Herakles' trait; then the most favor wins."
               if gained else "+0 favor: no card in hand is below Herakles' trait; then the most favor wins.")
    return make_ruling(GAME, "endgame", verdict=verdict, summary=summary, steps=steps,
                       cites=["labors-of-herakles.end.2", "labors-of-herakles.end.3"])
