"""Rules search: every game's player questions find their statement in the top 3; FTS5 search units; `pnp rules`."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnp.catalog import GAMES
from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.rules import book as book_mod
from pnp.rules import search as search_mod

FIXTURE_HOME = Path(__file__).parents[1] / "fixtures" / "rules"
QUESTIONS = Path(__file__).parents[1] / "questions"


@pytest.fixture(autouse=True)
def _private_cache(monkeypatch, tmp_path_factory):
    """Search indexes are cached in a private folder, never the user's."""
    monkeypatch.setenv("PNP_CACHE", str(tmp_path_factory.getbasetemp() / "pnp-cache"))


@pytest.fixture
def fixture_home(monkeypatch):
    """PNP_HOME pointing at the small synthetic rules book (slug argonauts); no book cached across."""
    monkeypatch.setenv("PNP_HOME", str(FIXTURE_HOME))
    book_mod.load.cache_clear()
    yield FIXTURE_HOME
    book_mod.load.cache_clear()


@pytest.fixture
def home(tmp_path, monkeypatch, fixture_home):
    """A copy of that rules book's home a test may edit, as PNP_HOME."""
    home = tmp_path / "home"
    shutil.copytree(fixture_home, home)
    monkeypatch.setenv("PNP_HOME", str(home))
    return home


