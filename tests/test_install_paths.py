"""Where pnp reads its data and writes output (pnp.paths), checked in-process; test_install.py checks it installed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import paths
from pnp.cli.main import main
from pnp.errors import PnpError
from print_fixtures import write_set

FIXTURE_HOME = Path(__file__).parent / "fixtures" / "rules"


def test_print_without_o_writes_to_output_in_the_current_folder(tmp_path, monkeypatch):
    write_set(tmp_path / "my-set")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["print", "my-set", "--json"])
    assert res.exit_code == 0, res.output
    assert [Path(f) for f in json.loads(res.output)["files"]] == [tmp_path / "output" / "my-set.pdf"]
    assert (tmp_path / "output" / "my-set.pdf").read_bytes().startswith(b"%PDF")
    assert paths.default_output() == tmp_path / "output"


def test_pnp_home_overrides_the_built_in_data(monkeypatch):
    monkeypatch.setenv("PNP_HOME", str(FIXTURE_HOME))
    assert paths.cardsets_root() == FIXTURE_HOME / "cardsets"
    monkeypatch.delenv("PNP_HOME")
    assert paths.cardsets_root() != FIXTURE_HOME / "cardsets"
    assert (paths.cardsets_root() / "argonauts" / "cardset.yaml").is_file()


def test_pnp_home_without_card_sets_is_a_one_line_error(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_HOME", str(tmp_path))
    with pytest.raises(PnpError, match="PNP_HOME names a folder with no 'cardsets/'") as err:
        paths.cardsets_root()
    assert err.value.file == str(tmp_path) and "unset it" in err.value.hint
    res = CliRunner().invoke(main, ["games"])
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert res.output.strip().splitlines()[-1].startswith(f"Error: {tmp_path}: PNP_HOME names a folder")


def test_packaged_data_is_copied_out_of_a_zip(tmp_path):
    archive = tmp_path / "pkg.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("pnp/data/cardsets/game/cardset.yaml", "name: Game\n")
        z.writestr("pnp/data/cardsets/game/art/back.png", b"\x89PNG bytes")
        z.writestr("pnp/data/templates/steps.j2", "{{ x }}")
    out = paths._extract(zipfile.Path(archive, "pnp/data/"))
    assert (out / "cardsets" / "game" / "cardset.yaml").read_text() == "name: Game\n"
    assert (out / "cardsets" / "game" / "art" / "back.png").read_bytes() == b"\x89PNG bytes"
    assert (out / "templates" / "steps.j2").read_text() == "{{ x }}"


def test_rulebooks_root_follows_pnp_rulebooks(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_RULEBOOKS", str(tmp_path))
    assert paths.rulebooks_root() == tmp_path
    monkeypatch.setenv("PNP_RULEBOOKS", str(tmp_path / "missing"))
    assert paths.rulebooks_root() is None


@pytest.mark.parametrize("ci,outcome", [("true", "1 error"), ("", "1 skipped")])
def test_missing_rulebooks_fail_in_ci_and_skip_elsewhere_saying_where(tmp_path, ci, outcome):
    test = "tests/games/argonauts/test_argonauts_judge.py::test_every_heading_is_printed_in_the_rulebook_and_gaps_are_grounded"
    # pytest alone in one process: no plugin loaded from entry points (xdist, hypothesis: the policy is
    # conftest.py's `rulebooks` fixture), so no addopts naming xdist's -n; -rs prints the skip's reason
    env = os.environ | {"CI": ci, "PNP_RULEBOOKS": str(tmp_path / "nowhere"), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    res = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-rs", test],
                         cwd=Path(__file__).resolve().parents[1], env=env, capture_output=True, text=True)
    assert res.returncode == (1 if ci else 0), res.stdout
    assert outcome in res.stdout.splitlines()[-1], res.stdout
    assert f"rulebooks folder not found at {tmp_path / 'nowhere'}" in res.stdout
    assert "../shared/rulebooks beside the checkout" in res.stdout
