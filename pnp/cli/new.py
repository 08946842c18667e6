"""`pnp new SET`: start a card set from a small, valid, commented starter (pnp.cardset.starter)."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.output import emit_json


@click.command(name="new")
@click.argument("folder", metavar="SET", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the files written as JSON.")
def new(folder, as_json):
    """Start a card set in the new folder SET: three cards from a CSV, a layout, an icon and a back.

    It validates and prints at once; edit cards.csv and layouts.yaml from there (pnp docs cardsets).
    An existing folder is never written over.

    Example: pnp new my-deck && pnp print my-deck
    """
    from pnp.cardset.starter import new_set  # lazy: start-up time (Pillow, for the starter's icon)

    files = new_set(folder)
    if as_json:
        emit_json({"set": str(folder), "files": [str(f) for f in files]})
        return
    for f in files:
        click.echo(str(f))
    click.echo(f"next: pnp print {folder}   (or pnp print {folder} --watch while you edit)")
