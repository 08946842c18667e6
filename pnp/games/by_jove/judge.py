"""`pnp judge by-jove …`: rulings for Perils, gods, the Beginning, Hero spaces, penalties, Hades,
bouncing, the collection and the time-limit score."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling
from pnp.games.by_jove import rulings


def _spaces(ctx) -> list[str]:
    """Outer board space names (completion)."""
    from pnp.games.by_jove.data import board
    return [s.name for s in board().spaces]


def _fighters(ctx) -> list[str]:
    """Who may fight a peril (completion)."""
    from pnp.games.by_jove.rules import FIGHTERS
    return list(FIGHTERS)


def _gods(ctx) -> list[str]:
    """The god spaces (completion)."""
    from pnp.games.by_jove.data import board
    return [board().spaces[i].name for i in board().gods]

JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


@situations_group("by-jove")
def situations():
    """Rulings for By Jove.

    Example: pnp judge by-jove peril --fighter hero --peril 4 --rolls "2,5"
    """


@situations.command()
@click.option("--fighter", required=True, shell_complete=complete(_fighters),
              help="Who fights: hercules, hero or mortal.")
@click.option("--peril", "peril_die", type=int, required=True, help="The Peril's die, 1-6.")
@click.option("--rolls", required=True, help='Your throws of the second die in order, e.g. "2,5".')
@click.option("--protected", is_flag=True, help="The fight happens in a Protected Turn.")
@click.option("--young", is_flag=True, help="Young players' variant: no VAP award lost.")
@JSON
def peril(fighter, peril_die, rolls, protected, young, as_json):
    """Rules who wins a Peril battle and what the loser hands in.

    Example: pnp judge by-jove peril --fighter hercules --peril 6 --rolls "3,2,6"
    """
    emit_ruling(rulings.peril(fighter, peril_die, rolls, protected=protected, young=young), as_json)


@situations.command()
@click.option("--dice", required=True, help='The throw, e.g. "5,5".')
@click.option("--from", "from_god", default=None, shell_complete=complete(_gods),
              help="The throw is the Protected Turn made from this god (Jupiter, Neptune, Apollo, Venus).")
@JSON
def god(dice, from_god, as_json):
    """Rules a god's judgement: Hades for doubles, else a Protected Turn (double fives included).

    Example: pnp judge by-jove god --dice "5,5" --from Jupiter
    """
    emit_ruling(rulings.god(dice, from_god=from_god), as_json)


@situations.command()
@click.option("--heroes", type=int, required=True, help="Heroes you own, 0-8.")
@click.option("--how", default="pass", show_default=True, help="pass, land (stop on it) or sent (sent back).")
@JSON
def beginning(heroes, how, as_json):
    """Rules the coins paid at the Beginning.

    Example: pnp judge by-jove beginning --heroes 0
    """
    emit_ruling(rulings.beginning(heroes, how), as_json)


@situations.command(name="hero-space")
@click.option("--owner", required=True, help="Who owns the Hero: self, other or none.")
@click.option("--coins", type=int, required=True, help="Your gold coins.")
@click.option("--protected", is_flag=True, help="You arrived in a Protected Turn.")
@JSON
def hero_space(owner, coins, protected, as_json):
    """Rules what happens on a Hero space: claim, fee, or back to the Beginning.

    Example: pnp judge by-jove hero-space --owner other --coins 0
    """
    emit_ruling(rulings.hero_space(owner, coins, protected=protected), as_json)


@situations.command()
@click.option("--coins", type=int, required=True, help="Gold coins you hold.")
@click.option("--half", is_flag=True, help="The penalty is half your coins.")
@click.option("--amount", type=int, default=None, help="The penalty is a fixed number of coins.")
@JSON
def penalty(coins, half, amount, as_json):
    """Rules how many coins a penalty takes (half rounds up; never more than you hold).

    Example: pnp judge by-jove penalty --coins 5 --half
    """
    emit_ruling(rulings.penalty(coins, half=half, amount=amount), as_json)


@situations.command()
@click.option("--turn", type=int, required=True, help="Turn since being sent to Hades: 1-3, or 4 after three sat out.")
@click.option("--dice", required=True, help='Your throw, e.g. "3,3".')
@click.option("--coins", type=int, required=True, help="Gold coins you hold.")
@click.option("--pay", is_flag=True, help="You pay 3 coins before rolling.")
@click.option("--card", is_flag=True, help="You hand in an Oracle card that frees you.")
@JSON
def hades(turn, dice, coins, pay, card, as_json):
    """Rules whether you leave Hades this turn and how far you move.

    Example: pnp judge by-jove hades --turn 2 --dice "4,4" --coins 1
    """
    emit_ruling(rulings.hades(turn, dice, coins, pay=pay, card=card), as_json)


@situations.command()
@click.option("--space", required=True, shell_complete=complete(_spaces),
              help="The space where the other pawn stands (a board space name).")
@click.option("--in-hades", is_flag=True, help="The pawn is held in Hades, not passing by.")
@JSON
def bounce(space, in_hades, as_json):
    """Rules whether you may bounce (or charge) a pawn on the space you reach.

    Example: pnp judge by-jove bounce --space "Land of the Lotus Eaters"
    """
    emit_ruling(rulings.bounce(space, in_hades=in_hades), as_json)


@situations.command()
@click.option("--coins", type=int, required=True, help="Gold coins held.")
@click.option("--vap", type=int, required=True, help="VAP awards held.")
@click.option("--labyrinth", type=int, default=0, show_default=True, help="Labyrinth awards held, 0 or 1.")
@click.option("--quest", type=int, default=0, show_default=True, help="Quest awards held, 0 or 1.")
@JSON
def win(coins, vap, labyrinth, quest, as_json):
    """Rules whether holdings complete the collection, and what is missing.

    Example: pnp judge by-jove win --coins 17 --vap 8 --labyrinth 1 --quest 0
    """
    emit_ruling(rulings.win(coins, vap, labyrinth, quest), as_json)


@situations.command()
@click.option("--player", "players", multiple=True, required=True,
              help='Repeatable: "NAME:coins=N,vap=N,labyrinth=0|1,quest=0|1".')
@JSON
def score(players, as_json):
    """Rules the time-limit score and the winner (ties share the win).

    Example: pnp judge by-jove score --player "Ann:coins=12,vap=4,labyrinth=1" --player "Bo:coins=20,vap=6"
    """
    emit_ruling(rulings.score(list(players)), as_json)


@situations.command()
@click.option("--name", required=True, shell_complete=complete(_spaces),
              help="An outer board space, e.g. Taxes, Helen of Troy, Land of the Lotus Eaters.")
@click.option("--coins", type=int, default=0, show_default=True, help="Gold coins you hold (for Taxes).")
@click.option("--protected", is_flag=True, help="You arrived in a Protected Turn.")
@JSON
def space(name, coins, protected, as_json):
    """Rules what stopping on a board space does, the spaces with lost rules included.

    Example: pnp judge by-jove space --name Taxes --coins 7
    """
    emit_ruling(rulings.space(name, coins, protected=protected), as_json)
