"""The Argonauts' judge situations, declared once: rolls, tracks, reveals, endings, assignments, deaths, treasures."""
from __future__ import annotations

from pnp.games.argonauts import rulings
from pnp.games.argonauts.cards import load_cards
from pnp.judge.situation import Choice, Die, Int, Param, Situation, Situations, Text


def _cards() -> list[str]:
    """Card ids (completion)."""
    return list(load_cards())


def _treasures() -> dict[str, str]:
    """Treasure card id -> name."""
    return {cid: c.name for cid, c in load_cards().items() if c.kind == "treasure"}


SITUATIONS = Situations("argonauts", "(Your Name Here) and the Argonauts", (
    Situation(
        "roll", "Rules whether a card resolves for a die roll (natural 6, no crew).",
        (Param("die", "Die result", Die(), help="Die result, 1-6."),
         Param("crew", "Crew on the card", Int(0), help="Crew on the card."),
         Param("difficulty", "The card's difficulty now", Int(1), help="The card's current difficulty."),
         Param("modifier", "Treasure roll modifiers", Int(), default=0, help="Treasure roll modifiers.")),
        rulings.roll, "pnp judge argonauts roll --die 4 --crew 3 --difficulty 7"),
    Situation(
        "track", "Rules the number a difficulty or deadliness track shows now (look left).",
        (Param("checked", "Boxes ticked on the level track", Int(1, 6), help="Boxes ticked on the level track, 1-6."),
         Param("values", "The printed track", Text(), help='The printed track, _ for no number: "3,_,5,_,_,8".')),
        rulings.track, 'pnp judge argonauts track --checked 4 --values "3,_,5,_,_,8"'),
    Situation(
        "reveal", "Rules how many cards the quest phase reveals, Wrath draws and deck end included.",
        (Param("cards", "Cards as they come off the deck", Text(_cards, many=True),
               help="Cards as they come off the deck: kinds or card names."),
         Param("deck_left", "Cards in the deck before the quest phase", Int(0),
               help="Cards in the deck before the quest phase.")),
        rulings.reveal,
        'pnp judge argonauts reveal --cards "monster,wrath,blessing,treasure,monster" --deck-left 12'),
    Situation(
        "end", "Rules whether the game is won, lost or goes on.",
        (Param("crew_left", "Crew alive at the end of the turn", Int(0), help="Crew alive at the end of the turn."),
         Param("deck_left", "Cards left in the adventure deck", Int(0), help="Cards left in the adventure deck.")),
        rulings.end, "pnp judge argonauts end --crew-left 3 --deck-left 0"),
    Situation(
        "assign", "Rules whether a crew assignment is legal (no crew on Blessing or Wrath, no more than you have).",
        (Param("assignment", "Crew per revealed card", Text(_cards, many=True), flag="--assign",
               help='Crew per revealed card: "harpies:3,calm-seas:0".'),
         Param("crew", "Crew alive", Int(0), help="Crew alive.")),
        rulings.assign, 'pnp judge argonauts assign --assign "harpies:4,calm-seas:1" --crew 12'),
    Situation(
        "deaths", "Rules which crew may die when a monster wins, and when.",
        (Param("deadliness", "The failed monster's deadliness", Int(0), help="The failed monster's deadliness."),
         Param("crew", "Crew alive before the deaths", Int(0), help="Crew alive before the deaths."),
         Param("placed", "Crew on cards not yet resolved", Text(_cards, many=True), default=None,
               help='Crew on cards not yet resolved: "talos:3,scylla:2".')),
        rulings.deaths, 'pnp judge argonauts deaths --deadliness 3 --crew 6 --placed "talos:5"'),
    Situation(
        "treasure", "Rules when a single-use treasure may be spent and where it goes.",
        (Param("name", "Treasure", Choice(_treasures, "treasure"), flag="--treasure",
               help="The treasure card's name or id."),
         Param("moment", "Moment of play", Choice(rulings.MOMENTS, "moment"), flag="--when",
               help="The moment of play.")),
        rulings.treasure, 'pnp judge argonauts treasure --treasure "Speaking Beam" --when after-roll'),
))
