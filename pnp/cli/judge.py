"""`pnp judge GAME SITUATION`: rulings computed from each game's rules code."""
from __future__ import annotations

import click

from pnp.catalog import games
from pnp.cli.lazy import GameGroup, pick_name


def _available() -> dict[str, str]:
    """Games that declare judge situations: slug -> 'pnp.games.<module>.judge:situations'."""
    return {slug: g.entry(g.situations) for slug, g in games().items() if g.situations}


def _example(cmd: click.Command) -> str | None:
    """The command of a situation docstring's `Example:` line."""
    for line in (cmd.help or "").splitlines():
        if line.strip().startswith("Example:"):
            return line.strip()[len("Example:"):].strip()
    return None


class SituationsGroup(click.Group):
    """A game's situations: help lists each with its example; an unknown one lists the valid ones."""

    def format_commands(self, ctx, formatter):
        cmds = [(n, c) for n in self.list_commands(ctx) if (c := self.get_command(ctx, n)) and not c.hidden]
        if not cmds:
            return
        width = max(len(n) for n, _ in cmds)
        with formatter.section("Situations (each with an example)"):
            for name, cmd in cmds:
                short = cmd.get_short_help_str(limit=max(formatter.width - formatter.current_indent - width - 2, 30))
                formatter.write(f"{'':>{formatter.current_indent}}{name:<{width}}  {short}\n")
                example = _example(cmd)
                if example:  # unwrapped, so it can be copied
                    formatter.write(f"{'':>{formatter.current_indent}}{'':<{width}}    {example}\n")

    def resolve_command(self, ctx, args):
        name = click.utils.make_str(args[0]) if args else None
        if name is not None and name not in self.commands and not name.startswith("-"):
            args = [pick_name("situation", name, list(self.commands), ctx), *args[1:]]
        return super().resolve_command(ctx, args)


def situations_group(game: str):
    """Decorator making a game's `situations` group: `pnp judge <game> SITUATION` with example help."""
    return click.group(name=game, cls=SituationsGroup, subcommand_metavar="SITUATION [OPTIONS]...")


class JudgeGroup(GameGroup):
    """Lazy group over the games that have judge situations."""

    what = "judge situations"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, lazy=_available, **kwargs)


@click.group(cls=JudgeGroup, subcommand_metavar="GAME SITUATION [OPTIONS]...")
def judge():
    """Compute a ruling for a concrete situation, citing the rulebook.

    Example: pnp judge argonauts roll --die 6 --crew 0 --difficulty 9
    """
