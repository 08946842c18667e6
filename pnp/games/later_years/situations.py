"""Hercules: The Later Years' judge situations, declared once: fees, tasks, auctions, chains and final scores."""
from __future__ import annotations

from pnp.games.later_years import rulings
from pnp.games.later_years.engine import names
from pnp.judge.situation import Choice, Int, Param, Pasted, Situation, Situations, Text


def _actions() -> tuple[str, ...]:
    return names("action")


def _objects() -> tuple[str, ...]:
    return names("object")


def _task(action, obj, done_before, cards):
    return rulings.task_ruling(action, obj, done_before, cards)


def _auction(bids, coins):
    return rulings.auction_ruling(bids, coins)


def _chains(board, player):
    return rulings.chains_ruling(board.text, player, board.source)


def _score(board, coins, cards):
    return rulings.score_ruling(board.text, coins, cards, board.source)


BOARD_HELP = "Board file, YAML or JSON ('pnp docs later-years')."

SITUATIONS = Situations("later-years", "Hercules: The Later Years", (
    Situation(
        "fee", "The fee a task pays: action value x object value.",
        (Param("action", "Action", Choice(_actions, "action"), help="Conquer, Capture, Clean Out or Endorse."),
         Param("obj", "Object", Choice(_objects, "object"), flag="--object",
               help="Used Chariot Dealership, Temple, Hydra or Politician.")),
        rulings.fee_ruling, "pnp judge later-years fee --action capture --object temple"),
    Situation(
        "task", "Whether a hand can complete a task, given how often it was done before.",
        (Param("action", "The task's action", Choice(_actions, "action"), help="The task's action."),
         Param("obj", "The task's object", Choice(_objects, "object"), flag="--object", help="The task's object."),
         Param("done_before", "Times the task was completed before", Int(0), default=0,
               help="Times the task was completed before."),
         Param("cards", "Your hand", Text(), help="The hand: 'capture, capture x2, temple triple, draw 2'.")),
        _task, 'pnp judge later-years task --action endorse --object politician --done-before 1 '
               '--cards "endorse x2, politician, politician"'),
    Situation(
        "auction", "Who wins which auction card and pays what, and any Deadbeat.",
        (Param("bids", "Bids in order", Text(), help="Bids in order, NAME@CARD:COINS-ADDED, e.g. 'andromeda@1:2, antigone@1:1'."),
         Param("coins", "Coins held", Text(), help="Coins held, clockwise from the starter pawn: 'andromeda:5, antigone:4'.")),
        _auction, 'pnp judge later-years auction --coins "andromeda:5, antigone:4" '
                  '--bids "andromeda@1:2, antigone@1:1, andromeda@2:1"'),
    Situation(
        "chains", "The most chains a player can claim (coin-disjoint paths, a max-flow), drawn.",
        (Param("board", "The board", Pasted("board"), help=BOARD_HELP),
         Param("player", "Whose chains to count", Text(), help="Whose chains to count.")),
        _chains, "pnp judge later-years chains --board cardsets/later-years/examples/board.yaml --player red"),
    Situation(
        "score", "Final scores (tasks, most coins, chains) and the winner with tiebreakers.",
        (Param("board", "The board", Pasted("board"), help=BOARD_HELP),
         Param("coins", "Unspent coins per player", Text(), help="Unspent coins per player: 'red:12, blue:9'."),
         Param("cards", "Cards left in hand per player", Text(), default=None,
               help="Cards left in hand per player, for the last tiebreaker.")),
        _score, 'pnp judge later-years score --board cardsets/later-years/examples/board.yaml '
                '--coins "red:12, blue:9, green:9"'),
))
