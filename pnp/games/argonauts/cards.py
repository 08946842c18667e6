"""Argonauts card data: load cards.yaml and read each card's tracks at a level (look-left rule)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pnp.errors import CardsetError, UsageError
from pnp.yamlio import load_yaml

KINDS = ("monster", "treasure", "blessing", "wrath")
FIGHTABLE = ("monster", "treasure")
EFFECT_TYPES = ("modifier", "crew", "ignore", "reroll")
TRACK_BOXES = 6


def applies_to(applies: str, kind: str) -> bool:
    """Does an effect's reach (any, all, monster or treasure) cover a card of this kind."""
    return applies in ("any", "all", kind)


@dataclass(frozen=True)
class Effect:
    """A treasure's effect: type modifier|crew|ignore|reroll, amount, and which cards it applies to."""

    type: str
    amount: int = 0
    applies: str = "any"  # modifier: any|monster|treasure; ignore: target kind

    def fits(self, kind: str) -> bool:
        """True when the effect applies to a card of this kind."""
        return applies_to(self.applies, kind)


@dataclass(frozen=True)
class Card:
    """One Adventure card as printed: tracks indexed by level box 0..5 (None = no number printed)."""

    id: str
    name: str
    kind: str
    reserve: bool = False
    difficulty: tuple = ()
    deadliness: tuple = ()
    add: dict = field(default_factory=dict)
    deed: str | None = None
    ignorable: bool = False
    use: str | None = None
    effect: Effect | None = None
    text: str = ""


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
    for i in range(level, -1, -1):
        if values[i] is not None:
            return int(values[i])
    # argonauts.gap.17: the first box always carries a number in a well-formed card
    raise UsageError("no number at or left of the last ticked box", field="values",
                     expected="a number under the first box", hint="give the first box a value")


def default_path() -> Path:
    """The built-in card data file."""
    from pnp.paths import cardsets_root
    return cardsets_root() / "argonauts" / "cards.yaml"


def _card(raw: dict, path: Path) -> Card:
    cid = raw.get("id")
    if not cid:
        raise CardsetError("a card has no id", file=str(path), field="id", hint="give every card an id")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise CardsetError(f"unknown kind {kind!r}", file=str(path), card=cid, field="kind",
                           expected=" | ".join(KINDS))
    eff = raw.get("effect")
    effect = None
    if eff:
        if eff.get("type") not in EFFECT_TYPES:
            raise CardsetError(f"unknown effect type {eff.get('type')!r}", file=str(path), card=cid,
                               field="effect.type", expected=" | ".join(EFFECT_TYPES))
        effect = Effect(eff["type"], int(eff.get("amount") or 0), str(eff.get("applies") or eff.get("target") or "any"))
    track = {}
    for name in ("difficulty", "deadliness"):
        vals = raw.get(name)
        needed = kind in FIGHTABLE if name == "difficulty" else kind == "monster"
        if needed:
            if not isinstance(vals, list) or len(vals) != TRACK_BOXES or vals[0] is None:
                raise CardsetError(f"{name} must be a list of {TRACK_BOXES} entries with a number first",
                                   file=str(path), card=cid, field=name, expected="[int, int|null, ...]")
        track[name] = tuple(vals or ())
    return Card(id=cid, name=str(raw.get("name") or cid), kind=kind, reserve=bool(raw.get("reserve")),
                difficulty=track["difficulty"], deadliness=track["deadliness"],
                add={int(k): v for k, v in (raw.get("add") or {}).items()}, deed=raw.get("deed"),
                ignorable=bool(raw.get("ignorable")), use=raw.get("use"), effect=effect,
                text=str(raw.get("text") or ""))


@lru_cache(maxsize=8)
def load_cards(path: str | None = None) -> dict[str, Card]:
    """All cards from cards.yaml (default: the built-in set), by id, in file order."""
    p = Path(path) if path else default_path()
    if not p.exists():
        raise CardsetError("card data not found", file=str(p), hint="check the cardsets/argonauts folder")
    raw = load_yaml(p.read_text(encoding="utf-8")) or {}
    items = raw.get("cards", []) if isinstance(raw, dict) else raw
    cards: dict[str, Card] = {}
    for r in items:
        c = _card(r, p)
        if c.id in cards:
            raise CardsetError("duplicate card id", file=str(p), card=c.id, field="id", hint="make ids unique")
        cards[c.id] = c
    return cards


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
            raise UsageError(f"unknown card '{cid}'", card=cid, hint=suggest(cid, cards))
        out[cid] = stats(cards[cid], levels.get(cid, 0))
    return out


def suggest(name: str, cards: dict[str, Card]) -> str:
    """A hint naming the closest card ids."""
    from pnp.cli.suggest import closest
    near = closest(name, list(cards), n=3)
    return f"did you mean {', '.join(near)}?" if near else f"valid cards: {', '.join(cards)}"


def find_card(name: str, cards: dict[str, Card]) -> str:
    """Card id for a typed id or name, matched forgivingly (case, spaces, apostrophes)."""
    key = "".join(ch for ch in name.lower() if ch.isalnum())
    for c in cards.values():
        if key in ("".join(ch for ch in c.id if ch.isalnum()), "".join(ch for ch in c.name.lower() if ch.isalnum())):
            return c.id
    raise UsageError(f"unknown card '{name}'", card=name, hint=suggest(name, cards))
