"""Load a game's rules.yaml (statements by section) and gaps.yaml (the gaps register)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from pnp.catalog import game as find_game
from pnp.errors import CardsetError, UsageError
from pnp.names import suggest
from pnp.paths import cardsets_root
from pnp.yamlio import load_yaml

BASES = ("stated", "inferred", "house rule")
GAP_KINDS = ("silent", "contradiction", "misprint")


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


@dataclass(frozen=True)
class Gap:
    """A place where the rulebook is silent, contradicts itself or misprints, with our ruling."""

    id: str
    kind: str
    title: str
    section: str
    question: str
    ruling: str
    reasoning: str
    basis: str
    inferred_from: tuple[str, ...] = ()


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


def _need(obj: dict, key: str, where: str, path) -> object:
    if key not in obj:
        raise CardsetError(f"missing '{key}' in {where}", file=str(path), field=key,
                           hint=f"add '{key}:' to {where}")
    return obj[key]


@lru_cache(maxsize=None)
def load(slug: str) -> RuleBook:
    """The rule book of a built-in game, from cardsets/<slug>/rules.yaml and gaps.yaml."""
    g = find_game(slug)
    folder = cardsets_root() / slug
    path = folder / "rules.yaml"
    if not path.exists():
        raise UsageError(f"no rules data for {slug} yet", file=str(path))
    raw = load_yaml(path.read_text(encoding="utf-8")) or {}
    sections = []
    for i, s in enumerate(_need(raw, "sections", "rules.yaml", path)):
        sec = Section(key=_need(s, "key", f"section {i + 1}", path), heading=_need(s, "heading", f"section {i + 1}", path),
                      heading_en=s.get("heading_en"))
        for st in _need(s, "statements", f"section {sec.key}", path):
            sec.statements.append(Statement(id=st["id"], text=" ".join(str(st["text"]).split()), section=sec))
        sections.append(sec)
    gaps = []
    gpath = folder / "gaps.yaml"
    if gpath.exists():
        for e in (load_yaml(gpath.read_text(encoding="utf-8")) or {}).get("gaps", []):
            gaps.append(Gap(id=e["id"], kind=e["kind"], title=e["title"], section=e["section"],
                            question=e["question"], ruling=e["ruling"], reasoning=e["reasoning"],
                            basis=e["basis"], inferred_from=tuple(e.get("inferred_from") or ())))
    synonyms = {k.lower(): [str(v).lower() for v in vs] for k, vs in (raw.get("synonyms") or {}).items()}
    return RuleBook(game=g.slug, rulebook=g.rulebook, sections=sections, synonyms=synonyms, gaps=gaps)
