"""The campaign store under attack and bad luck (issue 25): writes over things that are not pnp's, another
program's database, full disks, a clock set back, a newer store, bounded imports, terminal escape codes.

Every case checks that a command reporting failure changed nothing, that nothing was recorded twice,
and that nothing stored was lost.
"""
from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import types
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from copies import store_copy
from pnp.games.argonauts import campaign as service
from pnp.games.argonauts.campaign_synthetic import long_export
from pnp.cli.main import main
from pnp.store import db


def cli(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def one_line_error(res, code=1) -> str:
    """The output of a refused command: its exit code, one line, no traceback or internal error."""
    assert res.exit_code == code, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output, res.output
    assert len(res.output.strip().splitlines()) == 1, res.output
    return res.output


def events(store: Path) -> int:
    """How many events the store holds (read-only, so counting changes nothing)."""
    conn = sqlite3.connect(f"{store.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM campaign_event").fetchone()[0]
    finally:
        conn.close()


def backup_events(backup: Path) -> int:
    conn = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM campaign_event").fetchone()[0]
    finally:
        conn.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """The store the tests start from, made once: 'voyage' of Jason with one loss."""
    path = tmp_path_factory.mktemp("template") / "s.sqlite3"
    service.new(path, "voyage", "Jason")
    service.loss(path)
    return path


@pytest.fixture
def store(template, tmp_path):
    """The test's own copy of that store (and its backups)."""
    return store_copy(template, tmp_path)


# ---- writes over things that are not ours ---------------------------------------------------------

def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _symlink(path: Path) -> Path:
    victim = path.parent / "victim.txt"
    victim.write_text("someone else's file")
    path.symlink_to(victim)
    return path


def _device(path: Path) -> Path:
    try:
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # a null device of the test's own
    except (PermissionError, AttributeError, OSError) as exc:
        pytest.skip(f"cannot make a device node here ({exc}); the /dev/null case covers devices")
    return path


@pytest.mark.parametrize("make, says", [(_fifo, "pipe"), (_symlink, "symbolic link"), (_device, "device"),
                                        (lambda p: Path(os.devnull), "device")],
                         ids=["fifo", "symlink", "device", "dev-null"])
def test_export_never_writes_over_a_pipe_link_or_device(store, tmp_path, make, says):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    folder = tmp_path / "out"
    folder.mkdir()
    target = make(folder / "voyage.json")
    before = os.lstat(target)
    out = one_line_error(cli("campaign", "export", "-o", target, "--store", store))
    assert says in out and str(target) in out and "wrote" not in out
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)
    assert {p.name for p in folder.iterdir()} <= {target.name, "victim.txt"}  # nothing half-written beside it
    if (folder / "victim.txt").exists():
        assert (folder / "victim.txt").read_text() == "someone else's file"


