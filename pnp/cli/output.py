"""Shared output helpers for commands: JSON or human text."""
from __future__ import annotations

import json

import click


def emit_json(obj) -> None:
    """Print obj as indented JSON."""
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False, default=str))


def emit_ruling(ruling, as_json: bool) -> None:
    """Print a Ruling: JSON, or summary, numbered steps, citations and basis."""
    if as_json:
        emit_json(ruling.to_dict())
        return
    click.echo(ruling.summary)
    for i, step in enumerate(ruling.steps, 1):
        click.echo(f"  {i}. {step}")
    for c in ruling.citations:
        click.echo(f"  [{c.rule}] {c.section}")
    click.echo(f"  basis: {ruling.basis}")
