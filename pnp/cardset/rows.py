"""One component's data rows from a built-in card set, read fast (no layouts resolved), for game engines."""
from __future__ import annotations

from functools import lru_cache

from pnp.cardset.load import MANIFEST, read_rows
from pnp.errors import CardsetError
from pnp.paths import cardsets_root
from pnp.yamlio import load_yaml


@lru_cache(maxsize=None)
def component_rows(slug: str, name: str) -> tuple[dict, ...]:
    """Rows of component `name` of cardsets/<slug>: its data files' rows, or its `fields` as one row.

    Values are as written (CSV gives strings); `copies`/`qty` stay in the row (default 1 is not added).
    """
    folder = cardsets_root() / slug
    manifest = load_yaml((folder / MANIFEST).read_text(encoding="utf-8"), file=folder / MANIFEST) or {}
    for comp in manifest.get("components") or []:
        if comp.get("name") != name:
            continue
        if "fields" in comp:
            return (dict(comp["fields"] or {}),)
        files = comp.get("data") or []
        return tuple(row for f in (files if isinstance(files, list) else [files]) for row in read_rows(folder / str(f)))
    raise CardsetError(f"no component '{name}'", file=str(folder / MANIFEST), field="components",
                       hint=f"the {slug} engine reads its data from the '{name}' component")


def copies(row: dict) -> int:
    """How many copies a data row stands for (`copies` or `qty`, default 1)."""
    return int(row.get("copies") or row.get("qty") or 1)
