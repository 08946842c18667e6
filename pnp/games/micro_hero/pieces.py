"""Micro Hero's pieces: the game's fixed numbers, a physical card, the game options and one hero's piles."""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from pnp.errors import UsageError
from pnp.games.micro_hero.cards import MODULES, Icons, catalog

HAND = 5                     # micro-hero.draw.1
PREP_ACTIONS = 2             # micro-hero.coop-round-end.1, gap.4
TRIALS = 12                  # micro-hero.how.1
TURN_LIMIT = 30              # micro-hero.gap.33
SHIELD_MAX = 15              # micro-hero.gap.19
SHIELD_PREP = 5              # micro-hero.athena.6
LINGER = {"normal": 0, "heroic": 1, "mythic": 2}   # micro-hero.difficulty.2, .4
RECOMMENDED = {"training": 4, "strike": 3, "block": 3}  # micro-hero.setup-deck.2
STANCES = ("hercules", "omphale")
PREP_KINDS = ("pass", "rest", "ready", "recover", "shield")   # Preparation Actions, in legal_actions()' order
CHANCE_PHASES = frozenset({"shuffle", "reveal", "revenge"})   # deck shuffling, Trial reveals, Hera's Revenge draws
NO_ICONS = Icons()
KIND_OF = attrgetter("kind")   # a card's kind id


@dataclass(slots=True)
class Card:
    """One physical card: a unique id, its kind and which half is up."""

    uid: int
    kind: str
    up: bool = False


@dataclass
class Options:
    """Game options: difficulty, players, mini-expansions, stances and starting decks."""

    difficulty: str = "normal"
    players: int = 1
    expansions: frozenset = frozenset()
    stances: tuple = ("hercules", "hercules")
    start_deck: dict = field(default_factory=lambda: dict(RECOMMENDED))

    def check(self) -> None:
        """Raise UsageError on a value out of range."""
        if self.difficulty not in LINGER:
            raise UsageError(f"unknown difficulty '{self.difficulty}'", expected=", ".join(LINGER))
        if self.players not in (1, 2):
            raise UsageError(f"players must be 1 or 2, not {self.players}")
        bad = set(self.expansions) - set(MODULES)
        if bad:
            raise UsageError(f"unknown expansion '{sorted(bad)[0]}'", expected=", ".join(MODULES))
        for s in self.stances:
            if s not in STANCES:
                raise UsageError(f"unknown stance '{s}'", expected=", ".join(STANCES))
            if s == "omphale" and "omphale" not in self.expansions:
                raise UsageError("the Omphale stance needs the 'omphale' expansion")
        cat = catalog()
        if sum(self.start_deck.values()) != 10:  # micro-hero.setup-deck.1
            raise UsageError(f"a starting deck has 10 Techniques, not {sum(self.start_deck.values())}")
        for k, n in self.start_deck.items():
            kind = cat.kind(k)
            if kind.kind != "technique" or n > kind.copies or n < 0:
                raise UsageError(f"starting deck: {n} x {k} is not possible",
                                 expected=f"Techniques, at most {kind.copies} of {kind.id}")


@dataclass(slots=True)
class Hero:
    """One player's piles, stance and shield (each their own in co-op, micro-hero.gap.29).

    Lists run top first for the deck, top last for the discard pile.
    """

    deck: list = field(default_factory=list)
    discard: list = field(default_factory=list)
    hand: list = field(default_factory=list)
    played: list = field(default_factory=list)
    stash: list = field(default_factory=list)      # under the Omphale stance
    pool: list = field(default_factory=list)       # starting cards not yet shuffled in
    stance: str = "hercules"
    side: str = "A"                                # micro-hero.setup-stance.1
    turned: bool = False
    shield: int = 0                                # micro-hero.athena.2
    prep_left: int = 0
    result: Icons = Icons()


def first_of(pile: list, kind: str) -> int:
    """The position of the first card of this kind in a pile (taken by position: no card comparisons)."""
    for i, c in enumerate(pile):
        if c.kind == kind:
            return i
    raise ValueError(f"no {kind} in the pile")
