"""`pnp print SET --watch`: the rebuild loop's human (or JSON-lines) output."""
from __future__ import annotations

import json
import signal
import threading
from contextlib import contextmanager

import click

from pnp.cardset.find import resolve_set
from pnp.errors import UsageError


def watch_print(sets, all_sets, out, settings: dict, as_json: bool, *, cycles: int | None = None, stop_event=None,
                **exports) -> int:
    """Watch one card set and re-render it on every change, printing each cycle; returns cycles run."""
    # lazy: start-up time (the CLI loads this module at start; print is loaded only when watching)
    from pnp.print.options import refuse_contradictions
    from pnp.print.watch import watch

    if all_sets or len(sets) != 1:
        raise UsageError("--watch follows exactly one card set", field="--watch", hint="e.g. pnp print my-set --watch")
    refuse_contradictions(settings)
    folder = resolve_set(sets[0])

    def report(cycle) -> None:
        if as_json:
            click.echo(json.dumps(cycle.to_dict(), ensure_ascii=False))
            return
        what = ", ".join(cycle.changed) if cycle.changed else "first build"
        for line in cycle.errors:
            click.echo(f"  error: {line}", err=True)
        for line in cycle.warnings:
            click.echo(f"  warning: {line}", err=True)
        result = ", ".join(cycle.files) if cycle.files else "not rendered (fix the errors; the last PDF is kept)"
        click.echo(f"[{what}] {cycle.seconds:.2f} s: {result}; {len(cycle.errors)} error(s), "
                   f"{len(cycle.warnings)} warning(s)")

    if not as_json:
        click.echo(f"watching {folder} (Ctrl-C stops)")
    with _stopped_by_sigterm(stop_event) as stop:
        return watch(folder, out, settings, report, cycles=cycles, stop_event=stop, **exports)


@contextmanager
def _stopped_by_sigterm(stop_event):
    """A stop event that SIGTERM also sets, so `kill PID` ends the watch cleanly (exit 0) like Ctrl-C does.

    A background shell job starts its children with SIGINT ignored; SIGTERM still reaches them. The previous
    handler comes back afterwards; off the main thread (where no handler can be set) stop_event is used as is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield stop_event
        return
    stop = stop_event or threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGTERM, previous)
