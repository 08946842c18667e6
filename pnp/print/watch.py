"""Watch a card-set folder and re-render it on every change (watchfiles), reporting what changed, time and problems."""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.errors import PnpError
from pnp.print.check import validate_set
from pnp.print.job import print_sets
from pnp.print.options import PrintOptions, with_settings

IGNORED_SUFFIXES = (".part", ".swp", ".swx", ".tmp", "~")


@dataclass
class Cycle:
    """One rebuild: the files that changed (relative to the set), seconds taken, files written, problems."""

    changed: list[str]
    seconds: float = 0.0
    files: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON form (one line per cycle with --json)."""
        return {"changed": self.changed, "seconds": round(self.seconds, 3), "files": self.files,
                "errors": self.errors, "warnings": self.warnings}


def rebuild(folder: Path, out_dir: Path, settings: dict, changed: list[str], **exports) -> Cycle:
    """Validate the set and, when it has no errors, render it (the last good PDF stays when it has)."""
    start = time.perf_counter()
    cycle = Cycle(changed)
    try:
        problems = validate_set(folder, with_settings(PrintOptions(), settings))
        cycle.errors = [p.message for p in problems if p.level == "error"]
        cycle.warnings = [p.message for p in problems if p.level != "error"]
        if not cycle.errors:
            tts = exports.get("tts")
            if hasattr(tts, "used_keys"):  # each build is a job of its own: the same deck keys every time
                exports = {**exports, "tts": replace(tts, used_keys=set())}
            result = print_sets([str(folder)], False, out_dir, settings, **exports)
            cycle.files = [f for s in result.sets for f in s["files"]]
    except PnpError as exc:
        cycle.errors.append(exc.one_line())
    except Exception as exc:  # noqa: BLE001 - a watch must outlive any one bad save
        cycle.errors.append(f"internal error: {type(exc).__name__}: {exc} (run pnp --debug validate for details)")
    cycle.seconds = time.perf_counter() - start
    return cycle


def _filter(folder: Path, out_dir: Path):
    import watchfiles  # lazy: start-up time (only --watch needs it)
    default = watchfiles.DefaultFilter()
    out = Path(out_dir).resolve()

    def keep(change, path: str) -> bool:
        p = Path(path)
        return (default(change, path) and not p.name.startswith(".") and not p.name.endswith(IGNORED_SUFFIXES)
                and out not in p.resolve().parents)
    return keep


def watch(folder: Path, out_dir: Path, settings: dict, report, *, stop_event=None, cycles: int | None = None,
          debounce_ms: int = 150, **exports) -> int:
    """Rebuild now and after every change to a file of the set; report(Cycle) after each. Returns cycles run.

    Runs until interrupted, stop_event is set, or `cycles` rebuilds have been reported; errors never stop it.
    """
    import watchfiles  # lazy: start-up time (only --watch needs it)

    folder = Path(folder).resolve()
    report(rebuild(folder, out_dir, settings, [], **exports))
    done = 1
    if cycles is not None and done >= cycles:
        return done
    for changes in watchfiles.watch(folder, watch_filter=_filter(folder, out_dir), stop_event=stop_event,
                                    debounce=debounce_ms, step=50, raise_interrupt=False):
        changed = sorted({str(Path(p).relative_to(folder)) if Path(p).is_relative_to(folder) else p
                          for _, p in changes})
        report(rebuild(folder, out_dir, settings, changed, **exports))
        done += 1
        if cycles is not None and done >= cycles:
            break
    return done
