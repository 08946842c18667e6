"""`pnp validate`: check card sets and report every problem in one line each."""
from __future__ import annotations

import sys

import click

from pnp.cardset.find import builtin_sets, resolve_set
from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json


@click.command()
@click.argument("sets", nargs=-1, shell_complete=complete("card-set", dirs=True))
@click.option("--json", "as_json", is_flag=True, help="Print problems as JSON.")
def validate(sets, as_json):
    """Check card sets (game names or folders; all built-in ones if none given).

    Exits 1 when any error is found; warnings alone pass.

    Example: pnp validate twelve-labors docs/examples/myth-deck
    """
    from pnp.print.check import validate_set  # lazy: start-up time (reportlab)

    folders = [resolve_set(s) for s in sets] if sets else builtin_sets()
    problems = [p for f in folders for p in validate_set(f)]
    errors = [p for p in problems if p.level == "error"]
    if as_json:
        emit_json({"sets": [f.name for f in folders], "problems": [p.to_dict() for p in problems],
                   "ok": not errors})
    else:
        for p in problems:
            click.echo(f"{p.level}: {p.message}", err=True)
        click.echo(f"{len(folders)} set(s) checked: {len(errors)} error(s), {len(problems) - len(errors)} warning(s)")
    if errors:
        sys.exit(1)