def test_an_export_into_a_file_as_if_it_were_a_folder_is_one_line(store, tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    target = tmp_path / "notes.txt" / "voyage.json"
    out = one_line_error(cli("campaign", "export", "-o", target, "--store", store))
    assert "the export was not written: cannot write (Not a directory" in out and str(target) in out
    assert (tmp_path / "notes.txt").read_text() == "a file, not a folder"


def test_a_store_path_inside_a_file_is_one_line_and_changes_nothing(tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    store = tmp_path / "notes.txt" / "campaigns" / "pnp.sqlite3"
    out = one_line_error(cli("campaign", "new", "--player", "Jason", "--name", "voyage", "--store", store))
    assert f"cannot make the store here: {tmp_path / 'notes.txt'} is a file, not a folder" in out
    assert (tmp_path / "notes.txt").read_text() == "a file, not a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_an_export_is_synced_to_the_disk_before_it_replaces_the_old_one(store, tmp_path, monkeypatch):
    """A power cut after the rename must find the new export whole: its bytes are fsynced first. A disk that
    fills while syncing leaves the old export and no .part file, with one line saying so."""
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "voyage.json"
    target.write_text("the old export")
    steps, fsync, replace = [], os.fsync, os.replace

    def synced(fd):  # which file: its inode
        steps.append(("fsync", os.fstat(fd).st_ino))
        fsync(fd)

    def moved(a, b):
        steps.append(("replace", os.stat(a).st_ino, str(a)))
        return replace(a, b)
    monkeypatch.setattr(os, "fsync", synced)
    monkeypatch.setattr(os, "replace", moved)
    assert cli("campaign", "export", "-o", target, "--store", store).exit_code == 0
    assert json.loads(target.read_text())["name"] == "voyage"
    at = next(i for i, step in enumerate(steps) if step[0] == "replace" and step[2].endswith(".part"))
    assert ("fsync", steps[at][1]) in steps[:at], steps

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    target.write_text("the old export")
    out = one_line_error(cli("campaign", "export", "-o", target, "--store", store))
    assert "the export was not written: no space left on the disk" in out
    assert target.read_text() == "the old export" and [p.name for p in target.parent.iterdir()] == ["voyage.json"]


@pytest.fixture(params=["plain", "own-schema_version", "application_id"])
def foreign(request, tmp_path):
    """Another program's SQLite file: a plain one, one with a schema_version table of its own, one with
    its own application_id (all in rollback-journal mode, as most programs leave them)."""
    path = tmp_path / "other-app.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("INSERT INTO notes(body) VALUES ('not pnp''s')")
    if request.param == "own-schema_version":
        conn.execute("CREATE TABLE schema_version (installed_rank INTEGER, version TEXT, script TEXT)")
    if request.param == "application_id":
        conn.execute("PRAGMA application_id=1179407942")
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("args", [["status"], ["history"], ["list"], ["doctor"], ["deck"],
                                  ["new", "--player", "J", "--name", "v"]])
def test_another_programs_database_is_refused_and_left_byte_identical(foreign, args):
    before = foreign.read_bytes()
    out = one_line_error(cli("campaign", *args, "--store", foreign))
    assert str(foreign) in out and "not a pnp store" in out
    assert foreign.read_bytes() == before  # no WAL switch, no tables
    assert sorted(p.name for p in foreign.parent.iterdir()) == ["other-app.db"]  # no -wal, -shm, backups


def test_another_programs_database_named_by_pnp_store_is_refused(foreign):
    before = foreign.read_bytes()
    out = one_line_error(cli("campaign", "status", env={"PNP_STORE": str(foreign)}))
    assert str(foreign) in out and "not a pnp store" in out
    assert foreign.read_bytes() == before


# ---- a write is what it says: full disks -----------------------------------------------------------

def _full(message="database or disk is full"):
    exc = sqlite3.OperationalError(message)
    exc.sqlite_errorcode = sqlite3.SQLITE_FULL
    return exc


@pytest.fixture
def backups_fail(monkeypatch):
    """The disk fills up just after a record is committed: writing the backup copy fails (ENOSPC)."""
    real = sqlite3

    def connect(target, *a, **kw):
        if str(target).endswith(".tmp") and Path(str(target)).parent.name.endswith(".backups"):
            raise _full()
        return real.connect(target, *a, **kw)
    fake = types.SimpleNamespace(**{k: getattr(real, k) for k in dir(real) if not k.startswith("__")})
    fake.connect = connect
    monkeypatch.setattr(db, "sqlite3", fake)


def test_a_backup_failing_after_the_commit_is_a_warning_and_the_record_is_kept(store, backups_fail):
    before, kept = events(store), db.backups(store)
    res = CliRunner().invoke(main, ["campaign", "loss", "--store", str(store)])
    assert "Traceback" not in res.output and "internal error" not in res.output, res.output
    assert res.exit_code == 3, res.output  # documented: recorded, but no backup holds it
    assert "Recorded on campaign 'voyage'" in res.stdout
    assert "no space left on" in res.stderr and str(db.backup_dir(store)) in res.stderr
    assert "do not record it again" in res.stderr
    assert events(store) == before + 1  # recorded once
    assert db.backups(store) == kept  # nothing half-written among the backups
    assert not [p for p in db.backup_dir(store).iterdir() if p.suffix == ".tmp"]


def test_the_warning_reaches_scripts_in_json(store, backups_fail):
    res = CliRunner().invoke(main, ["campaign", "loss", "--json", "--store", str(store)])
    assert res.exit_code == 3
    assert "no space left on" in json.loads(res.stdout)["warning"]


def test_a_commit_failing_on_a_full_disk_records_nothing_and_says_so(store, monkeypatch):
    before, doc = events(store), service.export(store)
    real_execute = db.Connection.execute

    def execute(self, sql, *a):
        if sql == "COMMIT":
            raise _full()
        return real_execute(self, sql, *a)
    monkeypatch.setattr(db.Connection, "execute", execute)
    out = one_line_error(cli("campaign", "loss", "--store", store))
    assert "no space left on" in out and "damaged" not in out and "restore" not in out
    monkeypatch.setattr(db.Connection, "execute", real_execute)
    assert events(store) == before and service.export(store) == doc  # nothing recorded, nothing lost
    assert cli("campaign", "loss", "--store", store).exit_code == 0  # the retry records it once
    assert events(store) == before + 1


def test_too_little_room_for_a_backup_is_refused_before_anything_is_written(store, monkeypatch):
    before = events(store)
    monkeypatch.setattr(shutil, "disk_usage", lambda p: types.SimpleNamespace(total=1 << 30, used=1 << 30, free=4096))
    out = one_line_error(cli("campaign", "win", "--victory", "Harpies", "--deed", "rocks", "--store", store))
    assert "no space left on" in out and "nothing was recorded" in out
    assert events(store) == before


def test_micro_hero_save_kept_once_when_its_backup_fails(tmp_path, backups_fail):
    from pnp.games.micro_hero.save import history, parse_snapshot, save
    path = tmp_path / "mh.sqlite3"
    snap = parse_snapshot("strike+,block,training,training,strike,block,training,block,strike,training",
                          "training,strike,block,wrestle,dodge,study,wound:3,lion-skin", "nemean-lion")
    out = save(snap, path=path)
    assert "no space left on" in out["warning"]
    assert [h["save"] for h in history(path=path)[1]] == [1]


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs (root only); skipped with the reason where it cannot be mounted."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root; the fault-injected tests cover full disks")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], capture_output=True, check=False)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.decode(errors='replace').strip()})")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def _fill(folder: Path) -> Path:
    filler = folder / "filler"
    with open(filler, "wb") as fh:
        try:
            while True:
                fh.write(b"\0" * 65536)
                fh.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def test_a_real_full_disk_reads_the_store_and_refuses_records_by_name(small_disk):
    store = small_disk / "s.sqlite3"
    service.new(store, "voyage", "Jason")
    service.loss(store)
    filler = _fill(small_disk)
    res = cli("campaign", "status", "--store", store)
    assert res.exit_code == 0 and "1 loss;" in res.output, res.output  # healthy, not "unreadable"
    out = one_line_error(cli("campaign", "win", "--victory", "Harpies", "--deed", "rocks", "--store", store))
    assert "no space left on" in out and "restore" not in out and "damaged" not in out
    filler.unlink()
    assert events(store) == 2  # nothing recorded by the refused win
    assert cli("campaign", "win", "--victory", "Harpies", "--deed", "rocks", "--store", store).exit_code == 0
    assert events(store) == 3 and backup_events(db.backups(store)[-1]) == 3  # once, and backed up


