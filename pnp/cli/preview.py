"""`pnp preview`: PNGs of just the named cards, fast, for an edit-and-look loop."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.cardset.find import resolve_set
from pnp.cli.output import emit_json
from pnp.paths import default_output


@click.command()
@click.argument("set_name", metavar="SET")
@click.argument("cards", nargs=-1)
@click.option("--back", is_flag=True, help="Also the backs of the chosen cards.")
@click.option("--dpi", type=click.IntRange(36, 1200), default=150, show_default=True, help="Pixels per inch.")
@click.option("--open", "open_", is_flag=True, help="Show the PNGs with the system viewer.")
@click.option("-o", "--output", type=click.Path(file_okay=False), default=None,
              help="Folder for the PNGs [output/<slug>-preview/].")
@click.option("--json", "as_json", is_flag=True, help="Print the files as JSON.")
def preview(set_name, cards, back, dpi, open_, output, as_json):
    """Write PNGs of just the named cards (id, name or component; each component's first card if none).

    Example: pnp preview my-deck spark "Blaze" --back --open   (my-deck: pnp new my-deck)
    """
    # lazy: start-up time (the card set loader and print; shell completion and `--help` load this module)
    from pnp.cardset.load import load_cardset
    from pnp.outpath import out_path
    from pnp.print.preview import preview as run

    cs = load_cardset(resolve_set(set_name))
    out = Path(output) if output else out_path(default_output(), cs.slug, "-preview")
    result = run(cs, list(cards), out, back=back, dpi=dpi)
    if as_json:
        emit_json(result.to_dict())
    else:
        for f in result.files:
            click.echo(str(f))
    if open_:
        for f in result.files:
            try:
                opened = click.launch(str(f), wait=True) == 0
            except OSError:
                opened = False
            if not opened:
                click.echo(f"note: no system viewer here; open {result.files[0].parent} by hand", err=True)
                break
