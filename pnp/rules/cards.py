"""A game's card reference: every card of its card set with name, kind and text, and where the card set
prints them (Argonauts) its level track, the cards it adds to the deck, the deed it earns and what unlocks it."""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from pnp.catalog import game
from pnp.names import match, resolve
from pnp.paths import cardsets_root

NAME_FIELDS = ("name", "title", "word", "action")  # the first a card has is its name (else its id)
KIND_FIELDS = ("kind_label", "kind")  # else the component's name
TEXT_FIELDS = {"text": "", "rule": "", "power_text": "", "epithet": "", "everyone": "Everyone: ",
               "bonus": "Bonus: ", "healed": "", "blessing": "Once beaten: "}  # field -> label, in reading order
SOURCE_EXTS = (".yaml", ".yml", ".csv")
JOINS = " joins the deck"  # how the Player card words a reward that adds a reserve card


@dataclass(frozen=True)
class Card:
    """One card of the reference; difficulty and deadliness are the level track's six boxes (None: blank)."""

    id: str
    name: str
    kind: str
    text: str
    difficulty: tuple | None = None
    deadliness: tuple | None = None
    adds: tuple[tuple[int, str], ...] = ()  # (box 1-6, card name) the track adds to the deck when ticked
    deed: str | None = None  # the Heroic Deed defeating it earns
    reserve: bool = False  # starts outside the deck
    unlocked_by: tuple[str, ...] = ()  # what brings a reserve card into the deck

    def to_dict(self) -> dict:
        """JSON form."""
        return {"id": self.id, "name": self.name, "kind": self.kind, "text": self.text,
                "difficulty": list(self.difficulty) if self.difficulty else None,
                "deadliness": list(self.deadliness) if self.deadliness else None,
                "adds": [{"box": box, "name": name} for box, name in self.adds], "deed": self.deed,
                "reserve": self.reserve, "unlocked_by": list(self.unlocked_by)}


def stamp(folder: Path) -> tuple:
    """What changes when any data file of a game's folder changes: (name, mtime ns, size) of each, sorted."""
    try:
        with os.scandir(folder) as found:
            entries = [e for e in found if e.name.endswith(SOURCE_EXTS) and e.is_file()]
            return tuple(sorted((e.name, (st := e.stat()).st_mtime_ns, st.st_size) for e in entries))
    except OSError:
        return ()


def _first(fields: dict, names) -> str:
    """The first of the named fields a card fills in, as text ('' when none)."""
    return next((str(fields[f]).strip() for f in names
                 if isinstance(fields.get(f), (str, int)) and str(fields[f]).strip()), "")


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _track(value) -> tuple | None:
    return tuple(v if isinstance(v, int) else None for v in value) if isinstance(value, list) and value else None


def read_cards(folder: Path) -> list[Card]:
    """Every card of the card set in folder, in its order; none when the folder has no cardset.yaml."""
    from pnp.cardset.load import MANIFEST, load_cardset  # lazy: start-up time (the card set loader)
    if not (folder / MANIFEST).is_file():
        return []
    pieces = [(c, p) for c in load_cardset(folder).components if c.type == "cards" for p in c.pieces]
    names = {p.id: _first(p.fields, NAME_FIELDS) or p.id.replace("-", " ").capitalize() for _, p in pieces}
    unlocked: dict[str, list[str]] = {}
    for _, p in pieces:
        for add in p.fields.get("adds") or []:
            if isinstance(add, dict):
                unlocked.setdefault(str(add.get("name")), []).append(f"ADD at box {add.get('box')} of {names[p.id]}")
        deeds = {str(d.get("n")): str(d.get("name")) for d in p.fields.get("deeds") or [] if isinstance(d, dict)}
        for reward in p.fields.get("rewards") or []:  # the Player card: "<card> joins the deck" for deeds n + m
            if isinstance(reward, dict) and str(reward.get("text", "")).endswith(JOINS):
                needs = [deeds.get(n, n) for n in str(reward.get("needs", "")).replace("+", " ").split()]
                unlocked.setdefault(str(reward["text"])[:-len(JOINS)], []).append(
                    f"the reward for the deed{'s' if len(needs) > 1 else ''} " + " + ".join(needs))
    out = []
    for comp, p in pieces:
        f = p.fields
        text = " ".join(label + str(f[k]).strip() for k, label in TEXT_FIELDS.items()
                        if isinstance(f.get(k), str) and f[k].strip())
        adds = tuple((int(a["box"]), str(a["name"])) for a in f.get("adds") or []
                     if isinstance(a, dict) and isinstance(a.get("box"), int))
        out.append(Card(id=p.id, name=names[p.id], kind=_upper(_first(f, KIND_FIELDS) or comp.name.replace("-", " ")),
                        text=text, difficulty=_track(f.get("difficulty")), deadliness=_track(f.get("deadliness")),
                        adds=adds, deed=_first(f, ("deed_name",)) or None, reserve=f.get("reserve") is True,
                        unlocked_by=tuple(unlocked.get(names[p.id], ()))))
    return out


_CACHE: dict[Path, tuple[tuple, list[Card]]] = {}
_LOCK = threading.Lock()


def reference(slug: str) -> list[Card]:
    """Every card of a built-in game (re-read when its card data changes; kept per process otherwise)."""
    slug = game(slug).slug
    folder = cardsets_root() / slug
    now = stamp(folder)
    with _LOCK:
        got = _CACHE.get(folder)
        if got is None or got[0] != now:
            got = _CACHE[folder] = (now, read_cards(folder))
    return got[1]


def _choices(cards: list[Card]) -> dict[str, list[str]]:
    """id -> names for the matcher: a name two cards share is shown with the card's id."""
    seen: dict[str, int] = {}
    for c in cards:
        seen[c.name] = seen.get(c.name, 0) + 1
    return {c.id: [c.name if seen[c.name] == 1 else f"{c.name} ({c.id})", c.name] for c in cards}


def find(slug: str, name: str) -> Card:
    """The card a typed name means, loosely ("harpy", "dragons teeth"); else UsageError listing the nearest."""
    cards = reference(slug)
    by_id = {c.id: c for c in cards}
    return by_id[resolve("card", name, _choices(cards), listing=f"see the card names with 'pnp cards {slug}'")]


def lookup(slug: str, text: str) -> list[Card]:
    """The cards a typed name fits, for a search box: the one it names, the tied ones, or the nearest."""
    cards = reference(slug)
    m = match("card", text, _choices(cards))
    ids = {m.id} if m.status == "match" else set(m.candidates)
    return [c for c in cards if c.id in ids]
