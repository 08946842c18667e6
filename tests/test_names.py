"""The one name matcher (pnp.names) against the typo table tests/names_typos.csv, and its messages."""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from names_choices import choices

from pnp import names
from pnp.errors import CampaignError, UsageError

TABLE = Path(__file__).with_name("names_typos.csv")


def rows() -> list[dict]:
    with TABLE.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_table_is_big_and_covers_every_kind():
    table = rows()
    assert len(table) >= 100
    sets = {r["set"] for r in table}
    for kind in ("game", "card", "deed", "campaign", "by-jove-space", "colour", "layout", "field"):
        assert kind in sets
    assert any(s.startswith("situation-") for s in sets)
    assert {r["expected"] for r in table} >= {"ambiguous", "none"}


@pytest.mark.parametrize("row", rows(), ids=lambda r: f"{r['set']}:{r['input']}")
def test_typo_table(row):
    kind = row["set"].split("-")[0] if row["set"].startswith(("situation-",)) else row["set"]
    m = names.match(kind, row["input"], choices(row["set"]))
    expected = row["expected"]
    if expected in ("ambiguous", "none"):
        assert m.status == expected, m
        if expected == "ambiguous":
            assert len(m.candidates) >= 2
    else:
        assert (m.status, m.id) == ("match", expected), m


def test_normalise_and_singular():
    assert names.normalise("  Dragon's-Teeth   WARRIORS ") == "dragons teeth warriors"
    assert names.normalise("Athéna’s Guidance") == "athenas guidance"
    assert names.normalise("Αθηνά") == "αθηνα" and names.normalise("赫拉 与 宙斯") == "赫拉 与 宙斯"
    assert names.match("card", "αθηνα", ["Αθηνά", "Ήρα"]).id == "Αθηνά"
    assert [names.singular(w) for w in ("harpies", "bulls", "glasses", "pegasus", "axes", "sea")] == \
        ["harpy", "bull", "glass", "pegasus", "ax", "sea"]


def test_ambiguous_is_refused_with_the_tied_names_sorted():
    with pytest.raises(UsageError) as err:
        names.resolve("card", "dragon", choices("card"))
    assert err.value.exit_code == 2
    assert err.value.one_line() == ("ambiguous card 'dragon': it could be Dragon's-Teeth Warriors or Sleepless Dragon; "
                                    "fix: type more of the name")


def test_a_letter_lists_only_a_few_names():
    with pytest.raises(CampaignError) as err:
        names.resolve("card", "s", choices("card"), error=CampaignError)
    line = err.value.one_line()
    shown = line.split("it could be ")[1].split(" (and ")[0].split(", ")
    assert len(shown) == names.SHORT_LIST and all(any(w.startswith("s") for w in n.lower().split()) for n in shown)
    assert re.search(r"\(and \d+ more\)", line)


def test_unknown_names_the_nearest_or_lists_every_choice():
    with pytest.raises(UsageError) as err:
        names.resolve("colour", "grey", ["red", "blue", "green"], field="colour")
    e = err.value
    assert (e.field, e.expected) == ("colour", "one of blue, green, red")
    assert "did you mean 'green'?" in e.one_line()
    with pytest.raises(UsageError) as err:
        names.resolve("card", "zzzz", choices("card"), listing="see 'pnp campaign deck'")
    assert err.value.expected is None and err.value.hint == "see 'pnp campaign deck'"


def test_campaign_cut_off_is_stricter_than_the_default():
    assert names.match("name", "frist-voyag", ["first-voyage"]).status == "match"
    assert names.match("campaign", "voyage-1", ["first-voyage"]).status == "none"
    assert names.CUTOFFS["campaign"].accept > names.DEFAULT.accept


def test_did_you_mean_helpers_use_the_matcher_for_layouts_and_fields():
    """The did-you-mean of validation messages (names.suggest with n=1, names.unknown_message)."""
    assert names.suggest("adventur", choices("layout"), n=1) == ["adventure"]
    assert names.suggest("bleeed", choices("field"), n=1) == ["bleed"]
    assert names.suggest("colour", choices("field"), n=1) == []
    assert names.unknown_message("layout", "player-frnt", choices("layout")).startswith(
        "unknown layout 'player-frnt'. Did you mean 'player-front'?")


def test_numbers_are_never_typos_and_short_whole_names_are_taken():
    assert names.match("campaign", "voyage-2", ["voyage"]).status == "none"
    assert names.match("campaign", "run 3", ["run-1", "run-2"]).status == "none"
    assert names.match("card", "run-2", ["run-1", "run-2"]).id == "run-2"
    assert names.match("colour", "b", ["b", "blue", "black"]).id == "b"
    assert names.match("colour", "bl", ["blue", "black"]).status == "ambiguous"
