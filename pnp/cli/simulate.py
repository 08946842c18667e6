"""`pnp simulate GAME`: play many seeded games and report the statistics."""
from __future__ import annotations

import click

from pnp.catalog import games
from pnp.cli.lazy import GameGroup


def _available() -> dict[str, str]:
    """Games that declare a simulator: slug -> 'pnp.games.<module>.simulate:command'."""
    return {slug: g.entry(g.simulate) for slug, g in games().items() if g.simulate}


class SimulateGroup(GameGroup):
    """Lazy group over the games that have a simulator."""

    what = "simulators"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, lazy=_available, **kwargs)


@click.group(cls=SimulateGroup)
def simulate():
    """Simulate many games with a chosen policy and report win rates and lengths.

    Example: pnp simulate argonauts -n 2000 --policy greedy --seed 1
    """
