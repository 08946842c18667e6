"""Open the SQLite store: location, schema versions per namespace, rotating backups and write transactions.

A store is never silently started over: a missing or empty store file next to backups is refused with
the command that restores one. Backups are timestamped copies in `<store>.backups/`, taken only from a
store that checks cleanly and holds data, the newest N kept (N from $PNP_STORE_BACKUPS, default 10).
"""
from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from pnp.errors import PnpError

STORE_ENV = "PNP_STORE"
STORE_FILE = "pnp.sqlite3"
KEEP_ENV = "PNP_STORE_BACKUPS"
KEEP_DEFAULT = 10
RESTORE_HINT = "see the backups with 'pnp campaign doctor' and restore one with 'pnp campaign doctor --restore latest'"


class StoreError(PnpError):
    """The store cannot be opened or is corrupt."""


class ReadOnlyStore(StoreError):
    """A write was asked of a store whose file or folder cannot be written."""


def store_path(override: str | os.PathLike | None = None) -> Path:
    """The database file: the override, $PNP_STORE, or the user's data directory (platformdirs)."""
    if override:
        return Path(override)
    if os.environ.get(STORE_ENV):
        return Path(os.environ[STORE_ENV])
    from platformdirs import user_data_dir
    return Path(user_data_dir("pnp", appauthor=False)) / STORE_FILE


def backup_dir(path: Path) -> Path:
    """The folder holding a store's timestamped backups."""
    return path.with_name(path.name + ".backups")


def backup_path(path: Path) -> Path:
    """The legacy single backup file of older pnp versions (listed and restorable, never written)."""
    return path.with_name(path.name + ".bak")


def backups(path: Path) -> list[Path]:
    """The store's backups, oldest first (timestamped names sort in time order; a legacy .bak first)."""
    folder = backup_dir(path)
    found = sorted(folder.glob("*.sqlite3")) if folder.is_dir() else []
    legacy = backup_path(path)
    return ([legacy] if legacy.is_file() and legacy.stat().st_size else []) + found


def keep_count() -> int:
    """How many backups to keep: $PNP_STORE_BACKUPS (at least 1), default 10."""
    try:
        return max(1, int(os.environ.get(KEEP_ENV, KEEP_DEFAULT)))
    except ValueError:
        return KEEP_DEFAULT


def writable(path: Path) -> bool:
    """True when the store file (or, for a new one, its folder) may be written by this process."""
    folder_ok = os.access(path.parent, os.W_OK)
    return folder_ok and (not path.exists() or os.access(path, os.W_OK))


def _refuse_fresh_start(path: Path) -> None:
    """Refuse to create a store where one was lost: the file is missing or empty but backups,
    a store replaced by a restore, or its write-ahead log are still there."""
    size = path.stat().st_size if path.exists() else None
    if size and size > 0:
        return
    older = backups(path)
    earlier = sorted(path.parent.glob(path.name + ".replaced-*")) + [
        p for p in (path.with_name(path.name + "-wal"),) if p.exists() and p.stat().st_size]
    if older or earlier:
        state = "missing" if size is None else "empty (0 bytes)"
        found = (f"{len(older)} backup(s) exist in {backup_dir(path)}" if older
                 else f"an earlier store is still there ({earlier[0].name})")
        raise StoreError(f"the store is {state} but {found}; pnp will not start a new store over them",
                         file=str(path), hint=RESTORE_HINT if older else
                         f"move {earlier[0].name} back to {path.name}, or move it away to start a new store")


def connect(path: Path, *, create: bool = True) -> sqlite3.Connection:
    """Open the store with WAL and a busy timeout; read-only when it cannot be written; never over a lost one.

    A store that cannot be written opens read-only (`conn.readonly` is True): reads work, writes raise.
    """
    if path.is_dir():
        raise StoreError("is a folder, not a store file", file=str(path), hint="give --store the path of a file")
    _refuse_fresh_start(path)
    if not path.exists():
        if not create:
            raise StoreError("there is no store yet", file=str(path), hint="start a campaign: pnp campaign new")
        path.parent.mkdir(parents=True, exist_ok=True)
    readonly = path.exists() and not writable(path)
    try:
        if readonly:
            conn = open_readonly(path)
        else:
            conn = sqlite3.connect(path, timeout=30.0, isolation_level=None, factory=Connection)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version "
                         "(namespace TEXT PRIMARY KEY, version INTEGER NOT NULL)")
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"the store is not a readable database ({exc})", file=str(path),
                         hint=RESTORE_HINT if backups(path) else "move the file aside to start a new store") from None
    conn.readonly = readonly
    return conn


class Connection(sqlite3.Connection):
    """A store connection that knows whether it was opened read-only."""

    readonly = False


def is_readonly(conn: sqlite3.Connection) -> bool:
    """True when connect() opened this connection read-only."""
    return getattr(conn, "readonly", False)


def open_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection; a WAL store in an unwritable folder is read as it was last checkpointed."""
    uri = path.resolve().as_uri()
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=30.0, isolation_level=None, factory=Connection)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        conn = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None, factory=Connection)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    return conn


def check(conn: sqlite3.Connection) -> str | None:
    """None when SQLite's quick check passes, else what it found."""
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as exc:
        return str(exc)
    return None if rows == ["ok"] else "; ".join(rows[:3])


