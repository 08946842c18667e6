"""Find a card set by built-in game name or folder path."""
from __future__ import annotations

from pathlib import Path

from pnp.catalog import games
from pnp.errors import UsageError
from pnp.names import resolve
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
    """A folder path as given, or the built-in set a name means (pnp.names, as `pnp rules` reads a game).

    A name that looks like a path (a slash, or starting with . or ~) and is no folder is a missing path.
    """
    path = Path(name)
    if path.is_dir():
        return path
    if "/" in name or "\\" in name or name.startswith((".", "~")):
        raise UsageError(f"missing path '{name}': there is no such folder",
                         expected="the path of a card-set folder (one holding cardset.yaml)",
                         hint="check the path, or start a new set with: pnp new " + path.name)
    builtin = cardsets_root() / name
    if (builtin / "cardset.yaml").is_file():
        return builtin
    titles = {slug: g.title for slug, g in games().items()}
    folders = {p.name: p for p in builtin_sets()}  # plugin games' sets among them, by slug
    known = {n: [n, titles.get(n, n)] for n in folders}
    try:
        return folders[resolve("card set", name, known)]
    except UsageError as exc:
        exc.hint = (f"{exc.hint} Or give" if exc.hint and exc.hint.endswith("?") else
                    f"{exc.hint}, or give" if exc.hint else "give a built-in game's name or") + \
            " the path of a card-set folder"
        raise
