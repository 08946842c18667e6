"""Every game's rules.yaml and gaps.yaml: ids, headings as printed in the rulebook, translations, gap bases."""
from __future__ import annotations

import functools
import re
from collections import Counter

import pytest
import yaml

from pnp.catalog import GAMES
from pnp.paths import cardsets_root
from pnp.rules.book import BASES, GAP_KINDS, load

GAP_FIELDS = ("id", "kind", "title", "section", "question", "ruling", "reasoning", "basis")


@pytest.fixture(scope="module", autouse=True)
def _builtin():
    """Check the built-in card sets, never a test fixture home (loaded once for this module)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("PNP_HOME", raising=False)
        load.cache_clear()
        yield
    load.cache_clear()


def _slugs_with_rules():
    root = cardsets_root()
    return [s for s in GAMES if (root / s / "rules.yaml").exists()]


@functools.lru_cache(maxsize=None)  # each file parsed once for this module's tests, which only read it
def _raw(slug: str, name: str) -> dict:
    path = cardsets_root() / slug / name
    return (yaml.safe_load(path.read_text(encoding="utf-8")) or {}) if path.exists() else {}


def _norm(text: str) -> str:
    return " ".join(text.split())


def _rulebook_text(root, slug: str) -> str:
    path = root / GAMES[slug].rulebook
    assert path.exists(), f"{slug}: its rulebook {GAMES[slug].rulebook} is not in {root} (pnp.catalog names it)"
    return _norm(path.read_text(encoding="utf-8"))


games = pytest.mark.parametrize("slug", _slugs_with_rules())


def test_some_game_has_rules_data():
    assert _slugs_with_rules(), "no cardsets/<slug>/rules.yaml found"


@games
def test_header_names_the_game_and_its_rulebook(slug):
    raw = _raw(slug, "rules.yaml")
    assert raw.get("game") == slug, f"cardsets/{slug}/rules.yaml: 'game:' should be {slug!r}"
    assert raw.get("rulebook") == GAMES[slug].rulebook, \
        f"cardsets/{slug}/rules.yaml: 'rulebook:' should be {GAMES[slug].rulebook!r}"


@games
def test_statement_ids_follow_slug_key_n_and_are_unique(slug):
    book = load(slug)
    keys = [sec.key for sec in book.sections]
    assert len(keys) == len(set(keys)), f"{slug}: duplicate section keys {[k for k, n in Counter(keys).items() if n > 1]}"
    bad = []
    for sec in book.sections:
        assert sec.statements, f"{slug}: section '{sec.key}' has no statements"
        for st in sec.statements:
            if not re.fullmatch(rf"{re.escape(slug)}\.{re.escape(sec.key)}\.[1-9][0-9]*", st.id):
                bad.append(f"{st.id} (expected {slug}.{sec.key}.<n>)")
            if not st.text.strip():
                bad.append(f"{st.id}: empty text")
    assert not bad, f"{slug}: " + "; ".join(bad)
    all_ids = [s.id for s in book.statements]
    dupes = [i for i, n in Counter(all_ids).items() if n > 1]
    assert not dupes, f"{slug}: duplicate statement ids {dupes}"


@games
def test_every_heading_occurs_in_the_rulebook(slug, rulebooks):
    text = _rulebook_text(rulebooks, slug)
    missing = [f"{sec.key}: {sec.heading!r}" for sec in load(slug).sections if _norm(sec.heading) not in text]
    assert not missing, f"{slug}: headings not found in {GAMES[slug].rulebook}: " + "; ".join(missing)


@pytest.mark.parametrize("slug", [s for s in _slugs_with_rules() if GAMES[s].language != "en"])
def test_translated_books_give_english_headings(slug):
    missing = [sec.key for sec in load(slug).sections if not (sec.heading_en or "").strip()]
    assert not missing, f"{slug}: sections without heading_en: {', '.join(missing)}"


@games
def test_synonyms_map_words_to_lists(slug):
    syn = _raw(slug, "rules.yaml").get("synonyms")
    assert isinstance(syn, dict) and syn, f"cardsets/{slug}/rules.yaml: add a 'synonyms:' map for search"
    bad = [k for k, v in syn.items() if not isinstance(v, list) or not all(str(x).strip() for x in v)]
    assert not bad, f"{slug}: synonyms must map a word to a list of words: {bad}"


def _gap_games():
    return [s for s in _slugs_with_rules() if (cardsets_root() / s / "gaps.yaml").exists()]


@pytest.mark.parametrize("slug", _gap_games())
def test_gap_entries_are_complete(slug):
    entries = _raw(slug, "gaps.yaml").get("gaps")
    assert isinstance(entries, list) and entries, f"cardsets/{slug}/gaps.yaml: expected 'gaps:' with a list"
    problems = []
    for i, e in enumerate(entries, 1):
        where = e.get("id", f"entry {i}")
        problems += [f"{where}: missing or empty '{f}'" for f in GAP_FIELDS if not str(e.get(f) or "").strip()]
        if e.get("kind") not in GAP_KINDS:
            problems.append(f"{where}: kind {e.get('kind')!r} not in {GAP_KINDS}")
        if e.get("basis") not in BASES:
            problems.append(f"{where}: basis {e.get('basis')!r} not in {BASES}")
    assert not problems, f"cardsets/{slug}/gaps.yaml: " + "; ".join(problems)


@pytest.mark.parametrize("slug", _gap_games())
def test_gap_ids_are_unique_and_well_formed(slug):
    gap_ids = [g.id for g in load(slug).gaps]
    bad = [i for i in gap_ids if not re.fullmatch(rf"{re.escape(slug)}\.gap\.[1-9][0-9]*", i)]
    assert not bad, f"{slug}: gap ids must be {slug}.gap.<n>: {bad}"
    dupes = [i for i, n in Counter(gap_ids).items() if n > 1]
    assert not dupes, f"{slug}: duplicate gap ids {dupes}"


@pytest.mark.parametrize("slug", _gap_games())
def test_inferred_gaps_name_what_they_are_inferred_from(slug):
    book = load(slug)
    known = {s.id for s in book.statements} | {g.id for g in book.gaps}
    headings = {h for sec in book.sections for h in (sec.heading, sec.heading_en, sec.title, sec.key) if h}
    problems = []
    for g in book.gaps:
        if g.basis != "inferred":
            continue
        if not g.inferred_from:
            problems.append(f"{g.id}: basis inferred but no inferred_from")
        problems += [f"{g.id}: inferred_from {ref!r} is not a rule id, gap id or section heading"
                     for ref in g.inferred_from if ref not in known and ref not in headings]
    assert not problems, f"{slug}: " + "; ".join(problems)


@pytest.mark.parametrize("slug", _gap_games())
def test_gap_section_names_a_rulebook_section(slug, rulebooks):
    book = load(slug)
    titles = {h for sec in book.sections for h in (sec.heading, sec.heading_en, sec.title) if h}
    text = _rulebook_text(rulebooks, slug)
    bad = [f"{g.id}: {g.section!r}" for g in book.gaps
           if g.section not in titles and _norm(g.section.split(" (")[0]) not in text]
    assert not bad, f"{slug}: gap 'section' should be a heading as printed (plus English): " + "; ".join(bad)


def test_gaps_file_missing_basis_is_a_one_line_error_naming_file_and_field(tmp_path, monkeypatch):
    """A gap without `basis:` is refused by `pnp rules` in one line at its file and field, not an internal error."""
    from click.testing import CliRunner

    from pnp.cli.main import main
    folder = tmp_path / "cardsets" / "argonauts"
    folder.mkdir(parents=True)
    src = cardsets_root() / "argonauts"
    (folder / "rules.yaml").write_text((src / "rules.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    gaps = (src / "gaps.yaml").read_text(encoding="utf-8")
    (folder / "gaps.yaml").write_text(gaps.replace("    basis: inferred\n", "", 1), encoding="utf-8")
    monkeypatch.setenv("PNP_HOME", str(tmp_path))
    load.cache_clear()
    try:
        result = CliRunner().invoke(main, ["rules", "argonauts", "gaps"])
    finally:
        load.cache_clear()
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1, result.output
    assert f"{folder / 'gaps.yaml'}:" in lines[0] and "field 'gaps.0.basis'" in lines[0]
    assert "gap 'argonauts.gap.1' has no 'basis'" in lines[0] and "internal error" not in lines[0]
