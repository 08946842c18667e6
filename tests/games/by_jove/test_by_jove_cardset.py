"""By Jove's card set: the counts the rulebook fixes, one source of truth with the engine, bad data."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnp.cardset.load import load_cardset
from pnp.cli.main import main
from pnp.errors import CardsetError
from pnp.games.by_jove import board_layout, data, rules
from pnp.paths import cardsets_root

SET = cardsets_root() / "by-jove"


@pytest.fixture
def fresh_data():
    """Clear the engine's cached data before and after a test that points PNP_HOME elsewhere."""
    for f in (data.board, data.oracle_cards, data.potluck_cards):
        f.cache_clear()
    yield
    for f in (data.board, data.oracle_cards, data.potluck_cards):
        f.cache_clear()


def test_component_counts_match_the_equipment_list():
    cs = load_cardset(SET)
    counts = {c.name: sum(p.copies for p in c.pieces) for c in cs.components}
    assert counts == {"board": 1, "oracle": 40, "potluck": 16, "heroes": 8, "vap-awards": 50,
                      "adventure-awards": 24, "coins": 60, "pawns": 6, "aid": 2}
    assert counts["coins"] == rules.TOTAL_COINS and counts["vap-awards"] == rules.TOTAL_VAP


def test_board_has_the_rulebook_spaces_with_gods_ten_apart():
    b = data.board()
    assert len(b.spaces) == 40 and b.gods == [5, 15, 25, 35]
    assert sorted(b.heroes) == sorted(["Ulysses", "Hercules", "Achilles", "Hector", "Aeneas", "Perseus",
                                       "Theseus", "Atalanta"])
    assert sum(s.kind == "peril" for s in b.spaces) == 11 and len(b.maze) == 6
    assert [s.name for s in b.maze if s.kind == "peril"] == ["Minotaur"]


def test_hero_images_match_the_board_and_the_battle_rule():
    heroes = yaml.safe_load((SET / "heroes.yaml").read_text())
    assert sorted(h["name"] for h in heroes) == sorted(data.board().heroes)
    assert all(h["throws"] == rules.throws_for(rules.fighter_kind(h["name"])) for h in heroes)


def test_potluck_has_a_strength_and_a_weakness_per_hero():
    cards = data.potluck_cards()
    per_hero = {h: sorted(c.favourable for c in cards if c.hero == h) for h in data.board().heroes}
    assert all(v == [False, True] for v in per_hero.values())


def test_card_omens_match_their_effects():
    for c in data.oracle_cards() + data.potluck_cards():
        gains = any(v > 0 for k, v in c.effect.items() if k in ("coins", "vap", "from_each", "forward"))
        losses = any((k in ("coins", "vap") and v < 0) or k in ("half_coins", "half_vap", "to_each", "back",
                                                                 "lose_turn", "hero_lose", "lose_hero",
                                                                 "to_beginning") or c.effect.get("goto") == "hades"
                     for k, v in c.effect.items())
        if gains and not losses:
            assert c.favourable, c.id
        if losses and not gains:
            assert not c.favourable, c.id


def test_two_release_cards_are_kept():
    assert [c.id for c in data.oracle_cards() if c.effect.get("hold") == "release"] == ["oracle-22", "oracle-23"]


def test_generated_board_layout_is_in_sync():
    raw = yaml.safe_load((SET / "layouts.yaml").read_text())
    assert raw["board"] == board_layout.layout()
    names = {k.split("_")[0] for k in raw["board"]["boxes"]}
    assert {f"s{i:02d}" for i in range(40)} <= names and {f"m{i}" for i in range(1, 7)} <= names


def test_validate_passes():
    result = CliRunner().invoke(main, ["validate", str(SET)])
    assert result.exit_code == 0, result.output
    assert "0 error(s)" in result.output


def _copy_set(tmp_path: Path, monkeypatch) -> Path:
    home = tmp_path / "home"
    shutil.copytree(SET, home / "cardsets" / "by-jove")
    monkeypatch.setenv("PNP_HOME", str(home))
    return home / "cardsets" / "by-jove"


def test_engine_refuses_gods_not_ten_apart(tmp_path, monkeypatch, fresh_data):
    folder = _copy_set(tmp_path, monkeypatch)
    raw = yaml.safe_load((folder / "board.yaml").read_text())
    spaces = raw[0]["spaces"]
    spaces[5], spaces[6] = spaces[6], spaces[5]
    (folder / "board.yaml").write_text(yaml.safe_dump(raw))
    with pytest.raises(CardsetError) as exc:
        data.board()
    assert "10 apart" in exc.value.message and exc.value.file.endswith("board.yaml")


def test_engine_refuses_an_unknown_card_effect(tmp_path, monkeypatch, fresh_data):
    folder = _copy_set(tmp_path, monkeypatch)
    raw = yaml.safe_load((folder / "oracle.yaml").read_text())
    raw[0]["effect"] = {"teleport": 3}
    (folder / "oracle.yaml").write_text(yaml.safe_dump(raw))
    with pytest.raises(CardsetError) as exc:
        data.oracle_cards()
    assert exc.value.card == "oracle-01" and exc.value.field == "effect.teleport"
