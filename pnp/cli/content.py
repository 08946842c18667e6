"""A click option whose value is a text file's content (pnp.judge.situation.Content), read from the path a
user types at the terminal; the web takes the same parameter pasted or uploaded, never as a path."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.errors import UsageError
from pnp.judge.situation import Content
from pnp.textfile import read_text


class FileText(click.ParamType):
    """A path at the terminal, converted to its UTF-8 text (bounded by pnp.limits.FILE_BYTES)."""

    name = "file"

    def convert(self, value, param, ctx):
        if isinstance(value, Content):
            return value
        flag = max(param.opts, key=len) if param else None
        return Content(read_text(Path(value), error=UsageError, field=flag), str(value))

    def shell_complete(self, ctx, param, incomplete):
        """Complete as a file name, as click.Path does."""
        from click.shell_completion import CompletionItem  # lazy: start-up time (only when completing)
        return [CompletionItem(incomplete, type="file")]
