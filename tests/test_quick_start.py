"""The README's Quick start, verbatim, on a stock system: a fresh clone, an empty HOME, and a `python3`
whose pip refuses to install outside a virtual environment (PEP 668's externally-managed-environment).

The Python is Debian's own /usr/bin/python3 when it carries the EXTERNALLY-MANAGED marker (as on a stock
Debian 12); elsewhere a `python3` wrapper that refuses `-m pip install` outside a venv just as it does.
The second command's pytest runs one quick test file (chosen with PYTEST_ADDOPTS, which pytest reads),
not the whole suite again.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from pnp.catalog import GAMES

pytestmark = pytest.mark.install

REPO = Path(__file__).resolve().parents[1]
REFUSAL = "externally-managed-environment"
WRAPPER = """#!/bin/sh
# python3 as a PEP 668 system Python: pip refuses to install outside a virtual environment.
if [ "$1" = "-m" ] && [ "$2" = "pip" ] && [ "$3" = "install" ]; then
  echo "error: externally-managed-environment" >&2; exit 1
fi
exec "{python}" "$@"
"""


def quick_start() -> list[str]:
    """The command lines of the ```sh block under README's '## Quick start'."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Quick start\n.*?```sh\n(.*?)```", text, re.S | re.M)
    assert block, "README.md: no ```sh block under '## Quick start'"
    return [ln.strip() for ln in block.group(1).splitlines() if ln.strip()]


def stock_python(bin_dir: Path) -> None:
    """Put a `python3` that refuses system-wide installs first on PATH in bin_dir."""
    bin_dir.mkdir()
    system = Path("/usr/bin/python3")
    marker = None
    if system.is_file():
        stdlib = subprocess.run([system, "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                                capture_output=True, text=True).stdout.strip()
        marker = Path(stdlib, "EXTERNALLY-MANAGED")
    if marker is not None and marker.is_file() and subprocess.run(
            [system, "-c", "import venv, ensurepip"], capture_output=True).returncode == 0:
        (bin_dir / "python3").symlink_to(system)
    else:  # no stock PEP 668 Python here: this interpreter behind a wrapper that refuses alike
        base = Path(sysconfig.get_config_var("BINDIR") or Path(sys.executable).parent) / "python3"
        (bin_dir / "python3").write_text(WRAPPER.format(python=base if base.is_file() else sys.executable))
        (bin_dir / "python3").chmod(0o755)


def test_readme_quick_start_runs_verbatim_from_a_fresh_clone_on_a_stock_python(tmp_path):
    lines = quick_start()
    assert len(lines) == 2, f"the Quick start should be exactly two commands: {lines}"
    assert "pnp print --all" in lines[0] and "[test]" in lines[1] and "pytest" in lines[1], lines
    clone, home, bin_dir = tmp_path / "pnp", tmp_path / "home", tmp_path / "bin"
    home.mkdir()
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(clone)], check=True, timeout=120)
    stock_python(bin_dir)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PNP_", "PYTHON", "PYTEST", "VIRTUAL_ENV", "CONDA", "PIP_USER")) and k != "CI"}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_CONFIG_HOME=str(home / "config"), PATH=os.pathsep.join([str(bin_dir), "/usr/bin", "/bin"]),
               PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip"))
    refused = subprocess.run(["python3", "-m", "pip", "install", "--dry-run", "hercules-pnp"], cwd=clone, env=env,
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0 and REFUSAL in refused.stdout + refused.stderr, \
        "the test's python3 should refuse system-wide installs, as a stock Debian one does"

    first = subprocess.run(["bash", "-c", lines[0]], cwd=clone, env=env, capture_output=True, text=True,
                           timeout=900)
    assert first.returncode == 0, f"{lines[0]}\n{first.stdout[-2000:]}\n{first.stderr[-3000:]}"
    assert sorted(p.name for p in (clone / "output").glob("*.pdf")) == sorted(f"{g}.pdf" for g in GAMES)
    assert "total: " in first.stdout and "sheets of paper" in first.stdout

    quick = env | {"PYTEST_ADDOPTS": "-q -p no:cacheprovider tests/cli/test_docs_new.py"}
    second = subprocess.run(["bash", "-c", lines[1]], cwd=clone, env=quick, capture_output=True, text=True,
                            timeout=900)
    assert second.returncode == 0, f"{lines[1]}\n{second.stdout[-3000:]}\n{second.stderr[-3000:]}"
    assert re.search(r"\b\d+ passed\b", second.stdout) and " failed" not in second.stdout, second.stdout[-2000:]
    assert shutil.which("pytest", path=str(clone / ".venv" / "bin")), "the test extras should be in the venv"
