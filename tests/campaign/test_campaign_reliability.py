"""Campaign store reliability: SIGKILL during a win, concurrent writers, a corrupt database."""
from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.campaign.doctor import doctor
from pnp.cli.main import main
from pnp.store import db

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork and SIGKILL (POSIX): it kills forked writers mid-win")


def _backups_hold_the_campaign(store, events_at_least=2):
    """Whatever a kill or a race left, doctor finds the store sound and every backup holds the campaign."""
    report = doctor(store)
    assert report["ok"], report["store"]
    for b in report["backups"]:
        assert b["ok"] and [c["name"] for c in b["campaigns"]] == ["voyage"], b
        assert b["campaigns"][0]["events"] >= events_at_least
    return report


def _fingerprint(store):
    """What a win changes: the export's log and state (rebuilt and checked on read)."""
    doc = service.export(store)
    return len(doc["events"]), doc["state"]


def test_sigkill_during_win_leaves_the_campaign_before_or_after(tmp_path):
    template = tmp_path / "template.db"
    service.new(template, "voyage", "Jason")
    service.win(template, None, "Harpies, Birds of Ares", "homecoming")
    before = _fingerprint(template)
    done = tmp_path / "done.db"
    shutil.copy(template, done)
    service.win(done, None, "Harpies, Dragon's-Teeth Warriors, Amycus", "rocks")
    after = _fingerprint(done)
    assert before != after

    # How long a batch of 5 wins takes in forked children, to spread the kills over their whole life.
    start = time.perf_counter()
    pids = []
    for j in range(5):
        store = tmp_path / f"calibrate{j}.db"
        shutil.copy(template, store)
        pid = os.fork()
        if pid == 0:
            try:
                service.win(store, None, "Harpies, Dragon's-Teeth Warriors, Amycus", "rocks")
            finally:
                os._exit(0)
        pids.append(pid)
    for pid in pids:
        os.waitpid(pid, 0)
    span = (time.perf_counter() - start) * 1.1

    rng = random.Random(4)
    print(f"seed 4, kill window {span * 1000:.0f} ms")
    outcomes = {"before": 0, "after": 0}
    for batch in range(20):  # 5 children at a time on their own stores, each killed at its own moment
        kills = []
        for j in range(5):
            store = tmp_path / f"k{batch}-{j}.db"
            shutil.copy(template, store)
            pid = os.fork()
            if pid == 0:  # the child records the win; the parent kills it at a random moment
                try:
                    service.win(store, None, "Harpies, Dragon's-Teeth Warriors, Amycus", "rocks")
                finally:
                    os._exit(0)
            kills.append((time.perf_counter() + rng.uniform(0, span), pid, store))
        for at, pid, store in sorted(kills):
            time.sleep(max(0.0, at - time.perf_counter()))  # until this child's kill moment (not a wait)
            os.kill(pid, signal.SIGKILL)
        for at, pid, store in kills:
            os.waitpid(pid, 0)
            state = _fingerprint(store)  # rebuilds the log and checks it against the snapshot
            assert state in (before, after), f"{store.name}: campaign is neither before nor after the win"
            outcomes["before" if state == before else "after"] += 1
            conn = sqlite3.connect(store)
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            conn.close()
            _backups_hold_the_campaign(store)
            if state == before:  # whatever the kill left behind, the win can still be recorded
                service.win(store, None, "Harpies, Dragon's-Teeth Warriors, Amycus", "rocks")
                assert _fingerprint(store) == after
    print(outcomes)
    assert outcomes["before"] > 0 and outcomes["after"] > 0


CHILD = """
import sys
from pnp.games.argonauts import campaign as service
from pnp.campaign.doctor import doctor
for _ in range(int(sys.argv[2])):
    service.loss(sys.argv[1], "voyage")
"""


def test_four_processes_recording_at_once_are_serialised(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(store), "8"], env=env, stderr=subprocess.PIPE)
             for _ in range(4)]  # four writers, each record taking and rotating a backup
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    s = service.status(store)
    assert s["losses"] == 32
    report = _backups_hold_the_campaign(store, events_at_least=1)
    assert len(report["backups"]) == db.keep_count()  # rotated: the newest N of the 33 backups
    events = [b["campaigns"][0]["events"] for b in report["backups"]]
    assert events == sorted(events) and events[-1] == 33  # the newest backup holds every record
    history = service.history(store)
    assert [h["seq"] for h in history] == list(range(1, 34))
    assert all(h["kind"] == "loss" for h in history[1:])


