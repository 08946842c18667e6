"""Page data kept while the store is unchanged, so a page read again without a record in between opens nothing.

"Unchanged" is read from the file system, holding nothing open (a restore must stay free to replace
the file, on Windows too): the identity, size and modification time of the store file and of its
write-ahead log. Every commit grows the log or, once the log is merged, rewrites the store file, so
one of them changes; a change that leaves both sizes alone within one tick of the file system's
clock is the one it could miss, so a kept value is also read afresh after FRESH_S seconds.
"""
from __future__ import annotations

import os
import time

from pnp.store.db import store_path

FRESH_S = 0.5  # longest a kept value is shown without reading the store again (pages update within a second)

KEPT_MAX = 64  # stores x pages kept (a server has one store; tests make many)
_KEPT: dict[tuple[str, str], tuple[tuple, float, object]] = {}  # (store, name) -> (signature, when, value)


def _signature(path: str) -> tuple | None:
    """(device, inode, size, mtime ns) of the store file and its write-ahead log; None without a store file."""
    out = []
    for name in (path, path + "-wal"):
        try:
            st = os.stat(name)
        except FileNotFoundError:
            out.append(None)
            continue
        except OSError:
            return None
        out.append((st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out) if out[0] is not None else None


def while_unchanged(store, name: str, read):
    """read(store)'s result, kept under `name` while the store stays unchanged (at most FRESH_S seconds);
    a store not there yet, or that cannot be looked at, is read every time."""
    path = str(store_path(store))
    before = _signature(path)  # taken first: a record committed while read() runs is seen next time
    if before is None:
        return read(store)
    now = time.monotonic()
    kept = _KEPT.get((path, name))
    if kept is not None and kept[0] == before and now - kept[1] < FRESH_S:
        return kept[2]
    value = read(store)
    if len(_KEPT) >= KEPT_MAX:
        _KEPT.clear()
    _KEPT[(path, name)] = (before, now, value)
    return value
