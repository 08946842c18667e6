"""`pnp games`: the built-in games with their components and card counts."""
from __future__ import annotations

import click

from pnp.cli.output import emit_json


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def games(as_json):
    """List the built-in games, their components and card counts.

    Example: pnp games --json
    """
    from pnp.cardset.summary import games_summary  # lazy: start-up time (it reads every game's card set)

    rows = games_summary()
    if as_json:
        emit_json(rows)
        return
    for g in rows:
        click.echo(f"{g['game']:<20} {g['title']} ({g['cards']} pieces)")
        for c in g["components"]:
            click.echo(f"    {c['name']:<22} {c['type']:<7} {c['size_mm'][0]:g}x{c['size_mm'][1]:g} mm  x{c['count']}")
        if g["error"]:
            click.echo(f"    ({g['error']})")
