"""Build hook: every wheel carries the top-level cardsets/, templates/ and docs/ as package data in pnp/data/.

cardsets/, templates/ and docs/ (read by `pnp docs`; users copy docs/examples/ from there) stay at the
top of the repository (the source of truth); `build_py` copies them into the built package, where
pnp.paths finds them with importlib.resources. MANIFEST.in puts them in the sdist, so a wheel built
from the sdist carries them too. Editable installs skip the copy: pnp.paths reads the checkout's
folders directly.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA_FOLDERS = ("cardsets", "templates", "docs")


class build_py_with_data(build_py):
    """build_py that also copies the data folders into <build_lib>/pnp/data/."""

    def run(self):
        super().run()
        if self.editable_mode:
            return
        for name in DATA_FOLDERS:
            src = HERE / name
            if not src.is_dir():
                raise SystemExit(f"setup.py: {src} is missing; build pnp from a full checkout or its sdist")
            dest = Path(self.build_lib) / "pnp" / "data" / name
            if dest.exists():  # a stale copy from an earlier in-tree build
                shutil.rmtree(dest)
            shutil.copytree(src, dest, ignore=shutil.ignore_patterns("__pycache__", "*.py", "*.pyc", ".*"))


setup(cmdclass={"build_py": build_py_with_data})
