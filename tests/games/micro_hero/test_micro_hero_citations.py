"""Every Micro Hero rule or gap id cited in the code exists in rules.yaml / gaps.yaml."""
from __future__ import annotations

import re
from pathlib import Path

from pnp.rules.book import load

ROOT = Path(__file__).resolve().parents[3]
FILES = ["pnp/games/micro_hero/engine.py", "pnp/games/micro_hero/pieces.py", "pnp/games/micro_hero/plans.py",
         "pnp/games/micro_hero/spending.py", "pnp/games/micro_hero/cards.py", "pnp/games/micro_hero/rulings.py",
         "pnp/games/micro_hero/save.py"]
CITE = re.compile(r"micro-hero\.([a-z-]+)\.(\d+)")
SHORT_GAP = re.compile(r"gap\.(\d+)\b")


def test_cited_ids_exist():
    book = load("micro-hero")
    known = {s.id for s in book.statements} | {g.id for g in book.gaps}
    cited = set()
    for f in FILES:
        text = (ROOT / f).read_text(encoding="utf-8")
        cited |= {f"micro-hero.{a}.{b}" for a, b in CITE.findall(text)}
    assert len(cited) > 40
    assert not sorted(cited - known)


def test_every_gap_is_cited_by_code_or_card_data():
    book = load("micro-hero")
    text = "".join((ROOT / f).read_text(encoding="utf-8") for f in FILES)
    text += "".join(p.read_text(encoding="utf-8") for p in (ROOT / "cardsets" / "micro-hero").glob("*.yaml")
                    if p.name not in ("gaps.yaml", "rules.yaml"))
    cited = set(SHORT_GAP.findall(text))
    uncited = [g.id for g in book.gaps if g.id.rsplit(".", 1)[1] not in cited]
    assert not uncited


def test_gap_36_technique_pool_is_a_documented_house_rule():
    book = load("micro-hero")
    gap = next(g for g in book.gaps if g.id == "micro-hero.gap.36")
    assert gap.basis == "house rule"
    doc = (ROOT / "docs" / "micro-hero.md").read_text(encoding="utf-8")
    assert "micro-hero.gap.36" in doc and "`house rule`" in doc
    from pnp.games.micro_hero.cards import catalog
    kinds = catalog().kinds
    extra = {k for k, v in kinds.items() if v.kind == "technique"} - {"strike", "block", "training"}
    assert extra == {"wrestle", "dodge", "study"}
    for name in extra:   # a basic half equal to one of the rulebook's three kinds
        assert any(kinds[name].base == kinds[base].base for base in ("strike", "block", "training"))
