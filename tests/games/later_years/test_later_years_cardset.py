"""The Later Years and Verb the Adjective Noun print kits: data agrees with the engines, sets validate."""
from __future__ import annotations

import csv

import pytest
import yaml
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.games.later_years import engine as ly
from pnp.games.verb_adjective_noun import engine as van
from pnp.paths import cardsets_root


def _manifest(slug):
    return yaml.safe_load((cardsets_root() / slug / "cardset.yaml").read_text(encoding="utf-8"))


def test_board_fields_match_the_card_values():
    board = next(c for c in _manifest("later-years")["components"] if c["name"] == "board")["fields"]
    assert [(a["name"], a["value"]) for a in board["actions"]] == [(n, ly.value_of(n)) for n in ly.names("action")]
    assert [(o["name"], o["value"]) for o in board["objects"]] == [(n, ly.value_of(n)) for n in ly.names("object")]


def test_thirty_coins_per_colour_and_one_starter_pawn():
    with (cardsets_root() / "later-years" / "coins.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == ly.MAX_PLAYERS and all(int(r["copies"]) == 30 for r in rows)
    assert any(c["name"] == "starter-pawn" for c in _manifest("later-years")["components"])


def test_every_edge_colour_has_its_own_pattern_on_both_sides():
    layout = yaml.safe_load((cardsets_root() / "verb-adjective-noun" / "layouts.yaml").read_text())["challenge"]
    whens = [b.get("when", "") for b in layout["boxes"].values()]
    colours = {c.left for c in van.cards().values()} | {c.right for c in van.cards().values()}
    patterned = colours - {"black"}
    assert len(patterned) == 3
    for colour in patterned:
        for side in ("left", "right"):
            assert sum(w == f"{side} == '{colour}'" for w in whens) == 1, (side, colour)


def test_six_marker_colours_of_twelve():
    with (cardsets_root() / "verb-adjective-noun" / "markers.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len({r["colour"] for r in rows}) == 6 and all(int(r["copies"]) == van.MARKERS for r in rows)


@pytest.mark.parametrize("slug", ["later-years", "verb-adjective-noun"])
def test_card_sets_validate_clean(slug):
    result = CliRunner().invoke(main, ["validate", str(cardsets_root() / slug)])
    assert result.exit_code == 0, result.output
    assert "0 error(s), 0 warning(s)" in result.output


def test_a_bad_number_in_the_card_file_names_file_card_and_field(tmp_path, monkeypatch):
    """cards.csv is read through a pydantic row model: 'four' as a value is a one-line error, not a ValueError."""
    import shutil

    from pnp.errors import CardsetError
    folder = tmp_path / "cardsets" / "later-years"
    shutil.copytree(cardsets_root() / "later-years", folder)
    text = (folder / "cards.csv").read_text(encoding="utf-8")
    (folder / "cards.csv").write_text(text.replace("conquer,action,Conquer,4,", "conquer,action,Conquer,four,", 1),
                                      encoding="utf-8")
    monkeypatch.setenv("PNP_HOME", str(tmp_path))
    ly.card_types.cache_clear()
    try:
        with pytest.raises(CardsetError) as err:
            ly.card_types()
    finally:
        ly.card_types.cache_clear()
    assert err.value.card == "conquer" and err.value.field == "value"
    assert err.value.file == str(folder / "cards.csv") and err.value.expected == "a whole number"
