"""Summaries of the built-in games: their components and card counts."""
from __future__ import annotations

from pnp.cardset.load import load_cardset
from pnp.catalog import games
from pnp.errors import PnpError


def games_summary() -> list[dict]:
    """One entry per built-in game: title, components with type, size and count, total pieces."""
    out = []
    for slug, g in games().items():
        folder = g.cardset_folder
        entry = {"game": slug, "title": g.title, "components": [], "cards": 0, "error": None}
        if (folder / "cardset.yaml").is_file():
            try:
                cs = load_cardset(folder)
                entry["components"] = [{"name": c.name, "type": c.type, "size_mm": list(c.size), "count": c.count}
                                       for c in cs.components]
                entry["cards"] = cs.count
            except PnpError as exc:
                entry["error"] = exc.one_line()
        else:
            entry["error"] = "no card set yet"
        out.append(entry)
    return out
