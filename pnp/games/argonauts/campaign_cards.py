"""The Argonauts card data (cards.yaml, player.yaml) as read-only objects, and the track reading."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from pnp.errors import CampaignError
from pnp.paths import cardsets_root
from pnp.yamlio import load_yaml

TRACK_BOXES = 6
KINDS = ("monster", "treasure", "blessing", "wrath")
EFFECT_TYPES = ("modifier", "crew", "ignore", "reroll")


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
    """One Adventure card design."""

    id: str
    name: str
    kind: str
    reserve: bool
    difficulty: tuple | None = None
    deadliness: tuple | None = None
    add: dict = field(default_factory=dict)
    deed: str | None = None
    ignorable: bool = False
    use: str | None = None
    effect: Effect | None = None
    text: str = ""

    @property
    def has_track(self) -> bool:
        """Monsters and Treasures carry a level track (argonauts.winning.3)."""
        return self.kind in ("monster", "treasure")


@dataclass(frozen=True)
class Deed:
    """A Heroic Deed box on the Player card."""

    id: str
    name: str


@dataclass(frozen=True)
class Reward:
    """A Player-card reward: granted once every deed in `needs` is ticked (argonauts.winning.10)."""

    id: str
    needs: tuple
    crew: int = 0
    add: str | None = None

    def describe(self, cards: "CardData") -> str:
        """'+2 crew' or 'add Golden Fleece'."""
        return f"+{self.crew} crew" if self.crew else f"add {cards.card(self.add).name}"


@dataclass(frozen=True)
class CardData:
    """The whole Argonauts card set as the tracker needs it."""

    cards: tuple
    deeds: tuple
    rewards: tuple
    starting_crew: int
    player_card: str

    def card(self, card_id: str) -> Card:
        """The card with this id."""
        return self._by_id[card_id]

    def deed(self, deed_id: str) -> Deed:
        """The deed with this id."""
        return {d.id: d for d in self.deeds}[deed_id]

    @cached_property
    def _by_id(self) -> dict:
        return {c.id: c for c in self.cards}


def read_track(values, level: int):
    """The value a track shows at `level` (ticked boxes, 1..6): the entry under the last ticked box,
    else the nearest number to its left (argonauts.reading.1-4)."""
    if values is None:
        return None
    if not 1 <= level <= TRACK_BOXES:
        raise ValueError(f"level {level} outside 1..{TRACK_BOXES}")
    for value in reversed(values[:level]):
        if value is not None:
            return value
    raise ValueError("track has no number at or left of the first box")


def _bad(file, card, fld, message, expected):
    return CampaignError(message, file=str(file), card=card, field=fld, expected=expected,
                         hint="fix the card data")


def _track(raw, file, cid, fld) -> tuple:
    if (not isinstance(raw, list) or len(raw) != TRACK_BOXES
            or not all(v is None or isinstance(v, int) for v in raw) or raw[0] is None):
        raise _bad(file, cid, fld, f"bad track {raw!r}", f"{TRACK_BOXES} entries, ints or null, the first an int")
    return tuple(raw)


def _effect(raw, file, cid) -> Effect | None:
    if not raw:
        return None
    if raw.get("type") not in EFFECT_TYPES:
        raise _bad(file, cid, "effect.type", f"unknown effect type {raw.get('type')!r}", " | ".join(EFFECT_TYPES))
    return Effect(raw["type"], int(raw.get("amount") or 0), str(raw.get("applies") or raw.get("target") or "any"))


def _card(raw: dict, file) -> Card:
    cid = raw.get("id")
    if not cid:
        raise _bad(file, None, "id", "a card has no id", "an id on every card")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _bad(file, cid, "kind", f"bad kind {kind!r}", " | ".join(KINDS))
    tracked = kind in ("monster", "treasure")
    add = {int(k): v for k, v in (raw.get("add") or {}).items()}
    if any(not 1 <= k < TRACK_BOXES for k in add):
        raise _bad(file, cid, "add", f"bad ADD box {sorted(add)}", f"box indexes 1..{TRACK_BOXES - 1}")
    return Card(id=cid, name=str(raw.get("name") or cid), kind=kind, reserve=bool(raw.get("reserve")),
                difficulty=_track(raw.get("difficulty"), file, cid, "difficulty") if tracked else None,
                deadliness=_track(raw.get("deadliness"), file, cid, "deadliness") if kind == "monster" else None,
                add=add, deed=raw.get("deed"), ignorable=bool(raw.get("ignorable")), use=raw.get("use"),
                effect=_effect(raw.get("effect"), file, cid), text=str(raw.get("text") or ""))


def load_cards(folder: Path | None = None) -> CardData:
    """Read and cross-check cards.yaml and player.yaml (ADD targets are reserve cards, deeds exist)."""
    folder = Path(folder) if folder else cardsets_root() / "argonauts"
    return _load(str(folder))


@lru_cache(maxsize=8)
def read_cards(cards_file: Path) -> tuple:
    """The Adventure cards of one cards.yaml, in file order, each checked on its own."""
    if not cards_file.exists():
        raise CampaignError("card data not found", file=str(cards_file), hint="check the cardsets/argonauts folder")
    raw = load_yaml(cards_file.read_text(encoding="utf-8")) or {}
    cards = tuple(_card(c, cards_file) for c in (raw.get("cards", []) if isinstance(raw, dict) else raw))
    seen = set()
    for c in cards:
        if c.id in seen:
            raise _bad(cards_file, c.id, "id", "duplicate card id", "unique ids")
        seen.add(c.id)
    return cards


@lru_cache(maxsize=4)
def _load(folder: str) -> CardData:
    cards_file, player_file = Path(folder) / "cards.yaml", Path(folder) / "player.yaml"
    cards = read_cards(cards_file)
    player = load_yaml(player_file.read_text(encoding="utf-8"))
    deeds = tuple(Deed(d["id"], d["name"]) for d in player["deeds"])
    rewards = tuple(Reward(r["id"], tuple(r["needs"]), crew=int(r["reward"].get("crew", 0)),
                           add=r["reward"].get("add")) for r in player["rewards"])
    reserve = {c.id for c in cards if c.reserve}
    deed_ids = {d.id for d in deeds}
    for c in cards:
        for target in c.add.values():
            if target not in reserve:
                raise _bad(cards_file, c.id, "add", f"ADD names '{target}', not a reserve card", "a reserve card id")
        if c.deed and c.deed not in deed_ids:
            raise _bad(cards_file, c.id, "deed", f"unknown deed '{c.deed}'", f"one of {', '.join(sorted(deed_ids))}")
    for r in rewards:
        if set(r.needs) - deed_ids or (r.add and r.add not in reserve) or not (r.crew or r.add):
            raise _bad(player_file, None, f"rewards.{r.id}", "bad reward", "needs: [deed ids], reward: {crew: N} or {add: reserve card id}")
    return CardData(cards=cards, deeds=deeds, rewards=rewards, starting_crew=int(player["starting_crew"]),
                    player_card=player.get("name", "Heroic Deeds"))


def card_ids(ctx=None) -> list[str]:
    """Every Adventure card's id (shell completion of card names)."""
    return [c.id for c in load_cards().cards]


def treasure_ids(ctx=None) -> list[str]:
    """Every Treasure card's id (shell completion of --treasure)."""
    return [c.id for c in load_cards().cards if c.kind == "treasure"]


def deed_ids(ctx=None) -> list[str]:
    """Every Heroic Deed's id (shell completion of --deed)."""
    return [d.id for d in load_cards().deeds]
