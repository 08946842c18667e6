"""Open the SQLite store: location, schema versions per namespace, rotating backups and write transactions.

A store is never silently started over: a missing or empty store file next to backups is refused with
the command that restores one. Backups are copies in `<store>.backups/` named `<sequence>-<UTC time>.sqlite3`,
taken only from a store that checks cleanly and holds data; they are ordered by the sequence number (never
by the clock), the newest N kept (N from $PNP_STORE_BACKUPS, default 10).

A file is opened as a store only when it is one: a pnp store carries pnp's SQLite application_id (older
stores: a `schema_version(namespace, version)` table). Any other SQLite file is refused before anything
is written to it (no WAL switch, no tables), and a store made by a newer pnp is refused by name.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import sqlite3
import tempfile
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from pnp.errors import PnpError
from pnp.outpath import sync_file

STORE_ENV = "PNP_STORE"
STORE_FILE = "pnp.sqlite3"
KEEP_ENV = "PNP_STORE_BACKUPS"
KEEP_DEFAULT = 10
APPLICATION_ID = 0x706E7021  # "pnp!" in the SQLite header: this file is a pnp store
STORE_FORMAT = 1  # PRAGMA user_version of a store this pnp writes; a higher one comes from a newer pnp
SPACE_MARGIN = 1 << 20  # bytes a record may add to the store and its write-ahead log, beyond a backup's size
BACKUP_NAME = re.compile(r"^(\d+)-(\d{8}T\d{6}\.\d{6}Z)\.sqlite3$")  # <sequence>-<UTC time>.sqlite3
RESTORE_HINT = "see the backups with 'pnp campaign doctor' and restore one with 'pnp campaign doctor --restore latest'"


class StoreError(PnpError):
    """The store cannot be opened or is corrupt."""


class ReadOnlyStore(StoreError):
    """A write was asked of a store whose file or folder cannot be written."""


class NoSpace(StoreError):
    """The disk holding the store or its backups is full; nothing was recorded."""


class NotAStore(StoreError):
    """The file is another program's database (or no database): pnp neither reads nor changes it."""


def store_path(override: str | os.PathLike | None = None) -> Path:
    """The database file: the override, $PNP_STORE, or the user's data directory (platformdirs)."""
    if override:
        return Path(override)
    if os.environ.get(STORE_ENV):
        return Path(os.environ[STORE_ENV])
    from platformdirs import user_data_dir  # lazy: start-up time (the CLI imports this module at start)
    return Path(user_data_dir("pnp", appauthor=False)) / STORE_FILE


def backup_dir(path: Path) -> Path:
    """The folder holding a store's timestamped backups."""
    return path.with_name(path.name + ".backups")


def backup_path(path: Path) -> Path:
    """The legacy single backup file of older pnp versions (listed and restorable, never written)."""
    return path.with_name(path.name + ".bak")


def _order(backup: Path) -> tuple[int, str]:
    """A backup's place: its sequence number (older pnp's timestamp-only names come first, by name)."""
    m = BACKUP_NAME.match(backup.name)
    return (int(m.group(1)), backup.name) if m else (0, backup.name)


def backups(path: Path) -> list[Path]:
    """The store's backups, oldest first by sequence number (a legacy .bak first); the clock plays no part."""
    folder = backup_dir(path)
    found = sorted(folder.glob("*.sqlite3"), key=_order) if folder.is_dir() else []
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


