"""`pnp judge later-years …`: fees, tasks, auctions, chains and final scores."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.content import FileText
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling


def _actions(ctx) -> list[str]:
    """Action names (completion)."""
    from pnp.games.later_years.engine import names
    return list(names("action"))


def _objects(ctx) -> list[str]:
    """Object names (completion)."""
    from pnp.games.later_years.engine import names
    return list(names("object"))


@situations_group("later-years")
def situations():
    """Rulings for Hercules: The Later Years.

    Example: pnp judge later-years fee --action capture --object temple
    """


@situations.command()
@click.option("--action", required=True, shell_complete=complete(_actions),
              help="Conquer, Capture, Clean Out or Endorse.")
@click.option("--object", "obj", required=True, shell_complete=complete(_objects),
              help="Used Chariot Dealership, Temple, Hydra or Politician.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def fee(action, obj, as_json):
    """The fee a task pays: action value x object value.

    Example: pnp judge later-years fee --action capture --object temple
    """
    from pnp.games.later_years.rulings import fee_ruling
    emit_ruling(fee_ruling(action, obj), as_json)


@situations.command()
@click.option("--action", required=True, shell_complete=complete(_actions), help="The task's action.")
@click.option("--object", "obj", required=True, shell_complete=complete(_objects),
              help="The task's object.")
@click.option("--done-before", type=int, default=0, show_default=True, help="Times the task was completed before.")
@click.option("--cards", required=True, help="The hand: 'capture, capture x2, temple triple, draw 2'.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def task(action, obj, done_before, cards, as_json):
    """Whether a hand can complete a task, given how often it was done before.

    Example: pnp judge later-years task --action endorse --object politician --done-before 1 --cards "endorse x2, politician, politician"
    """
    from pnp.games.later_years.rulings import task_ruling
    emit_ruling(task_ruling(action, obj, done_before, cards), as_json)


@situations.command()
@click.option("--bids", required=True, help="Bids in order, NAME@CARD:COINS-ADDED, e.g. 'andromeda@1:2, antigone@1:1'.")
@click.option("--coins", required=True, help="Coins held, clockwise from the starter pawn: 'andromeda:5, antigone:4'.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def auction(bids, coins, as_json):
    """Who wins which auction card and pays what, and any Deadbeat.

    Example: pnp judge later-years auction --coins "andromeda:5, antigone:4" --bids "andromeda@1:2, antigone@1:1, andromeda@2:1"
    """
    from pnp.games.later_years.rulings import auction_ruling
    emit_ruling(auction_ruling(bids, coins), as_json)


@situations.command()
@click.option("--board", "board", required=True, type=FileText(), help="Board file, YAML or JSON ('pnp docs later-years').")
@click.option("--player", required=True, help="Whose chains to count.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def chains(board, player, as_json):
    """The most chains a player can claim (coin-disjoint paths, a max-flow), drawn.

    Example: pnp judge later-years chains --board cardsets/later-years/examples/board.yaml --player red
    """
    from pnp.games.later_years.rulings import chains_ruling
    emit_ruling(chains_ruling(board.text, player, board.source), as_json)


@situations.command()
@click.option("--board", "board", required=True, type=FileText(), help="Board file, YAML or JSON ('pnp docs later-years').")
@click.option("--coins", required=True, help="Unspent coins per player: 'red:12, blue:9'.")
@click.option("--cards", default=None, help="Cards left in hand per player, for the last tiebreaker.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def score(board, coins, cards, as_json):
    """Final scores (tasks, most coins, chains) and the winner with tiebreakers.

    Example: pnp judge later-years score --board cardsets/later-years/examples/board.yaml --coins "red:12, blue:9, green:9"
    """
    from pnp.games.later_years.rulings import score_ruling
    emit_ruling(score_ruling(board.text, coins, cards, board.source), as_json)
