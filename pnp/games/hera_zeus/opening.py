"""The opening placement a Hera and Zeus position in a player's first turn must still show on the battlefield."""
from __future__ import annotations

from pnp.errors import UsageError
from pnp.games.hera_zeus.cards import SIDES
from pnp.games.hera_zeus.state import COLUMNS, DEAL, OPENING, State


def check_opening(state: State) -> None:
    """Refuse a first-turn position where a side shows fewer battlefield cards than its opening placement.

    Before play each side lays one card face down in each column (hera-zeus.battlefield.1, gap.30), and no card
    leaves a battlefield before both first turns are over: challenges and both Pegasus attacks are barred then
    (hera-zeus.attack.2, gap.12). Fewer than three is possible only when the opening hand held fewer placeable
    cards, so the side must still hold (in hand or discard pile) the unplaceable cards that hand held.
    """
    if not state.first_turn:
        return
    for side, name in enumerate(SIDES):
        placed = sum(len(column) for column in state.field[side])
        if placed >= OPENING:
            continue
        spells = sum(1 for c in state.hand[side] + state.discard[side] if not state.cards[c].placeable)
        if spells < DEAL - placed:
            raise UsageError(f"first_turn: {name}.field holds {placed} card(s), but each side opens with one face down "
                             f"in each of the {COLUMNS} columns and none leaves before both first turns are over "
                             f"(hera-zeus.battlefield.1, hera-zeus.attack.2, hera-zeus.gap.12)", field=f"{name}.field",
                             expected=f"at least {OPENING} cards, or fewer with the {DEAL - placed} unplaceable cards "
                                      f"of the opening hand in {name}.hand or {name}.discard (hera-zeus.gap.30)")
