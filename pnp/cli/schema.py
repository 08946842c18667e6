"""`pnp schema`: JSON Schemas for cardset.yaml and layouts.yaml, for editor completion and inline errors."""
from __future__ import annotations

import json
from pathlib import Path

import click

from pnp.cli.output import emit_json
from pnp.paths import default_output


@click.command()
@click.option("-o", "--output", type=click.Path(file_okay=False), default=None,
              help="Folder for cardset.schema.json and layouts.schema.json [output/schema/].")
@click.option("--json", "as_json", is_flag=True, help="Print the files written as JSON.")
def schema(output, as_json):
    """Write JSON Schemas for cardset.yaml and layouts.yaml (the models pnp validates with).

    Point the VS Code YAML extension at them (see 'pnp docs cardsets') for completion and inline errors.

    Example: pnp schema -o .vscode
    """
    # lazy: start-up time (the card set schema's pydantic models; shell completion and `--help` load this module)
    from pnp.cardset.schema import json_schemas
    from pnp.outpath import make_folder, write_file

    folder = make_folder(Path(output) if output else default_output() / "schema", link_ok=True)
    files = [str(write_file(folder / name, json.dumps(body, indent=2, sort_keys=True) + "\n"))
             for name, body in json_schemas().items()]
    if as_json:
        emit_json({"files": files})
    else:
        for f in files:
            click.echo(f)
