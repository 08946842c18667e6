"""The README's Quick start, verbatim: the first command on a stock system (a fresh clone, an empty HOME, and
a `python3` whose pip refuses to install outside a virtual environment: PEP 668's externally-managed-environment),
the second by `.ci/run` on a clean clone.

The first command runs once per test run (installed.quick_start, whose .venv the other install tests then use as
the installed pnp). The second installs the test extras and runs this suite: `.ci/run` is that command, so the
suite checks that `.ci/run` runs it as written instead of running itself again.
"""
from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from installed import REFUSAL, quick_start_lines
from pnp.catalog import GAMES

CI_RUN = Path(__file__).resolve().parents[1] / ".ci" / "run"


def commands(script: str) -> list[str]:
    """The simple commands of a shell script, in order: each line (continuations joined) split at `&&`, its
    comment dropped, its words quoted alike."""
    found = []
    for line in script.replace("\\\n", " ").splitlines():
        line = shlex.join(shlex.split(line, comments=True))
        found += [part for part in line.split(" '&&' ") if part]
    return found


# the install group's worker builds the Quick start once for this file, test_install.py and test_web_install.py
@pytest.mark.install
@pytest.mark.xdist_group("install")
def test_readme_quick_start_first_command_runs_verbatim_from_a_fresh_clone_on_a_stock_python(quick_start):
    lines, clone = quick_start.lines, quick_start.clone
    assert "pnp print --all" in lines[0] and "[test]" in lines[1] and "pytest" in lines[1], lines
    refused = quick_start.refused
    assert refused.returncode != 0 and REFUSAL in refused.stdout + refused.stderr, \
        "the test's python3 should refuse system-wide installs, as a stock Debian one does"

    first = quick_start.first
    assert first.returncode == 0, f"{lines[0]}\n{first.stdout[-2000:]}\n{first.stderr[-3000:]}"
    assert sorted(p.name for p in (clone / "output").glob("*.pdf")) == sorted(f"{g}.pdf" for g in GAMES)
    assert "total: " in first.stdout and "sheets of paper" in first.stdout


def test_ci_runs_the_quick_starts_second_command_as_written():
    """`.ci/run` runs the README's second command's parts in its order, each as written (ruff may come between)."""
    second = commands(quick_start_lines()[1])
    assert "[test]" in " ".join(second) and second[-1].endswith("pytest"), second
    ran = commands(CI_RUN.read_text(encoding="utf-8"))
    at = [ran.index(part) if part in ran else -1 for part in second]
    assert -1 not in at and at == sorted(at), f".ci/run should run {second} in that order; it runs {ran}"


def test_commands_splits_lines_at_and_and_drops_comments():
    script = ("python3 -m venv .venv && .venv/bin/pip install '.[test]'   # the extras\n# a comment\n"
              "npm install  -g \\\n  x\n.venv/bin/pytest    # in parallel\n")
    assert commands(script) == ["python3 -m venv .venv", ".venv/bin/pip install '.[test]'", "npm install -g x",
                                ".venv/bin/pytest"]
