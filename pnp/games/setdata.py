"""Read one component's data rows from a built-in card set, fast (no layouts resolved), for game engines."""
from __future__ import annotations

import csv
from functools import lru_cache

import yaml

from pnp.errors import CardsetError

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _yaml(path):
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=_Loader)


@lru_cache(maxsize=None)
def component_rows(slug: str, name: str) -> tuple[dict, ...]:
    """Rows of component `name` of cardsets/<slug>: its data files' rows, or its `fields` as one row.

    Values are as written (CSV gives strings); `copies`/`qty` stay in the row (default 1 is not added).
    """
    from pnp.paths import cardsets_root
    folder = cardsets_root() / slug
    manifest = _yaml(folder / "cardset.yaml") or {}
    for comp in manifest.get("components") or []:
        if comp.get("name") != name:
            continue
        if "fields" in comp:
            return (dict(comp["fields"] or {}),)
        files = comp.get("data") or []
        rows: list[dict] = []
        for f in files if isinstance(files, list) else [files]:
            path = folder / str(f)
            if path.suffix.lower() == ".csv":
                with open(path, encoding="utf-8", newline="") as fh:
                    rows += list(csv.DictReader(fh))
            else:
                data = _yaml(path) or []
                rows += list(data["cards"] if isinstance(data, dict) else data)
        return tuple(rows)
    raise CardsetError(f"no component '{name}'", file=str(folder / "cardset.yaml"), field="components",
                       hint=f"the {slug} engine reads its data from the '{name}' component")


def copies(row: dict) -> int:
    """How many copies a data row stands for (`copies` or `qty`, default 1)."""
    return int(row.get("copies") or row.get("qty") or 1)
