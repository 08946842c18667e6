"""The Ruling record every `pnp judge` situation returns (schema in docs/judge.md)."""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.rules.book import BASES, load


@dataclass(frozen=True)
class Citation:
    """A rule or gap id and the rulebook section heading it rests on."""

    rule: str
    section: str


@dataclass
class Ruling:
    """A computed ruling: machine verdict, one-line summary, ordered steps, citations, basis."""

    game: str
    situation: str
    verdict: object
    summary: str
    steps: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    basis: str = "stated"

    def to_dict(self) -> dict:
        """JSON form, as documented in docs/judge.md."""
        return {"game": self.game, "situation": self.situation, "verdict": self.verdict,
                "summary": self.summary, "steps": list(self.steps),
                "citations": [{"rule": c.rule, "section": c.section} for c in self.citations],
                "basis": self.basis}


def make_ruling(game: str, situation: str, *, verdict, summary: str, steps, cites, basis: str = "stated") -> Ruling:
    """Build a Ruling, resolving each cited rule or gap id to its section heading.

    An unknown id raises: a ruling never cites a rule that does not exist. The basis is never surer than
    a cited gap's: citing an inferred or house-rule gap makes the ruling inferred or house rule.
    """
    if basis not in BASES:
        raise ValueError(f"basis must be one of {BASES}, not {basis!r}")
    book = load(game)
    seen, citations = set(), []
    for ref in cites:
        if ref not in seen:
            seen.add(ref)
            citations.append(Citation(ref, book.section_of(ref)))
            if ".gap." in ref:
                basis = weakest_basis(basis, book.gap(ref).basis)
    return Ruling(game, situation, verdict, summary, list(steps), citations, basis)


def weakest_basis(*bases: str) -> str:
    """The least certain basis among several: house rule < inferred < stated."""
    return min(bases, key=lambda b: {"house rule": 0, "inferred": 1, "stated": 2}[b])
