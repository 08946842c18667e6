"""Every rule or gap id cited in the code names a real statement or gap of that game's rule book."""
import re
from pathlib import Path

import pytest

from pnp.catalog import GAMES
from pnp.rules.book import load

ROOT = Path(__file__).resolve().parents[2] / "pnp"
SLUGS = "|".join(re.escape(s) for s in sorted(GAMES, key=len, reverse=True))
CITE = re.compile(rf"\b({SLUGS})\.([a-z][a-z0-9_-]*)\.(\d+)(?:-(\d+))?")


def cited_ids():
    found = {}
    for path in ROOT.rglob("*.py"):
        for m in CITE.finditer(path.read_text(encoding="utf-8")):
            slug, key, first, last = m.group(1), m.group(2), int(m.group(3)), m.group(4)
            for n in range(first, int(last) + 1 if last else first + 1):
                found.setdefault(f"{slug}.{key}.{n}", f"{path.relative_to(ROOT.parent)}")
    return found


CITED = cited_ids()


def test_the_code_cites_rules():
    assert len(CITED) > 200
    assert {i.split(".")[0] for i in CITED} == set(GAMES)


@pytest.mark.parametrize("rule_id", sorted(CITED))
def test_cited_id_exists(rule_id):
    slug = rule_id.split(".")[0]
    book = load(slug)
    ids = {s.id for s in book.statements} | {g.id for g in book.gaps}
    assert rule_id in ids, f"{CITED[rule_id]} cites {rule_id}, which {slug}'s rules.yaml/gaps.yaml lack"
