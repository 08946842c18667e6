"""`pnp judge labors-of-herakles …`: plays, labor attempts, trait limits and the end-of-game bonus."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling


def _labors(ctx) -> list[str]:
    """Labor card ids (completion)."""
    from pnp.games.labors_of_herakles.rulings import labor_cards
    return list(labor_cards())


def _traits(ctx) -> list[str]:
    """The four heroic traits (completion)."""
    from pnp.games.labors_of_herakles.engine import TRAITS
    return list(TRAITS)


def _gods(ctx) -> list[str]:
    """The gods (completion)."""
    from pnp.games.labors_of_herakles.engine import GODS
    return list(GODS)


@situations_group("labors-of-herakles")
def situations():
    """Rulings for The Labors of Herakles.

    Example: pnp judge labors-of-herakles labor --levels "7,6,5,6" --required "6,5,5,4"
    """


@situations.command()
@click.option("--value", required=True, help="Value of the card played (1-10).")
@click.option("--previous", required=True, help="Value of the previous card on the adventure pile.")
@click.option("--trait", required=True, shell_complete=complete(_traits),
              help="The card's heroic trait: strength, courage, cunning, endurance.")
@click.option("--level", required=True, help="Herakles' current level in that trait (1-10).")
@click.option("--god", default=None, shell_complete=complete(_gods),
              help="The card's god, to name where the hero token may go.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def play(value, previous, trait, level, god, as_json):
    """What happens when an Adventure card is played on the previous one.

    Example: pnp judge labors-of-herakles play --value 4 --previous 4 --trait strength --level 8
    """
    from pnp.games.labors_of_herakles import rulings as r
    emit_ruling(r.play(value, previous, trait, level, god), as_json)


@situations.command()
@click.option("--levels", required=True, help="Herakles' traits: '7,6,5,6' or 'strength:7,courage:6,...'.")
@click.option("--required", default=None, help="The labor's requirements, same form.")
@click.option("--labor", "name", default=None, shell_complete=complete(_labors),
              help="Or the labor card by name or id.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def labor(levels, required, name, as_json):
    """Whether Herakles succeeds at a labor (strictly greater on every trait).

    Example: pnp judge labors-of-herakles labor --levels "7,6,5,6" --labor "nemean lion"
    """
    from pnp.games.labors_of_herakles import rulings as r
    emit_ruling(r.labor(levels, required, name), as_json)


@situations.command()
@click.option("--level", required=True, help="The trait's current level (1-10).")
@click.option("--change", required=True, type=int, help="+1 or -1.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def trait(level, change, as_json):
    """A trait moved by one: ignored past the limits, and the bonus token at 9 or 10.

    Example: pnp judge labors-of-herakles trait --level 8 --change +1
    """
    from pnp.games.labors_of_herakles import rulings as r
    emit_ruling(r.trait(level, change), as_json)


@situations.command()
@click.option("--hand", required=True, help="Cards left in hand: 'strength:3,cunning:7' or card ids.")
@click.option("--levels", required=True, help="Herakles' traits: '7,6,5,6' or 'strength:7,...'.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def endgame(hand, levels, as_json):
    """The favor a hand earns at the end of the game.

    Example: pnp judge labors-of-herakles endgame --hand "strength:3,cunning:7,courage:6" --levels "7,6,5,6"
    """
    from pnp.games.labors_of_herakles import rulings as r
    emit_ruling(r.endgame(hand, levels), as_json)
