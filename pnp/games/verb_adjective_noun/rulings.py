"""Rulings for Verb the Adjective Noun (`pnp judge verb-adjective-noun …`), computed with the engine."""
from __future__ import annotations

import re

from pnp.errors import UsageError
from pnp.games.verb_adjective_noun.engine import (MARKERS, MAX_PLAYERS, WORDS, Card, auction_winner, burn_markers,
                                                  burn_value, check_add, is_complete, leaders, parse_cards, slots,
                                                  trial_award, trial_laurels)
from pnp.judge.ruling import Ruling, make_ruling

GAME = "verb-adjective-noun"


def _describe(card: Card) -> str:
    return f"{card.word} ({card.kind}, {card.laurels} laurel{'s' if card.laurels != 1 else ''}, {card.left}|{card.right})"


def _trial(text: str) -> list[Card]:
    """A trial's cards; an empty string is a trial not yet started."""
    return parse_cards(text) if text and text.strip() else []


def parse_markers(text: str) -> dict[str, int]:
    """'red:3, blue:2' -> {'red': 3, 'blue': 2}; each count 0..MARKERS-1, names unique."""
    out: dict[str, int] = {}
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items:
        raise UsageError(f"malformed markers '{text}'", field="--markers", expected="PLAYER:N, PLAYER:N")
    for t in items:
        m = re.fullmatch(r"([^:]+):(\d+)", t)
        if not m:
            raise UsageError(f"malformed marker count '{t}'", field="--markers", expected="PLAYER:N, e.g. red:2")
        name, n = m.group(1).strip().lower(), int(m.group(2))
        if not 0 <= n <= MARKERS - 1:
            raise UsageError(f"{name} cannot have {n} markers on one card", field="--markers",
                             expected=f"0..{MARKERS - 1} (verb-adjective-noun.gap.4)")
        if name in out:
            raise UsageError(f"{name} is listed twice", field="--markers", expected="each player once")
        out[name] = n
    if len(out) > MAX_PLAYERS:
        raise UsageError(f"--markers lists {len(out)} players, but markers come in {MAX_PLAYERS} colours "
                         "(verb-adjective-noun.components.4, verb-adjective-noun.intro.1)", field="--markers",
                         expected=f"at most {MAX_PLAYERS} players")
    return out


def _problems(trial: list[Card]) -> list[str]:
    """Why a list of cards is not a legal trial (two of a kind, unmatched edges), in order of addition."""
    problems, built = [], []
    order = sorted(trial, key=lambda c: ("adjective", "verb", "noun", "condition").index(c.kind))
    for card in order:
        check = check_add(built, card)
        problems += check.reasons
        built.append(card)
    return problems


def add_ruling(trial_text: str, card_text: str) -> Ruling:
    """Whether a card may be added to a trial (or start one), with edges and adjacency checked."""
    trial = _trial(trial_text)
    card = parse_cards(card_text)
    if len(card) != 1:
        raise UsageError("give exactly one card to add", field="--card", expected="one card word")
    card = card[0]
    bad = _problems(trial)
    if bad:
        raise UsageError("the trial given is not a legal trial: " + "; ".join(bad), field="--trial",
                         expected="cards that could lie together in one trial")
    check = check_add(trial, card)
    steps = [("trial: " + ", ".join(_describe(c) for c in trial)) if trial else "no trial yet: the card would start one",
             "card: " + _describe(card)] + check.edges + check.reasons
    after = trial + [card]
    if check.legal:
        steps.append("put one of your markers on it" + (" and follow its text" if card.kind == "condition" else ""))
        if is_complete(after):
            steps.append("the trial is then complete (Verb, Adjective and Noun)")
        summary = (f"Yes: {card.word} may be added" + (" (new trial)" if not trial else "")
                   + "; put one of your markers on it" + ("; the trial is then complete." if is_complete(after)
                                                          else "."))
    else:
        summary = f"No: {check.reasons[0]}."
    cites = check.cites + ["verb-adjective-noun.add.9", "verb-adjective-noun.add.10"]
    basis = "inferred" if any(".gap." in c for c in cites) else "stated"
    return make_ruling(GAME, "add", verdict={"legal": check.legal, "reasons": check.reasons, "edges": check.edges,
                                             "complete_after": check.legal and is_complete(after)},
                       summary=summary, steps=steps, cites=cites, basis=basis)


