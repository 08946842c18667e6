"""The documentation pnp carries (docs/*.md and docs/examples/, shipped inside the wheel), by topic."""
from __future__ import annotations

from pathlib import Path

from pnp.errors import UsageError
from pnp.names import resolve
from pnp.paths import project_root


def docs_root() -> Path:
    """The docs folder: the checkout's docs/, or pnp/data/docs/ of an installed wheel."""
    root = project_root() / "docs"
    if not root.is_dir():
        raise UsageError(f"this pnp has no docs folder at {root}",
                         hint="reinstall pnp from its repository or sdist (the wheel carries docs/)")
    return root


def topics() -> dict[str, str]:
    """Topic name -> the first heading of its page (docs/<topic>.md), sorted by name."""
    out = {}
    for path in sorted(docs_root().glob("*.md"), key=lambda p: p.stem):
        first = path.read_text(encoding="utf-8").lstrip().splitlines()[:1]
        out[path.stem] = first[0].lstrip("# ").strip() if first else path.stem
    return out


def topic(name: str) -> Path:
    """The page a typed topic name means (pnp.names: "card sets", "Argonauts"); else UsageError listing them."""
    found = topics()
    return docs_root() / f"{resolve('docs topic', name, {k: [k, v] for k, v in found.items()})}.md"
