"""The games, learnt from their folders: each package under pnp/games/ declaring a GAME, and each
installed plugin package named by a `pnp.games` entry point (docs/adding-a-game.md)."""
from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path

import pnp.games
from pnp.names import resolve
from pnp.paths import cardsets_root

PLUGINS = "pnp.games"  # the entry-point group an installed game package declares itself in


@dataclass(frozen=True)
class Game:
    """One game, declared as GAME in its folder's __init__.py (under pnp/games/, or a plugin package).

    situations, simulate and command are 'module:attribute' references relative to the game's
    package: its judge situations declared once (a pnp.judge.situation.Situations, from which `pnp judge GAME`
    and the companion's Rulings forms are built), its simulation declared once (a
    pnp.simulate.simulation.Simulation, from which `pnp simulate GAME` is built) and its own `pnp GAME` group.
    A game with a campaign also declares:
      campaign  the module whose RULES (pnp.campaign.log.Rules) keep its campaigns in the event log
                (`pnp campaign doctor` checks every game's campaigns through it);
      commands  more top-level commands, name -> 'module:attribute' (`pnp campaign …`);
      web       'module:attribute' of a function() -> {"nav": [(href, label)], "routes": [(method, path,
                function, template[, builder])]} that `pnp serve` mounts; templates come from the
                folder's templates/ as "<slug>/NAME.html" (see pnp/web/app.py).
    A plugin game also declares cardsets: a folder inside its package holding its card set as
    <cardsets>/<slug>/cardset.yaml (built-in games keep theirs in the project's cardsets/).
    Completion of a game's own names is declared where its commands take them: a judge or simulate
    parameter's Choice or Text(names=...) (pnp.judge.situation), or `shell_complete=` a function of the game
    in its own click commands (pnp.cli.complete.names accepts callables).
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
    cardsets: str | None = None

    @property
    def cardset_folder(self) -> Path:
        """The folder of the game's own card set: cardsets/<slug>, or <package>/<cardsets>/<slug> for a plugin."""
        if self.cardsets is None:
            return cardsets_root() / self.slug
        where = importlib.util.find_spec(self.package).submodule_search_locations[0]
        return Path(where) / self.cardsets / self.slug

    @property
    def module(self) -> str:
        """The game's folder name under pnp/games/."""
        return self.package.rsplit(".", 1)[-1]

    def entry(self, ref: str | None) -> str | None:
        """An absolute 'module:attribute' for one of the game's relative references."""
        return f"{self.package}.{ref}" if ref else None


@functools.cache
def games() -> dict[str, Game]:
    """Every game folder under pnp/games/ that declares a GAME, in folder order, then every installed plugin
    (entry point group `pnp.games`, value: the package declaring GAME) by name; by slug."""
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(pnp.games.__path__), key=lambda i: i.name):
        if info.ispkg:
            declared = getattr(importlib.import_module(f"pnp.games.{info.name}"), "GAME", None)
            if isinstance(declared, Game):
                found[declared.slug] = declared
    for ep in sorted(importlib.metadata.entry_points(group=PLUGINS), key=lambda e: e.name):
        declared = getattr(importlib.import_module(ep.value), "GAME", None)
        if not isinstance(declared, Game):
            raise LookupError(f"plugin '{ep.name}' ({ep.value}) declares no GAME = pnp.catalog.Game(...)")
        if declared.slug in found:
            raise LookupError(f"plugin '{ep.name}' ({ep.value}) declares the game '{declared.slug}', which is taken")
        found[declared.slug] = declared
    return found


def __getattr__(name: str):
    if name == "GAMES":  # computed on first use: a game's package imports this module for Game
        return games()
    raise AttributeError(name)


def campaign_rules() -> dict:
    """Every declared campaign's rules (pnp.campaign.log.Rules), by game slug, imported; two games keeping
    their campaigns in one store space is a declaration error."""
    found, owner = {}, {}
    for slug, g in games().items():
        if g.campaign:
            rules = importlib.import_module(g.entry(g.campaign)).RULES
            if rules.space in owner:
                raise LookupError(f"games {owner[rules.space]} and {slug} both keep campaigns in the store space "
                                  f"'{rules.space}'; give one its own space")
            found[slug], owner[rules.space] = rules, slug
    return found


def commands() -> dict[str, str]:
    """The top-level commands the games add (`pnp campaign`, `pnp GAME`): name -> absolute 'module:attribute'.

    Two games declaring one name is a declaration error, raised here rather than one silently winning.
    """
    found: dict[str, str] = {}
    owner: dict[str, str] = {}
    for slug, g in games().items():
        mine = {**({slug: g.command} if g.command else {}), **g.commands}
        for name, ref in mine.items():
            if name in found:
                raise LookupError(f"games {owner[name]} and {slug} both declare the command '{name}'; rename one")
            found[name], owner[name] = g.entry(ref), slug
    return found


def game(slug: str) -> Game:
    """The game a typed slug or title names, loosely ("Argonauts", "hera zeus": pnp.names); else UsageError (exit 2)."""
    known = games()
    if slug in known:
        return known[slug]
    return known[resolve("game", slug, {s: [s, g.title] for s, g in known.items()})]
