"""Micro Hero card data, read from the card set (cardsets/micro-hero/*.yaml): the one source of truth."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Literal

from pydantic import Field

from pnp.cardset.datafile import Row, Strict, read_rows
from pnp.errors import CardsetError
from pnp.names import resolve
from pnp.paths import cardsets_root

SLUG = "micro-hero"
TECHNIQUE_COST = 4   # micro-hero.upgrade.5
BLESSING_COST = 8    # micro-hero.upgrade.5
WOUND_COST = 4       # micro-hero.gap.14
ICONS = ("attack", "defence", "xp")
MODULES = ("blood", "athena", "hera", "calm", "omphale")
ALIASES = {"wound": "serious-wound", "superficial": "superficial-wound", "deep": "deep-wound",
           "serious": "serious-wound"}


@dataclass(frozen=True)
class Icons:
    """Icon counts on one half of a card: swords (attack), shields (defence), stars (xp)."""

    attack: int = 0
    defence: int = 0
    xp: int = 0

    def times(self, n: int) -> "Icons":
        """These icons scored n times."""
        return Icons(self.attack * n, self.defence * n, self.xp * n)

    def __add__(self, other: "Icons") -> "Icons":
        return Icons(self.attack + other.attack, self.defence + other.defence, self.xp + other.xp)

    def get(self, name: str) -> int:
        """The count of one icon by name."""
        return getattr(self, name)


@dataclass(frozen=True)
class Kind:
    """A card kind a deck can hold: a Technique, a Blessing or a Wound."""

    id: str
    name: str
    kind: str            # technique | blessing | wound
    base: Icons
    upgraded: Icons
    copies: int = 1
    severity: str = ""   # wounds: serious | superficial | deep
    module: str = "core"
    trial: str = ""      # blessings: the Trial it comes from

    @cached_property
    def cost(self) -> int:
        """XP to buy, upgrade or foresee this kind (micro-hero.upgrade.5, micro-hero.gap.14)."""
        return {"technique": TECHNIQUE_COST, "blessing": BLESSING_COST}.get(self.kind, WOUND_COST)

    def icons(self, upgraded: bool) -> Icons:
        """The icons of the half that counts."""
        return self.upgraded if upgraded else self.base


@dataclass(frozen=True)
class Trial:
    """A Trial card: printed Attack, Defence, Life, special rule (as data) and its Blessing kind."""

    id: str
    name: str
    labor: int
    attack: int
    defence: int
    life: int
    rule: str
    effect: dict
    blessing: str


@dataclass(frozen=True)
class Catalog:
    """Every Micro Hero card kind, Trial, Hera's Revenge card and Calm and Wrath Life card."""

    kinds: dict[str, Kind]
    trials: dict[str, Trial]
    revenge: dict[str, dict] = field(default_factory=dict)
    lifecards: dict[str, list[dict]] = field(default_factory=dict)

    @cached_property
    def ranks(self) -> tuple[dict, tuple]:
        """Each (kind, up) key's rank, by its icon row then the key, and the icon row of each rank: how the
        engine's plan_choices sorts a hand (worked out once per catalog)."""
        keys = sorted(((i.attack, i.defence, i.xp), (kid, up)) for kid, k in self.kinds.items()
                      for up, i in ((False, k.icons(False)), (True, k.icons(True))))
        return {key: r for r, (_, key) in enumerate(keys)}, tuple(row for row, _ in keys)

    @cached_property
    def wound_ids(self) -> frozenset:
        """The ids of the Wound kinds."""
        return frozenset(kid for kid, k in self.kinds.items() if k.kind == "wound")

    def kind(self, name: str) -> Kind:
        """A kind by id, alias or printed name, typed loosely (pnp.names); unknown -> UsageError."""
        if name in self.kinds:
            return self.kinds[name]
        key = ALIASES.get(slugify(name), slugify(name))
        if key in self.kinds:
            return self.kinds[key]
        return self.kinds[resolve("card", name, {k.id: [k.id, k.name] for k in self.kinds.values()})]

    def trial(self, name: str) -> Trial:
        """A Trial by id or name, typed loosely (pnp.names); unknown -> UsageError."""
        return self.trials[resolve("trial", name, {t.id: [t.id, t.name] for t in self.trials.values()})]


def slugify(text: str) -> str:
    """Lower-case id with hyphens: "Queen's Girdle" -> "queens-girdle"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


class IconsData(Strict):
    """One half of a card in the data: icon counts."""

    attack: int = Field(0, ge=0)
    defence: int = Field(0, ge=0)
    xp: int = Field(0, ge=0)

    def icons(self) -> Icons:
        """As the engine's Icons."""
        return Icons(self.attack, self.defence, self.xp)


class TechniqueRow(Row):
    """A row of techniques.yaml."""

    id: str
    name: str
    copies: int = Field(ge=1)
    base: IconsData
    upgraded: IconsData


class WoundRow(Row):
    """A row of wounds.yaml."""

    id: str
    name: str
    copies: int = Field(ge=1)
    severity: Literal["serious", "superficial", "deep"]
    module: Literal[("core",) + MODULES]


class TrialRow(Row):
    """A row of trials.yaml: the Trial and the Blessing it gives."""

    id: str
    name: str
    labor: int = Field(ge=1)
    attack: int = Field(ge=0)
    defence: int = Field(ge=0)
    life: int = Field(ge=1)
    rule: str
    effect: dict = Field(default_factory=dict)
    blessing: str
    base: IconsData
    upgraded: IconsData


class EffectRow(Row):
    """A row of revenge.yaml: a Hera's Revenge card and its effect."""

    id: str
    effect: dict


class LifeRow(Row):
    """A row of lifecards.yaml: a Calm and Wrath Life card and its bands."""

    id: str
    bands: list[dict]


def _rows(name: str, row):
    path = cardsets_root() / SLUG / name
    if not path.exists():
        raise CardsetError("card data file missing", file=str(path), hint="restore it from the pnp checkout")
    return read_rows(path, row)


@lru_cache(maxsize=None)
def catalog() -> Catalog:
    """Load every card kind from the card set's YAML files."""
    kinds: dict[str, Kind] = {}
    for r in _rows("techniques.yaml", TechniqueRow):
        kinds[r.id] = Kind(r.id, r.name, "technique", r.base.icons(), r.upgraded.icons(), copies=r.copies)
    for r in _rows("wounds.yaml", WoundRow):
        kinds[r.id] = Kind(r.id, r.name, "wound", Icons(), Icons(), copies=r.copies, severity=r.severity,
                           module=r.module)
    trials: dict[str, Trial] = {}
    for r in _rows("trials.yaml", TrialRow):
        bid = slugify(r.blessing)
        kinds[bid] = Kind(bid, r.blessing, "blessing", r.base.icons(), r.upgraded.icons(), trial=r.id)
        trials[r.id] = Trial(r.id, r.name, r.labor, r.attack, r.defence, r.life, r.rule, dict(r.effect), bid)
    revenge = {r.id: dict(r.effect) for r in _rows("revenge.yaml", EffectRow)}
    lifecards = {r.id: list(r.bands) for r in _rows("lifecards.yaml", LifeRow)}
    return Catalog(kinds, trials, revenge, lifecards)
