"""`pnp docs [TOPIC]`: the documentation that comes with pnp, listed or printed (pnp.docs)."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json
from pnp.docs import docs_root, topic, topics


def _topics(ctx) -> list[str]:
    """Topic names (completion)."""
    return list(topics())


@click.command(name="docs")
@click.argument("name", metavar="[TOPIC]", required=False, shell_complete=complete(_topics))
@click.option("--where", is_flag=True, help="Print the folder holding the docs and docs/examples/ (to copy from).")
@click.option("--json", "as_json", is_flag=True, help="List the topics (or the page) as JSON.")
def docs(name, where, as_json):
    """List the documentation topics, or print one (any case, a word of its title or a small typo will do).

    Example: pnp docs cardsets
    """
    if where:
        click.echo(str(docs_root()))
        return
    if name is None:
        found = topics()
        if as_json:
            emit_json([{"topic": k, "title": v} for k, v in found.items()])
            return
        width = max(map(len, found))
        for k, v in found.items():
            click.echo(f"{k:<{width}}  {v}")
        click.echo(f"\nRead one with: pnp docs TOPIC   (files in {docs_root()}; examples in its examples/)")
        return
    path = topic(name)
    text = path.read_text(encoding="utf-8")
    if as_json:
        emit_json({"topic": path.stem, "file": str(path), "text": text})
    else:
        click.echo(text, nl=not text.endswith("\n"))