def add_hexagon(home):
    """Edit that home's rules.yaml ('A natural 6' gains '(a hexagon)'), its mtime one second on; no book cached."""
    rules = home / "cardsets" / "argonauts" / "rules.yaml"
    rules.write_text(rules.read_text().replace("A natural 6", "A natural 6 (a hexagon)"))
    st = rules.stat()
    os.utime(rules, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    book_mod.load.cache_clear()


@pytest.fixture
def book(fixture_home):
    return book_mod.load("argonauts")


def ids(hits):
    return [h.id for h in hits]


# --- every game's questions -------------------------------------------------------------------

def _question_files():
    return sorted(QUESTIONS.glob("*.yaml")) if QUESTIONS.is_dir() else []


@pytest.mark.parametrize("path", _question_files(), ids=lambda p: p.stem)
def test_questions_find_expected_statement_in_top_3(path, monkeypatch):
    monkeypatch.delenv("PNP_HOME", raising=False)
    slug = path.stem
    assert slug in GAMES, f"{path.name}: file name must be a game slug, one of {', '.join(GAMES)}"
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    assert isinstance(entries, list) and entries, f"{path.name}: expected a list of '- q: ... / expect: <id>'"
    book = book_mod.load(slug)
    known = {s.id for s in book.statements} | {g.id for g in book.gaps}
    failures = []
    for i, e in enumerate(entries, 1):
        q, expect = e.get("q"), e.get("expect")
        if not q or not expect:
            failures.append(f"entry {i}: needs both 'q' and 'expect': {e!r}")
            continue
        if expect not in known:
            failures.append(f"entry {i}: expect '{expect}' is not a statement or gap id of {slug}")
            continue
        top = ids(search_mod.search(slug, q, limit=3))
        if expect not in top:
            failures.append(f"entry {i}: {q!r} expected {expect}, top 3 were {top}")
    assert not failures, f"{path.name}: {len(failures)} of {len(entries)} questions fail:\n" + "\n".join(failures)


@pytest.mark.parametrize("path", _question_files(), ids=lambda p: p.stem)
def test_each_question_file_has_at_least_30_questions(path):
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    assert len(entries) >= 30, f"{path.name}: {len(entries)} questions, the issue asks for at least 30"


# --- search units on the synthetic book ---------------------------------------------------------

def test_porter_stemming_matches_other_word_forms(book):
    assert ids(search_mod.search_book(book, "defeating", 1)) == ["argonauts.combat.4"]  # "defeated"
    assert ids(search_mod.search_book(book, "wraths", 1)) == ["argonauts.quest.2"]  # "Wrath"


def test_synonyms_expand_the_query(book):
    # "statue" occurs nowhere; the synonyms map it to "god figure" and "idol"
    assert set(ids(search_mod.search_book(book, "statue", 5))) == {"argonauts.statues.1", "argonauts.statues.2"}
    book.synonyms.clear()
    assert search_mod.search_book(book, "statue", 5) == []


def test_synonym_keys_match_stemmed_query_words(book):
    # key "fight" applies to "fighting" and expands to "combat" (a heading word) and "roll"
    hits = ids(search_mod.search_book(book, "fighting", 3))
    assert hits[0] == "argonauts.combat.1"
    assert all(h.startswith("argonauts.combat.") for h in hits)


def test_multiword_synonym_is_a_phrase(book):
    match = search_mod.expand(search_mod.memory_index(book), "the statue?", {"statue": ["god figure", "idol"]},
                              typos=False)
    assert match == '"statue" OR "god figure" OR "idol"'


def test_statement_text_outranks_heading_only_match(book):
    # "treasure" is in quest.3's text and only in the heading of the combat section
    hits = ids(search_mod.search_book(book, "treasure", 10))
    combat = [h for h in hits if h.startswith("argonauts.combat.")]
    assert combat, "heading words must be indexed too"
    assert hits.index("argonauts.quest.3") < hits.index(combat[0])


def test_more_matching_words_rank_higher(book):
    hits = ids(search_mod.search_book(book, "monster deadliness", 3))
    assert hits[0] == "argonauts.combat.4"
    assert ids(search_mod.search_book(book, "what happens on a natural six", 1)) == ["argonauts.combat.3"]


def test_heading_translation_is_indexed(book):
    assert set(ids(search_mod.search_book(book, "extra pages", 5))) == {"argonauts.statues.1", "argonauts.statues.2"}


def test_gaps_are_searched_and_marked(book):
    hits = search_mod.search_book(book, "do treasures come back when I lose", 1)
    assert (hits[0].id, hits[0].kind, hits[0].section) == ("argonauts.gap.1", "gap", "Losing")


def test_hits_carry_citation_and_respect_limit(book):
    hits = search_mod.search_book(book, "card", 2)
    assert len(hits) == 2
    assert all(h.section for h in hits)
    assert hits[0].score <= hits[1].score


def test_fts_syntax_in_query_is_taken_literally(book):
    assert search_mod.search_book(book, 'NOT "wrath* (AND', 1)[0].id == "argonauts.quest.2"


def test_empty_query_is_a_usage_error(book):
    with pytest.raises(UsageError, match="empty search query"):
        search_mod.search_book(book, " ?! ", 3)


def test_cached_index_matches_in_memory_and_follows_file_changes(tmp_path, monkeypatch, home):
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    first = search_mod.search("argonauts", "natural six", 3)
    assert ids(first) == ids(search_mod.search_book(book_mod.load("argonauts"), "natural six", 3))
    assert list((tmp_path / "cache" / "rules").glob("argonauts-*.sqlite3")), "index not cached on disk"
    add_hexagon(home)
    assert ids(search_mod.search("argonauts", "hexagon", 1)) == ["argonauts.combat.3"]


def test_unwritable_cache_falls_back_to_memory(tmp_path, monkeypatch, fixture_home):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PNP_CACHE", str(blocker))
    assert ids(search_mod.search("argonauts", "natural six", 1)) == ["argonauts.combat.3"]


def test_game_without_rules_data(tmp_path, monkeypatch, fixture_home):
    (tmp_path / "cardsets").mkdir()
    monkeypatch.setenv("PNP_HOME", str(tmp_path))
    with pytest.raises(UsageError, match="no rules data for by-jove"):
        search_mod.search("by-jove", "taxes")


# --- pnp rules CLI ------------------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(main, ["rules", *args])


def test_toc_lists_sections_and_ids(fixture_home):
    r = run("argonauts")
    assert r.exit_code == 0, r.output
    assert "3. Combat & Treasure Recovery Phase" in r.output
    assert "argonauts.combat.1–4" in r.output
    assert "Appendix (Extra pages)" in r.output
    assert "2 gaps" in r.output


def test_toc_json(fixture_home):
    for args in (("argonauts", "--json"), ("--json", "argonauts")):
        r = run(*args)
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        assert data["game"] == "argonauts"
        assert [s["key"] for s in data["sections"]] == ["quest", "combat", "statues"]
        assert data["sections"][1]["statements"] == [f"argonauts.combat.{n}" for n in range(1, 5)]
        assert data["sections"][2]["heading_en"] == "Extra pages"
        assert data["gaps"] == ["argonauts.gap.1", "argonauts.gap.2"]


def test_show_statement_section_and_gap(fixture_home):
    r = run("argonauts", "show", "argonauts.combat.3")
    assert r.exit_code == 0, r.output
    assert "[argonauts.combat.3] A natural 6" in r.output and "3. Combat & Treasure Recovery Phase" in r.output
    r = run("argonauts", "show", "quest")
    assert [ln.split("]")[0].strip(" [") for ln in r.output.splitlines()[1:]] == \
        ["argonauts.quest.1", "argonauts.quest.2", "argonauts.quest.3"]
    r = run("argonauts", "show", "argonauts.gap.2")
    assert "house rule" in r.output and "The name wins over the picture." in r.output


def test_show_json(fixture_home):
    data = json.loads(run("argonauts", "show", "argonauts.combat.3", "--json").output)
    assert data == {"type": "rule", "id": "argonauts.combat.3",
                    "text": "A natural 6 on the die always succeeds, whatever the crew and difficulty.",
                    "section": "3. Combat & Treasure Recovery Phase", "section_key": "combat"}
    data = json.loads(run("argonauts", "--json", "show", "argonauts.statues").output)
    assert data["type"] == "section" and data["title"] == "Appendix (Extra pages)"
    assert [s["id"] for s in data["statements"]] == ["argonauts.statues.1", "argonauts.statues.2"]
    data = json.loads(run("argonauts", "show", "argonauts.gap.1", "--json").output)
    assert data["type"] == "gap" and data["kind"] == "silent" and data["inferred_from"] == ["argonauts.combat.2"]


def test_show_unknown_id_exits_2_with_nearest(fixture_home):
    r = run("argonauts", "show", "argonauts.combat.9")
    assert r.exit_code == 2
    assert "unknown rule id or section 'argonauts.combat.9'" in r.output
    assert "argonauts.combat." in r.output.split("did you mean")[1]


def test_search_cli(fixture_home):
    r = run("argonauts", "search", "what", "if", "I", "roll", "a", "six")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith("1. [argonauts.combat.3] A natural 6")
    assert "section: 3. Combat & Treasure Recovery Phase" in r.output
    r = run("argonauts", "search", "card", "--limit", "2", "--json")
    data = json.loads(r.output)
    assert data["query"] == "card" and len(data["hits"]) == 2
    assert set(data["hits"][0]) == {"id", "kind", "text", "section", "score"}


def test_search_without_hits_says_so(fixture_home):
    r = run("argonauts", "search", "zebra")
    assert r.exit_code == 0 and "nothing matches 'zebra'" in r.output
    assert json.loads(run("argonauts", "search", "zebra", "--json").output)["hits"] == []


def test_search_bad_limit_exits_2(fixture_home):
    r = run("argonauts", "search", "six", "--limit", "0")
    assert r.exit_code == 2 and "--limit" in r.output


def test_gaps_cli(fixture_home):
    r = run("argonauts", "gaps")
    assert r.exit_code == 0
    assert "[argonauts.gap.1] Treasures held when you lose" in r.output
    assert "basis:     inferred from argonauts.combat.2" in r.output
    data = json.loads(run("argonauts", "gaps", "--json").output)
    assert [(g["id"], g["kind"], g["basis"]) for g in data] == [
        ("argonauts.gap.1", "silent", "inferred"), ("argonauts.gap.2", "misprint", "house rule")]
    assert set(data[0]) >= {"id", "kind", "title", "ruling", "basis", "inferred_from"}


def test_misspelt_game_exits_2_with_suggestion(fixture_home):
    for args in (("agronots",), ("agronots", "search", "six")):
        r = run(*args)
        assert r.exit_code == 2
        assert "unknown game 'agronots'" in r.output and "did you mean 'argonauts'?" in r.output


def test_game_typed_loosely_is_found(fixture_home):
    for typed in ("Argonauts", "argonots", "the argonauts"):
        r = run(typed, "search", "six", "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.output)["game"] == "argonauts"


def test_misspelt_subcommand_exits_2_with_suggestion(fixture_home):
    r = run("argonauts", "serch", "six")
    assert r.exit_code == 2 and "Did you mean 'search'?" in r.output


def test_help_shows_examples(fixture_home):
    r = run("--help")
    assert r.exit_code == 0
    assert "pnp rules argonauts show argonauts.combat.3" in r.output
    assert "verb-adjective-noun" in r.output


# --- cards, and the index kept open --------------------------------------------------------------

def test_search_finds_card_names_with_their_text(monkeypatch):
    monkeypatch.delenv("PNP_HOME", raising=False)
    from pnp.rules.cards import find
    hit = search_mod.search("argonauts", "harpies", 3)[0]
    card = find("argonauts", "harpies")
    assert (hit.id, hit.kind, hit.section) == ("argonauts.card.harpies", "card", "Card: Monster")
    assert hit.text == f"Harpies: {card.text}" and "Phineus" in hit.text
    assert search_mod.search("by-jove", "gift of hermes", 1)[0].id == "by-jove.card.oracle-01"
    assert search_mod.search("argonauts", "harpys", 1)[0].id == "argonauts.card.harpies"  # a typo too


def test_a_second_search_does_not_reopen_the_index_until_a_source_changes(monkeypatch, home):
    opened = []
    real = search_mod.index
    monkeypatch.setattr(search_mod, "index", lambda slug: opened.append(slug) or real(slug))
    first = search_mod.search("argonauts", "natural six", 3)
    assert ids(search_mod.search("argonauts", "natural six", 3)) == ids(first)
    search_mod.search("argonauts", "wrath", 3)
    assert opened == ["argonauts"]
    add_hexagon(home)
    assert ids(search_mod.search("argonauts", "hexagon", 1)) == ["argonauts.combat.3"]
    assert opened == ["argonauts", "argonauts"]


def test_the_open_index_answers_many_threads_at_once(monkeypatch):
    import threading
    monkeypatch.delenv("PNP_HOME", raising=False)
    queries = ["natural six", "harpies", "what does wrath do", "sirenz", "crew on a treasure"]
    want = {q: ids(search_mod.search("argonauts", q, 3)) for q in queries}
    got, start = [], threading.Barrier(8)

    def worker():
        start.wait()
        got.extend((q, ids(search_mod.search("argonauts", q, 3))) for q in queries * 4)
    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 8 * 4 * len(queries) and all(want[q] == hits for q, hits in got)


# --- what a query reads, kept cheap ---------------------------------------------------------------

# the one query over both tables that search.query() answered with before it skipped a table no word fits
# and read the entries from memory: the oracle its answers must equal, order and scores included
EVERY_TABLE = (
    "SELECT e.id, e.kind, e.text, e.section, bm25(fts, 0.4, 1.0, 0.8) AS score, e.rowid AS n "
    "FROM fts JOIN entry e ON e.rowid = fts.rowid WHERE fts MATCH ? UNION ALL "
    "SELECT e.id, e.kind, e.text, e.section, bm25(card_fts, 0.6, 0.25) AS score, e.rowid AS n "
    "FROM card_fts JOIN entry e ON e.rowid = card_fts.rowid WHERE card_fts MATCH ? ORDER BY score, n LIMIT ?")


def test_hits_equal_one_query_over_every_table_for_every_players_question(monkeypatch):
    monkeypatch.delenv("PNP_HOME", raising=False)
    questions = [q["q"] for f in sorted(QUESTIONS.glob("*.yaml")) for q in yaml.safe_load(f.read_text())]
    questions += ["harpys", "gift of hermes", "sirenz", "god figure", "6", "crew crew crew", "_ wrath", "ｗrath ½"]
    left_out = 0
    for slug in GAMES:
        ix = search_mod.shared(slug)
        for q in questions:
            match = search_mod.expand(ix, q)
            want = [search_mod.Hit(*row[:5]) for row in ix.conn.execute(EVERY_TABLE, (match, match, 5))]
            assert search_mod.query(ix, q, 5) == want, (slug, q)
            stems = [st for st in search_mod.stems(search_mod._terms(ix, q, None, True)) if st]
            left_out += not all(st <= have for st in stems for have in ix.table_stems.values())
    assert left_out  # queries with words a table lacks (asked without them) found what the full query finds


def test_synonyms_apply_when_all_their_keys_stems_occur_and_in_the_maps_order(book):
    from dataclasses import replace
    ix = search_mod.memory_index(replace(book, synonyms={"six": ["sestet"], "natural six": ["hexagon"],
                                                         "wrath card": ["fury"]}))
    assert search_mod.expand(ix, "sixes") == '"sixes" OR "sestet"'
    assert search_mod.expand(ix, "naturally sixes") == '"naturally" OR "sixes" OR "sestet" OR "hexagon"'
    assert search_mod.expand(ix, "wrath") == '"wrath"'  # one of the key's two stems is not enough
    assert search_mod.expand(ix, "cards of wrath") == '"cards" OR "wrath" OR "fury"'


def test_a_servers_search_looks_at_the_data_files_at_most_every_within_seconds(monkeypatch, home):
    looked = []
    real = search_mod.stamp
    monkeypatch.setattr(search_mod, "stamp", lambda folder: looked.append(folder) or real(folder))
    search_mod.search("argonauts", "natural six", 3)
    del looked[:]
    search_mod.search("argonauts", "natural six", 3, within=3600)
    assert looked == []  # looked at just now: trusted
    add_hexagon(home)
    assert search_mod.search("argonauts", "hexagon", 1, within=3600) == []  # the open index, not yet looked at
    assert ids(search_mod.search("argonauts", "hexagon", 1)) == ["argonauts.combat.3"]  # within=0: looked at
    del looked[:]
    search_mod.search("argonauts", "hexagon", 1, within=3600)
    assert looked == []
    search_mod.shared("argonauts", within=3600).checked -= 7200  # as if looked at two hours ago
    search_mod.search("argonauts", "hexagon", 1, within=3600)
    assert len(looked) == 1  # looked at again
