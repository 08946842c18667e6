"""Hera and Zeus card data, read from the card set (cardsets/hera-zeus/decks.yaml): the one source of truth."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pydantic import Field

from pnp.cardset.datafile import Row, read_rows
from pnp.errors import UsageError
from pnp.names import match, suggest
from pnp.paths import cardsets_root

HERA, ZEUS = 0, 1
SIDES = ("hera", "zeus")
KINDS = ("hostage", "medusa", "pandora", "pegasus", "pythia", "sirens", "hades", "persephone", "dionysus", "god",
         "hero", "seven", "number")

# Kinds that may stand on the battlefield (hera-zeus.gap.7): number cards, Pegasus, and the
# strength-less battlefield characters.
PLACEABLE = frozenset({"number", "hero", "seven", "pythia", "pegasus", "medusa", "pandora", "hostage"})
NEVER_CHALLENGE = frozenset({"hostage", "medusa", "pandora"})  # hera-zeus.challenge.4

# Names the judge accepts besides strengths 0-7 and printed card names.
ALIASES = {"god": "god", "statue-card": "god", "heroes": "hero", "amazons": "amazon", "siren": "sirens"}


@dataclass(frozen=True)
class Card:
    """One physical card: id (H01..H43, Z01..Z43), owner's side, and its printed design."""

    id: str
    side: int
    name: str
    token: str      # rules name: strength for plain cards ("5"), else e.g. "pegasus", "io"
    kind: str       # one of KINDS
    strength: int | None  # printed strength, None for cards without a number
    symbol: bool

    @property
    def placeable(self) -> bool:
        """May stand on the battlefield (hera-zeus.gap.7)."""
        return self.kind in PLACEABLE

    @property
    def field_strength(self) -> int | None:
        """Strength in a challenge: printed strength; Pegasus counts 1 (hera-zeus.pegasus.11)."""
        return 1 if self.kind == "pegasus" else self.strength


class Design(Row):
    """A row of decks.yaml: one card design of a side, and how many copies its deck holds."""

    side: Literal[SIDES]
    name: str
    token: str | int
    kind: Literal[KINDS]
    strength: int | None = Field(ge=0, le=7)
    symbol: bool
    copies: int = Field(ge=1)


@lru_cache(maxsize=1)
def designs() -> tuple[Design, ...]:
    """The card designs (rows of decks.yaml), both sides."""
    return tuple(read_rows(cardsets_root() / "hera-zeus" / "decks.yaml", Design))


@lru_cache(maxsize=1)
def all_cards() -> dict[str, Card]:
    """Every physical card of both decks by id: Hera's H01..H43, Zeus's Z01..Z43."""
    out: dict[str, Card] = {}
    for side, letter in ((HERA, "H"), (ZEUS, "Z")):
        n = 0
        for row in designs():
            if row.side != SIDES[side]:
                continue
            for _ in range(row.copies):
                n += 1
                cid = f"{letter}{n:02d}"
                out[cid] = Card(cid, side, row.name, str(row.token), row.kind, row.strength, row.symbol)
    return out


def deck(side: int) -> list[str]:
    """Card ids of one side's 43-card deck (a new list each time)."""
    return list(_deck_ids()[side])


@lru_cache(maxsize=1)
def _deck_ids() -> tuple[tuple[str, ...], ...]:
    """Card ids of each side's deck, Hera's then Zeus's."""
    return tuple(tuple(c.id for c in all_cards().values() if c.side == side) for side in (HERA, ZEUS))


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Every accepted card name (lowercase) -> token."""
    names = {c.token: c.token for c in all_cards().values()}
    names.update({c.name.lower(): c.token for c in all_cards().values()})
    names.update(ALIASES)
    return names


def token_of(name: str) -> str:
    """The rules token for a card given as strength 0-7, token or printed name; UsageError if unknown."""
    key = str(name).strip().lower()
    if key == "god":
        return "god"
    if key in _names():
        return _names()[key]
    m = match("card", key, {n: n for n in _names() if not n.isdigit()})
    if m.status == "match":
        return _names()[m.id]
    valid = sorted({c.token for c in all_cards().values()} | {"statue"})
    near = suggest(key, list(_names()) + ["statue"], n=1)
    raise UsageError(f"unknown card '{name}'", expected=f"a strength 0-7 or one of {', '.join(v for v in valid if not v.isdigit())}",
                     hint=f"did you mean '{near[0]}'?" if near else "give a strength 0-7 or a card name")


