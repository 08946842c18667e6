"""Hera and Zeus data: the two mirrored decks, the print kit, the rules and gaps, and the rule ids code cites."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import yaml

from pnp.games.hera_zeus.cards import HERA, ZEUS, all_cards, deck
from pnp.paths import cardsets_root
from pnp.rules.book import load

ROOT = Path(__file__).resolve().parents[3]
SET = cardsets_root() / "hera-zeus"


def test_two_decks_of_43_that_mirror_each_other():
    cards = all_cards()
    assert len(deck(HERA)) == 43 and len(deck(ZEUS)) == 43
    kinds = [Counter((cards[c].kind, cards[c].strength) for c in deck(p)) for p in (HERA, ZEUS)]
    assert kinds[0] == kinds[1]
    by_token = {p: Counter(cards[c].token for c in deck(p)) for p in (HERA, ZEUS)}
    assert by_token[HERA]["io"] == 1 and by_token[ZEUS]["argus"] == 1
    assert by_token[HERA]["nemesis"] == by_token[ZEUS]["poseidon"] > 0
    assert by_token[HERA]["amazon"] == by_token[ZEUS]["hero"] > 0
    assert {cards[c].strength for c in cards if cards[c].token in ("poseidon", "nemesis")} == {7}
    assert {cards[c].strength for c in cards if cards[c].token in ("hero", "amazon")} == {2}
    assert {cards[c].strength for c in cards if cards[c].strength is not None} == set(range(8))
    assert by_token[HERA]["pegasus"] >= 3      # Persephone fetches three (hera-zeus.persephone.1)


def test_print_kit_has_distinct_backs_reference_cards_and_statues():
    manifest = yaml.safe_load((SET / "cardset.yaml").read_text())
    names = {c["name"] for c in manifest["components"]}
    assert {"decks", "reference", "statues"} <= names
    rows = yaml.safe_load((SET / "decks.yaml").read_text())["cards"]
    assert {r["side"]: r["back_layout"] for r in rows} == {"hera": "hera-back", "zeus": "zeus-back"}
    layouts = yaml.safe_load((SET / "layouts.yaml").read_text())
    assert layouts["hera-back"]["background"] != layouts["zeus-back"]["background"]
    assert len(yaml.safe_load((SET / "reference.yaml").read_text())["cards"]) == 2
    assert len(yaml.safe_load((SET / "statues.yaml").read_text())["cards"]) == 2


def test_rules_headings_are_printed_in_the_rulebook(rulebooks):
    text = (rulebooks / "hera-and-zeus.zh.txt").read_text(encoding="utf-8")
    book = load("hera-zeus")
    for sec in book.sections:
        assert sec.heading in text and sec.heading_en


def test_gaps_register_covers_the_named_gaps_with_bases():
    book = load("hera-zeus")
    ids = {s.id for s in book.statements} | {g.id for g in book.gaps}
    for g in book.gaps:
        assert g.basis in ("stated", "inferred", "house rule")
        assert g.basis != "inferred" or g.inferred_from
        assert set(g.inferred_from) <= ids
    titles = " | ".join(g.title for g in book.gaps).lower()
    for needle in ("poseidon and nemesis", "strength 0-1", "hades", "statue cannot be attacked", "both hostages"):
        assert needle in titles


def test_every_rule_id_cited_in_code_exists():
    book = load("hera-zeus")
    ids = {s.id for s in book.statements} | {g.id for g in book.gaps}
    files = list((ROOT / "pnp" / "games" / "hera_zeus").glob("*.py"))
    cited = set()
    for f in files:
        cited |= set(re.findall(r"hera-zeus\.[a-z]+\.\d+", f.read_text()))
    assert cited and cited <= ids, sorted(cited - ids)


def test_print_renders_both_decks_reference_cards_and_statues(tmp_path):
    import json

    from click.testing import CliRunner

    from pnp.cli.main import main
    from print_fixtures import pdf_text
    result = CliRunner().invoke(main, ["print", "hera-zeus", "-o", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    assert report["cards"] == 86 + 2 + 2
    text = pdf_text(tmp_path / "hera-zeus.pdf")
    expected = {c.name for c in all_cards().values()} | {"Hera: your turn", "Zeus: your turn", "HERA", "ZEUS"}
    assert [n for n in sorted(expected) if n not in text] == []


def test_gap_26_hostage_card_text_says_how_the_engine_loses_it():
    import yaml
    from pnp.games.hera_zeus.position import empty_state, take
    rows = yaml.safe_load((ROOT / "cardsets" / "hera-zeus" / "decks.yaml").read_text(encoding="utf-8"))
    texts = {r["text"] for r in rows["cards"] if r["kind"] == "hostage"}
    assert len(texts) == 1
    text = texts.pop()
    assert "front-row card challenges it" in text and "Pegasus raid takes it" in text
    assert "strike only turns it face up" in text
    state = empty_state()                      # the engine: a Pegasus strike on the hostage does not win
    state.hand[0] = [take(state, 0, "pegasus", "hand")]
    state.field[1][0] = [take(state, 1, "argus", "field"), take(state, 1, "5", "field")]
    state.field[0][1] = [take(state, 0, "5", "field")]
    state.apply_action("pegasus front 1")
    assert state.winner is None and state.field[1][0][0] in state.face_up
