"""Hera and Zeus's judge situations, declared once: challenges, Pegasus, action points, setup and move legality."""
from __future__ import annotations

from pnp.games.hera_zeus import rulings
from pnp.games.hera_zeus.cards import all_cards
from pnp.games.hera_zeus.position import read_position
from pnp.judge.situation import Choice, Flag, Int, Param, Pasted, Situation, Situations, Text


def _cards() -> list[str]:
    """Card tokens (completion)."""
    return sorted({c.token for c in all_cards().values()})


CARD_HELP = ("A strength 0-7 or a name: medusa, pandora, pythia, poseidon, nemesis, hero, amazon, pegasus, "
             "io, argus, statue (printed names like 'Furies' work too).")


def _legal(position, move):
    return rulings.legal(read_position(position.text, position.source), move)


SITUATIONS = Situations("hera-zeus", "Hera and Zeus", (
    Situation(
        "challenge", "Rules a challenge: the winner, the cards discarded, Pandora's wipe, a game won or lost.",
        (Param("attacker", "The challenging front-row card", Text(_cards),
               help="The challenging front-row card. " + CARD_HELP),
         Param("defender", "The opponent's front card in that column", Text(_cards),
               help="The opponent's front card in the same column. " + CARD_HELP),
         Param("column", "Cards behind each front card", Text(), default=None,
               help='Cards behind each front card, front to back: "attacker: 4, io; defender: argus".')),
        rulings.challenge, 'pnp judge hera-zeus challenge --attacker 5 --defender pandora --column "defender: argus"',
        details="The attacker plays as Hera and the defender as Zeus; mirrored cards (Io/Argus, Nemesis/Poseidon, "
                "Amazon/Hero) are interchangeable."),
    Situation(
        "pegasus", "Rules one of Pegasus's three uses, given the card drawn or struck.",
        (Param("use", "Pegasus is used to", Choice({"hand": "raid the opponent's hand",
                                                     "front": "strike a front-row card or statue",
                                                     "place": "put it down"}, "use"),
               help="hand: raid the opponent's hand; front: strike a front-row card or statue; place: put it down."),
         Param("card", "The card drawn or struck", Text(_cards), default=None,
               help="The card the raid drew (hand) or the card struck (front). " + CARD_HELP),
         Param("hand", "The rest of the raided hand", Text(), default=None,
               help='The rest of the raided hand, for Pandora: "argus, 5, sirens".'),
         Param("column", "Cards behind the struck card", Text(), default=None,
               help="front: cards behind the struck card and the striker's own cards in that column, front to "
                    'back: "attacker: io, 4; defender: argus, 3".')),
        rulings.pegasus, 'pnp judge hera-zeus pegasus --use hand --card pandora --hand "argus, 4"'),
    Situation(
        "actions", "Rules the action points a turn starts with.",
        (Param("columns", "Columns holding your cards", Int(0, 3),
               help="Columns holding your cards at the start of the turn (0-3)."),
         Param("statue", "Your statue stands on the battlefield", Flag(), help="Your statue stands on the battlefield.")),
        rulings.actions, "pnp judge hera-zeus actions --columns 2 --statue"),
    Situation(
        "setup", "Rules which cards of a starting hand must be put back and replaced.",
        (Param("hand", "The 9 cards dealt", Text(_cards, many=True),
               help='The 9 cards dealt: "io, 3, 5, pegasus, 7, 0, sirens, medusa, 2".'),),
        rulings.setup, 'pnp judge hera-zeus setup --hand "io, 3, 5, pegasus, 7, 0, sirens, medusa, 2"'),
    Situation(
        "legal", "Rules whether a move is legal in a position, and why not.",
        (Param("position", "The position", Pasted("position"),
               help="Position file, YAML or JSON (format: 'pnp docs hera-zeus')."),
         Param("move", "The move", Text(), help="The move: 'draw', 'place 5 2 1', 'challenge 2', 'pegasus front 3', …")),
        _legal, 'pnp judge hera-zeus legal --position docs/examples/hera-zeus/position.yaml --move "challenge 1"'),
))
