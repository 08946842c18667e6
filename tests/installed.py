"""pnp as users get it, built once per test run: the README's Quick start's first command run verbatim in a fresh
clone (its .venv), and the sdist and wheel `python -m build` makes of this checkout. The second command (the test
extras and this suite) is what `.ci/run` runs verbatim on a clean clone, so the suite does not run itself again
(test_quick_start.py checks that `.ci/run` runs it).

The fixtures are session-scoped and used only by tests in the `install` xdist group, so one worker builds
them once: test_quick_start.py checks the Quick start's own results, test_install.py and
web/test_web_install.py run the installed pnp. Nothing else builds a venv or a wheel. The Quick start and
the build share nothing, so both start together when the first is asked for (install_builds).
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import sysconfig
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REFUSAL = "externally-managed-environment"
WRAPPER = """#!/bin/sh
# python3 as a PEP 668 system Python: pip refuses to install outside a virtual environment.
if [ "$1" = "-m" ] && [ "$2" = "pip" ] && [ "$3" = "install" ]; then
  echo "error: externally-managed-environment" >&2; exit 1
fi
exec "{python}" "$@"
"""


def clean_env() -> dict:
    """This process's environment without anything that could point an install at the checkout, and with
    pip's --no-compile (PIP_COMPILE=0; PIP_NO_COMPILE=1 would turn it on): pip then leaves each installed
    module to be compiled when first imported instead of compiling all of numpy, pydantic, playwright and the
    rest at install (much of an install's CPU time; what is installed and how it runs are the same)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PNP_", "PYTHON")) and k not in ("VIRTUAL_ENV", "PIP_USER")}
    return env | {"PIP_COMPILE": "0"}


def check(cmd, **kw) -> subprocess.CompletedProcess:
    """Run cmd; fail with its output unless it exits 0."""
    res = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    assert res.returncode == 0, f"{shlex.join(map(str, cmd))} exited {res.returncode}:\n" \
                                f"{res.stdout[-3000:]}\n{res.stderr[-3000:]}"
    return res


def quick_start_lines() -> list[str]:
    """The command lines of the ```sh block under README's '## Quick start'."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Quick start\n.*?```sh\n(.*?)```", text, re.S | re.M)
    assert block, "README.md: no ```sh block under '## Quick start'"
    return [ln.strip() for ln in block.group(1).splitlines() if ln.strip()]


def stock_python(bin_dir: Path) -> None:
    """Put a `python3` that refuses system-wide installs first on PATH in bin_dir: Debian's own
    /usr/bin/python3 when it carries the EXTERNALLY-MANAGED marker (a stock Debian 12), elsewhere this
    interpreter behind a wrapper that refuses `-m pip install` outside a venv just as it does."""
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
    else:
        base = Path(sysconfig.get_config_var("BINDIR") or Path(sys.executable).parent) / "python3"
        (bin_dir / "python3").write_text(WRAPPER.format(python=base if base.is_file() else sys.executable))
        (bin_dir / "python3").chmod(0o755)


@dataclass
class QuickStart:
    """The README's first Quick start command run in a fresh clone on a stock python3, with what it printed."""

    lines: list[str]
    clone: Path
    env: dict
    refused: subprocess.CompletedProcess   # `python3 -m pip install` outside a venv
    first: subprocess.CompletedProcess

    @property
    def venv(self) -> Path:
        return self.clone / ".venv"


@dataclass
class Installed:
    """A venv with the wheel installed, and a user's home with its own store and cache."""

    venv: Path
    home: Path
    wheel: Path

    @property
    def env(self) -> dict:
        env = clean_env()
        env.update(HOME=str(self.home), XDG_DATA_HOME=str(self.home / "data"),
                   XDG_CACHE_HOME=str(self.home / "cache"),
                   PNP_STORE=str(self.home / "store" / "pnp.sqlite3"), PNP_CACHE=str(self.home / "pnp-cache"),
                   PATH=f"{self.venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")
        return env

    def run(self, args, cwd: Path, env: dict | None = None, ok: bool = True) -> subprocess.CompletedProcess:
        """Run `pnp ARGS` (or a bash line given as a string) in cwd, as a user would."""
        cmd = ["bash", "-c", args] if isinstance(args, str) else [self.venv / "bin" / "pnp", *args]
        res = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env or self.env, capture_output=True,
                             text=True, timeout=300)
        if ok:
            assert res.returncode == 0, f"{args} in {cwd} exited {res.returncode}:\n{res.stdout[-3000:]}\n{res.stderr}"
        return res


