"""`pnp config [KEY [VALUE]]`: list, show or change the user's settings (pnp.config)."""
from __future__ import annotations

import click

from pnp.cli.output import emit_json
from pnp.errors import UsageError


@click.command(name="config")
@click.argument("key", required=False)
@click.argument("value", required=False)
@click.option("--unset", is_flag=True, help="Remove the setting KEY (back to the locale's or the built-in default).")
@click.option("--json", "as_json", is_flag=True, help="Print the settings as JSON.")
def config(key, value, unset, as_json):
    """List your settings, or set one (kept in config.toml in your user config folder, or $PNP_CONFIG).

    Settings: paper (a4, letter, a3 or WxH mm), used by pnp print when --paper is not given; without a
    setting the paper follows your locale (LC_PAPER / LANG: US, Canada, Mexico... print on letter), else A4.

    Example: pnp config paper letter
    """
    from pnp import config as settings  # lazy: start-up time (settings load print's paper options)

    if unset and (key is None or value is not None):
        raise UsageError("--unset takes a setting's name and no value", hint="e.g. pnp config paper --unset")
    if key is not None and (value is not None or unset):
        settings.save(key, None if unset else value)
    paper = settings.default_paper()
    rows = [{"key": "paper", "value": paper.value, "source": paper.source, "about": settings.SETTINGS["paper"]}]
    if key is not None:
        rows = [r for r in rows if r["key"] == settings.resolve_key(key)]
    if as_json:
        emit_json({"file": str(settings.config_file()), "settings": rows})
        return
    for r in rows:
        click.echo(f"{r['key']} = {r['value']}  ({r['source']})")
    if key is None:
        click.echo(f"file: {settings.config_file()}")
