"""`pnp simulate GAME`: play many seeded games and report the statistics."""
from __future__ import annotations

import importlib.util

import click

from pnp.catalog import GAMES
from pnp.cli.lazy import GameGroup


def _available() -> dict[str, str]:
    """Games with a simulator: slug -> 'pnp.simulate.<module>:command'."""
    return {slug: f"pnp.simulate.{g.module}:command" for slug, g in GAMES.items()
            if importlib.util.find_spec(f"pnp.simulate.{g.module}") is not None}


class SimulateGroup(GameGroup):
    """Lazy group over the games that have a simulator."""

    what = "simulators"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, lazy=_available(), **kwargs)


@click.group(cls=SimulateGroup)
def simulate():
    """Simulate many games with a chosen policy and report win rates and lengths.

    Example: pnp simulate argonauts -n 10000 --policy greedy --seed 1
    """
