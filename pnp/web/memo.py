"""Page data kept while the store is unchanged: one read connection per store file asks SQLite's
`data_version` (which changes whenever any other connection, in any process, commits) and the file's
identity (a restore replaces the file), so a page read again without a record in between opens nothing."""
from __future__ import annotations

import os
import sqlite3
import threading

from pnp.store.db import store_path


class _Watch:
    """A read connection to one store file and what was read through the library at each data version."""

    def __init__(self, path: str, ident: tuple):
        self.ident = ident
        self.conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, check_same_thread=False)
        self.lock = threading.Lock()
        self.kept: dict[str, tuple[int, object]] = {}

    def version(self) -> int:
        with self.lock:
            return self.conn.execute("PRAGMA data_version").fetchone()[0]


_WATCHES: dict[str, _Watch] = {}
_LOCK = threading.Lock()


def _identity(path: str) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def while_unchanged(store, name: str, read):
    """read(store)'s result, remembered under `name` until the store changes (a record, an import,
    a restore); read again when it has. A store not there yet, or unreadable here, is read each time."""
    path = str(store_path(store))
    ident = _identity(path)
    if ident is None:
        return read(store)
    watch = _WATCHES.get(path)
    if watch is None or watch.ident != ident:
        with _LOCK:
            watch = _WATCHES.get(path)
            if watch is None or watch.ident != ident:
                try:
                    watch = _WATCHES[path] = _Watch(path, ident)
                except sqlite3.Error:
                    return read(store)
    try:
        before = watch.version()
    except sqlite3.Error:
        return read(store)
    kept = watch.kept.get(name)
    if kept is not None and kept[0] == before:
        return kept[1]
    value = read(store)  # a record committed while this runs changes the version again: read next time
    watch.kept[name] = (before, value)
    return value
