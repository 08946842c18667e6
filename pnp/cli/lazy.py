"""Click groups whose subcommands are imported only when used, so `pnp --help` stays fast."""
from __future__ import annotations

import importlib

import click

from pnp.catalog import game
from pnp.names import ambiguous_message, match, unknown_message


class LazyGroup(click.Group):
    """A group whose subcommands are 'module:attribute' strings resolved on first use.

    lazy: the name -> 'module:attribute' table, or a function returning it (read from the registry
    at each use, so a game installed after this module was imported is still found).
    """

    def __init__(self, *args, lazy=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._lazy = lazy if callable(lazy) else dict(lazy or {})

    @property
    def lazy(self) -> dict[str, str]:
        """The subcommands' table, as it stands now."""
        return self._lazy() if callable(self._lazy) else self._lazy

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx, name):
        if name in self.lazy:
            module_name, attr = self.lazy[name].split(":")
            return getattr(importlib.import_module(module_name), attr)
        return super().get_command(ctx, name)

    def resolve_command(self, ctx, args):
        name = click.utils.make_str(args[0]) if args else None
        if name is not None and self.get_command(ctx, name) is None and not name.startswith("-"):
            raise click.UsageError(unknown_message("command", name, self.list_commands(ctx)), ctx)
        return super().resolve_command(ctx, args)


def pick_name(kind: str, name: str, choices: list[str], ctx) -> str:
    """The one of `choices` a typed subcommand name means (pnp.names); else a usage error listing them."""
    m = match(kind, name, choices)
    if m.status == "match":
        return m.id
    if m.status == "ambiguous":
        raise click.UsageError(ambiguous_message(kind, name, list(m.candidates)) + ".", ctx)
    raise click.UsageError(unknown_message(kind, name, choices), ctx)


class GameGroup(LazyGroup):
    """A lazy group whose subcommands are game slugs, typed loosely ("Argonauts", "hera zeus")."""

    what = "commands"  # what the games here have, for "no ... for GAME yet"

    def resolve_command(self, ctx, args):
        name = click.utils.make_str(args[0]) if args else None
        if name is not None and name not in self.lazy and not name.startswith("-"):
            slug = game(name).slug
            if slug not in self.lazy:
                raise click.UsageError(f"no {self.what} for {slug} yet. Games with {self.what}: "
                                       f"{', '.join(sorted(self.lazy)) or 'none'}.", ctx)
            args = [slug, *args[1:]]
        return super().resolve_command(ctx, args)
