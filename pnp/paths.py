"""Where pnp finds its built-in card sets, templates, rulebooks and writes output."""
from __future__ import annotations

import os
from pathlib import Path

from pnp.errors import PnpError

_SOURCE_ROOT = Path(__file__).resolve().parents[1]


def project_root() -> Path:
    """The folder holding cardsets/ and templates/: $PNP_HOME, the source checkout, or the cwd."""
    env = os.environ.get("PNP_HOME")
    candidates = [Path(env)] if env else []
    candidates += [_SOURCE_ROOT, Path.cwd()]
    for root in candidates:
        if (root / "cardsets").is_dir():
            return root
    raise PnpError("cannot find the built-in card sets (a 'cardsets/' folder)",
                   expected="a pnp checkout", hint="run pnp from the pnp checkout or set PNP_HOME to it")


def cardsets_root() -> Path:
    """The built-in card sets folder."""
    return project_root() / "cardsets"


def templates_root() -> Path:
    """The shared Jinja2 templates folder."""
    return project_root() / "templates"


def rulebooks_root() -> Path | None:
    """The rulebooks folder ($PNP_RULEBOOKS or ../shared/rulebooks beside the checkout), if present."""
    env = os.environ.get("PNP_RULEBOOKS")
    path = Path(env) if env else project_root().parent / "shared" / "rulebooks"
    return path if path.is_dir() else None


def default_output() -> Path:
    """Default output folder: output/ in the project root."""
    return project_root() / "output"