# ---- backups: a clock set back, doctor's side files --------------------------------------------------

def _clock(monkeypatch, when: datetime):
    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return when
    monkeypatch.setattr(db, "datetime", Clock)


def test_a_clock_set_back_does_not_make_new_backups_vanish(store, monkeypatch):
    monkeypatch.setenv("PNP_STORE_BACKUPS", "3")
    _clock(monkeypatch, datetime(2031, 1, 1, tzinfo=timezone.utc))
    service.loss(store)
    service.loss(store)
    _clock(monkeypatch, datetime(2025, 1, 1, tzinfo=timezone.utc))  # the clock was set back
    for _ in range(3):
        service.loss(store)
    newest = db.backups(store)
    assert [backup_events(b) for b in newest] == [5, 6, 7] and events(store) == 7
    store.unlink()  # the store is lost: 'latest' must bring back the newest record, once
    res = cli("campaign", "doctor", "--restore", "latest", "--store", store)
    assert res.exit_code == 0, res.output
    assert service.status(store)["losses"] == 6 and events(store) == 7


def test_doctor_leaves_no_wal_or_shm_files_among_the_backups(store):
    service.loss(store)
    assert cli("campaign", "doctor", "--store", store).exit_code == 0
    assert cli("campaign", "doctor", "--restore", "latest", "--store", store).exit_code == 0
    assert sorted(p.name for p in db.backup_dir(store).iterdir() if p.name.endswith(("-wal", "-shm"))) == []


