"""A click Choice typed loosely: case, punctuation, plurals and small typos (pnp.names), still completable."""
from __future__ import annotations

import click

from pnp.names import ambiguous_message, match


class LooseChoice(click.Choice):
    """click.Choice whose value may be typed as loosely as any name (pnp.names); ambiguous ones are refused."""

    def __init__(self, choices, kind: str = "value"):
        super().__init__(list(choices))
        self.kind = kind

    def convert(self, value, param, ctx):
        if value in self.choices:
            return value
        m = match(self.kind, str(value), list(self.choices))
        if m.status == "match":
            return m.id
        if m.status == "ambiguous":
            self.fail(ambiguous_message(self.kind, str(value), list(m.candidates)) + ".", param, ctx)
        return super().convert(value, param, ctx)  # click's own message listing the choices
