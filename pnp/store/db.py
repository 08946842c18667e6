"""Open the SQLite store: location, schema versions per namespace, backups and write transactions."""
from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError

STORE_ENV = "PNP_STORE"
STORE_FILE = "pnp.sqlite3"


class StoreError(PnpError):
    """The store cannot be opened or is corrupt."""


def store_path(override: str | os.PathLike | None = None) -> Path:
    """The database file: the override, $PNP_STORE, or the user's data directory (platformdirs)."""
    if override:
        return Path(override)
    if os.environ.get(STORE_ENV):
        return Path(os.environ[STORE_ENV])
    from platformdirs import user_data_dir
    return Path(user_data_dir("pnp", appauthor=False)) / STORE_FILE


def backup_path(path: Path) -> Path:
    """Where the automatic pre-write backup of a store lives."""
    return path.with_name(path.name + ".bak")


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating) the store with WAL, a busy timeout for concurrent writers, and a sanity check."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        conn = sqlite3.connect(path, timeout=30.0, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (namespace TEXT PRIMARY KEY, version INTEGER NOT NULL)")
    except sqlite3.DatabaseError as exc:
        bak = backup_path(path)
        hint = (f"restore the automatic backup: cp '{bak}' '{path}'" if bak.exists()
                else "move the file aside to start a new store")
        raise StoreError(f"the store is not a readable database ({exc})", file=str(path), hint=hint) from None
    return conn


def migrate(conn: sqlite3.Connection, namespace: str, migrations: list[str]) -> int:
    """Apply a namespace's pending migrations (SQL scripts, in order); return its schema version."""
    row = conn.execute("SELECT version FROM schema_version WHERE namespace=?", (namespace,)).fetchone()
    current = row[0] if row else 0
    if current > len(migrations):
        raise StoreError(f"store schema '{namespace}' is version {current}, newer than this pnp knows "
                         f"({len(migrations)})", hint="upgrade pnp")
    for version in range(current + 1, len(migrations) + 1):
        with write(conn):
            for stmt in statements(migrations[version - 1]):
                conn.execute(stmt)
            conn.execute("INSERT INTO schema_version(namespace, version) VALUES(?, ?) "
                         "ON CONFLICT(namespace) DO UPDATE SET version=excluded.version", (namespace, version))
    return len(migrations)


def take_backup(path: Path) -> None:
    """Copy the committed store to its .bak file with SQLite's online backup, atomically.

    Uses its own connection (a backup through a connection holding the write lock never finishes)
    and a unique temporary file, so a backup killed half-way never blocks the next one.
    """
    import tempfile

    bak = backup_path(path)
    fd, tmp = tempfile.mkstemp(prefix=bak.name + ".", suffix=".tmp", dir=bak.parent)
    os.close(fd)
    source = sqlite3.connect(path, timeout=30.0)
    dest = sqlite3.connect(tmp)
    try:
        source.backup(dest)
        dest.close()
        os.replace(tmp, bak)
    finally:
        dest.close()
        source.close()
        if os.path.exists(tmp):
            os.unlink(tmp)


def statements(script: str) -> list[str]:
    """Split an SQL script into whole statements (a trigger body's inner semicolons stay inside)."""
    out, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    return out


@contextmanager
def write(conn: sqlite3.Connection):
    """One write transaction: BEGIN IMMEDIATE serialises writers; all or nothing."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