def migrate(conn: sqlite3.Connection, namespace: str, migrations: list[str]) -> int:
    """Apply a namespace's pending migrations (SQL scripts, in order); return its schema version."""
    has_table = conn.execute("SELECT 1 FROM sqlite_master WHERE name='schema_version'").fetchone()
    row = conn.execute("SELECT version FROM schema_version WHERE namespace=?",
                       (namespace,)).fetchone() if has_table else None
    current = row[0] if row else 0
    if current > len(migrations):
        raise StoreError(f"store schema '{namespace}' is version {current}, newer than this pnp knows "
                         f"({len(migrations)})", hint="upgrade pnp")
    if current < len(migrations) and is_readonly(conn):
        raise ReadOnlyStore(f"the store is read-only and needs its '{namespace}' tables set up or upgraded",
                            hint="make the store file and its folder writable, then run the command again")
    for version in range(current + 1, len(migrations) + 1):
        with write(conn):
            for stmt in statements(migrations[version - 1]):
                conn.execute(stmt)
            conn.execute("INSERT INTO schema_version(namespace, version) VALUES(?, ?) "
                         "ON CONFLICT(namespace) DO UPDATE SET version=excluded.version", (namespace, version))
    return len(migrations)


def _holds_data(conn: sqlite3.Connection) -> bool:
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' "
                                         "AND name NOT LIKE 'sqlite_%' AND name != 'schema_version'")]
    return any(conn.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone() for t in tables)


def take_backup(path: Path) -> Path | None:
    """Copy the committed store into a new timestamped backup, atomically; keep the newest N.

    Only a store that passes SQLite's quick check and holds data is copied (an empty or damaged
    state never pushes a good backup out). Uses its own connection (a backup through a connection
    holding the write lock never finishes) and a unique temporary file, so a backup killed half-way
    never blocks the next one. Returns the new backup, or None when there was nothing to keep.
    """
    import tempfile

    source = sqlite3.connect(path, timeout=30.0)
    try:
        problem = check(source)
        if problem is not None:
            raise StoreError(f"the store fails its check ({problem}); no backup taken and nothing written",
                             file=str(path), hint=RESTORE_HINT)
        if not _holds_data(source):
            return None
        folder = backup_dir(path)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
        try:
            folder.mkdir(exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{stamp}.", suffix=".tmp", dir=folder)
        except OSError as exc:
            raise ReadOnlyStore(f"cannot write a backup ({exc.strerror})", file=str(folder),
                                hint="make the store's folder writable") from None
        os.close(fd)
        dest = sqlite3.connect(tmp)
        try:
            source.backup(dest)
            dest.close()
            os.chmod(tmp, path.stat().st_mode & 0o666)  # as private as the store, and no more
            target = folder / f"{stamp}.sqlite3"
            n = 1
            while target.exists():
                target, n = folder / f"{stamp}-{n}.sqlite3", n + 1
            os.replace(tmp, target)
        finally:
            dest.close()
            if os.path.exists(tmp):
                os.unlink(tmp)
    finally:
        source.close()
    for old in sorted(folder.glob("*.sqlite3"))[:-keep_count()]:
        old.unlink(missing_ok=True)
    return target


def ready_for_backups(path: Path) -> None:
    """Refuse (before anything is written) when the backups folder cannot be made or written."""
    folder = backup_dir(path)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise ReadOnlyStore(f"cannot make the backups folder ({exc.strerror}); nothing was recorded",
                            file=str(folder), hint="make the store's folder writable") from None
    if not os.access(folder, os.W_OK):
        raise ReadOnlyStore("the backups folder cannot be written; nothing was recorded", file=str(folder),
                            hint="make it writable")


def restore(path: Path, backup: Path) -> Path | None:
    """Put a backup in the store's place; the store it replaces (with its WAL) is kept, renamed, never deleted.

    Returns where the replaced store was moved (None when there was none).
    """
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
    tmp = path.with_name(f".{path.name}.restore-{stamp}.tmp")
    conn = open_readonly(backup)
    try:
        problem = check(conn)
        if problem is not None:
            raise StoreError(f"the backup fails its check ({problem})", file=str(backup),
                             hint="choose another backup")
        dest = sqlite3.connect(tmp)
        try:
            conn.backup(dest)  # SQLite's copy: a store's unmerged write-ahead log comes along
        finally:
            dest.close()
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        conn.close()
    with open(tmp, "rb+") as fh:
        os.fsync(fh.fileno())
    moved = None
    if path.exists():
        moved = path.with_name(f"{path.name}.replaced-{stamp}")
        for suffix in ("-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.replace(side, moved.with_name(moved.name + suffix))
        os.replace(path, moved)
    os.replace(tmp, path)
    return moved


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
def read(conn: sqlite3.Connection):
    """One read transaction: every query inside sees the same committed store, whatever other
    processes write meanwhile (WAL keeps this snapshot until the transaction ends)."""
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        conn.execute("COMMIT")


@contextmanager
def write(conn: sqlite3.Connection):
    """One write transaction: BEGIN IMMEDIATE serialises writers; all or nothing."""
    if is_readonly(conn):
        raise ReadOnlyStore("the store is read-only (its file or folder cannot be written); nothing was written",
                            hint="make the store file and its folder writable")
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
