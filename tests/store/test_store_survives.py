"""The store never loses a campaign: missing, empty, unreadable, damaged or read-only stores, and backups."""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.cli.main import main
from pnp.store import db


def cli(store, *args):
    res = CliRunner().invoke(main, ["campaign", *args, "--store", str(store)])
    assert "Traceback" not in res.output and "internal error" not in res.output, res.output
    return res


@pytest.fixture
def played(tmp_path):
    """A store with one campaign after two games (so backups hold it), and its export."""
    store = tmp_path / "pnp.sqlite3"
    service.new(store, "voyage", "Jason")
    service.win(store, None, "Harpies, Birds of Ares", "homecoming")
    service.loss(store)
    return store, service.export(store)


def _backup_bytes(store):
    return {b.name: b.read_bytes() for b in db.backups(store)}


def _restored(store, expected):
    res = cli(store, "doctor", "--restore", "latest")
    assert res.exit_code == 0, res.output
    doc = service.export(store)
    assert doc == expected  # the whole campaign, its last record included
    return doc


@pytest.mark.parametrize("damage", ["deleted", "empty", "garbage"])
def test_a_lost_store_is_refused_and_the_backup_restores_the_campaign(played, damage):
    store, before = played
    backups = _backup_bytes(store)
    assert backups
    for side in ("-wal", "-shm"):
        store.with_name(store.name + side).unlink(missing_ok=True)
    if damage == "deleted":
        store.unlink()
    elif damage == "empty":
        store.write_bytes(b"")
    else:
        store.write_bytes(b"\x00garbage, not SQLite" * 300)
    for args in (["status"], ["new", "--player", "Medea", "--name", "second"], ["loss"],
                 ["win", "--victory", "Harpies"]):
        res = cli(store, *args)
        assert res.exit_code == 1 and "doctor --restore" in res.output, (args, res.output)
        assert len(res.output.strip().splitlines()) == 1
    assert _backup_bytes(store) == backups  # refused writes took no backup and pushed none out
    assert (store.exists() and store.stat().st_size) == (damage == "garbage" and store.stat().st_size)

    res = cli(store, "doctor")
    assert res.exit_code == 1 and "voyage" in res.output and "taken" in res.output
    _restored(store, before)
    assert cli(store, "loss").exit_code == 0  # the campaign goes on from the backup
    if damage == "garbage":
        kept = list(store.parent.glob(store.name + ".replaced-*"))
        assert len(kept) == 1 and kept[0].read_bytes().startswith(b"\x00garbage")


def test_a_new_store_starts_where_nothing_was_lost(tmp_path):
    store = tmp_path / "fresh.sqlite3"
    res = cli(store, "doctor")
    assert res.exit_code == 0 and "no store yet" in res.output and not store.exists()
    assert cli(store, "new", "--player", "Jason", "--name", "v").exit_code == 0
    (first,) = db.backups(store)  # the new campaign is backed up at once
    assert sqlite3.connect(first).execute("SELECT name FROM campaign").fetchall() == [("v",)]


def test_bad_json_in_a_state_column_is_a_one_line_error(played):
    store, before = played
    conn = sqlite3.connect(store)
    conn.execute("UPDATE campaign SET state='{not json'")
    conn.commit()
    conn.close()
    for args in (["status"], ["loss"], ["export"]):
        res = cli(store, *args)
        assert res.exit_code == 1 and "not valid JSON" in res.output and "doctor" in res.output
    res = cli(store, "doctor", "--json")
    report = json.loads(res.output)
    assert res.exit_code == 1 and report["store"]["state"] == "damaged"
    assert "voyage" in report["store"]["problem"]
    assert _restored(store, before)["state"] is not None


def test_doctor_lists_backups_with_campaigns_and_dates(played):
    store, _ = played
    report = json.loads(cli(store, "doctor", "--json").output)
    assert report["ok"] and report["store"]["campaigns"][0]["name"] == "voyage"
    assert report["store"]["campaigns"][0]["events"] == 3
    assert [b["campaigns"][0]["events"] for b in report["backups"]] == [1, 2, 3]  # after each record
    assert all(b["ok"] and b["taken"].startswith("20") for b in report["backups"])
    text = cli(store, "doctor").output
    assert "voyage (1 events" in text and "voyage (2 events" in text


