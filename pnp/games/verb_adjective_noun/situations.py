"""Verb the Adjective Noun's judge situations, declared once: adding cards, complete trials, auctions,
scoring and burning."""
from __future__ import annotations

from pnp.games.verb_adjective_noun import rulings
from pnp.games.verb_adjective_noun.engine import cards
from pnp.judge.situation import Int, Param, Situation, Situations, Text


def _cards() -> list[str]:
    """Card ids (completion)."""
    return list(cards())


def _add(trial, card):
    return rulings.add_ruling(trial, card)


def _trial(cards):
    return rulings.trial_ruling(cards)


def _auction(markers, player):
    return rulings.auction_ruling(markers, player)


def _score(trial, markers, turn):
    return rulings.score_ruling(trial, markers, turn)


def _burn(cards, removed):
    return rulings.burn_ruling(cards, removed)


SITUATIONS = Situations("verb-adjective-noun", "Verb the Adjective Noun", (
    Situation(
        "add", "Whether a card may join a trial: kinds, adjacency and matching edges.",
        (Param("trial", "Cards already in the trial", Text(_cards, many=True), default="",
               help="Cards already in the trial, comma-separated (empty: a new trial)."),
         Param("card", "The card to add", Text(_cards), help="The card to add.")),
        _add, 'pnp judge verb-adjective-noun add --trial "tickle, sulky" --card "cyclops"'),
    Situation(
        "trial", "Whether a trial is complete (Verb, Adjective and Noun) and what it is worth.",
        (Param("cards", "The trial's cards", Text(_cards, many=True), help="The trial's cards, comma-separated."),),
        _trial, 'pnp judge verb-adjective-noun trial --cards "tickle, sulky, cyclops, before breakfast"'),
    Situation(
        "auction", "Who wins an auction card (the most markers, alone; a tie wins nothing), and when.",
        (Param("markers", "Markers on the auction card per player", Text(),
               help="Markers on the auction card per player: 'red:3, blue:2'."),
         Param("player", "Whose turn is starting", Text(), default=None, help="Whose turn is starting (optional).")),
        _auction, 'pnp judge verb-adjective-noun auction --markers "red:3, blue:3, green:1"'),
    Situation(
        "score", "Who scores a complete trial and how many laurels each gains (ties score in full).",
        (Param("trial", "The trial's cards", Text(_cards, many=True), help="The trial's cards, comma-separated."),
         Param("markers", "Markers on the trial per player", Text(), help="Markers on the trial per player: 'red:2, blue:1'."),
         Param("turn", "Whose turn is starting", Text(), default=None, help="Whose turn is starting (optional).")),
        _score, 'pnp judge verb-adjective-noun score --trial "tickle, sulky, cyclops" --markers "red:1, blue:1, green:1"'),
    Situation(
        "burn", "How many removed markers burning these cards recovers.",
        (Param("cards", "Cards burnt", Text(_cards, many=True), help="Cards burnt, comma-separated."),
         Param("removed", "Your markers now removed from the game", Int(0), default=None,
               help="Your markers now removed from the game (caps the refund).")),
        _burn, 'pnp judge verb-adjective-noun burn --cards "shampoo, blindfolded" --removed 5'),
))
