"""Argonauts card data for play: the cards of pnp.games.argonauts.campaign_cards by id, and their numbers at a level (look-left rule)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.games.argonauts.campaign_cards import Card, Effect, read_cards
from pnp.games.argonauts.campaign_cards import read_track as read_printed
from pnp.errors import UsageError
from pnp.names import resolve, suggest
from pnp.paths import cardsets_root

FIGHTABLE = ("monster", "treasure")


@dataclass(frozen=True)
class Stats:
    """A card's numbers at its current level: what play needs."""

    id: str
    name: str
    kind: str
    difficulty: int = 0
    deadliness: int = 0
    ignorable: bool = False
    use: str | None = None
    effect: Effect | None = None


def read_track(values, level: int) -> int:
    """The number a track shows when box `level` (0-based) is the last ticked: look left (argonauts.reading.1-3)."""
    if not 0 <= level < len(values):
        raise UsageError(f"level box {level + 1} is outside the track", field="level",
                         expected=f"a box from 1 to {len(values)}")
    try:
        return int(read_printed(values, level + 1))
    except ValueError:  # argonauts.gap.17: the first box always carries a number in a well-formed card
        raise UsageError("no number at or left of the last ticked box", field="values",
                         expected="a number under the first box", hint="give the first box a value") from None


def default_path() -> Path:
    """The built-in card data file."""
    return cardsets_root() / "argonauts" / "cards.yaml"


@lru_cache(maxsize=8)
def load_cards(path: str | None = None) -> dict[str, Card]:
    """All cards from cards.yaml (default: the built-in set), by id, in file order."""
    return {c.id: c for c in read_cards(Path(path) if path else default_path())}


def stats(card: Card, level: int = 0) -> Stats:
    """A card's current numbers with box `level` (0-based) the last ticked."""
    diff = read_track(card.difficulty, level) if card.difficulty else 0
    dead = read_track(card.deadliness, level) if card.deadliness else 0
    return Stats(card.id, card.name, card.kind, diff, dead, card.ignorable, card.use, card.effect)


def starting_deck(cards: dict[str, Card]) -> list[str]:
    """Ids of the cards without the reserve symbol (argonauts.setup.2, argonauts.setup.4)."""
    return [c.id for c in cards.values() if not c.reserve]


def deck_stats(ids, levels: dict[str, int] | None = None, cards: dict[str, Card] | None = None) -> dict[str, Stats]:
    """Stats for each id at its campaign level (missing ids: level 0, the printed first box)."""
    cards = cards if cards is not None else load_cards()
    levels = levels or {}
    out = {}
    for cid in ids:
        if cid not in cards:
            near = suggest(cid, list(cards))
            raise UsageError(f"unknown card '{cid}'", card=cid,
                             hint=f"did you mean {', '.join(near)}?" if near else f"valid cards: {', '.join(cards)}")
        out[cid] = stats(cards[cid], levels.get(cid, 0))
    return out


def find_card(name: str, cards: dict[str, Card]) -> str:
    """Card id for a typed id or name, matched forgivingly (pnp.names); else UsageError (exit 2)."""
    return resolve("card", name, {c.id: c.name for c in cards.values()}, card=name.strip())