def test_corrupt_database_points_to_the_backup(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    service.loss(store)
    store.write_bytes(b"this is not a database at all" * 200)
    result = CliRunner().invoke(main, ["campaign", "status", "--store", str(store)])
    assert result.exit_code == 1
    line = result.output.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    assert "pnp campaign doctor --restore latest" in line
    # the advice works: the newest backup is the store after the last record
    result = CliRunner().invoke(main, ["campaign", "doctor", "--restore", "latest", "--store", str(store)])
    assert result.exit_code == 0, result.output
    assert service.status(store)["losses"] == 1


def test_the_newest_backup_holds_the_last_record_and_the_one_before_the_state_before_it(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    service.loss(store)
    service.loss(store)
    for backup, losses in zip(db.backups(store)[-2:], (1, 2)):
        copy = tmp_path / f"restored-{losses}.db"
        shutil.copy(backup, copy)
        assert service.status(copy)["losses"] == losses


@pytest.mark.parametrize("sql, message", [
    ("UPDATE schema_version SET version=99 WHERE namespace='campaign'", "newer than this pnp"),  # a newer pnp's store
    ("UPDATE campaign SET state=replace(state, '\"losses\": 0', '\"losses\": 5')", "differs from its event log"),
], ids=["store-newer-than-this-pnp", "tampered-snapshot"])
def test_a_store_changed_behind_pnps_back_is_refused(tmp_path, sql, message):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    conn = sqlite3.connect(store)
    conn.execute(sql)
    conn.commit()
    conn.close()
    result = CliRunner().invoke(main, ["campaign", "status", "--store", str(store)])
    assert result.exit_code == 1 and message in result.output


def test_a_stale_partial_backup_does_not_block_records(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    service.loss(store)
    (db.backup_dir(store) / ".20260101T000000.000000Z.x.tmp").write_bytes(b"half a backup" * 100)  # killed mid-way
    service.loss(store)
    assert service.status(store)["losses"] == 2
    conn = sqlite3.connect(db.backups(store)[-1])
    assert conn.execute("SELECT COUNT(*) FROM campaign_event").fetchone()[0] == 3
    conn.close()


def test_schema_version_is_recorded(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    from pnp.campaign.store import MIGRATIONS
    conn = sqlite3.connect(store)
    assert conn.execute("SELECT version FROM schema_version WHERE namespace='campaign'").fetchone()[0] == len(MIGRATIONS)
    conn.close()


@pytest.mark.parametrize("read", ["status", "deck", "history", "export", "doctor"])
def test_a_record_landing_mid_read_is_not_taken_for_damage(tmp_path, monkeypatch, read):
    """Another pnp (a second browser, the terminal) records between a read's row and log queries: the
    read sees the store from before that record, whole, instead of calling the store damaged."""
    from pnp.campaign.store import Store
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    events, landed = Store.events, []

    def events_after_a_record(self, campaign_id):
        if not landed:
            landed.append(True)
            monkeypatch.setattr(Store, "events", events)
            service.loss(store, "voyage")  # on its own connection, as another process would
        return events(self, campaign_id)
    monkeypatch.setattr(Store, "events", events_after_a_record)
    result = doctor(store) if read == "doctor" else getattr(service, read)(store, "voyage")
    assert landed  # the record did land in the middle of the read
    if read == "doctor":
        assert result["store"]["ok"], result["store"]
    elif read == "status":
        assert result["losses"] == 0
    elif read == "deck":
        assert len(result) == 30
    else:
        assert len(result["events"] if read == "export" else result) == 1  # the 'new' event only
    assert service.status(store, "voyage")["losses"] == 1


def test_the_player_card_shows_counts_and_last_record_from_one_moment(tmp_path, monkeypatch):
    """A record landing while the Player card is read shows either wholly or not at all: never a
    'Last record' line that the win and loss counts beside it do not include."""
    from pnp.campaign.store import Store
    from pnp.games.argonauts import web as pages
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    events = Store.events

    def events_after_a_record(self, campaign_id):
        monkeypatch.setattr(Store, "events", events)
        service.loss(store, "voyage")  # on its own connection, as the terminal would
        return events(self, campaign_id)
    monkeypatch.setattr(Store, "events", events_after_a_record)
    card = pages.player(store, None)
    assert (card["s"]["losses"], card["last"]) == (0, None)
    card = pages.player(store, None)
    assert card["s"]["losses"] == 1 and card["last"]["kind"] == "loss"
