"""Hidden `.part` files of atomic writes carry their writer's pid, so ones left by killed writers are removed."""
from __future__ import annotations

import os
import re
from pathlib import Path

PART = re.compile(r"^\..+-p(\d+)-[^/]*\.part$")


def part_prefix(target: Path) -> str:
    """Prefix for the temporary file of an atomic write to target: hidden, with this process's pid."""
    return f".{target.stem}-p{os.getpid()}-"


def _alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill(pid, 0) would signal the process there: keep every .part file
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):  # someone else's live process, or not a pid at all
        return True
    return True


def remove_stale(folder: Path) -> list[Path]:
    """Delete `.part` files in folder whose writer is no longer running; return what was removed."""
    removed = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for p in entries:
        m = PART.match(p.name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            try:
                p.unlink()
                removed.append(p)
            except OSError:
                pass
    return removed
