"""Campaign import: a 2,000-event log goes in whole; hostile or damaged files change nothing."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.games.argonauts.campaign_synthetic import long_export
from pnp.cli.main import main
from pnp.campaign.store import open_store
from pnp.store import db


def observable(store):
    """Everything a user can see in the store: each campaign's export, and the backups' bytes."""
    st = open_store(store)
    names = st.names()
    st.close()
    return ({n: service.export(store, n) for n in names}, {b.name: b.read_bytes() for b in db.backups(store)})


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.sqlite3"
    service.new(path, "voyage", "Jason")
    service.loss(path)
    return path


def test_a_2000_event_log_imports_whole_and_exports_the_same(store, tmp_path):
    doc = long_export(2000)
    s = service.import_(store, doc, source="long.json")
    assert s["campaign"] == "long-voyage" and s["wins"] == 2
    back = service.export(store, "long-voyage")
    assert back["events"] == doc["events"] and back["state"] == doc["state"]
    assert service.status(store, "voyage")["losses"] == 1  # the other campaign is untouched


def _import(store, tmp_path, content: bytes | str, *extra):
    f = tmp_path / "in.json"
    f.write_bytes(content if isinstance(content, bytes) else content.encode())
    res = CliRunner().invoke(main, ["campaign", "import", str(f), "--store", str(store), *extra])
    assert "Traceback" not in res.output and "internal error" not in res.output, res.output
    assert res.exit_code == 1 and len(res.output.strip().splitlines()) == 1, res.output
    return res.output


def _future(doc):
    doc = dict(doc, version=2)
    return json.dumps(doc)


@pytest.mark.parametrize("make, says", [
    (lambda d: _future(d), "made by a newer pnp"),
    (lambda d: "[" * 100000 + "]" * 100000, "nested deeper"),
    (lambda d: json.dumps(d).encode("utf-8").replace(b"Jason", b"J\xe9son"), "not UTF-8"),
    (lambda d: b"\x00\x01binary\xff" * 50, "not UTF-8"),
    (lambda d: json.dumps(dict(d, events=d["events"][:-1])), "differs"),
    (lambda d: json.dumps(dict(d, events=[dict(e, changes={"losses": 9}) if e["kind"] == "loss" else e
                                         for e in d["events"]])), "recorded changes differ"),
    (lambda d: json.dumps(dict(d, events=[dict(e, created=5) for e in d["events"]])), "malformed"),
    (lambda d: json.dumps({"format": "pnp-argonauts-campaign", "version": 1, "events": [[[[]]]]}), "malformed"),
])
def test_hostile_imports_are_refused_and_change_nothing(store, tmp_path, make, says):
    before = observable(store)
    out = _import(store, tmp_path, make(long_export(40, name="other")))
    assert says in out
    if says == "made by a newer pnp":
        assert "upgrade pnp" in out
    assert observable(store) == before


def test_a_huge_import_stops_at_the_file_size_limit(store, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_LIMIT_FILE_BYTES", "10000")
    before = observable(store)
    out = _import(store, tmp_path, json.dumps(long_export(200, name="other")))
    assert "file_bytes" in out and "PNP_LIMIT_FILE_BYTES" in out
    assert observable(store) == before
