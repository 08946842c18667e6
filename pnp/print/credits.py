"""Who made a card set's icons and fonts: short lines for the printed credits and the docs.

Icon authors come from a `credits.yaml` beside the icon files (`icons: {lion.svg: {icon: lion, author:
Lorc}}`, with `source:` and `licence:`), as the built-in games ship them; an icon without an entry is
listed as such, never credited to anyone by guess. Fonts are the bundled faces the layouts use and the
set's own font files.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pnp.cardset.load import load_cardset
from pnp.cardset.model import CardSet
from pnp.errors import PnpError
from pnp.paths import cardsets_root
from pnp.print.fonts import DISPLAY
from pnp.yamlio import load_yaml

CREDITS_FILE = "credits.yaml"
MAX_CREDITS_BYTES = 200_000
DEJAVU = "Text: DejaVu Sans (Bitstream Vera and public-domain licences)."
CINZEL = "Titles: Cinzel by Natanael Gama (The Cinzel Project Authors), SIL Open Font License 1.1."


def credits(cardset) -> list[str]:
    """Credit lines for a card set (a CardSet, a folder or a built-in game's name or slug): icons by author,
    then fonts. A name that is neither a folder nor a built-in game has no credits to give: []."""
    if not isinstance(cardset, CardSet):
        cardset = _load(str(cardset))
        if cardset is None:
            return []
    return _icon_lines(cardset) + _font_lines(cardset)


def _load(game: str) -> CardSet | None:
    folder = Path(game) if Path(game).is_dir() else cardsets_root() / game
    return load_cardset(folder) if (folder / "cardset.yaml").is_file() else None


def _entries(folder: Path) -> dict:
    """The credits.yaml of one icon folder as {file name: entry}, with its source and licence; {} if none."""
    path = folder / CREDITS_FILE
    try:
        if not path.is_file() or path.stat().st_size > MAX_CREDITS_BYTES:
            return {}
        raw = load_yaml(path.read_text(encoding="utf-8"), file=path)
    except (OSError, UnicodeDecodeError, ValueError, PnpError):
        return {}
    if not isinstance(raw, dict) or not isinstance(raw.get("icons"), dict):
        return {}
    source, licence = str(raw.get("source") or ""), str(raw.get("licence") or "")
    return {str(k): {"author": str(v.get("author") or ""), "source": source, "licence": licence}
            for k, v in raw["icons"].items() if isinstance(v, dict)}


def _icon_lines(cs: CardSet) -> list[str]:
    folders: dict[Path, dict] = {}
    by_source: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    unknown: list[str] = []
    for path in sorted({Path(p) for p in cs.icons.values()}):
        if path.parent not in folders:  # each icon folder's credits.yaml read once
            folders[path.parent] = _entries(path.parent)
        entries = folders[path.parent]
        entry = entries.get(path.name)
        if entry and entry["author"]:
            by_source[(entry["source"], entry["licence"])][entry["author"]].append(path.stem)
        else:
            unknown.append(path.stem)
    lines = []
    for (source, licence), authors in sorted(by_source.items()):
        names = "; ".join(f"{', '.join(icons)} by {author}" for author, icons in sorted(authors.items()))
        where = ", ".join(p for p in (source, licence) if p)
        lines.append(f"Icons{f' ({where})' if where else ''}: {names}.")
    if unknown:
        lines.append(f"Icons without recorded credits: {', '.join(unknown)}.")
    return lines


def _font_lines(cs: CardSet) -> list[str]:
    fonts = {str(box.get("font", "regular")) for layout in cs.layouts.values() for box in layout.boxes
             if box.is_text}
    lines = [DEJAVU]
    if any(f.split("-")[0] in DISPLAY for f in fonts):
        lines.insert(0, CINZEL)
    for family, faces in sorted(cs.fonts.items()):
        lines.append(f"Font '{family}': {', '.join(sorted(Path(p).name for p in faces.values()))} (from the set).")
    return lines
