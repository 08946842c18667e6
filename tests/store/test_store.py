"""The shared SQLite store: migrations with triggers, backups that survive being killed half-way."""
import sqlite3

import pytest

from pnp.store import db

MIGRATIONS = [
    "CREATE TABLE log (id INTEGER PRIMARY KEY, what TEXT NOT NULL);\n"
    "CREATE TRIGGER log_is_append_only BEFORE DELETE ON log\n"
    "BEGIN\n  SELECT RAISE(ABORT, 'append-only');\nEND;\n",
    "ALTER TABLE log ADD COLUMN at TEXT;",
]


def test_migrations_apply_once_and_keep_triggers(tmp_path):
    path = tmp_path / "s.sqlite3"
    conn = db.connect(path)
    assert db.migrate(conn, "t", MIGRATIONS) == 2
    assert db.migrate(conn, "t", MIGRATIONS) == 2
    with db.write(conn):
        conn.execute("INSERT INTO log(what, at) VALUES('won', 'now')")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("DELETE FROM log")
    assert conn.execute("SELECT version FROM schema_version WHERE namespace='t'").fetchone() == (2,)


def test_migrations_another_connection_applied_meanwhile_are_not_applied_again(tmp_path):
    """Two pages of `pnp serve` opening a store whose game tables are not set up yet (a phone's first visit,
    its service worker fetching every page at once) both found version 0; the one that wrote second ran
    CREATE TABLE again and its page said 'The store is damaged (table ... already exists)'."""
    path = tmp_path / "s.sqlite3"
    db.connect(path).close()
    other = db.connect(path)

    class Racing(db.Connection):  # the other connection migrates between this one's look and its write
        def execute(self, sql, *args):
            cursor = super().execute(sql, *args)
            if sql.startswith("SELECT version FROM schema_version") and not other.in_transaction \
                    and other.execute("SELECT count(*) FROM schema_version").fetchone() == (0,):
                assert db.migrate(other, "t", MIGRATIONS) == 2
            return cursor

    conn = sqlite3.connect(path, timeout=30.0, isolation_level=None, factory=Racing)
    assert db.migrate(conn, "t", MIGRATIONS) == 2
    assert conn.execute("SELECT version FROM schema_version WHERE namespace='t'").fetchone() == (2,)
    assert [r[1] for r in conn.execute("PRAGMA table_info(log)")] == ["id", "what", "at"]


def test_newer_schema_is_refused(tmp_path):
    conn = db.connect(tmp_path / "s.sqlite3")
    db.migrate(conn, "t", MIGRATIONS)
    with pytest.raises(db.StoreError, match="newer"):
        db.migrate(conn, "t", MIGRATIONS[:1])


def test_write_rolls_back_on_error(tmp_path):
    conn = db.connect(tmp_path / "s.sqlite3")
    db.migrate(conn, "t", MIGRATIONS)
    with pytest.raises(RuntimeError):
        with db.write(conn):
            conn.execute("INSERT INTO log(what) VALUES('half')")
            raise RuntimeError("crash")
    assert conn.execute("SELECT count(*) FROM log").fetchone() == (0,)


def test_backup_while_writing_and_after_a_stale_temp_file(tmp_path):
    path = tmp_path / "s.sqlite3"
    conn = db.connect(path)
    db.migrate(conn, "t", MIGRATIONS)
    with db.write(conn):
        conn.execute("INSERT INTO log(what) VALUES('zero')")
    db.backup_dir(path).mkdir()
    (db.backup_dir(path) / ".stale.tmp").write_text("not a database")
    with db.write(conn):
        conn.execute("INSERT INTO log(what) VALUES('one')")
        first = db.take_backup(path)  # inside a write: its own connection sees the committed state
    assert sqlite3.connect(first).execute("SELECT what FROM log").fetchall() == [("zero",)]
    second = db.take_backup(path)
    assert sqlite3.connect(second).execute("SELECT what FROM log").fetchall() == [("zero",), ("one",)]
    assert db.backups(path) == [first, second]


def test_backups_rotate_keeping_the_newest_n(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_STORE_BACKUPS", "3")
    path = tmp_path / "s.sqlite3"
    conn = db.connect(path)
    db.migrate(conn, "t", MIGRATIONS)
    taken = []
    for i in range(6):
        with db.write(conn):
            conn.execute("INSERT INTO log(what) VALUES(?)", (str(i),))
        taken.append(db.take_backup(path))
    assert db.backups(path) == taken[-3:]
    assert [sqlite3.connect(b).execute("SELECT count(*) FROM log").fetchone()[0] for b in taken[-3:]] == [4, 5, 6]


def test_an_empty_store_is_not_backed_up(tmp_path):
    path = tmp_path / "s.sqlite3"
    db.migrate(db.connect(path), "t", MIGRATIONS)
    assert db.take_backup(path) is None and db.backups(path) == []


def test_a_damaged_store_is_not_backed_up(tmp_path):
    path = tmp_path / "s.sqlite3"
    conn = db.connect(path)
    db.migrate(conn, "t", MIGRATIONS)
    with db.write(conn):
        conn.executemany("INSERT INTO log(what) VALUES(?)", [("x" * 500,)] * 200)
    good = db.take_backup(path)
    conn.close()
    data = bytearray(path.read_bytes())
    data[4096 * 2: 4096 * 3] = b"\xff" * 4096  # a page of the table destroyed
    path.write_bytes(bytes(data))
    with pytest.raises(db.StoreError, match="no backup taken"):
        db.take_backup(path)
    assert db.backups(path) == [good]


def test_corrupt_store_points_to_backup(tmp_path):
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    db.backup_path(path).write_bytes(b"an old backup" * 100)
    with pytest.raises(db.StoreError) as exc:
        db.connect(path)
    assert "campaign doctor --restore" in exc.value.one_line()


def test_restore_brings_along_what_is_still_in_the_write_ahead_log(tmp_path):
    source = tmp_path / "old.sqlite3"
    conn = db.connect(source)
    db.migrate(conn, "t", MIGRATIONS)
    conn.execute("PRAGMA wal_autocheckpoint=0")
    with db.write(conn):
        conn.execute("INSERT INTO log(what) VALUES('only in the WAL')")
    assert source.with_name(source.name + "-wal").stat().st_size > 0
    target = tmp_path / "pnp.sqlite3"
    assert db.restore(target, source) is None  # nothing was in the store's place
    conn.close()
    assert sqlite3.connect(target).execute("SELECT what FROM log").fetchall() == [("only in the WAL",)]
