"""By Jove's judge situations, declared once: Perils, gods, the Beginning, Hero spaces, penalties, Hades,
bouncing, the collection and the time-limit score."""
from __future__ import annotations

from pnp.games.by_jove import rulings
from pnp.games.by_jove.data import board
from pnp.games.by_jove.rules import FIGHTERS
from pnp.judge.situation import Choice, Dice, Die, Flag, Int, Lines, Param, Situation, Situations, Text


def _spaces() -> list[str]:
    """Outer board space names, each once, in board order."""
    return list(dict.fromkeys(s.name for s in board().spaces))


def _gods() -> list[str]:
    """The god spaces, in board order."""
    return [board().spaces[i].name for i in board().gods]


def _peril(fighter, peril_die, rolls, protected, young):
    return rulings.peril(fighter, peril_die, rolls, protected=protected, young=young)


def _god(dice, from_god):
    return rulings.god(dice, from_god=from_god)


def _hero_space(owner, coins, protected):
    return rulings.hero_space(owner, coins, protected=protected)


def _penalty(coins, half, amount):
    return rulings.penalty(coins, half=half, amount=amount)


def _hades(turn, dice, coins, pay, card):
    return rulings.hades(turn, dice, coins, pay=pay, card=card)


def _bounce(space, in_hades):
    return rulings.bounce(space, in_hades=in_hades)


def _score(players):
    return rulings.score(list(players))


def _space(name, coins, protected):
    return rulings.space(name, coins, protected=protected)


SITUATIONS = Situations("by-jove", "By Jove", (
    Situation(
        "peril", "Rules who wins a Peril battle and what the loser hands in.",
        (Param("fighter", "Who fights", Choice(FIGHTERS, "fighter"), help="Who fights: hercules, hero or mortal."),
         Param("peril_die", "The Peril's die", Die(), flag="--peril", help="The Peril's die, 1-6."),
         Param("rolls", "Your throws of the second die", Text(), help='Your throws of the second die in order, e.g. "2,5".'),
         Param("protected", "The fight happens in a Protected Turn", Flag(), help="The fight happens in a Protected Turn."),
         Param("young", "Young players' variant", Flag(), help="Young players' variant: no VAP award lost.")),
        _peril, 'pnp judge by-jove peril --fighter hercules --peril 6 --rolls "3,2,6"'),
    Situation(
        "god", "Rules a god's judgement: Hades for doubles, else a Protected Turn (double fives included).",
        (Param("dice", "The throw", Dice(), help='The throw, e.g. "5,5".'),
         Param("from_god", "A Protected Turn made from this god", Choice(_gods, "god"), default=None, flag="--from",
               help="The throw is the Protected Turn made from this god (Jupiter, Neptune, Apollo, Venus).")),
        _god, 'pnp judge by-jove god --dice "5,5" --from Jupiter'),
    Situation(
        "beginning", "Rules the coins paid at the Beginning.",
        (Param("heroes", "Heroes you own", Int(0, 8), help="Heroes you own, 0-8."),
         Param("how", "How you reach the Beginning", Choice({"pass": "pass it", "land": "stop on it",
                                                              "sent": "sent back to it"}, "way"),
               default="pass", help="pass, land (stop on it) or sent (sent back).")),
        rulings.beginning, "pnp judge by-jove beginning --heroes 0"),
    Situation(
        "hero-space", "Rules what happens on a Hero space: claim, fee, or back to the Beginning.",
        (Param("owner", "Who owns the Hero", Choice({"self": "you", "other": "another player", "none": "nobody"},
                                                    "owner"), help="Who owns the Hero: self, other or none."),
         Param("coins", "Your gold coins", Int(0), help="Your gold coins."),
         Param("protected", "You arrived in a Protected Turn", Flag(), help="You arrived in a Protected Turn.")),
        _hero_space, "pnp judge by-jove hero-space --owner other --coins 0"),
    Situation(
        "penalty", "Rules how many coins a penalty takes (half rounds up; never more than you hold).",
        (Param("coins", "Gold coins you hold", Int(0), help="Gold coins you hold."),
         Param("half", "The penalty is half your coins", Flag(), help="The penalty is half your coins."),
         Param("amount", "Or a fixed number of coins", Int(0), default=None,
               help="The penalty is a fixed number of coins.")),
        _penalty, "pnp judge by-jove penalty --coins 5 --half"),
    Situation(
        "hades", "Rules whether you leave Hades this turn and how far you move.",
        (Param("turn", "Turn since being sent to Hades", Int(1, 4),
               help="Turn since being sent to Hades: 1-3, or 4 after three sat out."),
         Param("dice", "Your throw", Dice(), help='Your throw, e.g. "3,3".'),
         Param("coins", "Gold coins you hold", Int(0), help="Gold coins you hold."),
         Param("pay", "You pay 3 coins before rolling", Flag(), help="You pay 3 coins before rolling."),
         Param("card", "You hand in an Oracle card that frees you", Flag(),
               help="You hand in an Oracle card that frees you.")),
        _hades, 'pnp judge by-jove hades --turn 2 --dice "4,4" --coins 1'),
    Situation(
        "bounce", "Rules whether you may bounce (or charge) a pawn on the space you reach.",
        (Param("space", "The space where the other pawn stands", Text(_spaces),
               help="The space where the other pawn stands (a board space name)."),
         Param("in_hades", "The pawn is held in Hades", Flag(), help="The pawn is held in Hades, not passing by.")),
        _bounce, 'pnp judge by-jove bounce --space "Land of the Lotus Eaters"'),
    Situation(
        "win", "Rules whether holdings complete the collection, and what is missing.",
        (Param("coins", "Gold coins held", Int(0), help="Gold coins held."),
         Param("vap", "VAP awards held", Int(0), help="VAP awards held."),
         Param("labyrinth", "Labyrinth awards held", Int(0, 1), default=0, help="Labyrinth awards held, 0 or 1."),
         Param("quest", "Quest awards held", Int(0, 1), default=0, help="Quest awards held, 0 or 1.")),
        rulings.win, "pnp judge by-jove win --coins 17 --vap 8 --labyrinth 1 --quest 0"),
    Situation(
        "score", "Rules the time-limit score and the winner (ties share the win).",
        (Param("players", "Each player's holdings", Lines(), flag="--player",
               help='Repeatable: "NAME:coins=N,vap=N,labyrinth=0|1,quest=0|1".'),),
        _score, 'pnp judge by-jove score --player "Ann:coins=12,vap=4,labyrinth=1" --player "Bo:coins=20,vap=6"'),
    Situation(
        "space", "Rules what stopping on a board space does, the spaces with lost rules included.",
        (Param("name", "Board space", Choice(_spaces, "space"),
               help="An outer board space, e.g. Taxes, Helen of Troy, Land of the Lotus Eaters."),
         Param("coins", "Gold coins you hold", Int(0), default=0, help="Gold coins you hold (for Taxes)."),
         Param("protected", "You arrived in a Protected Turn", Flag(), help="You arrived in a Protected Turn.")),
        _space, "pnp judge by-jove space --name Taxes --coins 7"),
))