def run_quick_start(root: Path) -> QuickStart:
    """README's first Quick start command, verbatim, on a stock system: a fresh clone, an empty HOME, and a
    `python3` whose pip refuses to install outside a virtual environment (PEP 668); its result kept."""
    lines = quick_start_lines()
    assert len(lines) == 2, f"the Quick start should be exactly two commands: {lines}"
    clone, home, bin_dir = root / "pnp", root / "home", root / "bin"
    home.mkdir()
    check(["git", "clone", "--quiet", "--no-hardlinks", REPO, clone], timeout=120)
    stock_python(bin_dir)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PNP_", "PYTHON", "PYTEST", "VIRTUAL_ENV", "CONDA", "PIP_USER")) and k != "CI"}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_CONFIG_HOME=str(home / "config"), PATH=os.pathsep.join([str(bin_dir), "/usr/bin", "/bin"]),
               PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip"),
               PIP_COMPILE="0")  # as in clean_env()
    refused = subprocess.run(["python3", "-m", "pip", "install", "--dry-run", "hercules-pnp"], cwd=clone, env=env,
                             capture_output=True, text=True, timeout=120)
    first = subprocess.run(["bash", "-c", lines[0]], cwd=clone, env=env, capture_output=True, text=True, timeout=900)
    return QuickStart(lines=lines, clone=clone, env=env, refused=refused, first=first)


def build_dist(out: Path) -> tuple[Path, Path]:
    """The sdist and the wheel built from it (python -m build: the sdist first, then the wheel from it), with this
    venv's setuptools (the test extras'), not in two isolated environments of their own: the Quick start's
    `pip install .` already builds pnp in isolation, from pyproject's build-system.requires alone, as every
    user's install does. What this build adds is the sdist's contents and a wheel made from the sdist alone."""
    check([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, REPO], env=clean_env(), timeout=600)
    sdists, wheels = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, f"expected one sdist and one wheel in {out}: {list(out.iterdir())}"
    return sdists[0], wheels[0]


@pytest.fixture(scope="session")
def install_builds(tmp_path_factory, request) -> dict[str, Future]:
    """The Quick start and `python -m build`, each started in a thread of its own as soon as the first of
    `quick_start` and `dist` is asked for (each only when a test of this run needs it: a test's fixture names
    include those its fixtures ask for, so the one asking is always among them), and each fixture waits for
    its own: they share nothing (the clone and the checkout; pip's cache is safe to share), and take ~20 s and
    ~2 s of an idle machine one after the other, much of it waiting on the index and the disk. A failure in
    either is raised by its fixture, as before."""
    needed = set().union(*(item.fixturenames for item in request.session.items))
    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="install")
    started = {}
    if "quick_start" in needed:
        started["quick_start"] = pool.submit(run_quick_start, tmp_path_factory.mktemp("quick-start"))
    if "dist" in needed:
        started["dist"] = pool.submit(build_dist, tmp_path_factory.mktemp("dist"))
    yield started
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture(scope="session")
def quick_start(install_builds) -> QuickStart:
    """README's first Quick start command run once (run_quick_start): its result is kept for the tests to check
    (test_quick_start.py); its .venv is the installed product the other install tests use."""
    return install_builds["quick_start"].result()


@pytest.fixture(scope="session")
def dist(install_builds) -> tuple[Path, Path]:
    """The sdist and the wheel built from it (build_dist)."""
    return install_builds["dist"].result()


@pytest.fixture(scope="session")
def installed(quick_start, dist, tmp_path_factory) -> Installed:
    """The wheel built from this checkout's sdist, installed into the Quick start's venv (where pip resolved
    pnp's dependencies as for any user) in place of the clone's own build, so that the installed pnp is this
    checkout's even before a commit; a user's home of its own."""
    assert quick_start.first.returncode == 0, \
        "the Quick start failed (test_quick_start.py says how), so there is no installed pnp"
    check([quick_start.venv / "bin" / "python", "-m", "pip", "install", "--disable-pip-version-check", "--no-deps",
           "--force-reinstall", dist[1]], env=clean_env(), timeout=300)
    home = tmp_path_factory.mktemp("user")
    return Installed(venv=quick_start.venv, home=home, wheel=dist[1])