# ---- a store from a newer pnp ----------------------------------------------------------------------

def test_a_newer_schema_is_refused_naming_the_store(store):
    conn = sqlite3.connect(store)
    conn.execute("UPDATE schema_version SET version=99 WHERE namespace='campaign'")
    conn.commit()
    conn.close()
    before = store.read_bytes()
    out = one_line_error(cli("campaign", "status", "--store", store))
    assert str(store) in out and "newer" in out and "upgrade pnp" in out
    assert store.read_bytes() == before


def test_a_newer_store_format_is_refused_naming_the_store(tmp_path):
    path = tmp_path / "future.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id={getattr(db, 'APPLICATION_ID', 0x706E7021)}")
    conn.execute(f"PRAGMA user_version={getattr(db, 'STORE_FORMAT', 1) + 1}")
    conn.execute("CREATE TABLE schema_version (namespace TEXT PRIMARY KEY, version INTEGER NOT NULL)")
    conn.execute("CREATE TABLE future_things (x)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    out = one_line_error(cli("campaign", "list", "--store", path))
    assert str(path) in out and "newer pnp" in out
    assert path.read_bytes() == before


# ---- imports: bounded JSON, no escape codes ----------------------------------------------------------

def _observable(store):
    return service.export(store, "voyage"), {b.name: b.read_bytes() for b in db.backups(store)}, events(store)


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("make, says", [
    (lambda d: json.dumps(d).replace('"seq": 1,', '"seq": ' + "1" * 5000 + ",", 1), "number"),
    (lambda d: json.dumps(d)[:-1] + ', "extra": ' + _deep(900) + "}", "nested deeper"),
    (lambda d: json.dumps(d)[:-1] + ', "extra": ' + "9" * 3000 + "}", "number"),
], ids=["5000-digit-seq", "900-deep", "3000-digit-extra"])
def test_nested_or_huge_number_imports_get_a_one_line_error(store, tmp_path, make, says):
    before = _observable(store)
    f = tmp_path / "in.json"
    f.write_text(make(long_export(12, name="other")))
    out = one_line_error(cli("campaign", "import", f, "--store", store))
    assert says in out and str(f) in out
    assert _observable(store) == before


ESCAPES = "\x1b]0;owned\x07\x1b[2J\x1b[31mred\x1b[0m\x9b1m"


@pytest.mark.parametrize("field", ["name", "player"])
def test_escape_codes_in_an_imported_name_are_refused_by_field(store, tmp_path, field):
    doc = long_export(6, name="other")
    if field == "player":
        doc["events"][0]["payload"]["player"] = doc["player"] = ESCAPES
        doc["state"]["player"] = ESCAPES
    else:
        doc["name"] = ESCAPES
    before = _observable(store)
    f = tmp_path / "in.json"
    f.write_text(json.dumps(doc))
    out = one_line_error(cli("campaign", "import", f, "--store", store))
    assert f"'{field}'" in out and "control character" in out and "\x1b" not in out and "\x07" not in out
    assert _observable(store) == before


def test_stored_escape_codes_are_never_printed(store):
    """A store written before names were checked: its text reaches the terminal without escape codes."""
    conn = sqlite3.connect(store)
    conn.execute("UPDATE campaign SET name=?", (ESCAPES,))
    conn.commit()
    conn.close()
    shown = []
    for args in (["list"], ["status"], ["history"], ["doctor"], ["status", "--campaign", "nosuch"]):
        res = cli("campaign", *args, "--store", store)
        assert "Traceback" not in res.output
        shown.append(res.output)
    text = "".join(shown)
    assert "red" in text and "owned" not in text
    assert not [ch for ch in text if ch in "\x1b\x07\x9b"]


MH_DECK = "strike+,block,training,training,strike,block,training,block,strike,training"
MH_SUPPLY = "training,strike,block,wrestle,dodge,study,wound:3,lion-skin"


def test_micro_hero_names_and_notes_with_escape_codes_are_refused_on_save(tmp_path):
    path = tmp_path / "mh.sqlite3"
    res = cli("micro-hero", "save", "--deck", MH_DECK, "--supply", MH_SUPPLY, "--beaten", "nemean-lion",
              "--note", ESCAPES, env={"PNP_STORE": str(path)})
    out = one_line_error(res, code=2)
    assert "--note" in out and "control character" in out and "\x1b" not in out
    assert not path.exists()  # refused before the store was even opened: nothing saved


def test_micro_hero_stored_escape_codes_are_never_printed(tmp_path):
    path = tmp_path / "mh.sqlite3"
    env = {"PNP_STORE": str(path)}
    assert cli("micro-hero", "save", "--deck", MH_DECK, "--supply", MH_SUPPLY, "--beaten", "nemean-lion",
               "--note", "first", env=env).exit_code == 0
    conn = sqlite3.connect(path)  # as an older pnp, which did not check names and notes, could have stored
    conn.execute("UPDATE mh_game SET name=?", ("red" + ESCAPES,))
    conn.execute("UPDATE mh_save SET note=?", (ESCAPES,))
    conn.commit()
    conn.close()
    text = cli("micro-hero", "status", env=env).output + cli("micro-hero", "resume", env=env).output
    assert "red" in text and not [ch for ch in text if ch in "\x1b\x07\x9b"]


def test_recognising_a_store_keeps_the_locks_of_this_processs_readers(store):
    """Looking at a store's header must not drop this process's SQLite locks on it (closing any descriptor of a
    file drops them all): with a reader here mid-transaction, another process closing the last connection it
    knows of must not take the store for unused and delete the write-ahead log under the reader. A long-lived
    `pnp serve` met this as 'the store fails its check (disk I/O error)' in backups while phones read."""
    reader = db.connect(store)
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM sqlite_master").fetchone()  # a read transaction: locks held
        wal = store.with_name(store.name + "-wal")
        assert wal.exists()
        db.recognise(store)  # what every connect() in this process does first
        code = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                "c.execute('SELECT count(*) FROM sqlite_master').fetchone(); c.close()")
        subprocess.run([sys.executable, "-c", code, str(store)], check=True, timeout=60)
        assert wal.exists(), "another process deleted the write-ahead log of a store this process is reading"
    finally:
        reader.close()


def test_completion_never_prints_a_stored_names_escape_codes(store):
    """A campaign name from an older store (before names were checked) may hold terminal escape codes: shell
    completion offers it with them stripped, as every other place that shows stored text does."""
    conn = sqlite3.connect(store)
    conn.execute("UPDATE campaign SET name = ? WHERE name = 'voyage'", ("voy\x1b]0;owned\x07age\x1b[2J",))
    conn.commit()
    conn.close()
    ctx = types.SimpleNamespace(params={"store": str(store)})
    assert service.names_in_store(ctx) == ["voyage"]
