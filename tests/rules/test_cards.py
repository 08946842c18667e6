"""The card reference (pnp.rules.cards, `pnp cards`): every card's text, and the Argonauts' level tracks and unlocks."""
from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

from pnp.catalog import games
from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.paths import cardsets_root
from pnp.rules.cards import find, lookup, reference


@pytest.fixture(autouse=True)
def _built_in(monkeypatch):
    monkeypatch.delenv("PNP_HOME", raising=False)


def _argonauts_data():
    """The shipped cards.yaml and player.yaml, card and deed names by id, and the reference cards by id."""
    folder = cardsets_root() / "argonauts"
    cards = yaml.safe_load((folder / "cards.yaml").read_text(encoding="utf-8"))
    player = yaml.safe_load((folder / "player.yaml").read_text(encoding="utf-8"))
    names = {c["id"]: c["name"] for c in cards["cards"]}
    deeds = {d["id"]: d["name"] for d in player["deeds"]}
    return cards, player, names, deeds, {c.id: c for c in reference("argonauts")}


def test_argonauts_reference_has_each_cards_text_track_adds_and_deed():
    cards, player, names, deeds, ref = _argonauts_data()
    for c in cards["cards"]:
        got = ref[c["id"]]
        assert (got.name, got.text, got.reserve) == (c["name"], " ".join(c["text"].split()), c["reserve"])
        assert got.difficulty == (tuple(c["difficulty"]) if c.get("difficulty") else None)
        assert got.deadliness == (tuple(c["deadliness"]) if c.get("deadliness") else None)
        assert got.adds == tuple((int(box) + 1, names[target]) for box, target in sorted((c.get("add") or {}).items()))
        assert got.deed == (deeds[c["deed"]] if c.get("deed") else None)


def test_argonauts_reserve_cards_say_what_brings_them_into_the_deck():
    cards, player, names, deeds, ref = _argonauts_data()
    for c in cards["cards"]:
        for box, target in (c.get("add") or {}).items():
            assert f"ADD at box {int(box) + 1} of {c['name']}" in ref[target].unlocked_by
    rewarded = [r for r in player["rewards"] if "add" in r["reward"]]
    assert rewarded
    for r in rewarded:
        joined = ref[r["reward"]["add"]].unlocked_by
        assert any(all(deeds[d] in u for d in r["needs"]) for u in joined), (names[r["reward"]["add"]], joined)
    assert all(ref[c["id"]].unlocked_by for c in cards["cards"] if c["reserve"])


@pytest.mark.parametrize("slug", list(games()))
def test_every_game_has_a_reference_of_named_cards(slug):
    ref = reference(slug)
    assert ref and all(c.name and c.kind for c in ref)
    assert len({c.id for c in ref}) == len(ref)


def test_a_card_is_found_loosely():
    assert find("argonauts", "harpy").id == "harpies"
    assert find("argonauts", "dragons teeth warrior").id == "dragons-teeth-warriors"
    assert find("Argonauts", "medea charm").id == "medeas-charm"
    assert find("by-jove", "gift of hermes").id == "oracle-01"
    with pytest.raises(UsageError, match=r"ambiguous card 'medusa': it could be Medusa \(hera-medusa\) or Medusa"):
        find("hera-zeus", "medusa")
    assert find("hera-zeus", "hera medusa").id == "hera-medusa"
    with pytest.raises(UsageError, match="unknown card 'zebra'"):
        find("argonauts", "zebra")
    assert [c.id for c in lookup("hera-zeus", "medusa")] == ["hera-medusa", "zeus-medusa"]


def run(*args):
    return CliRunner().invoke(main, ["cards", *args])


def test_cards_cli_one_card_in_full_and_as_json():
    r = run("argonauts", "harpy")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Harpies  (Monster)"
    assert "  difficulty:  8 - 9 - 10 11   (boxes 1-6)" in lines
    assert "  ticking box 3 adds Eagle of Prometheus to the deck" in lines
    assert "  defeating it earns the deed: Freed Phineus from the Harpies" in lines
    data = json.loads(run("argonauts", "harpies", "--json").output)
    assert data == find("argonauts", "harpies").to_dict()
    assert data["difficulty"] == [8, None, 9, None, 10, 11]


def test_cards_cli_lists_every_card_and_refuses_an_unknown_one_in_one_line():
    r = run("by-jove")
    assert r.exit_code == 0
    assert sum(1 for line in r.output.splitlines() if not line.startswith("  ")) == len(reference("by-jove"))
    listed = json.loads(run("hera-zeus", "--json").output)
    assert listed["game"] == "hera-zeus" and len(listed["cards"]) == len(reference("hera-zeus"))
    r = run("argonauts", "zebra")
    assert r.exit_code == 2 and "unknown card 'zebra'" in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_card_names_complete_for_the_game_typed():
    from click.shell_completion import ShellComplete
    items = ShellComplete(main, {}, "pnp", "_PNP_COMPLETE").get_completions(["cards", "argonauts"], "harp")
    assert [i.value for i in items] == ["harpies"]


def test_a_card_hit_of_rules_search_is_labelled_and_shown_by_rules_show():
    r = CliRunner().invoke(main, ["rules", "argonauts", "search", "harpies"])
    assert r.output.splitlines()[0].startswith("1. [argonauts.card.harpies (card)] Harpies: Winged thieves")
    shown = CliRunner().invoke(main, ["rules", "argonauts", "show", "argonauts.card.harpies"])
    assert shown.exit_code == 0 and shown.output == run("argonauts", "harpies").output
    data = json.loads(CliRunner().invoke(main, ["rules", "argonauts", "show", "argonauts.card.harpies", "--json"]).output)
    assert data == {"type": "card", **find("argonauts", "harpies").to_dict()}
