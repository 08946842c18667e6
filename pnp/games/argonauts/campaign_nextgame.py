"""What to change on the table before the next game, from what a record changed (a checklist)."""
from __future__ import annotations

from pnp.games.argonauts import campaign_model as model
from pnp.games.argonauts.campaign_cards import CardData


def _steps(changes: dict, data: CardData, state: model.State, undo: bool) -> list[dict]:
    """One checklist line per change of a win or loss; with undo, the line that takes it back."""
    by_reward = {r.id: r for r in data.rewards}
    out = []

    def step(text: str, rule: str) -> None:
        out.append({"do": text, "rule": rule})
    for cid, (_, box) in changes.get("ticked", {}).items():
        card = data.card(cid)
        if undo:
            step(f"Erase the tick in box {box} of the level track of {card.name}", "argonauts.winning.3")
            continue
        diff, dead = model.current(card, box)
        now = f"difficulty {diff}" + (f", deadliness {dead}" if card.kind == "monster" and dead is not None else "")
        step(f"Tick box {box} of the level track of {card.name} (now {now})", "argonauts.winning.3")
    for cid in changes.get("added", []):
        name = data.card(cid).name
        step(f"Take {name} out of the adventure deck and put it back in the reserve" if undo else
             f"Take {name} from the reserve and add it to the adventure deck", "argonauts.winning.5")
    for did in changes.get("deeds", []):
        name = data.deed(did).name
        step(f"Erase the tick of the Heroic Deed {name} on your Player card" if undo else
             f"Tick the Heroic Deed {name} on your Player card", "argonauts.winning.7")
    for rid in changes.get("rewards", []):
        what = by_reward[rid].describe(data)
        step(f"Erase the tick of the reward {what} on your Player card" if undo else
             f"Tick the reward {what} on your Player card", "argonauts.winning.9")
    if changes.get("losses"):
        step(f"Erase one loss on the back of your Player card ({state.losses} now)" if undo else
             f"Mark a loss on the back of your Player card ({state.losses} in all)", "argonauts.losing.3")
    return out


def before_next_game(changes: dict, state: model.State, data: CardData) -> list[dict]:
    """The checklist after a record (win, loss, undo or redo): each line {"do": words, "rule": section id},
    ending with shuffling every card back into the deck and the crew to start with (state: after the record)."""
    if "undid" in changes:
        steps = _steps(changes["undid"]["changes"], data, state, undo=True)
    elif "redid" in changes:
        steps = _steps(changes["redid"]["changes"], data, state, undo=False)
    else:
        steps = _steps(changes, data, state, undo=False)
    steps.append({"do": f"Put the discard and victory piles back into the adventure deck and shuffle it "
                        f"({len(state.deck)} cards)", "rule": "argonauts.gap.29"})
    steps.append({"do": f"Start the next game with {model.crew(state, data)} crew", "rule": "argonauts.includes.4"})
    return steps
