"""Rules search reads misspelt words as the book's nearest word, and leaves correctly spelt queries alone."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.rules import search as S

QUESTIONS = Path(__file__).parents[1] / "questions"


@pytest.fixture(scope="module")
def module_cache(tmp_path_factory):
    """This module's own cache folder: each game's index is built once here and reused, as a user's is."""
    return tmp_path_factory.mktemp("typos-cache")


@pytest.fixture(autouse=True)
def own_cache(module_cache, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", str(module_cache))
    monkeypatch.delenv("PNP_HOME", raising=False)


def first(slug: str, text: str, typos: bool = True) -> str | None:
    conn = S.index(slug)
    try:
        hits = S.query(conn, text, 3, typos=typos)
    finally:
        conn.close()
    return hits[0].id if hits else None


@pytest.mark.parametrize("slug, typed, plain", [
    ("argonauts", "sirenz", "sirens"),
    ("argonauts", "wraht", "wrath"),
    ("hera-zeus", "pegasis", "pegasus"),
    ("hera-zeus", "sirenz", "sirens"),
    ("argonauts", "mosnter", "monster"),
    ("argonauts", "can a tresure be used twice", "can a treasure be used twice"),
])
def test_a_typo_finds_what_the_plain_spelling_finds(slug, typed, plain):
    want = first(slug, plain)
    assert want is not None
    assert first(slug, typed, typos=False) != want  # without typo tolerance the typo misses it
    assert first(slug, typed) == want


def test_plain_questions_rank_exactly_as_without_typo_tolerance():
    """All 302 players' questions give the same top 3 with typo tolerance on and off."""
    differ = []
    for path in sorted(QUESTIONS.glob("*.yaml")):
        conn = S.index(path.stem)
        try:
            for e in yaml.safe_load(path.read_text(encoding="utf-8")):
                on, off = S.query(conn, e["q"], 3), S.query(conn, e["q"], 3, typos=False)
                if [h.id for h in on] != [h.id for h in off]:
                    differ.append((path.stem, e["q"]))
        finally:
            conn.close()
    assert not differ


def test_words_of_the_book_and_short_words_are_never_corrected():
    conn = S.index("argonauts")
    try:
        assert S.corrections(conn, ["sirens", "monsters", "wrath", "six"]) == []
        assert S.corrections(conn, ["many", "zebra", "xyzzy"]) == []
        assert S.corrections(conn, ["sirenz", "wraht"]) == ["sirens", "wrath"]
    finally:
        conn.close()


def test_cli_search_with_a_typo():
    r = CliRunner().invoke(main, ["rules", "argonauts", "search", "sirenz", "--json"])
    assert r.exit_code == 0, r.output
    plain = CliRunner().invoke(main, ["rules", "argonauts", "search", "sirens", "--json"])
    assert json.loads(r.output)["hits"] == json.loads(plain.output)["hits"]
