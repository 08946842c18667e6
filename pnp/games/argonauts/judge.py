"""`pnp judge argonauts …`: rulings for rolls, tracks, reveals, endings, assignments, deaths and treasures."""
from __future__ import annotations

import click

from pnp.cli.choice import LooseChoice
from pnp.cli.complete import names as complete
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling
from pnp.games.argonauts import rulings
from pnp.games.argonauts.campaign_cards import card_ids, treasure_ids


@situations_group("argonauts")
def situations():
    """Rulings for (Your Name Here) and the Argonauts.

    Example: pnp judge argonauts roll --die 6 --crew 1 --difficulty 10
    """


@situations.command()
@click.option("--die", type=int, required=True, help="Die result, 1-6.")
@click.option("--crew", type=int, required=True, help="Crew on the card.")
@click.option("--difficulty", type=int, required=True, help="The card's current difficulty.")
@click.option("--modifier", type=int, default=0, show_default=True, help="Treasure roll modifiers.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def roll(die, crew, difficulty, modifier, as_json):
    """Rules whether a card resolves for a die roll (natural 6, no crew).

    Example: pnp judge argonauts roll --die 4 --crew 3 --difficulty 7
    """
    emit_ruling(rulings.roll(die, crew, difficulty, modifier), as_json)


@situations.command()
@click.option("--checked", type=int, required=True, help="Boxes ticked on the level track, 1-6.")
@click.option("--values", required=True, help='The printed track, _ for no number: "3,_,5,_,_,8".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def track(checked, values, as_json):
    """Rules the number a difficulty or deadliness track shows now (look left).

    Example: pnp judge argonauts track --checked 4 --values "3,_,5,_,_,8"
    """
    emit_ruling(rulings.track(checked, values), as_json)


@situations.command()
@click.option("--cards", required=True, shell_complete=complete(card_ids, many=True),
              help="Cards as they come off the deck: kinds or card names.")
@click.option("--deck-left", type=int, required=True, help="Cards in the deck before the quest phase.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def reveal(cards, deck_left, as_json):
    """Rules how many cards the quest phase reveals, Wrath draws and deck end included.

    Example: pnp judge argonauts reveal --cards "monster,wrath,blessing,treasure,monster" --deck-left 12
    """
    emit_ruling(rulings.reveal(cards, deck_left), as_json)


@situations.command()
@click.option("--crew-left", type=int, required=True, help="Crew alive at the end of the turn.")
@click.option("--deck-left", type=int, required=True, help="Cards left in the adventure deck.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def end(crew_left, deck_left, as_json):
    """Rules whether the game is won, lost or goes on.

    Example: pnp judge argonauts end --crew-left 3 --deck-left 0
    """
    emit_ruling(rulings.end(crew_left, deck_left), as_json)


@situations.command()
@click.option("--assign", "assignment", required=True, help='Crew per revealed card: "harpies:3,calm-seas:0".')
@click.option("--crew", type=int, required=True, help="Crew alive.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def assign(assignment, crew, as_json):
    """Rules whether a crew assignment is legal (no crew on Blessing or Wrath, no more than you have).

    Example: pnp judge argonauts assign --assign "harpies:4,calm-seas:1" --crew 12
    """
    emit_ruling(rulings.assign(assignment, crew), as_json)


@situations.command()
@click.option("--deadliness", type=int, required=True, help="The failed monster's deadliness.")
@click.option("--crew", type=int, required=True, help="Crew alive before the deaths.")
@click.option("--placed", default=None, help='Crew on cards not yet resolved: "talos:3,scylla:2".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def deaths(deadliness, crew, placed, as_json):
    """Rules which crew may die when a monster wins, and when.

    Example: pnp judge argonauts deaths --deadliness 3 --crew 6 --placed "talos:5"
    """
    emit_ruling(rulings.deaths(deadliness, crew, placed), as_json)


@situations.command()
@click.option("--treasure", "name", required=True, shell_complete=complete(treasure_ids),
              help="The treasure card's name or id.")
@click.option("--when", "moment", required=True, type=LooseChoice(rulings.MOMENTS, "moment"),
              help="The moment of play.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def treasure(name, moment, as_json):
    """Rules when a single-use treasure may be spent and where it goes.

    Example: pnp judge argonauts treasure --treasure "Speaking Beam" --when after-roll
    """
    emit_ruling(rulings.treasure(name, moment), as_json)
