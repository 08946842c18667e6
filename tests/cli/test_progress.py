"""Long commands show a progress bar on a terminal, and nothing of it when stderr is not a terminal or with --json."""
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from pnp.cli.main import main
from print_fixtures import write_set

REPO = Path(__file__).resolve().parents[2]
SIM = ["simulate", "twelve-labors", "-n", "40", "--seed", "3"]


def on_a_terminal(args) -> tuple[int, str, str]:
    """Run `python -m pnp ARGS` with stderr on a pseudo-terminal: (exit code, stdout, what the terminal showed)."""
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "100"}
    proc = subprocess.Popen([sys.executable, "-m", "pnp", *args], stdout=subprocess.PIPE, stderr=slave,
                            stdin=subprocess.DEVNULL, env=env, cwd=REPO)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    out = proc.stdout.read().decode()
    proc.stdout.close()
    code = proc.wait(timeout=60)
    os.close(master)
    return code, out, shown.decode(errors="replace")


def test_simulate_shows_a_bar_on_a_terminal_and_none_with_json():
    code, out, shown = on_a_terminal(SIM)
    assert code == 0 and "games" in out
    assert "games" in shown and "100%" in shown and "[###" not in out, shown  # the bar reached its end, on the terminal
    code, out, shown = on_a_terminal([*SIM, "--json"])
    assert code == 0 and json.loads(out)["games"] == 40
    assert "%" not in shown, shown


def test_no_bar_or_label_when_stderr_is_not_a_terminal():
    for args in (SIM, ["simulate", "hera-zeus", "-n", "5"], ["simulate", "argonauts", "-n", "30"]):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 0, res.output
        assert not any(word in res.stderr for word in ("games", "playing", "%")), (args, res.stderr)


def test_print_exports_show_a_bar_on_a_terminal(tmp_path):
    """--png and --tts rasterise every face (seconds for a game's deck; a two-component set of two cards each
    here): their own bar, after the PDF's, reaching its end."""
    two = [{"name": name, "type": "cards", "size": "poker", "data": "cards.csv", "layout": "front",
            "back": {"layout": "back"}} for name in ("deck", "more")]
    folder = write_set(tmp_path / "tiny", manifest={"components": two})
    code, out, shown = on_a_terminal(["print", str(folder), "--png", "36", "--tts", "-o", str(tmp_path / "out")])
    assert code == 0, shown
    bar = shown.split("tiny exports", 1)[-1]
    assert "tiny exports" in shown and "4/4" in bar, shown  # 2 components x (PNG, TTS), to the end
