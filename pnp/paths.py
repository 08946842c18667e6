"""Where pnp finds its built-in card sets, templates and rulebooks, and where it writes output."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from functools import cache
from importlib import resources
from pathlib import Path

from pnp.errors import PnpError

_SOURCE_ROOT = Path(__file__).resolve().parents[1]


def project_root() -> Path:
    """The folder holding cardsets/ and templates/: $PNP_HOME, the source checkout, or the installed package's data."""
    env = os.environ.get("PNP_HOME")
    if env:
        if not (Path(env) / "cardsets").is_dir():
            raise PnpError("PNP_HOME names a folder with no 'cardsets/' in it", file=env,
                           expected="a folder holding cardsets/ and templates/ (a pnp checkout)",
                           hint="point PNP_HOME at a pnp checkout, or unset it to use the built-in card sets")
        return Path(env)
    return source_checkout() or _packaged_data()


def source_checkout() -> Path | None:
    """The pnp checkout this code runs from (an editable install or a run in the repo), else None."""
    root = _SOURCE_ROOT
    try:
        return root if (root / "pyproject.toml").is_file() and (root / "cardsets").is_dir() else None
    except OSError:  # e.g. site-packages' parent unreadable to this user: not a checkout
        return None


@cache
def _packaged_data() -> Path:
    """pnp/data/ of an installed wheel (copied out once per process if pnp is imported from a zip)."""
    data = resources.files("pnp").joinpath("data")
    if not data.joinpath("cardsets").is_dir():
        raise PnpError("this pnp install has no built-in card sets (pnp/data/cardsets is missing)",
                       expected="a wheel built by the pnp repository's setup.py, which copies cardsets/ in",
                       hint="reinstall pnp from its repository or sdist, or set PNP_HOME to a pnp checkout")
    return data if isinstance(data, Path) else _extract(data)


def _extract(tree) -> Path:
    """Copy an importlib.resources folder (e.g. inside a zip) to a temporary folder removed at exit."""
    dest = Path(tempfile.mkdtemp(prefix="pnp-data-"))
    atexit.register(shutil.rmtree, dest, ignore_errors=True)

    def copy(src, to: Path) -> None:
        to.mkdir(exist_ok=True)
        for item in src.iterdir():
            if item.is_dir():
                copy(item, to / item.name)
            else:
                (to / item.name).write_bytes(item.read_bytes())

    copy(tree, dest)
    return dest


def cardsets_root() -> Path:
    """The built-in card sets folder."""
    return project_root() / "cardsets"


def templates_root() -> Path:
    """The shared Jinja2 templates folder."""
    return project_root() / "templates"


def rulebooks_root() -> Path | None:
    """The rulebooks folder ($PNP_RULEBOOKS, else shared/rulebooks beside the source checkout), if present."""
    env = os.environ.get("PNP_RULEBOOKS")
    if env:
        path = Path(env)
    elif checkout := source_checkout():
        path = checkout.parent / "shared" / "rulebooks"
    else:
        return None
    return path if path.is_dir() else None


def default_output() -> Path:
    """Default output folder: output/ in the current folder."""
    return Path.cwd() / "output"
