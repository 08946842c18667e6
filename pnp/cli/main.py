"""The `pnp` root command: lazy subcommands, and PnpError turned into one-line errors."""
from __future__ import annotations

import sys

import click

from pnp.catalog import commands
from pnp.cli.lazy import LazyGroup
from pnp.errors import PnpError
from pnp.termtext import shown

COMMANDS = {
    "print": "pnp.cli.print_cmd:print_cmd",
    "validate": "pnp.cli.validate:validate",
    "preview": "pnp.cli.preview:preview",
    "schema": "pnp.cli.schema:schema",
    "games": "pnp.cli.games:games",
    "rules": "pnp.cli.rules:rules",
    "cards": "pnp.cli.cards:cards",
    "judge": "pnp.cli.judge:judge",
    "simulate": "pnp.cli.simulate:simulate",
    "serve": "pnp.cli.serve:serve",
    "completion": "pnp.cli.completion:completion",
    "config": "pnp.cli.config:config",
    "docs": "pnp.cli.docs:docs",
    "new": "pnp.cli.new:new",
}


def _game_commands() -> dict[str, str]:
    """Each game's own command group (`pnp argonauts …`) and the commands it adds (`pnp campaign …`), as
    its folder declares them; a game may not take a name pnp's own commands have."""
    found = commands()
    taken = sorted(set(found) & set(COMMANDS))
    if taken:
        raise LookupError(f"a game declares the command(s) {', '.join(taken)}, which pnp has already; "
                          "rename them in its Game declaration")
    return found


class RootGroup(LazyGroup):
    """Root group: catches library errors so users see one line, not a traceback."""

    def get_command(self, ctx, name):
        try:
            return super().get_command(ctx, name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("pnp.cli."):
                return None
            raise

    def list_commands(self, ctx):
        return [n for n in super().list_commands(ctx) if self.get_command(ctx, n) is not None]

    def invoke(self, ctx):
        debug = "--debug" in sys.argv or (ctx.params or {}).get("debug")
        try:
            return super().invoke(ctx)
        except PnpError as exc:
            if debug:
                raise
            err = click.ClickException(shown(exc.one_line()))  # names from stores and imports, escapes removed
            err.exit_code = exc.exit_code
            raise err from None
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            raise click.Abort() from None
        except BrokenPipeError:  # output piped into `head` and closed early: not an error
            sys.stderr.close()
            raise SystemExit(0) from None
        except Exception as exc:  # last resort: never a traceback without --debug
            if debug:
                raise
            raise click.ClickException(
                f"internal error: {type(exc).__name__}: {exc} (run again with --debug for the traceback)"
            ) from None


@click.group(cls=RootGroup, lazy=lambda: {**COMMANDS, **_game_commands()},
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show full tracebacks on errors.")
@click.version_option(package_name="hercules-pnp", prog_name="pnp")
@click.pass_context
def main(ctx, debug):
    """pnp: print-and-play decks, campaigns and rulings for eight Hercules games.

    Example: pnp print --all
    """
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
