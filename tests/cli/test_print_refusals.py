"""`pnp print` refuses option values that are out of range, contradict each other or are shorthand,
with one line saying what was meant; built-in names are read as `pnp rules` reads them; a path that
is not there is a missing path."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from print_fixtures import write_set


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("args, says", [
    (["--back-offset", "0.5"], "--back-offset 0.5,0 (across only) or --back-offset 0.5,0.5"),
    (["--layout", "packed", "--gap", "2"], "--layout packed butts the cards together, so --gap 2 cannot apply"),
    (["--bleed", "50"], "bleed of 50 mm is out of range; expected 0 to 10 mm"),
    (["--corner-radius", "3"], "add --cut-file svg"),
    (["--cut", "lines", "--mark-length", "4"], "--mark-length sets crop marks, but --cut lines draws none"),
    (["--all"], "--all prints every built-in game, so the named"),
])
def test_contradictory_or_out_of_range_options_are_refused_in_one_line(tmp_path, args, says):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "out"), *args)
    assert res.exit_code != 0 and says in res.output, res.output
    assert len(res.output.strip().splitlines()) == 1 and "Traceback" not in res.output
    assert not (tmp_path / "out").exists(), "nothing may be printed when an option is refused"


def test_the_same_options_alone_still_print(tmp_path):
    folder = write_set(tmp_path / "s")
    res = run("print", str(folder), "-o", str(tmp_path / "out"), "--back-offset", "0.5,0.5", "--gap", "2",
              "--bleed", "10", "--cut-file", "svg", "--corner-radius", "3", "--json")
    assert res.exit_code == 0, res.output
    files = [Path(f) for f in json.loads(res.output)["files"]]  # the sheets and the cut file were written
    assert tmp_path / "out" / "s.pdf" in files and any(f.suffix == ".svg" for f in files)
    assert all(f.is_file() for f in files)


def test_print_reads_a_game_name_as_rules_does():
    printed, ruled = run("print", "labors"), run("rules", "labors")
    assert printed.exit_code == ruled.exit_code == 2
    for res in (printed, ruled):
        assert "ambiguous" in res.output and "labors-of-herakles or twelve-labors" in res.output, res.output


@pytest.mark.parametrize("name", ["./my-set", "sets/my-set", "~/nowhere-at-all"])
def test_a_path_that_is_not_there_is_a_missing_path(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    res = run("print", name)
    assert res.exit_code == 2 and f"missing path '{name}'" in res.output, res.output
    assert "unknown card set" not in res.output
