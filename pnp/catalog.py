"""The built-in games, learnt from their folders: each package under pnp/games/ declaring a GAME."""
from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass, field

import pnp.games
from pnp.names import resolve


@dataclass(frozen=True)
class Game:
    """One built-in game, declared as GAME in its folder's __init__.py.

    situations, simulate and command are 'module:attribute' references relative to the game's
    package: its `pnp judge GAME` group, its `pnp simulate GAME` command and its own `pnp GAME` group.
    A game with a campaign also declares:
      campaign  the module whose RULES (pnp.campaign.log.Rules) keep its campaigns in the event log
                (`pnp campaign doctor` checks every game's campaigns through it);
      commands  more top-level commands, name -> 'module:attribute' (`pnp campaign …`);
      web       'module:attribute' of a function(kit) -> pnp.web's Pages (routes, nav, templates) for
                `pnp serve`; kit is what the web shell lends a game's pages (see pnp/web/app.py).
    Completion of a game's own names is declared where its commands take them: `shell_complete=`
    a function of the game (pnp.cli.complete.names accepts callables).
    """

    slug: str
    title: str
    rulebook: str
    language: str  # rulebook language: en, cs or zh
    package: str  # the game's folder as a module: pnp.games.<module>
    situations: str | None = None
    simulate: str | None = None
    command: str | None = None
    campaign: str | None = None
    commands: dict = field(default_factory=dict)
    web: str | None = None

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


def campaign_rules() -> dict:
    """Every declared campaign's rules (pnp.campaign.log.Rules), by game slug, imported."""
    return {slug: importlib.import_module(g.entry(g.campaign)).RULES for slug, g in games().items() if g.campaign}


def commands() -> dict[str, str]:
    """The top-level commands the games add (`pnp campaign`, `pnp GAME`): name -> absolute 'module:attribute'.

    Two games declaring one name is a declaration error, raised here rather than one silently winning.
    """
    found: dict[str, str] = {}
    for slug, g in games().items():
        mine = {**({slug: g.command} if g.command else {}), **g.commands}
        for name, ref in mine.items():
            if name in found:
                raise LookupError(f"games declare the command '{name}' twice ({slug} and another); rename one")
            found[name] = g.entry(ref)
    return found


def game(slug: str) -> Game:
    """The game a typed slug or title names, loosely ("Argonauts", "hera zeus": pnp.names); else UsageError (exit 2)."""
    known = games()
    if slug in known:
        return known[slug]
    return known[resolve("game", slug, {s: [s, g.title] for s, g in known.items()})]
