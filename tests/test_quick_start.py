"""The README's Quick start, verbatim, on a stock system: a fresh clone, an empty HOME, and a `python3`
whose pip refuses to install outside a virtual environment (PEP 668's externally-managed-environment).

The commands run once per test run (installed.quick_start, whose .venv the other install tests then use as
the installed pnp); the second command's pytest runs one quick test file (chosen with PYTEST_ADDOPTS, which
pytest reads), not the whole suite again.
"""
from __future__ import annotations

import re
import shutil

import pytest

from installed import REFUSAL
from pnp.catalog import GAMES

# the install group's worker builds the Quick start once for this file, test_install.py and test_web_install.py
pytestmark = [pytest.mark.install, pytest.mark.xdist_group("install")]


def test_readme_quick_start_runs_verbatim_from_a_fresh_clone_on_a_stock_python(quick_start):
    lines, clone = quick_start.lines, quick_start.clone
    assert "pnp print --all" in lines[0] and "[test]" in lines[1] and "pytest" in lines[1], lines
    refused = quick_start.refused
    assert refused.returncode != 0 and REFUSAL in refused.stdout + refused.stderr, \
        "the test's python3 should refuse system-wide installs, as a stock Debian one does"

    first = quick_start.first
    assert first.returncode == 0, f"{lines[0]}\n{first.stdout[-2000:]}\n{first.stderr[-3000:]}"
    assert sorted(p.name for p in (clone / "output").glob("*.pdf")) == sorted(f"{g}.pdf" for g in GAMES)
    assert "total: " in first.stdout and "sheets of paper" in first.stdout

    second = quick_start.second
    assert second.returncode == 0, f"{lines[1]}\n{second.stdout[-3000:]}\n{second.stderr[-3000:]}"
    assert re.search(r"\b\d+ passed\b", second.stdout) and " failed" not in second.stdout, second.stdout[-2000:]
    assert shutil.which("pytest", path=str(clone / ".venv" / "bin")), "the test extras should be in the venv"
