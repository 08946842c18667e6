"""A long, valid campaign export built from the rules engine (for the import bench and tests)."""
from __future__ import annotations

from pnp.games.argonauts import campaign_model as model
from pnp.games.argonauts.campaign import EXPORT_FORMAT, EXPORT_VERSION, parse_victory, rebuild
from pnp.games.argonauts.campaign_cards import load_cards

WINS = [("Harpies, Birds of Ares", "homecoming"), ("Harpies, Dragon's-Teeth Warriors, Amycus", "rocks")]


def long_export(events: int = 2000, name: str = "long-voyage") -> dict:
    """An export of `events` events: a new campaign, two wins, then losses each undone by the next event."""
    data = load_cards()
    created = "2026-01-01T00:00:00+00:00"
    log = [{"seq": 1, "kind": "new", "payload": {"player": "Jason"}, "changes": {}, "created": created}]
    state, _ = model.apply(None, data, "new", {"player": "Jason"})
    for victory, deed in WINS:
        payload = {"victory": parse_victory(victory, data), "deed": deed}
        state, changes = model.apply(state, data, "win", payload)
        log.append({"seq": len(log) + 1, "kind": "win", "payload": payload, "changes": changes, "created": created})
    while len(log) < events:
        if log[-1]["kind"] == "loss":
            last = log[-1]
            log.append({"seq": len(log) + 1, "kind": "undo", "payload": {"undoes": last["seq"]},
                        "changes": {"undid": {"seq": last["seq"], "kind": "loss", "changes": last["changes"]}},
                        "created": created})
        else:
            _, changes = model.apply(state, data, "loss", {})
            log.append({"seq": len(log) + 1, "kind": "loss", "payload": {}, "changes": changes, "created": created})
    final, _ = rebuild(log, data)
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "name": name, "player": "Jason",
            "created": created, "events": log, "state": final.to_dict()}
