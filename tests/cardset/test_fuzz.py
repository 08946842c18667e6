"""The hostile-input corpus (tests/fuzz/): every case gives a one-line error or works, never an internal error.

Each case runs in-process through the CLI (click's CliRunner) and fails on "internal error", a
traceback, a run past 10 s, a hidden or partial file left in the output folder, a PDF written by a
failed run, or (imports) any change to the store.
"""
from __future__ import annotations

import _thread
import filecmp
import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.cli.main import main
from pnp.campaign.store import open_store
from pnp.store import db

FUZZ = Path(__file__).parents[1] / "fuzz"
CASES = sorted(p.name for p in (FUZZ / "corpus").iterdir() if (p / "case.json").is_file())
HANG_S = 10.0


def _tree(root: Path) -> dict:
    out = {}
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        if p.is_symlink():
            out[rel] = ("link", os.readlink(p))
        elif p.is_file():
            out[rel] = ("file", p.read_bytes())
    return out


def test_the_corpus_is_what_the_script_writes(tmp_path):
    sys.path.insert(0, str(FUZZ))
    try:
        import make_corpus
    finally:
        sys.path.remove(str(FUZZ))
    n = make_corpus.write(tmp_path / "corpus")
    assert n == len(CASES) >= 60
    assert _tree(tmp_path / "corpus") == _tree(FUZZ / "corpus"), "run python tests/fuzz/make_corpus.py"


def _run(args: list[str]) -> tuple[object, float]:
    """Invoke pnp in-process; a watchdog interrupts it after HANG_S seconds."""
    watchdog = threading.Timer(HANG_S, _thread.interrupt_main)
    watchdog.start()
    start = time.monotonic()
    try:
        res = CliRunner().invoke(main, args)
    finally:
        watchdog.cancel()
    return res, time.monotonic() - start


def _observable(store: Path):
    st = open_store(store)
    names = st.names()
    st.close()
    return ({n: service.export(store, n) for n in names}, {b.name: b.read_bytes() for b in db.backups(store)})


@pytest.mark.parametrize("name", CASES)
def test_fuzz_case(name, tmp_path, monkeypatch):
    case_dir = FUZZ / "corpus" / name
    case = json.loads((case_dir / "case.json").read_text())
    work = tmp_path / "case"
    shutil.copytree(case_dir, work, symlinks=True)
    out = tmp_path / "out"
    out.mkdir()
    planted = set()
    for key, value in case["env"].items():
        if key == "FUZZ_OUT_DIR":
            (out / value).mkdir()
        elif key == "FUZZ_OUT_FILE":
            (out / value).write_bytes(b"%PDF-1.4 half a file")
        else:
            monkeypatch.setenv(key, value)
            continue
        planted.add(value)
    store = tmp_path / "store.sqlite3"
    before = None
    if case["kind"] == "import":
        service.new(store, "voyage", "Jason")
        service.loss(store)
        before = _observable(store)
    subst = {"{set}": str(work / "set"), "{out}": str(out), "{store}": str(store), "{file}": str(work / "in.json")}
    for run in case["runs"]:
        args = [a for a in run]
        for k, v in subst.items():
            args = [a.replace(k, v) for a in args]
        res, took = _run(args)
        text = res.output
        where = f"{name}: pnp {' '.join(run)}\n{text}"
        assert took < HANG_S, f"hang: {where}"
        assert "internal error" not in text and "Traceback" not in text, where
        assert res.exception is None or isinstance(res.exception, SystemExit), f"{where}\n{res.exception!r}"
        if case["expect"] == "error":
            assert res.exit_code != 0, where
            errors = [line for line in text.splitlines() if line.startswith(("Error:", "error:"))]
            assert errors and (len(errors) == 1 or run[0] == "validate"), where  # validate lists each card
            if case["says"]:
                assert case["says"].lower() in text.lower(), where
        elif case["expect"] == "ok":
            assert res.exit_code == 0, where
        leftovers = [p.name for p in out.rglob("*") if p.name.startswith(".")]
        assert not leftovers, f"hidden or partial files left: {leftovers} ({where})"
        if res.exit_code != 0:
            assert not [p for p in out.glob("*.pdf") if p.name not in planted], f"PDF from a failed run: {where}"
    if before is not None:
        assert _observable(store) == before, f"{name}: the store changed"
    if case["kind"] == "cardset":  # the set itself is never written to
        assert not filecmp.dircmp(case_dir / "set", work / "set").diff_files