def _marks(path: Path) -> tuple[int, int] | None:
    """(application_id, user_version) from a SQLite file's header; None when it is not SQLite.

    Read through SQLite itself (read-only, immutable: no lock, no -wal/-shm made), never by opening the
    file in Python: closing any descriptor of a file drops every POSIX lock this process holds on it,
    SQLite's included, and a store whose readers' locks vanished looks unused to another process, which
    then checkpoints and resets the write-ahead log under them (SQLITE_IOERR_SHORT_READ in a backup's
    check while a phone reads). SQLite keeps such descriptors open until its own locks are gone.
    """
    if path.stat().st_size < 100:
        return None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return None
    try:
        return (conn.execute("PRAGMA application_id").fetchone()[0], conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError:
        return None
    finally:
        conn.close()


def recognise(path: Path) -> None:
    """Refuse, before anything is written, a file that is not a pnp store or comes from a newer pnp.

    Reads the SQLite header (application_id, user_version); a store of an older pnp (no application_id)
    is recognised by its `schema_version(namespace, version)` table, read through a read-only connection.
    A file that is not SQLite at all is left to connect(), which calls it damaged (it may be a store).
    """
    marks = _marks(path)
    if marks is None:
        return
    app_id, user_version = marks
    if app_id == APPLICATION_ID:
        if user_version > STORE_FORMAT:
            raise StoreError(f"the store was made by a newer pnp (store format {user_version}; this pnp "
                             f"reads up to {STORE_FORMAT}); nothing was read or changed", file=str(path),
                             hint="upgrade pnp, or give --store another file")
        return
    if app_id == 0 and _has_pnp_schema(path, wal_beside=path.with_name(path.name + "-wal").exists()):
        return
    raise NotAStore("is another program's SQLite database, not a pnp store; pnp did not read or change it",
                    file=str(path), hint="give --store (or $PNP_STORE) a pnp store file, or a new file name")


def _has_pnp_schema(path: Path, *, wal_beside: bool) -> bool:
    """True when a read-only look finds pnp's `schema_version(namespace, version)` table (an older pnp's store).

    Without a -wal file beside it the look is immutable, so it leaves no -wal/-shm files behind.
    """
    try:
        conn = open_readonly(path, immutable=not wal_beside)
    except sqlite3.DatabaseError:
        return True  # unreadable: connect() reports it as damaged, with the restore hint
    try:
        cols = [r[1] for r in conn.execute("PRAGMA table_info(schema_version)")]
    except sqlite3.DatabaseError:
        return True
    finally:
        conn.close()
    return cols == ["namespace", "version"]


def fault(exc: BaseException, path: Path, doing: str, folder: Path | None = None) -> StoreError | None:
    """A disk fault (full disk, I/O error) met while `doing`, as a one-line store error; None for other errors.

    A full disk is named as such ("no space left on <folder>", the store's folder unless given), never
    as a damaged store.
    """
    code = getattr(exc, "sqlite_errorcode", None)
    code = None if code is None else code & 0xFF
    folder = path.parent if folder is None else folder
    full = (code == sqlite3.SQLITE_FULL or getattr(exc, "errno", None) == errno.ENOSPC
            or (isinstance(exc, sqlite3.Error) and "disk is full" in str(exc))
            or (code in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN) and free_space(folder) < SPACE_MARGIN))
    if full:
        return NoSpace(f"no space left on {folder} while {doing}", file=str(path),
                       hint="free some disk space, then run the command again")
    if code == sqlite3.SQLITE_IOERR or getattr(exc, "errno", None) == errno.EIO:
        reason = getattr(exc, "strerror", None) or str(exc)
        return StoreError(f"the disk failed while {doing} ({reason})", file=str(path),
                          hint="check the disk, then run the command again")
    return None


def free_space(folder: Path) -> int:
    """Bytes free for this user on the disk holding folder (a huge number when it cannot be told)."""
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return 1 << 62


def connect(path: Path, *, create: bool = True) -> sqlite3.Connection:
    """Open the store with WAL and a busy timeout; read-only when it cannot be written; never over a lost one.

    Another program's database or a newer pnp's store is refused before anything is written to it.
    A store that cannot be written opens read-only (`conn.readonly` is True): reads work, writes raise.
    """
    if path.is_dir():
        raise StoreError("is a folder, not a store file", file=str(path), hint="give --store the path of a file")
    if path.exists() and not path.is_file():
        raise NotAStore("is not a regular file (a pipe or device?), not a pnp store", file=str(path),
                        hint="give --store (or $PNP_STORE) a pnp store file, or a new file name")
    _refuse_fresh_start(path)
    fresh = not path.exists() or path.stat().st_size == 0
    if not path.exists():
        if not create:
            raise StoreError("there is no store yet", file=str(path), hint="start a campaign: pnp campaign new")
        above = next((p for p in path.parents if p.exists()), None)
        if above is not None and not above.is_dir():
            raise StoreError(f"cannot make the store here: {above} is a file, not a folder", file=str(path),
                             hint="give --store (or $PNP_STORE) a path inside a folder")
        path.parent.mkdir(parents=True, exist_ok=True)
    else:
        recognise(path)
    readonly = path.exists() and not writable(path)
    conn = None
    try:
        if readonly:
            conn = open_readonly(path)
        else:
            conn = sqlite3.connect(path, timeout=30.0, isolation_level=None, factory=Connection)
            if fresh:  # marked as pnp's before anything else is written
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version={STORE_FORMAT}")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version "
                         "(namespace TEXT PRIMARY KEY, version INTEGER NOT NULL)")
    except sqlite3.DatabaseError as exc:
        if conn is not None:
            conn.close()
        disk = fault(exc, path, "opening the store")
        wal = path.with_name(path.name + "-wal")
        if isinstance(disk, NoSpace) and not fresh and (not wal.exists() or wal.stat().st_size == 0):
            return _read_on_a_full_disk(path, disk)  # nothing in a write-ahead log: the file alone is the store
        if disk is not None:
            raise disk from None
        raise StoreError(f"the store is not a readable database ({exc})", file=str(path),
                         hint=RESTORE_HINT if backups(path) else "move the file aside to start a new store") from None
    conn.readonly, conn.path = readonly, path
    return conn


