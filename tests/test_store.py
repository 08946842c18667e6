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
    (tmp_path / "s.sqlite3.bak.stale.tmp").write_text("not a database")
    with db.write(conn):
        conn.execute("INSERT INTO log(what) VALUES('one')")
        db.take_backup(path)  # inside a write: its own connection sees the committed state
    bak = sqlite3.connect(db.backup_path(path))
    assert bak.execute("SELECT count(*) FROM log").fetchone() == (0,)
    db.take_backup(path)
    bak = sqlite3.connect(db.backup_path(path))
    assert bak.execute("SELECT what FROM log").fetchall() == [("one",)]


def test_corrupt_store_points_to_backup(tmp_path):
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    db.backup_path(path).write_bytes(b"")
    with pytest.raises(db.StoreError) as exc:
        db.connect(path)
    assert ".bak" in exc.value.one_line() and "restore" in exc.value.one_line()
