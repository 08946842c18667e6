"""The bridge to the campaign tracker (pnp.campaign): a campaign's deck, levels and crew; recording a result."""
from __future__ import annotations

from datetime import datetime, timezone


def campaign_game(name: str | None, store: str | None = None) -> dict:
    """The campaign's adventure deck, levels (0-based box index) and starting crew."""
    from pnp.campaign import model
    from pnp.campaign.cards import load_cards as campaign_cards
    from pnp.campaign.store import open_store
    st = open_store(store)
    try:
        row = st.row(name)
    finally:
        st.close()
    state = model.State.from_dict(row["state"])
    data = campaign_cards()
    levels = {cid: n - 1 for cid, n in state.levels.items()}  # campaign counts ticked boxes 1..6
    return {"name": row["name"], "deck": list(state.deck), "levels": levels, "crew": model.crew(state, data),
            "open_deeds": [(d.id, d.name) for d in data.deeds if d.id not in state.deeds]}


def record_result(name: str, won: bool, victory: list[str], deed: str | None, store: str | None = None) -> dict:
    """Record a finished game in the campaign as one transaction (win: victory pile and deed; else a loss)."""
    from pnp.campaign import model
    from pnp.campaign.cards import load_cards as campaign_cards
    from pnp.campaign.store import open_store
    data = campaign_cards()
    st = open_store(store)
    try:
        with st.record():
            row = st.row(name)
            state = model.State.from_dict(row["state"])
            kind = "win" if won else "loss"
            payload = {"victory": list(victory), "deed": deed} if won else {}
            new, changes = model.apply(state, data, kind, payload)
            st.append(row["id"], row["seq"] + 1, kind, payload, changes,
                      datetime.now(timezone.utc).isoformat(timespec="seconds"), new.to_dict())
    finally:
        st.close()
    return changes
