"""`pnp campaign …` run by the CLI in this process (click's CliRunner) on a given store, for the campaign tests."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnp.cli.main import main


def run(store, *args):
    """The result of `pnp campaign ARGS --store STORE`."""
    return CliRunner().invoke(main, ["campaign", *args, "--store", str(store)])


def ok_json(store, *args):
    """What `pnp campaign ARGS --json` printed, parsed; fails unless it exits 0."""
    result = run(store, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)