def _read_on_a_full_disk(path: Path, full: NoSpace) -> sqlite3.Connection:
    """A store with no write-ahead log on a full disk: read as it is (immutable, no -shm needed); writes
    raise `full` ("no space left on ...") instead of calling the store damaged or read-only."""
    try:
        conn = open_readonly(path, immutable=True)
    except sqlite3.DatabaseError:
        raise full from None
    conn.full = NoSpace(full.message.replace(" while opening the store", "") + "; nothing was recorded",
                        file=full.file, hint=full.hint)
    return conn


class Connection(sqlite3.Connection):
    """A store connection that knows its file and whether it was opened read-only."""

    readonly = False
    path = None
    full = None  # a NoSpace error when the store was opened read-only because its disk is full


def is_readonly(conn: sqlite3.Connection) -> bool:
    """True when connect() opened this connection read-only."""
    return getattr(conn, "readonly", False)


def open_readonly(path: Path, *, immutable: bool = False) -> sqlite3.Connection:
    """A read-only connection; a WAL store in an unwritable folder is read as it was last checkpointed.

    With immutable (for backups, which nothing writes) SQLite makes no -wal/-shm files beside the file.
    """
    uri = path.resolve().as_uri()
    try:
        if immutable:
            raise sqlite3.OperationalError("opened as immutable")
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=30.0, isolation_level=None, factory=Connection)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        conn = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None, factory=Connection)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    conn.readonly, conn.path = True, path
    return conn


def check(conn: sqlite3.Connection) -> str | None:
    """None when SQLite's quick check passes, else what it found."""
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as exc:
        return str(exc)
    return None if rows == ["ok"] else "; ".join(rows[:3])


def _version(conn: sqlite3.Connection, namespace: str) -> int:
    """A namespace's schema version in the store (0: not set up)."""
    has_table = conn.execute("SELECT 1 FROM sqlite_master WHERE name='schema_version'").fetchone()
    row = conn.execute("SELECT version FROM schema_version WHERE namespace=?",
                       (namespace,)).fetchone() if has_table else None
    return row[0] if row else 0


def migrate(conn: sqlite3.Connection, namespace: str, migrations: list[str]) -> int:
    """Apply a namespace's pending migrations (SQL scripts, in order); return its schema version.

    Each version is looked at again inside its write transaction: another connection (another page of
    `pnp serve`, another process) may have applied it since the first look.
    """
    current = _version(conn, namespace)
    if current > len(migrations):
        raise StoreError(f"the store was made by a newer pnp: its '{namespace}' tables are version {current}, "
                         f"newer than this pnp knows ({len(migrations)}); nothing was read or changed",
                         file=None if getattr(conn, "path", None) is None else str(conn.path),
                         hint="upgrade pnp, or give --store another file")
    if current < len(migrations) and getattr(conn, "full", None) is not None:
        raise conn.full  # opened read-only only because the disk is full
    if current < len(migrations) and is_readonly(conn):
        raise ReadOnlyStore(f"the store is read-only and needs its '{namespace}' tables set up or upgraded",
                            hint="make the store file and its folder writable, then run the command again")
    for version in range(current + 1, len(migrations) + 1):
        with write(conn):
            if _version(conn, namespace) >= version:  # applied by another connection meanwhile
                continue
            for stmt in statements(migrations[version - 1]):
                conn.execute(stmt)
            conn.execute("INSERT INTO schema_version(namespace, version) VALUES(?, ?) "
                         "ON CONFLICT(namespace) DO UPDATE SET version=excluded.version", (namespace, version))
    return len(migrations)


def _holds_data(conn: sqlite3.Connection) -> bool:
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' "
                                         "AND name NOT LIKE 'sqlite_%' AND name != 'schema_version'")]
    return any(conn.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone() for t in tables)


@contextmanager
def _backup_lock(folder: Path):
    """Serialise backups of one store between processes (where fcntl exists), so sequence order is copy order."""
    try:
        import fcntl  # here, not at the top: not every system has it (Windows)
    except ImportError:  # Windows: no lock; two backups at the same instant may take either order
        yield
        return
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _copy(source: sqlite3.Connection, tmp: str) -> None:
    """SQLite's copy of the committed store into tmp, in rollback-journal mode (reading it makes no -wal/-shm).

    The copy is written without a journal or syncs of its own (a third of the time): tmp is a new file that
    nothing reads until the one fsync below has made it whole and take_backup renames it into place; a copy
    cut short is a stray temporary file, never a backup.
    """
    dest = sqlite3.connect(tmp)
    try:
        dest.execute("PRAGMA synchronous=OFF")
        dest.execute("PRAGMA journal_mode=MEMORY")
        source.backup(dest)
        dest.execute("PRAGMA journal_mode=DELETE")
    finally:
        dest.close()
    sync_file(tmp)


