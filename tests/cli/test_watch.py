"""`pnp print SET --watch`: a real file change re-renders; errors are reported and the loop keeps running."""
import os
import signal
import subprocess
import sys
import threading

from pnp.print.watch import watch
from print_fixtures import write_set
from waiting import stop_group, wait_for, watched


def test_watch_loop_rebuilds_on_change_and_survives_an_error(tmp_path):
    folder = write_set(tmp_path / "s")
    out = tmp_path / "out"
    cycles = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(folder, out, {}, cycles.append),
                              kwargs={"stop_event": stop, "cycles": 3, "debounce_ms": 50}, daemon=True)
    thread.start()
    try:
        assert wait_for(lambda: len(cycles) == 1)
        assert cycles[0].changed == [] and not cycles[0].errors and (out / "s.pdf").is_file()
        good = (out / "s.pdf").read_bytes()
        assert wait_for(lambda: watched(folder))  # the watcher is listening before the edit
        (folder / "layouts.yaml").write_text((folder / "layouts.yaml").read_text().replace("size: 10", "sise: 10"))
        assert wait_for(lambda: len(cycles) == 2)
        assert cycles[1].changed == ["layouts.yaml"]
        assert any("unknown key 'sise'" in e and "did you mean 'size'" in e for e in cycles[1].errors)
        assert cycles[1].files == [] and (out / "s.pdf").read_bytes() == good   # the last good PDF is kept
        (folder / "layouts.yaml").write_text((folder / "layouts.yaml").read_text().replace("sise: 10", "size: 12"))
        assert wait_for(lambda: len(cycles) == 3)
        assert not cycles[2].errors and cycles[2].files and (out / "s.pdf").read_bytes() != good
        assert all(c.seconds > 0 for c in cycles)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive()


def test_watch_from_the_command_line_stops_on_sigterm_even_with_sigint_ignored(tmp_path):
    """Run as from a background shell job (SIGINT ignored): SIGTERM still ends it cleanly, and nothing is left."""
    folder = write_set(tmp_path / "s")
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "print", str(folder), "--watch", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True)
    reader.start()
    try:
        assert wait_for(lambda: any("[first build]" in ln for ln in lines), 60), lines
        assert wait_for(lambda: watched(folder, proc.pid), 30), "the child never started watching the set"
        (folder / "cards.csv").write_text("id,name,copies\nalpha,Alpha :nope:,1\n")
        assert wait_for(lambda: any("[cards.csv]" in ln for ln in lines), 60), lines
        text = "".join(lines)
        assert "unknown icon ':nope:'" in text and "1 error(s)" in text
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
        reader.join(timeout=10)
    finally:
        stop_group(proc)
        proc.stdout.close()
    assert proc.returncode == 0 and "Traceback" not in "".join(lines)
    assert os.path.isfile(out / "s.pdf")


def test_output_inside_the_set_does_not_retrigger(tmp_path):
    folder = write_set(tmp_path / "s")
    cycles = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(folder, folder / "out", {}, cycles.append),
                              kwargs={"stop_event": stop, "cycles": 3, "debounce_ms": 50}, daemon=True)
    thread.start()
    try:
        assert wait_for(lambda: len(cycles) == 1)
        assert wait_for(lambda: watched(folder))
        (folder / "cards.csv").write_text("id,name\nsolo,Solo\n")
        assert wait_for(lambda: len(cycles) == 2)
        assert cycles[1].changed == ["cards.csv"] and (folder / "out" / "s.pdf").is_file()
        # That rebuild wrote the PDF into the set while the watcher listened: had the write been seen, the
        # next cycle would name out/s.pdf (delivered at once) instead of the next real edit.
        (folder / "cards.csv").write_text("id,name\nsolo,Solo again\n")
        assert wait_for(lambda: len(cycles) == 3)
        assert cycles[2].changed == ["cards.csv"]
    finally:
        stop.set()
        thread.join(timeout=10)


def test_rebuilds_keep_the_same_tts_deck_keys(tmp_path):
    import json

    from pnp.print.tts import TtsOptions
    from pnp.print.watch import rebuild
    folder = write_set(tmp_path / "s")
    tts = TtsOptions()
    keys = []
    for _ in range(2):
        cycle = rebuild(folder, tmp_path / "out", {}, [], tts=tts)
        deck = json.loads((tmp_path / "out" / "s-tts" / "deck.json").read_text())
        keys.append(list(deck["ObjectStates"][0]["CustomDeck"]))
        assert not cycle.errors
    assert keys[0] == keys[1]
