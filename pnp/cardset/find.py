"""Find a card set by built-in game name or folder path."""
from __future__ import annotations

from pathlib import Path

from pnp.errors import UsageError
from pnp.names import match, unknown_message
from pnp.paths import cardsets_root


def builtin_sets() -> list[Path]:
    """Every built-in card-set folder (those with a manifest), sorted by name."""
    root = cardsets_root()
    return sorted(p for p in root.iterdir() if (p / "cardset.yaml").is_file())


def resolve_set(name: str) -> Path:
    """A folder path as given, or the built-in set of that name; unknown names get a suggestion."""
    path = Path(name)
    if path.is_dir():
        return path
    builtin = cardsets_root() / name
    if (builtin / "cardset.yaml").is_file():
        return builtin
    known = [p.name for p in builtin_sets()]
    m = match("card set", name, known)
    if m.status == "match" and "/" not in name:  # a built-in set typed loosely ("Twelve Labours")
        return cardsets_root() / m.id
    raise UsageError(unknown_message("card set", name, known) + " Or give the path of a card-set folder.")
