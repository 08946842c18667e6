"""Shared test setup: where the checkout and the rulebooks are, and the one policy for missing rulebooks."""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

# the install group's session fixtures (the README's Quick start, the sdist and wheel, pnp installed from them)
from installed import dist, install_builds, installed, quick_start  # noqa: F401

REPO = Path(__file__).resolve().parents[1]
RULEBOOKS_DEFAULT = REPO.parent / "shared" / "rulebooks"

# pnp may be imported from an installed wheel (CI runs `pip install .`), which cannot know where the
# checkout is: point pnp.paths.rulebooks_root() at the rulebooks beside this checkout.
os.environ.setdefault("PNP_RULEBOOKS", str(RULEBOOKS_DEFAULT))
# The default paper follows the user's settings and locale (pnp.config): the suite uses neither, so
# every print is on A4 unless a test says otherwise.
os.environ["PNP_CONFIG"] = str(REPO / "tests" / "fixtures" / "no-such-config.toml")
os.environ.pop("LC_ALL", None)
os.environ["LC_PAPER"] = "C"


def rulebooks_missing_message() -> str:
    """Where the rulebooks must be, for a failure or skip message."""
    return (f"rulebooks folder not found at {os.environ['PNP_RULEBOOKS']}: this test checks citations against the "
            f"games' own rulebook texts, which are their authors' and not shipped (see README); put the shared "
            f"rulebooks at {RULEBOOKS_DEFAULT} (../shared/rulebooks beside the checkout) or set PNP_RULEBOOKS to "
            f"their folder")


def in_ci() -> bool:
    """True when CI runs the suite (CI=true), where nothing may be skipped for a missing folder."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


# pytest 9.2 reads a test's id from item._id, so pytest-xdist 3.8's --dist loadgroup (which sets item._nodeid)
# groups nothing: every worker then builds its own Quick start, sdist and Chromium, and two sdist builds in one
# checkout break each other. pyproject bounds pytest below it; a run in parallel on it stops here, saying so.
XDIST_GROUPS_LOST_FROM = (9, 2)


def pytest_configure(config):
    """Refuse a parallel run with --dist loadgroup on a pytest whose test ids xdist cannot name groups in."""
    parallel = config.getoption("numprocesses", None) and config.getoption("dist", "no") == "loadgroup"
    if parallel and tuple(int(p) for p in pytest.__version__.split(".")[:2]) >= XDIST_GROUPS_LOST_FROM:
        raise pytest.UsageError(
            f"pytest {pytest.__version__}: pytest-xdist's --dist loadgroup cannot keep a group on one worker with "
            f"pytest 9.2 or later, so the install and browser groups would be built once per worker; install the "
            f"test extras' pytest (pip install '.[test]': pytest<9.2) or run in one process with -n 0")


SLOW_FIRST = ("install", "browser")  # markers of the slowest tests (registered in pyproject.toml)


def pytest_collection_modifyitems(config, items):
    """The slowest tests first (otherwise in file order): in parallel they start at once beside the rest
    instead of one of them running alone at the end while the other workers wait."""
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in SLOW_FIRST))


@pytest.fixture
def rulebooks() -> Path:
    """The rulebooks folder; when missing, a failure under CI=true and a skip elsewhere, both saying where."""
    from pnp.paths import rulebooks_root
    root = rulebooks_root()
    if root is None:
        if in_ci():
            pytest.fail(rulebooks_missing_message(), pytrace=False)
        pytest.skip(rulebooks_missing_message())
    return root


@pytest.fixture(scope="session", autouse=True)
def _own_store_and_cache(tmp_path_factory):
    """No test touches the user's campaign store or rules cache: by default both live in this run's (and this
    xdist worker's) temporary folder; a test that needs its own still sets PNP_STORE or PNP_CACHE itself."""
    home = tmp_path_factory.mktemp("pnp-user")
    saved = {k: os.environ.get(k) for k in ("PNP_STORE", "PNP_CACHE")}
    os.environ["PNP_STORE"] = str(home / "store" / "pnp.sqlite3")
    os.environ["PNP_CACHE"] = str(home / "cache")
    yield
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


# multiprocessing's own helpers live as long as the process that started them and end with it
PYTHON_HELPERS = ("from multiprocessing.resource_tracker import main", "from multiprocessing.forkserver import main")


def _running_descendants(root: int) -> list[str]:
    """'pid: command line' of every process below `root` still running (zombies and PYTHON_HELPERS excluded)."""
    parent = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # it ended while we looked
            continue
        state, ppid = stat[stat.rindex(")") + 2:].split()[:2]
        if state != "Z":
            parent[int(entry)] = int(ppid)
    found, frontier = [], {root}
    while frontier:
        frontier = {pid for pid, ppid in parent.items() if ppid in frontier}
        for pid in sorted(frontier):
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if not any(helper in cmd for helper in PYTHON_HELPERS):
                found.append(f"{pid}: {cmd.strip()[:200]}")
    return found


@pytest.fixture(scope="session", autouse=True)
def _no_process_left_behind():
    """At the end of the session (of each xdist worker), no child process of the test run is still running."""
    yield
    if not os.path.isdir("/proc/self"):  # only Linux's /proc lists them cheaply
        return
    from waiting import wait_for
    if not wait_for(lambda: not _running_descendants(os.getpid()), 5):  # a child just stopped may still be ending
        left = _running_descendants(os.getpid())
        for line in left:  # reported below, and ended so that the run itself leaves nothing behind
            try:
                os.kill(int(line.split(":")[0]), signal.SIGKILL)
            except ProcessLookupError:
                pass
        pytest.fail(f"processes left running by the tests: {'; '.join(left)}", pytrace=False)
