"""Signs of life for long commands: a click progress bar on stderr, only on a terminal and never with --json."""
from __future__ import annotations

import contextlib
import sys

import click


def showing(stream=None) -> bool:
    """True when a bar belongs on `stream` (stderr): it is a terminal and the running command has no --json."""
    stream = sys.stderr if stream is None else stream
    ctx = click.get_current_context(silent=True)
    as_json = bool(ctx and ctx.params.get("as_json"))
    try:
        return not as_json and stream.isatty()
    except (AttributeError, ValueError):  # closed or not a real stream
        return False


@contextlib.contextmanager
def progress_bar(total: int, label: str, stream=None, **bar):
    """Yield tick(n): advances a bar of `total` steps on a terminal; does nothing elsewhere."""
    stream = sys.stderr if stream is None else stream
    if not showing(stream):
        yield lambda n=1: None
        return
    with click.progressbar(length=total, label=label, file=stream, **bar) as shown:
        yield shown.update
