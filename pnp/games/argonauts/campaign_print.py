"""`pnp campaign print`: the Player card and every Adventure card as a campaign now stands, ticks drawn."""
from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import yaml

from pnp.games.argonauts import campaign as service
from pnp.games.argonauts import campaign_printdata as printdata
from pnp.paths import cardsets_root, default_output
from pnp.yamlio import load_yaml

COPIED = ("layouts.yaml", "templates", "icons")


def campaign_slug(name: str) -> str:
    """File-safe slug for a campaign's PDF: argonauts-<name>."""
    return "argonauts-" + (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "campaign")


def write_cardset(folder: Path, name: str, state, data, only: set | None = None) -> Path:
    """A temporary copy of the Argonauts card set whose data carries the campaign's ticks.

    With `only`, just those Adventure cards and the Player card (no Name Tag): a reprint of what changed.
    """
    src = cardsets_root() / "argonauts"
    folder.mkdir(parents=True)
    for item in COPIED:
        if (src / item).is_dir():
            shutil.copytree(src / item, folder / item)
        else:
            shutil.copy(src / item, folder / item)
    manifest = load_yaml((src / "cardset.yaml").read_text(encoding="utf-8"))
    manifest.update(slug=campaign_slug(name), name=f"{manifest['name']}: campaign {name} ({state.player})")
    if only is not None:
        manifest["components"] = [c for c in manifest["components"]
                                  if c["name"] == "player" or (c["name"] == "adventure" and only)]
    (folder / "cardset.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True), encoding="utf-8")
    printdata.write(folder, data, state, only)
    return folder


def changed_by_last_game(store=None, name: str | None = None) -> list[str]:
    """Ids of the Adventure cards whose tracks the last game still in effect ticked (none after a loss)."""
    last = [h for h in service.history(store, name) if h["kind"] in ("win", "loss") and not h["undone"]]
    return sorted(last[-1]["changes"].get("ticked", {})) if last else []


def print_campaign(store=None, name: str | None = None, out_dir=None, settings: dict | None = None,
                   only: set | None = None) -> dict:
    """Render the campaign's cards (levels ticked, deeds ticked, losses tallied) to <out>/argonauts-<name>.pdf.

    With `only` (card ids), just those Adventure cards and the Player card.
    """
    from pnp.print.job import print_sets  # lazy: start-up time (reportlab, loaded only when printing)
    cname, state, data = service.current_state(store, name)
    out = Path(out_dir) if out_dir else default_output()
    with tempfile.TemporaryDirectory(prefix="pnp-campaign-") as tmp:
        folder = write_cardset(Path(tmp) / campaign_slug(cname), cname, state, data, only)
        result = print_sets([str(folder)], False, out, settings or {}).to_dict()
    return {"campaign": cname, "files": result["files"], "pages": result["pages"], "cards": result["cards"]}
