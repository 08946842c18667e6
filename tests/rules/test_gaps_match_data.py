"""The gaps registers state facts about the project's own card data; those facts must match the data."""
from __future__ import annotations

import re

from pnp.rules.book import load


def _gap(slug: str, gid: str):
    return next(g for g in load(slug).gaps if g.id == gid)


def test_labors_of_herakles_gap_14_requirement_range_matches_the_labor_cards():
    from pnp.games.labors_of_herakles.engine import labor_cards
    lo, hi = map(int, re.search(r"Labors require (\d+) to (\d+) per trait", _gap("labors-of-herakles",
                                "labors-of-herakles.gap.14").ruling).groups())
    values = [v for card in labor_cards().values() for v in card.required]
    assert (lo, hi) == (min(values), max(values))


def test_verb_adjective_noun_gap_16_and_gap_5_count_the_decks_edge_colours():
    from pnp.games.verb_adjective_noun.engine import cards
    colours = {edge for card in cards().values() for edge in (card.left, card.right)} - {"black"}
    words = {3: "three", 4: "four"}
    for gid in ("verb-adjective-noun.gap.5", "verb-adjective-noun.gap.16"):
        text = _gap("verb-adjective-noun", gid).ruling.lower()
        assert words[len(colours)] in text and words[len(colours) + 1] not in text, gid


def test_labors_of_herakles_gap_14_copies_per_trait_and_value_match_the_adventure_deck():
    from collections import Counter

    from pnp.games.labors_of_herakles.engine import TRAITS, adventures
    words = {2: "twice", 3: "three times", 4: "four times"}
    copies = set(Counter((c.trait, c.value) for c in adventures().values()).values())
    assert len(copies) == 1
    text = _gap("labors-of-herakles", "labors-of-herakles.gap.14").ruling
    assert f"each value {words[copies.pop()]} per trait" in text
    assert {c.trait for c in adventures().values()} == set(TRAITS)


def test_micro_hero_gap_36_copies_match_the_techniques():
    from pnp.games.micro_hero.cards import catalog
    text = _gap("micro-hero", "micro-hero.gap.36").ruling
    for kind in catalog().kinds.values():
        if kind.kind == "technique":
            assert (f"{kind.name} ×{kind.copies}" in text) or (kind.copies == 1 and kind.name in text), kind.name
