"""Load a game's rules.yaml (statements by section) and gaps.yaml (the gaps register)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from pnp.cardset.datafile import Strict, read_model
from pnp.catalog import game as find_game
from pnp.errors import UsageError
from pnp.names import suggest
from pnp.paths import cardsets_root

BASES = ("stated", "inferred", "house rule")
GAP_KINDS = ("silent", "contradiction", "misprint")


class StatementData(Strict):
    """One statement of rules.yaml: its id (<game>.<section key>.<n>) and its text in our own words."""

    id: str
    text: str


class SectionData(Strict):
    """One section of rules.yaml: its key, its heading as printed (and in English) and its statements."""

    key: str
    heading: str
    heading_en: str | None = None
    statements: list[StatementData]


class RulesData(Strict):
    """rules.yaml (format: docs/rules-data.md)."""

    game: str | None = None      # the header names the game and its rulebook file (checked by the tests;
    rulebook: str | None = None  # the registry's Game is what the loader uses)
    sections: list[SectionData] = Field(min_length=1)
    synonyms: dict[str, list[str | int]] = Field(default_factory=dict)  # a word -> words (or numbers) it also finds


class Gap(Strict):
    """One entry of gaps.yaml: where the rulebook is silent, contradicts itself or misprints, and our ruling."""

    id: str
    kind: Literal[GAP_KINDS]
    title: str
    section: str
    question: str
    ruling: str
    reasoning: str
    basis: Literal[BASES]
    inferred_from: tuple[str, ...] = ()


class GapsData(Strict):
    """gaps.yaml (format: docs/rules-data.md)."""

    gaps: list[Gap] = Field(default_factory=list)


@dataclass(frozen=True)
class Statement:
    """One numbered rule in the project's own words."""

    id: str
    text: str
    section: "Section"


@dataclass
class Section:
    """A rulebook section: its heading as printed (plus English for cs/zh books)."""

    key: str
    heading: str
    heading_en: str | None
    statements: list[Statement] = field(default_factory=list)

    @property
    def title(self) -> str:
        """Heading as printed, with its English translation when the book is not English."""
        return f"{self.heading} ({self.heading_en})" if self.heading_en else self.heading


@dataclass
class RuleBook:
    """A game's rules statements, sections, synonyms and gaps."""

    game: str
    rulebook: str
    sections: list[Section]
    synonyms: dict[str, list[str]]
    gaps: list[Gap]

    @property
    def statements(self) -> list[Statement]:
        """All statements in rulebook order."""
        return [s for sec in self.sections for s in sec.statements]

    def statement(self, rule_id: str) -> Statement:
        """One statement by id; unknown ids get the nearest valid ones (exit 2)."""
        for s in self.statements:
            if s.id == rule_id:
                return s
        near = suggest(rule_id, [s.id for s in self.statements] + [g.id for g in self.gaps], n=3)
        raise UsageError(f"unknown rule id '{rule_id}' for {self.game}",
                         hint=f"try {', '.join(near)}" if near else f"run 'pnp rules {self.game}'")

    def gap(self, gap_id: str) -> Gap:
        """One gap by id."""
        for g in self.gaps:
            if g.id == gap_id:
                return g
        raise UsageError(f"unknown gap id '{gap_id}' for {self.game}", hint=f"run 'pnp rules {self.game} gaps'")

    def section_of(self, ref: str) -> str:
        """Section title cited for a rule id, gap id or section key."""
        for sec in self.sections:
            if ref == sec.key or ref == f"{self.game}.{sec.key}":
                return sec.title
        if ".gap." in ref:
            return self.gap(ref).section
        return self.statement(ref).section.title


@lru_cache(maxsize=None)
def load(slug: str) -> RuleBook:
    """The rule book of a built-in game, from cardsets/<slug>/rules.yaml and gaps.yaml."""
    g = find_game(slug)
    folder = cardsets_root() / slug
    path = folder / "rules.yaml"
    if not path.exists():
        raise UsageError(f"no rules data for {slug} yet", file=str(path))
    rules = read_model(path, RulesData)
    sections = []
    for s in rules.sections:
        sec = Section(key=s.key, heading=s.heading, heading_en=s.heading_en)
        sec.statements.extend(Statement(id=st.id, text=" ".join(st.text.split()), section=sec) for st in s.statements)
        sections.append(sec)
    gpath = folder / "gaps.yaml"
    gaps = read_gaps(gpath) if gpath.exists() else []
    synonyms = {k.lower(): [str(v).lower() for v in vs] for k, vs in rules.synonyms.items()}
    return RuleBook(game=g.slug, rulebook=g.rulebook, sections=sections, synonyms=synonyms, gaps=gaps)


def read_gaps(path: Path) -> list[Gap]:
    """The gaps register in a gaps.yaml; a missing or wrong field is a one-line CardsetError naming it."""
    return read_model(path, GapsData).gaps
