"""What the Later Years deck can pay for: completions of tasks a judged board or hand cannot exceed."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from pnp.errors import UsageError
from pnp.games.later_years.engine import MAX_PLAYERS, Board, card_types, hand_worth, need_for

DECK_RULES = ("later-years.repeat.1, later-years.repeat.2, later-years.bonus.1, later-years.gap.2, "
              "later-years.victory.1, later-years.gap.14")


@lru_cache(maxsize=None)
def deck_worth() -> dict[str, int]:
    """How many cards of each action or object name the whole deck counts as, bonus cards included
    (later-years.bonus.1, later-years.gap.2)."""
    return hand_worth(Counter({c.id: c.copies for c in card_types().values() if c.kind != "draw"}))


def paid_for(done: int) -> int:
    """Cards of each kind that `done` completions of one task took at least: 1 + 2 + ... + done
    (later-years.repeat.1, later-years.repeat.2)."""
    return sum(need_for(k) for k in range(done))


def check_task(action: str, obj: str, done_before: int, hand: list[str]) -> None:
    """Refuse a task done `done_before` times while the hand holds cards the deck then cannot have left:
    discarded cards never come back (later-years.victory.1, later-years.gap.14)."""
    worth = hand_worth(Counter(hand))
    for name in (action, obj):
        left = deck_worth()[name] - worth.get(name, 0)
        if paid_for(done_before) > left:
            raise UsageError(f"{action} the {obj} done {done_before} time(s) took at least {paid_for(done_before)} "
                             f"{name}, but the deck counts {deck_worth()[name]} in all and the hand holds "
                             f"{worth.get(name, 0)} ({DECK_RULES})", field="--done-before",
                             expected=f"a count the deck's {name} cards can pay for")


def check_board(board: Board, source: str) -> None:
    """Refuse a board whose stacks took more cards of an action or object than the deck counts, or that shows
    more players than the game seats (later-years.gap.13)."""
    used: Counter = Counter()
    for (action, obj), stack in board.spaces.items():
        used[action] += paid_for(len(stack))
        used[obj] += paid_for(len(stack))
    for name, n in used.items():
        if n > deck_worth()[name]:
            raise UsageError(f"the stacks on the {name} spaces took at least {n} {name} cards, but the deck counts "
                             f"{deck_worth()[name]} ({DECK_RULES})", file=source, field=name,
                             expected="stacks the deck can pay for: the k-th coin on a space took k cards of each")
    players = board.players()
    if len(players) > MAX_PLAYERS:
        raise UsageError(f"the board shows coins of {len(players)} players, but the game seats {MAX_PLAYERS} "
                         f"(later-years.gap.13)", file=source, expected=f"at most {MAX_PLAYERS} players")
