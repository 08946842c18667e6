"""A judge situation's arguments read off an engine state, for the tests that put real positions to `pnp judge`
(judge/test_positions.py, judge/test_judge_differential.py)."""
from __future__ import annotations


def twelve_labors_helpers_and_order(state, i: int, names: dict) -> tuple[list[str], str | None]:
    """The judge's helper specs ('red:3,5 cards:2') and turn order of the dice on Labor i of an engine state."""
    from pnp.games.twelve_labors.engine import PLAYER_COLOURS
    specs = []
    for owner in dict.fromkeys(state.dice_on[i]):
        spec = f"{names[owner]}:{','.join(map(str, state._rolls.get(owner, ())))}"
        if state._wit.get(owner):
            spec += " cards:" + ",".join(map(str, state._wit[owner]))
        specs.append(spec)
    order = ",".join(PLAYER_COLOURS[p] for p in state.order if p in state.dice_on[i]) or None
    return specs, order
