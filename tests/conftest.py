"""Shared test setup: where the checkout and the rulebooks are, and the one policy for missing rulebooks."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

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
    return (f"rulebooks folder not found at {os.environ['PNP_RULEBOOKS']}: put the shared rulebooks at "
            f"{RULEBOOKS_DEFAULT} (../shared/rulebooks beside the checkout) or set PNP_RULEBOOKS to their folder")


def in_ci() -> bool:
    """True when CI runs the suite (CI=true), where nothing may be skipped for a missing folder."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


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
