"""Live pages for `pnp serve`: one watcher per server process notices any commit to the store (this
server's, another server's or the CLI's) and tells every open page through server-sent events.

The watcher reads SQLite's `PRAGMA data_version` on a connection of its own, which changes whenever
another connection commits. It reads it every TICK seconds, and only while at least one page listens;
pages never poll. Each change gets an id `BOOT-N` (BOOT is random per server start), which the pages
are rendered with: a page that sees another id (at once, or after reconnecting) fetches itself again.
"""
from __future__ import annotations

import asyncio
import secrets
import sqlite3
import threading
from pathlib import Path

TICK = 0.2        # seconds between two reads of data_version while a page listens
KEEPALIVE = 15.0  # seconds between comment lines on an idle stream (so proxies and phones keep it open)
RETRY_MS = 1000   # how soon a browser reconnects after the stream drops


class Changes:
    """The store's change counter, shared by every page of one server process."""

    def __init__(self, path: Path | None):
        self.path = path
        self.boot = secrets.token_hex(4)
        self.count = 0
        self.listeners = 0
        self.closed = False
        self._seen: tuple[int, int] | None = None
        self._inode: int | None = None
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._changed: asyncio.Event | None = None
        self._task: asyncio.Task | None = None

    @property
    def id(self) -> str:
        """The id of the latest change seen: 'BOOT-N'."""
        return f"{self.boot}-{self.count}"

    def _version(self) -> tuple[int, int] | None:
        """(the store file's inode, its data_version) now; None when the store cannot be read yet.

        A store put back from a backup is another file: the watcher opens it anew and counts a change.
        """
        if self.path is None:
            return None
        try:
            inode = self.path.stat().st_ino
            if self._conn is not None and inode != self._inode:
                self._conn.close()
                self._conn = None
            if self._conn is None:
                self._conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                             check_same_thread=False, timeout=0.1, isolation_level=None)
                self._inode = inode
            # stepped to the end, so no read transaction stays open on an old snapshot of the store
            return inode, self._conn.execute("PRAGMA data_version").fetchall()[0][0]
        except (OSError, sqlite3.Error):
            if self._conn is not None:
                self._conn.close()
            self._conn = None
            return None

    def poll(self) -> bool:
        """Read data_version once (any thread); True when the store changed since the last read."""
        with self._lock:
            version = self._version()
            if version is None:
                return False
            changed = self._seen is not None and version != self._seen
            if changed:
                self.count += 1
            self._seen = version
            return changed

    def current(self) -> str:
        """The change id a page rendered now is up to date with (reads the store's counter first)."""
        self.poll()
        return self.id

    async def _watch(self) -> None:
        last = self.count
        while self.listeners and not self.closed:
            await asyncio.sleep(TICK)
            await asyncio.to_thread(self.poll)
            if self.count != last:  # seen here or by a page rendered meanwhile (current())
                last = self.count
                self._wake()
        self._task = None

    def _wake(self) -> None:
        event, self._changed = self._changed, asyncio.Event()
        if event is not None:
            event.set()

    def close(self) -> None:
        """End every stream (the server is stopping); call from the event loop's thread."""
        self.closed = True
        self._wake()

    async def stream(self):
        """The SSE body for one page: the current id at once, then one `change` event per change (Starlette
        ends the generator when the page goes away)."""
        if self._changed is None:
            self._changed = asyncio.Event()
        self.listeners += 1
        if self._task is None:
            self.poll()
            self._task = asyncio.create_task(self._watch())
        try:
            sent = self.id
            yield f"retry: {RETRY_MS}\nevent: change\ndata: {sent}\n\n"
            while not self.closed:
                if self.id != sent:  # also a change made while this stream was between two events
                    sent = self.id
                    yield f"event: change\ndata: {sent}\n\n"
                    continue
                try:
                    await asyncio.wait_for(self._changed.wait(), KEEPALIVE)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
        finally:
            self.listeners -= 1
