"""The built-in games, learnt from their folders: each package under pnp/games/ declaring a GAME."""
from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass

import pnp.games
from pnp.names import resolve


@dataclass(frozen=True)
class Game:
    """One built-in game, declared as GAME in its folder's __init__.py.

    situations, simulate and command are 'module:attribute' references relative to the game's
    package: its judge situations declared once (a pnp.judge.situation.Situations, from which `pnp judge GAME`
    and the companion's Rulings forms are built), its simulation declared once (a
    pnp.simulate.simulation.Simulation, from which `pnp simulate GAME` is built) and its own `pnp GAME` group.
    table names the module that plays a campaign game at the table (the companion's play page).
    """

    slug: str
    title: str
    rulebook: str
    language: str  # rulebook language: en, cs or zh
    package: str  # the game's folder as a module: pnp.games.<module>
    situations: str | None = None
    simulate: str | None = None
    command: str | None = None
    table: str | None = None

    @property
    def module(self) -> str:
        """The game's folder name under pnp/games/."""
        return self.package.rsplit(".", 1)[-1]

    def entry(self, ref: str | None) -> str | None:
        """An absolute 'module:attribute' for one of the game's relative references."""
        return f"{self.package}.{ref}" if ref else None


@functools.cache
def games() -> dict[str, Game]:
    """Every game folder under pnp/games/ that declares a GAME, by slug, in folder order."""
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(pnp.games.__path__), key=lambda i: i.name):
        if info.ispkg:
            declared = getattr(importlib.import_module(f"pnp.games.{info.name}"), "GAME", None)
            if isinstance(declared, Game):
                found[declared.slug] = declared
    return found


def __getattr__(name: str):
    if name == "GAMES":  # computed on first use: a game's package imports this module for Game
        return games()
    raise AttributeError(name)


def table_module():
    """The table-game module of the game that declares one (the campaign's game), imported."""
    found = [g for g in games().values() if g.table]
    if len(found) != 1:
        raise LookupError(f"expected one game with a table module, found {len(found)}")
    return importlib.import_module(found[0].entry(found[0].table))


def game(slug: str) -> Game:
    """The game a typed slug or title names, loosely ("Argonauts", "hera zeus": pnp.names); else UsageError (exit 2)."""
    known = games()
    if slug in known:
        return known[slug]
    return known[resolve("game", slug, {s: [s, g.title] for s, g in known.items()})]