def trial_ruling(cards_text: str) -> Ruling:
    """Whether a trial is complete, what it lacks, and its laurel value."""
    trial = parse_cards(cards_text)
    problems = _problems(trial)
    have = slots(trial)
    missing = [k for k in WORDS if k not in have]
    complete = not problems and not missing
    steps = ["cards: " + ", ".join(_describe(c) for c in trial)]
    steps += problems
    if missing:
        steps.append("missing: " + ", ".join(missing))
    if not problems:
        steps.append(f"laurel total with its Condition: {trial_laurels(trial)}")
    if problems:
        summary = "Not a legal trial: " + problems[0] + "."
    elif complete:
        summary = f"Complete: {' '.join(have[k].word for k in WORDS)}, worth {trial_laurels(trial)} laurels."
    else:
        summary = "Not complete: it lacks " + " and ".join(f"a {k}" for k in missing) + "."
    cites = ["verb-adjective-noun.trials.1", "verb-adjective-noun.add.2", "verb-adjective-noun.add.4",
             "verb-adjective-noun.gap.1", "verb-adjective-noun.gap.5"]   # gap.5: the deck's laurel values
    if "condition" in have:
        cites.append("verb-adjective-noun.gap.6")
    return make_ruling(GAME, "trial", verdict={"complete": complete, "legal": not problems, "missing": missing,
                                               "problems": problems, "laurels": trial_laurels(trial)},
                       summary=summary, steps=steps, cites=cites, basis="inferred")


def auction_ruling(markers_text: str, player: str | None = None) -> Ruling:
    """Who wins an auction card from the markers on it, at the start of whose turn."""
    markers = parse_markers(markers_text)
    winner = auction_winner(markers)
    lead = leaders(markers)
    steps = ["markers: " + ", ".join(f"{p} {n}" for p, n in markers.items())]
    cites = ["verb-adjective-noun.auctions.1", "verb-adjective-noun.auctions.2", "verb-adjective-noun.auctions.3"]
    basis = "stated"
    if winner is None:
        cites.append("verb-adjective-noun.gap.2")
        basis = "inferred"
        if lead:
            steps.append(f"{' and '.join(lead)} tie for the most markers: nobody wins the card yet; all markers stay")
            summary = f"Nobody wins yet: {' and '.join(lead)} are tied; the card and every marker stay."
        else:
            steps.append("no markers on the card")
            summary = "Nobody wins: no bids."
    else:
        steps.append(f"{winner} has the most markers ({markers[winner]}) and wins the card at the start of "
                     f"{winner}'s turn")
        steps.append(f"{winner}'s {markers[winner]} marker(s) are removed from the game; the others go back to "
                     "their owners; a new card from the deck takes its place")
        summary = f"{winner} wins the card (removing {markers[winner]} marker(s))."
    verdict = {"winner": winner, "tied": lead if winner is None and len(lead) > 1 else [],
               "removed": {winner: markers[winner]} if winner else {},
               "returned": {p: n for p, n in markers.items() if p != winner and n} if winner else {}}
    if player:
        p = player.lower()
        if p not in markers:
            raise UsageError(f"--player {p} has no entry in --markers", field="--player",
                             expected=", ".join(markers), hint="list every player, with 0 for no markers")
        verdict["wins_now"] = winner == p
        steps.append(f"at the start of {p}'s turn: " + ("wins the card" if winner == p else "does not win it"))
        if winner == p:
            summary = f"At the start of {p}'s turn {p} wins the card (removing {markers[p]} marker(s))."
        elif winner is not None:
            summary = (f"At the start of {p}'s turn nothing happens to this card: {winner} has the most markers "
                       f"and takes it at the start of {winner}'s own turn if still ahead then.")
            verdict["returned"], verdict["removed"] = {}, {}
        else:
            summary = f"At the start of {p}'s turn nothing happens: " + summary[0].lower() + summary[1:]
    return make_ruling(GAME, "auction", verdict=verdict, summary=summary, steps=steps, cites=cites, basis=basis)


