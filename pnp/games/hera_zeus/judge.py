"""`pnp judge hera-zeus …`: rulings for challenges, Pegasus, action points, setup and move legality."""
from __future__ import annotations

import click

from pnp.cli.choice import LooseChoice
from pnp.cli.complete import names as complete
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling
from pnp.games.hera_zeus import rulings
from pnp.games.hera_zeus.cards import all_cards


def _cards(ctx) -> list[str]:
    """Card tokens (completion)."""
    return sorted({c.token for c in all_cards().values()})

CARD_HELP = ("A strength 0-7 or a name: medusa, pandora, pythia, poseidon, nemesis, hero, amazon, pegasus, "
             "io, argus, statue (printed names like 'Furies' work too).")


@situations_group("hera-zeus")
def situations():
    """Rulings for Hera and Zeus.

    Example: pnp judge hera-zeus challenge --attacker hero --defender medusa
    """


@situations.command()
@click.option("--attacker", required=True, shell_complete=complete(_cards),
              help="The challenging front-row card. " + CARD_HELP)
@click.option("--defender", required=True, shell_complete=complete(_cards),
              help="The opponent's front card in the same column. " + CARD_HELP)
@click.option("--column", default=None,
              help='Cards behind each front card, front to back: "attacker: 4, io; defender: argus".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def challenge(attacker, defender, column, as_json):
    """Rules a challenge: the winner, the cards discarded, Pandora's wipe, a game won or lost.

    The attacker plays as Hera and the defender as Zeus; mirrored cards (Io/Argus, Nemesis/Poseidon,
    Amazon/Hero) are interchangeable.

    Example: pnp judge hera-zeus challenge --attacker 5 --defender pandora --column "defender: argus"
    """
    emit_ruling(rulings.challenge(attacker, defender, column), as_json)


@situations.command()
@click.option("--use", required=True, type=LooseChoice(rulings.PEGASUS_USES, "use"),
              help="hand: raid the opponent's hand; front: strike a front-row card or statue; place: put it down.")
@click.option("--card", default=None, shell_complete=complete(_cards),
              help="The card the raid drew (hand) or the card struck (front). " + CARD_HELP)
@click.option("--hand", default=None, help='The rest of the raided hand, for Pandora: "argus, 5, sirens".')
@click.option("--column", default=None,
              help='front: cards behind the struck card and the striker\'s own cards in that column, front to '
                   'back: "attacker: io, 4; defender: argus, 3".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def pegasus(use, card, hand, column, as_json):
    """Rules one of Pegasus's three uses, given the card drawn or struck.

    Example: pnp judge hera-zeus pegasus --use hand --card pandora --hand "argus, 4"
    """
    emit_ruling(rulings.pegasus(use, card, hand, column), as_json)


@situations.command()
@click.option("--columns", type=int, required=True, help="Columns holding your cards at the start of the turn (0-3).")
@click.option("--statue", is_flag=True, help="Your statue stands on the battlefield.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def actions(columns, statue, as_json):
    """Rules the action points a turn starts with.

    Example: pnp judge hera-zeus actions --columns 2 --statue
    """
    emit_ruling(rulings.actions(columns, statue), as_json)


@situations.command()
@click.option("--hand", required=True, help='The 9 cards dealt: "io, 3, 5, pegasus, 7, 0, sirens, medusa, 2".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def setup(hand, as_json):
    """Rules which cards of a starting hand must be put back and replaced.

    Example: pnp judge hera-zeus setup --hand "io, 3, 5, pegasus, 7, 0, sirens, medusa, 2"
    """
    emit_ruling(rulings.setup(hand), as_json)


@situations.command()
@click.option("--position", required=True, type=click.Path(dir_okay=False),
              help="Position file, YAML or JSON (format: 'pnp docs hera-zeus').")
@click.option("--move", required=True, help="The move: 'draw', 'place 5 2 1', 'challenge 2', 'pegasus front 3', …")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def legal(position, move, as_json):
    """Rules whether a move is legal in a position, and why not.

    Example: pnp judge hera-zeus legal --position docs/examples/hera-zeus/position.yaml --move "challenge 1"
    """
    emit_ruling(rulings.legal(position, move), as_json)
