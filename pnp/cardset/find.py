"""Find a card set by built-in game name or folder path."""
from __future__ import annotations

from pathlib import Path

from pnp.catalog import games
from pnp.errors import UsageError
from pnp.names import match, unknown_message
from pnp.paths import cardsets_root


def builtin_sets() -> list[Path]:
    """Every built-in card-set folder (those with a manifest), and each plugin game's own, sorted by name."""
    root = cardsets_root()
    return sorted([p for p in root.iterdir() if (p / "cardset.yaml").is_file()] + _plugin_sets(),
                  key=lambda p: p.name)


def _plugin_sets() -> list[Path]:
    """The card sets plugin games carry in their packages (Game.cardsets)."""
    return [g.cardset_folder for g in games().values()
            if g.cardsets is not None and (g.cardset_folder / "cardset.yaml").is_file()]


def resolve_set(name: str) -> Path:
    """A folder path as given, or the built-in set of that name; unknown names get a suggestion."""
    path = Path(name)
    if path.is_dir():
        return path
    builtin = cardsets_root() / name
    if (builtin / "cardset.yaml").is_file():
        return builtin
    known = {p.name: p for p in builtin_sets()}
    if name in known:  # a plugin game's set, named by its slug
        return known[name]
    m = match("card set", name, list(known))
    if m.status == "match" and "/" not in name:  # a built-in set typed loosely ("Twelve Labours")
        return known[m.id]
    raise UsageError(unknown_message("card set", name, list(known)) + " Or give the path of a card-set folder.")