def test_doctor_restores_a_named_backup_and_keeps_the_replaced_store(played):
    store, _ = played
    first = db.backups(store)[0]
    res = cli(store, "doctor", "--restore", first.name)
    assert res.exit_code == 0 and "replaced store is kept" in res.output
    assert len(service.export(store)["events"]) == 1
    kept = next(store.parent.glob(store.name + ".replaced-*"))
    assert len(service.export(kept)["events"]) == 3  # nothing was thrown away
    res = cli(store, "doctor", "--restore", "nope")
    assert res.exit_code == 1 and "no backup named 'nope'" in res.output


def test_backups_rotate_and_never_hold_an_empty_state(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_STORE_BACKUPS", "4")
    store = tmp_path / "s.sqlite3"
    service.new(store, "voyage", "Jason")
    for _ in range(9):
        service.loss(store)
    found = db.backups(store)
    assert len(found) == 4
    losses = [json.loads(sqlite3.connect(b).execute("SELECT state FROM campaign").fetchone()[0])["losses"]
              for b in found]
    assert losses == [6, 7, 8, 9]


def _as_nobody(fn):
    """Run fn() in a child without root (so file modes bind); return what it returns (JSON-able)."""
    import pnp.campaign.doctor  # noqa: F401 - modules imported before the child loses access to them
    import pnp.games.argonauts.campaign_cli  # noqa: F401
    import _strptime  # noqa: F401
    from pnp.games.argonauts.campaign_cards import load_cards
    load_cards()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read)
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            out = json.dumps(fn())
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            out = json.dumps({"child_error": repr(exc)})
        os.write(write, out.encode())
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.waitpid(pid, 0)
    result = json.loads(b"".join(chunks))
    assert "child_error" not in result, result
    return result


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX): a forked child without root reads the store")
@pytest.mark.parametrize("locked", ["file", "folder"])
def test_a_read_only_store_answers_reads_and_refuses_writes(locked):
    folder = Path(tempfile.mkdtemp(prefix="pnp-ro-"))
    try:
        store = folder / "pnp.sqlite3"
        service.new(store, "voyage", "Jason")
        service.loss(store)
        before = store.read_bytes()
        folder.chmod(0o755 if locked == "folder" else 0o777)
        store.chmod(0o644 if locked == "file" else 0o666)
        if locked == "folder" and os.geteuid() != 0:
            folder.chmod(0o555)

        def run():
            out = {}
            for args in (["status"], ["deck"], ["history"], ["export"], ["doctor"],
                         ["loss"], ["win", "--victory", "Harpies"], ["new", "--player", "M", "--name", "x"]):
                res = CliRunner().invoke(main, ["campaign", *args, "--store", str(store)])
                out[args[0]] = [res.exit_code, res.output]
            return out
        out = _as_nobody(run)
        for cmd in ("status", "deck", "history", "export"):
            assert out[cmd][0] == 0, (cmd, out[cmd])
        assert "0 wins, 1 loss;" in out["status"][1]
        assert out["doctor"][0] == 0 and "ok (read-only)" in out["doctor"][1] and "DAMAGED" not in out["doctor"][1]
        for cmd in ("loss", "win", "new"):
            code, text = out[cmd]
            assert code == 1 and "read-only" in text and "damaged" not in text, (cmd, text)
        assert store.read_bytes() == before
    finally:
        folder.chmod(stat.S_IRWXU)
        for p in sorted(folder.rglob("*"), reverse=True):
            p.rmdir() if p.is_dir() else p.unlink()
        folder.rmdir()


def test_a_store_lost_after_a_restore_is_refused_too(played):
    store, _ = played
    cli(store, "doctor", "--restore", "latest")
    for b in db.backups(store):
        b.unlink()
    store.unlink()
    res = cli(store, "new", "--player", "M", "--name", "again")
    assert res.exit_code == 1 and "earlier store" in res.output and ".replaced-" in res.output
    kept = next(p for p in store.parent.glob(store.name + ".replaced-*") if not p.name.endswith(("-wal", "-shm")))
    assert f"earlier store {kept.name}: voyage (3 events)" in cli(store, "doctor").output
    assert cli(store, "doctor", "--restore", kept.name).exit_code == 0  # it can be put back by name
    assert len(service.export(store)["events"]) == 3
