"""SIGKILL during `pnp print` never leaves a truncated PDF, and the next print removes the killed ones' .part files."""
from __future__ import annotations

import os
import random
import signal
import time

import pytest
from pypdf import PdfReader

from pnp.print.job import print_sets
from print_fixtures import write_set
from waiting import wait_for

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork and SIGKILL (POSIX): it kills forked prints mid-write")


def _print_in_child(folder, out) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            print_sets([str(folder)], False, out, {})
        finally:
            os._exit(0)
    return pid


def test_killed_prints_leave_whole_pdfs_or_none_and_their_parts_are_cleaned(tmp_path):
    cards = "id,name,copies\n" + "".join(f"c{i},Card number {i},1\n" for i in range(300))
    folder = write_set(tmp_path / "big", cards=cards)
    start = time.perf_counter()
    os.waitpid(_print_in_child(folder, tmp_path / "calibrate"), 0)
    span = (time.perf_counter() - start) * 1.1
    rng = random.Random(7)
    print(f"seed 7, kill window {span * 1000:.0f} ms")
    outs = []
    for k in range(8):
        out = tmp_path / f"out{k}"
        pid = _print_in_child(folder, out)
        if k % 2:  # half the kills wait for the .part file to appear, so some surely land mid-write
            wait_for(lambda: out.exists() and any(out.glob(".*.part")), span * 3, step=0.001)
            time.sleep(rng.uniform(0, span / 4))  # the kill's random moment within the write (not a wait)
        else:
            time.sleep(rng.uniform(0, span))  # the kill's random moment within the child's life (not a wait)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        outs.append(out)
    killed_mid_write = 0
    for out in outs:
        pdfs = list(out.glob("*.pdf")) if out.exists() else []
        for pdf in pdfs:  # a PDF that exists is whole
            assert len(PdfReader(pdf).pages) > 1
        parts = list(out.glob(".*.part")) if out.exists() else []
        killed_mid_write += bool(parts)
        print_sets([str(folder)], False, out, {})  # the next print into the folder
        assert not list(out.glob(".*.part")), "a killed print's .part file was not cleaned up"
        assert len(PdfReader(out / "big.pdf").pages) > 1
    assert killed_mid_write > 0  # some kills did land while a .part file was being written


def test_only_parts_of_dead_writers_are_removed(tmp_path):
    from pnp.leftovers import part_prefix, remove_stale
    dead = tmp_path / ".deck-p999999999-ab.pdf.part"
    mine = tmp_path / (part_prefix(tmp_path / "deck.pdf") + "cd.pdf.part")
    live = tmp_path / ".deck-p1-ef.pdf.part"  # pid 1 is always running
    odd = tmp_path / ".deck-p99999999999999999-x.part"
    other = tmp_path / ".notes.part"
    for p in (dead, mine, live, odd, other):
        p.write_text("x")
    assert remove_stale(tmp_path) == [dead]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (mine, live, odd, other))
