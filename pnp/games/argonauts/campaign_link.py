"""The bridge to the campaign tracker (pnp.games.argonauts.campaign): a campaign's deck, levels and crew; recording a result."""
from __future__ import annotations

from pnp.games.argonauts import campaign as service
from pnp.games.argonauts import campaign_model as model


def campaign_game(name: str | None, store: str | None = None) -> dict:
    """The campaign's adventure deck, levels (0-based box index) and starting crew."""
    return _game(*service.current_state(store, name))


def game_in(st, name: str) -> dict:
    """campaign_game read through an open store, inside the caller's transaction (so a write follows it unchanged)."""
    return _game(*service.state_in(st, name))


def _game(cname: str, state, data) -> dict:
    """The table's view of a campaign state: deck, levels as 0-based box indexes, crew, deeds still open."""
    levels = {cid: n - 1 for cid, n in state.levels.items()}  # the campaign counts ticked boxes 1..6
    return {"name": cname, "deck": list(state.deck), "levels": levels, "crew": model.crew(state, data),
            "open_deeds": [(d.id, d.name) for d in data.deeds if d.id not in state.deeds]}


def record_result(name: str, won: bool, victory: list[str], deed: str | None, store: str | None = None) -> dict:
    """Record a finished game in the campaign in one transaction: a win with its victory pile and deed, or a loss.

    Returns the campaign service's answer: {campaign, changes, summary, status}.
    """
    return service.win(store, name, list(victory), deed) if won else service.loss(store, name)
