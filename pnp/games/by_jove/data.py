"""By Jove's board and decks, read from cardsets/by-jove/ (the one source of truth)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import yaml

from pnp.errors import CardsetError
from pnp.paths import cardsets_root
from pnp.yamlio import load_yaml

SPACE_KINDS = ("beginning", "god", "hero", "peril", "oracle", "potluck", "labyrinth", "quest", "taxes",
               "helen", "hades", "lotus", "scylla", "road")
INNER_KINDS = ("passage", "peril")
ORACLE_EFFECTS = {"coins", "half_coins", "from_each", "to_each", "vap", "half_vap", "goto", "advance_to",
                  "forward", "back", "hero_gain", "hero_lose", "lose_turn", "extra_turn", "hold"}
POTLUCK_EFFECTS = {"coins", "vap", "lose_turn", "lose_hero", "to_beginning"}
GOTO = ("hades", "labyrinth", "quest")


@dataclass(frozen=True)
class Space:
    """One board space: its name and kind (see SPACE_KINDS or INNER_KINDS)."""

    name: str
    kind: str


@dataclass(frozen=True)
class Card:
    """An Oracle or Potluck card: id, title, text, effect mapping, and whether it is favourable."""

    id: str
    title: str
    text: str
    effect: dict
    favourable: bool
    hero: str | None = None


@dataclass(frozen=True)
class Board:
    """The outer loop (clockwise from the Beginning), the Labyrinth's maze and the Quest's route."""

    spaces: tuple[Space, ...]
    maze: tuple[Space, ...]
    route: tuple[Space, ...]

    def index(self, kind: str) -> int:
        """Index of the first outer space of a kind."""
        return next(i for i, s in enumerate(self.spaces) if s.kind == kind)

    def find(self, name: str) -> int:
        """Index of the outer space with this name (case-insensitive)."""
        for i, s in enumerate(self.spaces):
            if s.name.lower() == name.lower():
                return i
        raise KeyError(name)

    @property
    def heroes(self) -> list[str]:
        """Hero names in board order."""
        return [s.name for s in self.spaces if s.kind == "hero"]

    @property
    def gods(self) -> list[int]:
        """Indices of the god spaces."""
        return [i for i, s in enumerate(self.spaces) if s.kind == "god"]


def _load(name: str):
    path = cardsets_root() / "by-jove" / name
    try:
        return path, load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise CardsetError(f"cannot read By Jove data: {exc}", file=str(path), hint="restore the file") from None


def _spaces(raw, kinds, path, field) -> tuple[Space, ...]:
    out = []
    for i, s in enumerate(raw or []):
        if not isinstance(s, dict) or s.get("kind") not in kinds or not s.get("name"):
            raise CardsetError(f"bad space {i + 1}", file=str(path), field=field,
                               expected=f"name and kind, kind one of {', '.join(kinds)}", hint="fix the space")
        out.append(Space(str(s["name"]), s["kind"]))
    return tuple(out)


@lru_cache(maxsize=None)
def board() -> Board:
    """The board from board.yaml; checks the counts the rulebook fixes."""
    path, raw = _load("board.yaml")
    row = raw[0] if isinstance(raw, list) and raw else {}
    b = Board(_spaces(row.get("spaces"), SPACE_KINDS, path, "spaces"),
              _spaces(row.get("maze"), INNER_KINDS, path, "maze"),
              _spaces(row.get("route"), INNER_KINDS, path, "route"))
    counts = {k: sum(s.kind == k for s in b.spaces) for k in SPACE_KINDS}
    # by-jove.gods.1, heroes.1, perils.1, oracles.1, potluck.1; labyrinth.2 (6 maze spaces)
    need = {"beginning": 1, "god": 4, "hero": 8, "peril": 11, "oracle": 4, "potluck": 2, "labyrinth": 1,
            "quest": 1, "taxes": 1, "helen": 1, "hades": 1, "lotus": 1, "scylla": 1}
    for kind, n in need.items():
        if counts[kind] != n:
            raise CardsetError(f"board has {counts[kind]} {kind} spaces", file=str(path), field="spaces",
                               expected=f"{n}", hint="see 'pnp docs by-jove'")
    if b.spaces[0].kind != "beginning" or len(b.maze) != 6:
        raise CardsetError("the loop must start at the Beginning and the maze have 6 spaces", file=str(path),
                           field="spaces", hint="see 'pnp docs by-jove'")
    gods, n = b.gods, len(b.spaces)
    if any((gods[(i + 1) % 4] - g) % n != 10 for i, g in enumerate(gods)):  # by-jove.gap.6
        raise CardsetError("god spaces must be exactly 10 apart", file=str(path), field="spaces",
                           expected="gods ten spaces apart (gap by-jove.gap.6)", hint="move the god spaces")
    if b.index("scylla") <= b.index("quest"):
        raise CardsetError("Scylla and Charybdis must lie clockwise after the Quest space", file=str(path),
                           field="spaces", hint="move the spaces")
    return b


def _cards(name: str, allowed: set[str], count: int) -> tuple[Card, ...]:
    path, raw = _load(name)
    cards = []
    for i, c in enumerate(raw or []):
        eff = c.get("effect") if isinstance(c, dict) else None
        if not isinstance(eff, dict) or not set(eff) <= allowed or "id" not in c:
            raise CardsetError(f"bad card {i + 1}", file=str(path), card=str((c or {}).get("id", i + 1)),
                               field="effect", expected=f"effects among {', '.join(sorted(allowed))}",
                               hint="fix the effect")
        if eff.get("goto") not in (None, *GOTO):
            raise CardsetError(f"bad goto '{eff['goto']}'", file=str(path), card=c["id"], field="effect.goto",
                               expected=f"one of {', '.join(GOTO)}", hint="fix the destination")
        cards.append(Card(c["id"], c["title"], c["text"], dict(eff), bool(c["favourable"]), c.get("hero")))
    if len(cards) != count:
        raise CardsetError(f"{name} has {len(cards)} cards", file=str(path), expected=str(count),
                           hint="the rulebook's Equipment list fixes the count")
    return tuple(cards)


@lru_cache(maxsize=None)
def oracle_cards() -> tuple[Card, ...]:
    """The 40 Oracle cards (by-jove.equipment.2)."""
    cards = _cards("oracle.yaml", ORACLE_EFFECTS, 40)
    spaces = {s.name for s in board().spaces}
    for c in cards:
        if "advance_to" in c.effect and c.effect["advance_to"] not in spaces:
            raise CardsetError(f"unknown space '{c.effect['advance_to']}'", file="oracle.yaml", card=c.id,
                               field="effect.advance_to", hint="name an outer board space")
    return cards


@lru_cache(maxsize=None)
def potluck_cards() -> tuple[Card, ...]:
    """The 16 Potluck cards, each naming a Hero (by-jove.equipment.2, potluck.2)."""
    cards = _cards("potluck.yaml", POTLUCK_EFFECTS, 16)
    heroes = set(board().heroes)
    for c in cards:
        if c.hero not in heroes:
            raise CardsetError(f"unknown hero '{c.hero}'", file="potluck.yaml", card=c.id, field="hero",
                               expected=f"one of {', '.join(sorted(heroes))}", hint="fix the hero name")
    return cards
