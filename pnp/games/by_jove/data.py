"""By Jove's board and decks, read from cardsets/by-jove/ (the one source of truth)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pnp.cardset.datafile import Row, Strict, read_list
from pnp.errors import CardsetError
from pnp.paths import cardsets_root

SPACE_KINDS = ("beginning", "god", "hero", "peril", "oracle", "potluck", "labyrinth", "quest", "taxes",
               "helen", "hades", "lotus", "scylla", "road")
INNER_KINDS = ("passage", "peril")
GOTO = ("hades", "labyrinth", "quest")


class SpaceRow(Row):
    """An outer board space in board.yaml."""

    name: str
    kind: Literal[SPACE_KINDS]


class InnerSpaceRow(Row):
    """A Labyrinth maze or Quest route space in board.yaml."""

    name: str
    kind: Literal[INNER_KINDS]


class BoardRow(Row):
    """board.yaml's one row: the outer loop, the maze and the route."""

    spaces: list[SpaceRow]
    maze: list[InnerSpaceRow]
    route: list[InnerSpaceRow]


class OracleEffect(Strict):
    """What an Oracle card does (the engine reads these keys; see the comment atop oracle.yaml)."""

    coins: int | None = None
    half_coins: bool | None = None
    from_each: int | None = None
    to_each: int | None = None
    vap: int | None = None
    half_vap: bool | None = None
    goto: Literal[GOTO] | None = None
    advance_to: str | None = None
    forward: int | None = None
    back: int | None = None
    hero_gain: bool | None = None
    hero_lose: bool | None = None
    lose_turn: bool | None = None
    extra_turn: bool | None = None
    hold: Literal["release"] | None = None


class PotluckEffect(Strict):
    """What a Potluck card does."""

    coins: int | None = None
    vap: int | None = None
    lose_turn: bool | None = None
    lose_hero: bool | None = None
    to_beginning: bool | None = None


class OracleRow(Row):
    """A row of oracle.yaml."""

    id: str
    title: str
    text: str
    effect: OracleEffect
    favourable: bool


class PotluckRow(Row):
    """A row of potluck.yaml: the card names the Hero it concerns."""

    id: str
    title: str
    text: str
    effect: PotluckEffect
    favourable: bool
    hero: str


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


def _path(name: str):
    return cardsets_root() / "by-jove" / name


def _spaces(rows) -> tuple[Space, ...]:
    return tuple(Space(r.name, r.kind) for r in rows)


@lru_cache(maxsize=None)
def board() -> Board:
    """The board from board.yaml; checks the counts the rulebook fixes."""
    path = _path("board.yaml")
    rows = read_list(path, BoardRow, items="rows")
    if len(rows) != 1:
        raise CardsetError(f"board.yaml has {len(rows)} rows", file=str(path), expected="one row, the board",
                           hint="see 'pnp docs by-jove'")
    b = Board(_spaces(rows[0].spaces), _spaces(rows[0].maze), _spaces(rows[0].route))
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


def _cards(name: str, row, count: int) -> tuple[Card, ...]:
    path = _path(name)
    cards = tuple(Card(c.id, c.title, c.text, c.effect.model_dump(exclude_none=True), c.favourable,
                       getattr(c, "hero", None)) for c in read_list(path, row))
    if len(cards) != count:
        raise CardsetError(f"{name} has {len(cards)} cards", file=str(path), expected=str(count),
                           hint="the rulebook's Equipment list fixes the count")
    return cards


@lru_cache(maxsize=None)
def oracle_cards() -> tuple[Card, ...]:
    """The 40 Oracle cards (by-jove.equipment.2)."""
    cards = _cards("oracle.yaml", OracleRow, 40)
    spaces = {s.name for s in board().spaces}
    for c in cards:
        if "advance_to" in c.effect and c.effect["advance_to"] not in spaces:
            raise CardsetError(f"unknown space '{c.effect['advance_to']}'", file="oracle.yaml", card=c.id,
                               field="effect.advance_to", hint="name an outer board space")
    return cards


@lru_cache(maxsize=None)
def potluck_cards() -> tuple[Card, ...]:
    """The 16 Potluck cards, each naming a Hero (by-jove.equipment.2, potluck.2)."""
    cards = _cards("potluck.yaml", PotluckRow, 16)
    heroes = set(board().heroes)
    for c in cards:
        if c.hero not in heroes:
            raise CardsetError(f"unknown hero '{c.hero}'", file="potluck.yaml", card=c.id, field="hero",
                               expected=f"one of {', '.join(sorted(heroes))}", hint="fix the hero name")
    return cards
