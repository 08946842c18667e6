"""`pnp judge twelve-labors …`: resolution, Wrestle, Research, Train and Assist rulings."""
from __future__ import annotations

import click

from pnp.cli.choice import LooseChoice
from pnp.cli.complete import names as complete
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling


def _labors(ctx) -> list[str]:
    """The Labors on the board (completion)."""
    from pnp.games.twelve_labors.rulings import board
    return [lab.name for lab in board()]

YES_NO = LooseChoice(["yes", "no"])


@situations_group("twelve-labors")
def situations():
    """Rulings for The Twelve Labors.

    Example: pnp judge twelve-labors resolve --labor girdle --helper "red:5,3,1 cards:2,2,1" --helper "iolaus:4,2"
    """


@situations.command()
@click.option("--target", type=int, help="The Labor's Target number.")
@click.option("--black", type=int, help="The Labor's black number (Hercules' points).")
@click.option("--labor", default=None, shell_complete=complete(_labors),
              help="Take target and black from the board by Labor name instead.")
@click.option("--helper", "helpers", multiple=True, required=True,
              help="NAME:DICE[ cards:C,C,C], once per helper; Iolaus as 'iolaus:DICE'.")
@click.option("--order", default=None, help="Current turn order, for ties (default: the --helper order).")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def resolve(target, black, labor, helpers, order, as_json):
    """Who helped Hercules when a Labor is resolved, and who moves how far.

    Example: pnp judge twelve-labors resolve --target 7 --black 2 --helper "red:5,3,1 cards:2,2,1" --helper "iolaus:4,2"
    """
    from pnp.errors import UsageError
    from pnp.games.twelve_labors import rulings as r
    if not labor and (target is None or black is None):
        raise UsageError("give --target and --black, or --labor NAME", field="--target",
                         expected="--target N --black N", hint="e.g. --labor 'cretan bull'")
    emit_ruling(r.resolve(target, black, list(helpers), order, labor), as_json)


@situations.command()
@click.option("--order", required=True, help="Turn order before Wrestle, first to last.")
@click.option("--chose", default="", help="Players who picked Wrestle.")
@click.option("--cards", default="", help="Card each player showed: NAME:VALUE or NAME:none.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def wrestle(order, chose, cards, as_json):
    """The new turn order after Wrestle.

    Example: pnp judge twelve-labors wrestle --order "red,blue,green,yellow" --chose "green" --cards "red:2,blue:1,green:0,yellow:none"
    """
    from pnp.games.twelve_labors import rulings as r
    emit_ruling(r.wrestle(order, chose, cards), as_json)


@situations.command()
@click.option("--chose", type=YES_NO, required=True, help="Did this player pick Research?")
@click.option("--take", type=LooseChoice(["faceup", "pile", "either"]), default="either",
              help="The last card: a face-up card or from the pile.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def research(chose, take, as_json):
    """What a player draws when Research is carried out.

    Example: pnp judge twelve-labors research --chose yes
    """
    from pnp.games.twelve_labors import rulings as r
    emit_ruling(r.research(chose.lower() == "yes", take), as_json)


@situations.command()
@click.option("--chose", type=YES_NO, required=True, help="Did this player pick Train?")
@click.option("--reserve", type=int, default=7, show_default=True, help="Dice in the reserve pool.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def train(chose, reserve, as_json):
    """How many dice a player moves to the active pool in Train.

    Example: pnp judge twelve-labors train --chose yes --reserve 1
    """
    from pnp.games.twelve_labors import rulings as r
    emit_ruling(r.train(chose.lower() == "yes", reserve), as_json)


@situations.command()
@click.option("--chose", type=YES_NO, required=True, help="Did this player pick Assist?")
@click.option("--active", type=int, default=3, show_default=True, help="Dice in the active pool.")
@click.option("--open", "open_boxes", type=int, default=99, help="Empty die boxes on unresolved Labors.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def assist(chose, active, open_boxes, as_json):
    """How many dice a player places in Assist and how many points that scores.

    Example: pnp judge twelve-labors assist --chose yes --active 2
    """
    from pnp.games.twelve_labors import rulings as r
    emit_ruling(r.assist(chose.lower() == "yes", active, open_boxes), as_json)