def take_backup(path: Path) -> Path | None:
    """Copy the committed store into a new backup `<sequence>-<UTC time>.sqlite3`, atomically; keep the newest N.

    Only a store that passes SQLite's quick check and holds data is copied (an empty or damaged
    state never pushes a good backup out). Uses its own connection (a backup through a connection
    holding the write lock never finishes) and a unique temporary file, so a backup killed half-way
    never blocks the next one. The sequence number is one more than the highest there, so a clock
    set back never puts a new backup before old ones. Returns the new backup, or None when there
    was nothing to keep. Disk faults raise OSError or sqlite3.Error (see backup_after_commit).
    """
    source = sqlite3.connect(path, timeout=30.0)
    try:
        problem = check(source)
        if problem is not None:
            raise StoreError(f"the store fails its check ({problem}); no backup taken",
                             file=str(path), hint=RESTORE_HINT)
        if not _holds_data(source):
            return None
        folder = backup_dir(path)
        try:
            folder.mkdir(exist_ok=True)
        except OSError as exc:
            raise ReadOnlyStore(f"cannot write a backup ({exc.strerror})", file=str(folder),
                                hint="make the store's folder writable") from None
        with _backup_lock(folder):
            fd, tmp = tempfile.mkstemp(prefix=".backup-", suffix=".tmp", dir=folder)
            os.close(fd)
            try:
                _copy(source, tmp)
                os.chmod(tmp, path.stat().st_mode & 0o666)  # as private as the store, and no more
                seq = max((_order(b)[0] for b in folder.glob("*.sqlite3")), default=0) + 1
                stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
                target = folder / f"{seq:08d}-{stamp}.sqlite3"
                os.replace(tmp, target)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
            for old in sorted(folder.glob("*.sqlite3"), key=_order)[:-keep_count()]:
                old.unlink(missing_ok=True)
    finally:
        source.close()
    return target


def backup_after_commit(path: Path) -> str | None:
    """Back up a store whose record is already committed; a failure is returned as a warning, never raised.

    The record stays (it happened); the warning names the problem so that nobody records it again.
    """
    try:
        take_backup(path)
    except (OSError, sqlite3.Error, StoreError) as exc:
        err = exc if isinstance(exc, StoreError) else fault(exc, path, "writing the backup", backup_dir(path))
        why = err.message if err is not None else f"{type(exc).__name__}: {exc}"
        return (f"recorded, but no backup holds it yet: {why}; the record is kept, do not record it again "
                f"(free space or fix the problem; the next record is backed up with it)")
    return None


def ready_for_backups(path: Path) -> None:
    """Refuse (before anything is written) when the backups folder cannot be made or written, or when the
    disk has no room for the record and a backup of the store."""
    folder = backup_dir(path)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            raise NoSpace(f"no space left on {path.parent}; nothing was recorded", file=str(path),
                          hint="free some disk space, then run the command again") from None
        raise ReadOnlyStore(f"cannot make the backups folder ({exc.strerror}); nothing was recorded",
                            file=str(folder), hint="make the store's folder writable") from None
    if not os.access(folder, os.W_OK):
        raise ReadOnlyStore("the backups folder cannot be written; nothing was recorded", file=str(folder),
                            hint="make it writable")
    size = sum(p.stat().st_size for p in (path, path.with_name(path.name + "-wal")) if p.exists())
    need, free = size + SPACE_MARGIN, free_space(folder)
    if free < need:
        raise NoSpace(f"no space left on {folder}: a record and its backup need about {need // 1024} kB, "
                      f"{free // 1024} kB are free; nothing was recorded", file=str(path),
                      hint="free some disk space, then run the command again")


def restore(path: Path, backup: Path) -> Path | None:
    """Put a backup in the store's place; the store it replaces (with its WAL) is kept, renamed, never deleted.

    Returns where the replaced store was moved (None when there was none).
    """
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
    tmp = path.with_name(f".{path.name}.restore-{stamp}.tmp")
    conn = open_readonly(backup, immutable=backup.parent == backup_dir(path))
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
    sync_file(tmp)
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
    if getattr(conn, "full", None) is not None:
        raise conn.full
    if is_readonly(conn):
        raise ReadOnlyStore("the store is read-only (its file or folder cannot be written); nothing was written",
                            hint="make the store file and its folder writable")
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # also when COMMIT itself failed (a full disk): nothing stays half-done
            conn.execute("ROLLBACK")
        raise
