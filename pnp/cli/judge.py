"""`pnp judge GAME SITUATION`: click commands built from each game's declared situations (pnp.judge.situation)."""
from __future__ import annotations

import click

from pnp.catalog import games
from pnp.cli.declared import option
from pnp.cli.lazy import GameGroup, pick_name
from pnp.cli.output import emit_ruling
from pnp.judge.situation import Situation, Situations


def _available() -> dict[str, str]:
    """Games that declare judge situations: slug -> 'pnp.games.<module>.situations:SITUATIONS' (read from the registry when asked)."""
    return {slug: g.entry(g.situations) for slug, g in games().items() if g.situations}


def _example(cmd: click.Command) -> str | None:
    """The command of a situation help's `Example:` line."""
    for line in (cmd.help or "").splitlines():
        if line.strip().startswith("Example:"):
            return line.strip()[len("Example:"):].strip()
    return None


def command(s: Situation) -> click.Command:
    """`pnp judge GAME NAME [OPTIONS] [--json]`: parse the options, run the declared rule, print the Ruling."""
    def run(as_json, **values):
        emit_ruling(s.run(values), as_json)
    text = "\n\n".join(t for t in (s.summary, s.details, f"Example: {s.example}") if t)
    params = [option(p) for p in s.params] + [click.Option(["--json", "as_json"], is_flag=True,
                                                           help="Print the ruling as JSON.")]
    return click.Command(s.name, callback=run, params=params, help=text)


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


def group(declared: Situations) -> SituationsGroup:
    """`pnp judge GAME`: one command per declared situation, help with each situation's example."""
    first = declared.situations[0].example if declared.situations else ""
    g = SituationsGroup(name=declared.game, subcommand_metavar="SITUATION [OPTIONS]...",
                        help=f"Rulings for {declared.title}.\n\nExample: {first}")
    for s in declared.situations:
        g.add_command(command(s))
    return g


class JudgeGroup(GameGroup):
    """Lazy group over the games that have judge situations, each built from its declaration."""

    what = "judge situations"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, lazy=_available, **kwargs)

    def get_command(self, ctx, name):
        found = super().get_command(ctx, name)
        return group(found) if isinstance(found, Situations) else found


@click.group(cls=JudgeGroup, subcommand_metavar="GAME SITUATION [OPTIONS]...")
def judge():
    """Compute a ruling for a concrete situation, citing the rulebook.

    Example: pnp judge argonauts roll --die 6 --crew 0 --difficulty 9
    """
