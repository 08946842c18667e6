"""`pnp preview`: PNGs of just the named cards (by id, name or component), backs on request, at a DPI."""
import json
import os
import stat

import numpy as np
from click.testing import CliRunner
from PIL import Image

from pnp.cli.main import main
from print_fixtures import BACK, TRIM, write_set


def run(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def test_preview_writes_only_the_named_cards_at_the_dpi(tmp_path):
    folder = write_set(tmp_path / "s")
    out = tmp_path / "pv"
    res = run("preview", folder, "beta", "-o", out, "--dpi", 100, "--json")
    assert res.exit_code == 0, res.output
    files = json.loads(res.output)["files"]
    assert [os.path.basename(f) for f in files] == ["beta.png"] and sorted(os.listdir(out)) == ["beta.png"]
    img = Image.open(files[0])
    assert abs(img.size[0] - 63 / 25.4 * 100) <= 1 and abs(img.size[1] - 88 / 25.4 * 100) <= 1  # trim at 100 dpi
    assert round(img.info["dpi"][0]) == 100
    centre = np.asarray(img.convert("RGB"))[img.size[1] // 2, img.size[0] // 2]
    assert np.abs(centre - [0, 0xc0, 0]).sum() < 30                        # the front's trim colour


def test_preview_by_name_and_with_backs(tmp_path):
    folder = write_set(tmp_path / "s")
    out = tmp_path / "pv"
    res = run("preview", folder, "Alpha Card", "--back", "-o", out, "--dpi", 50)
    assert res.exit_code == 0, res.output
    assert sorted(os.listdir(out)) == ["alpha-back.png", "alpha.png"]
    back = np.asarray(Image.open(out / "alpha-back.png").convert("RGB"))
    assert np.abs(back[back.shape[0] // 2, back.shape[1] // 2] - [0, 0, 0xc0]).sum() < 30
    assert TRIM and BACK


def test_preview_a_whole_component(tmp_path):
    folder = write_set(tmp_path / "s")
    out = tmp_path / "pv"
    assert run("preview", folder, "deck", "-o", out, "--dpi", 40).exit_code == 0
    assert sorted(os.listdir(out)) == ["alpha.png", "beta.png"]


def test_unknown_card_is_one_line_with_did_you_mean(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("preview", folder, "alpah", "-o", tmp_path / "pv")
    assert res.exit_code == 2 and "no card or component 'alpah'" in res.output and "did you mean 'alpha'" in res.output
    assert "Traceback" not in res.output


def test_open_hands_each_png_to_the_system_viewer(tmp_path):
    folder = write_set(tmp_path / "s")
    log = tmp_path / "opened.txt"
    bindir = tmp_path / "bin"
    bindir.mkdir()
    viewer = bindir / "xdg-open"
    viewer.write_text(f"#!/bin/sh\necho \"$1\" >> {log}\n")
    viewer.chmod(viewer.stat().st_mode | stat.S_IEXEC)
    res = run("preview", folder, "alpha", "beta", "--open", "-o", tmp_path / "pv", "--dpi", 40,
              env={"PATH": f"{bindir}:{os.environ['PATH']}"})
    assert res.exit_code == 0, res.output
    assert [os.path.basename(p) for p in log.read_text().split()] == ["alpha.png", "beta.png"]


def test_open_without_a_viewer_is_a_note_not_a_crash(tmp_path):
    folder = write_set(tmp_path / "s")
    empty = tmp_path / "empty"
    empty.mkdir()
    res = run("preview", folder, "alpha", "--open", "-o", tmp_path / "pv", "--dpi", 40, env={"PATH": str(empty)})
    assert res.exit_code == 0 and "no system viewer" in res.output and (tmp_path / "pv" / "alpha.png").is_file()


def test_preview_as_a_command(tmp_path):
    import subprocess
    import sys
    folder = write_set(tmp_path / "s")
    out = tmp_path / "pv"
    proc = subprocess.run([sys.executable, "-m", "pnp", "preview", str(folder), "beta", "--dpi", "60", "-o", str(out)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(out / "beta.png") and Image.open(out / "beta.png").size[0] > 100
