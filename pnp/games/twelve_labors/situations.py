"""The Twelve Labors' judge situations, declared once: resolution, Wrestle, Research, Train and Assist."""
from __future__ import annotations

from pnp.errors import UsageError
from pnp.games.twelve_labors import rulings
from pnp.games.twelve_labors.rulings import board
from pnp.judge.situation import Choice, Int, Lines, Param, Situation, Situations, Text

YES_NO = Choice({"yes": "yes", "no": "no"}, "answer")


def _labors() -> list[str]:
    """The Labors on the board."""
    return [lab.name for lab in board()]


def _resolve(target, black, labor, helpers, order):
    if not labor and (target is None or black is None):
        raise UsageError("give the Labor's Target and black numbers, or the Labor by name", field="target",
                         expected="a Target and a black number, or a Labor", hint="e.g. the Labor 'cretan bull'")
    return rulings.resolve(target, black, list(helpers), order, labor)


def _research(chose, take):
    return rulings.research(chose == "yes", take)


def _train(chose, reserve):
    return rulings.train(chose == "yes", reserve)


def _assist(chose, active, open_boxes):
    return rulings.assist(chose == "yes", active, open_boxes)


SITUATIONS = Situations("twelve-labors", "The Twelve Labors", (
    Situation(
        "resolve", "Who helped Hercules when a Labor is resolved, and who moves how far.",
        (Param("target", "The Labor's Target number", Int(), default=None, help="The Labor's Target number."),
         Param("black", "The Labor's black number", Int(), default=None,
               help="The Labor's black number (Hercules' points)."),
         Param("labor", "Or the Labor by name", Choice(_labors, "labor"), default=None,
               help="Take target and black from the board by Labor name instead."),
         Param("helpers", "Each helper's dice and cards", Lines(), flag="--helper",
               help="NAME:DICE[ cards:C,C,C], once per helper; Iolaus as 'iolaus:DICE'."),
         Param("order", "Current turn order, for ties", Text(), default=None,
               help="Current turn order, for ties (default: the helpers' order).")),
        _resolve, 'pnp judge twelve-labors resolve --target 7 --black 2 --helper "red:5,3,1 cards:2,2,1" '
                  '--helper "iolaus:4,2"'),
    Situation(
        "wrestle", "The new turn order after Wrestle.",
        (Param("order", "Turn order before Wrestle, first to last", Text(), help="Turn order before Wrestle, first to last."),
         Param("chose", "Players who picked Wrestle", Text(), default="", help="Players who picked Wrestle."),
         Param("cards", "Card each player showed", Text(), default="", help="Card each player showed: NAME:VALUE or NAME:none.")),
        rulings.wrestle, 'pnp judge twelve-labors wrestle --order "red,blue,green,yellow" --chose "green" '
                         '--cards "red:2,blue:1,green:0,yellow:none"'),
    Situation(
        "research", "What a player draws when Research is carried out.",
        (Param("chose", "Did this player pick Research?", YES_NO, help="Did this player pick Research?"),
         Param("take", "The last card", Choice({"faceup": "a face-up card", "pile": "from the pile",
                                                "either": "either"}, "place"),
               default="either", help="The last card: a face-up card or from the pile.")),
        _research, "pnp judge twelve-labors research --chose yes"),
    Situation(
        "train", "How many dice a player moves to the active pool in Train.",
        (Param("chose", "Did this player pick Train?", YES_NO, help="Did this player pick Train?"),
         Param("reserve", "Dice in the reserve pool", Int(), default=7, help="Dice in the reserve pool.")),
        _train, "pnp judge twelve-labors train --chose yes --reserve 1"),
    Situation(
        "assist", "How many dice a player places in Assist and how many points that scores.",
        (Param("chose", "Did this player pick Assist?", YES_NO, help="Did this player pick Assist?"),
         Param("active", "Dice in the active pool", Int(), default=3, help="Dice in the active pool."),
         Param("open_boxes", "Empty die boxes on unresolved Labors", Int(0), default=None, flag="--open",
               help="Empty die boxes on unresolved Labors (default: the whole board empty).")),
        _assist, "pnp judge twelve-labors assist --chose yes --active 2"),
))
