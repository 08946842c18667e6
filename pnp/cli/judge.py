"""`pnp judge GAME SITUATION`: rulings computed from each game's rules code."""
from __future__ import annotations

import importlib.util

import click

from pnp.catalog import GAMES
from pnp.cli.lazy import LazyGroup


def _available() -> dict[str, str]:
    """Games whose judge module exists: slug -> 'pnp.judge.<module>:situations'."""
    return {slug: f"pnp.judge.{g.module}:situations" for slug, g in GAMES.items()
            if importlib.util.find_spec(f"pnp.judge.{g.module}") is not None}


class JudgeGroup(LazyGroup):
    """Lazy group over the games that have judge situations."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, lazy=_available(), **kwargs)


@click.group(cls=JudgeGroup)
def judge():
    """Compute a ruling for a concrete situation, citing the rulebook.

    Example: pnp judge argonauts roll --die 6 --crew 0 --difficulty 9
    """
