"""Bounded waits on events for the tests (one place): a condition coming true, a folder being watched, a child ending."""
from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

STEP = 0.01  # seconds between two looks at a condition that has no event to block on


def wait_for(predicate, timeout: float = 30.0, step: float = STEP) -> bool:
    """True as soon as predicate() is true (looked at every `step` s), False after `timeout` s without it."""
    end = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(step)


def watched(folder: Path, pid: int | None = None) -> bool:
    """True once process `pid` (default: this one) holds an inotify watch on `folder` (Linux's /proc fdinfo).

    Where /proc cannot tell (not Linux), True: the caller then relies on its own timeout.
    """
    fdinfo = Path(f"/proc/{pid or os.getpid()}/fdinfo")
    if not Path("/proc/self/fdinfo").is_dir():
        return True
    wanted = f" ino:{os.stat(folder).st_ino:x} "
    try:
        names = os.listdir(fdinfo)
    except OSError:  # the process has gone
        return False
    for name in names:
        try:
            text = (fdinfo / name).read_text()
        except OSError:  # that descriptor closed meanwhile
            continue
        if any(line.startswith("inotify") and wanted in line for line in text.splitlines()):
            return True
    return False


def stop_group(proc: subprocess.Popen, timeout: float = 20.0) -> None:
    """Make sure a child started with start_new_session=True is gone: SIGKILL to its whole group, then reap it."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait(timeout=timeout)