def score_ruling(trial_text: str, markers_text: str, turn: str | None = None) -> Ruling:
    """Who scores a trial and how many laurels each gains (ties score in full)."""
    trial = parse_cards(trial_text)
    problems = _problems(trial)
    if problems:
        raise UsageError("the trial given is not a legal trial: " + "; ".join(problems), field="--trial",
                         expected="cards that could lie together in one trial")
    markers = parse_markers(markers_text)
    if sum(markers.values()) > len(trial):
        raise UsageError(f"{sum(markers.values())} markers on a trial of {len(trial)} card(s), but each card "
                         "carries the one marker put on it when it was added (verb-adjective-noun.add.9)",
                         field="--markers", expected=f"at most {len(trial)} markers in all, one per card")
    lead = leaders(markers)
    cites = ["verb-adjective-noun.trials.1", "verb-adjective-noun.trials.2", "verb-adjective-noun.trials.3",
             "verb-adjective-noun.trials.4", "verb-adjective-noun.trials.6"]
    steps = ["trial: " + ", ".join(_describe(c) for c in trial),
             "markers: " + ", ".join(f"{p} {n}" for p, n in markers.items())]
    if any(c.kind == "condition" for c in trial):
        cites.append("verb-adjective-noun.gap.6")
    if not is_complete(trial):
        missing = [k for k in WORDS if k not in slots(trial)]
        return make_ruling(GAME, "score", verdict={"scored": False, "awards": {}, "reason": "incomplete",
                                                   "missing": missing},
                           summary="Not scored: the trial lacks " + " and ".join(missing) + ".",
                           steps=steps + ["a trial is scored only once complete"], cites=cites, basis="stated")
    total = trial_laurels(trial)
    steps.append(f"laurel total: {total}")
    cites.append("verb-adjective-noun.gap.5")       # the laurel values are the project's deck
    if not lead:
        return make_ruling(GAME, "score", verdict={"scored": False, "awards": {}, "reason": "no markers"},
                           summary="Not scored: nobody has a marker on it.", steps=steps, cites=cites, basis="inferred")
    basis = "house rule" if "verb-adjective-noun.gap.6" in cites else "stated"
    alone = any(c.effect == "alone" for c in trial)
    if turn is None and len(lead) > 1 and alone:
        steps.append(f"leaders: {', '.join(lead)}; its Condition lets only the player whose turn it is score, "
                     "so the first of them to start a turn takes it all")
        return make_ruling(GAME, "score", verdict={"scored": True, "scorer": None, "leaders": lead, "awards": {},
                                                   "total": total, "first_leader_takes_all": True},
                           summary=f"The first of {', '.join(lead)} to start a turn gains {total} laurels; "
                                   "the others nothing.", steps=steps, cites=cites, basis=basis)
    scorer = turn.lower() if turn else lead[0]
    award = trial_award(trial, markers, scorer)
    if not award:
        steps.append(f"{scorer} does not lead it ({', '.join(lead)} do), so it stays open on {scorer}'s turn")
        return make_ruling(GAME, "score", verdict={"scored": False, "awards": {}, "reason": "not a leader",
                                                   "leaders": lead},
                           summary=f"Not on {scorer}'s turn: {', '.join(lead)} lead it.", steps=steps,
                           cites=cites, basis="stated")
    if len(lead) > 1 and alone:
        steps.append(f"its Condition lets only {scorer}, whose turn it is, score")
    elif len(lead) > 1:
        steps.append(f"{', '.join(lead)} are tied for the most markers: each scores the full total")
    else:
        steps.append(f"{scorer} has the most markers and scores it at the start of {scorer}'s turn")
    steps.append("then every marker on it goes back to its owner, and the trial leaves play")
    return make_ruling(GAME, "score", verdict={"scored": True, "scorer": scorer if turn else None, "leaders": lead,
                                               "awards": award, "total": total},
                       summary="; ".join(f"{p} +{k}" for p, k in award.items()) + " laurels; then every marker on it "
                               "goes back to its owner and the trial leaves play.",
                       steps=steps, cites=cites, basis=basis)


def burn_ruling(cards_text: str, removed: int | None = None) -> Ruling:
    """Markers recovered by burning cards: the laurel value each, at least 1, capped at those removed."""
    burnt = parse_cards(cards_text)
    twice = [c.word for c in burnt if burnt.count(c) > 1]
    if twice:
        raise UsageError(f"'{twice[0]}' is burnt twice", field="--cards", expected="each card once: the deck holds one")
    if removed is not None and not 0 <= removed <= MARKERS - 1:
        raise UsageError(f"--removed {removed} is out of range", field="--removed", expected=f"0..{MARKERS - 1}")
    steps = [f"{c.word}: {c.laurels} laurel(s) -> {max(c.laurels, 1)} marker(s)" for c in burnt]
    raw = burn_markers(burnt)
    cites = ["verb-adjective-noun.burn.1", "verb-adjective-noun.burn.2"]
    got = raw if removed is None else burn_value(burnt, removed)
    if removed is not None and got < raw:
        steps.append(f"only {removed} of your markers are removed from the game, so you get {got} back")
        cites.append("verb-adjective-noun.gap.8")
    summary = (f"Burning {len(burnt)} card(s) recovers {got} removed marker(s) into your supply; the cards go to "
               "the discard pile.")
    return make_ruling(GAME, "burn", verdict={"recovered": got, "value": raw, "cards": [c.id for c in burnt]},
                       summary=summary, steps=steps, cites=cites,
                       basis="inferred" if "verb-adjective-noun.gap.8" in cites else "stated")
