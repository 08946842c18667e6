"""The judge framework: Ruling / make_ruling, and the `pnp judge GAME SITUATION` group and its help."""
from __future__ import annotations

import json
import shlex
import sys
import types
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.cli.judge import _available, judge
from pnp.cli.main import main
from pnp.cli.output import emit_ruling
from pnp.errors import PnpError, UsageError
from pnp.judge.ruling import make_ruling, weakest_basis
from pnp.judge.situation import Die, Param, Situation, Situations
from pnp.rules import book as book_mod
from pnp.rules.book import BASES

REPO = Path(__file__).resolve().parents[2]
FIXTURE_HOME = Path(__file__).parents[1] / "fixtures" / "rules"
REAL_JUDGES = sorted(_available())


@pytest.fixture
def fixture_home(monkeypatch):
    """PNP_HOME pointing at the small synthetic rules book (slug argonauts); no book cached across."""
    monkeypatch.setenv("PNP_HOME", str(FIXTURE_HOME))
    book_mod.load.cache_clear()
    yield
    book_mod.load.cache_clear()


# --- Ruling / make_ruling -----------------------------------------------------------------------

def test_make_ruling_resolves_citations_to_sections(fixture_home):
    r = make_ruling("argonauts", "roll", verdict={"resolves": True}, summary="A natural 6 resolves the card.",
                    steps=["The die shows 6.", "A natural 6 always succeeds."],
                    cites=["argonauts.combat.3", "argonauts.gap.1", "argonauts.combat.3", "quest"])
    assert [(c.rule, c.section) for c in r.citations] == [
        ("argonauts.combat.3", "3. Combat & Treasure Recovery Phase"),
        ("argonauts.gap.1", "Losing"),
        ("quest", "1. Quest Phase"),
    ]
    assert r.steps == ["The die shows 6.", "A natural 6 always succeeds."]
    assert r.basis == "inferred"   # argonauts.gap.1 of the fixture book is inferred


def test_basis_is_never_surer_than_a_cited_gap(fixture_home):
    assert make_ruling("argonauts", "s", verdict=1, summary="s", steps=[], cites=["argonauts.combat.3"]).basis == "stated"
    gaps = {g.id: g.basis for g in book_mod.load("argonauts").gaps}
    for gid, basis in gaps.items():
        assert make_ruling("argonauts", "s", verdict=1, summary="s", steps=[], cites=[gid]).basis == basis
        assert make_ruling("argonauts", "s", verdict=1, summary="s", steps=[], cites=[gid],
                           basis="house rule").basis == "house rule"


def test_translated_heading_is_cited_with_its_english(fixture_home):
    r = make_ruling("argonauts", "x", verdict="ok", summary="s", steps=[], cites=["argonauts.statues.1"])
    assert r.citations[0].section == "Appendix (Extra pages)"


@pytest.mark.parametrize("ref", ["argonauts.combat.9", "argonauts.gap.7", "combat.3"])
def test_unknown_citation_raises(fixture_home, ref):
    with pytest.raises(UsageError, match="unknown"):
        make_ruling("argonauts", "roll", verdict=True, summary="s", steps=[], cites=[ref])


def test_unknown_statement_suggests_nearest(fixture_home):
    with pytest.raises(PnpError) as exc:
        make_ruling("argonauts", "roll", verdict=True, summary="s", steps=[], cites=["argonauts.combat.33"])
    assert "argonauts.combat.3" in exc.value.one_line()


@pytest.mark.parametrize("basis", ["inferred", "house rule", "stated"])
def test_valid_bases_are_kept(fixture_home, basis):
    assert make_ruling("argonauts", "s", verdict=1, summary="s", steps=[], cites=[], basis=basis).basis == basis


@pytest.mark.parametrize("basis", ["guess", "House Rule", "", None])
def test_invalid_basis_raises(fixture_home, basis):
    with pytest.raises(ValueError, match="basis must be one of"):
        make_ruling("argonauts", "s", verdict=1, summary="s", steps=[], cites=[], basis=basis)


def test_to_dict_shape(fixture_home):
    r = make_ruling("argonauts", "roll", verdict={"resolves": False, "total": 7}, summary="Fails: 7 < 9.",
                    steps=iter(["Roll 4 + 3 crew = 7.", "7 is below 9."]), cites=["argonauts.combat.2"],
                    basis="inferred")
    d = r.to_dict()
    assert d == {"game": "argonauts", "situation": "roll", "verdict": {"resolves": False, "total": 7},
                 "summary": "Fails: 7 < 9.", "steps": ["Roll 4 + 3 crew = 7.", "7 is below 9."],
                 "citations": [{"rule": "argonauts.combat.2", "section": "3. Combat & Treasure Recovery Phase"}],
                 "basis": "inferred"}
    assert json.loads(json.dumps(d)) == d


def test_weakest_basis():
    assert weakest_basis("stated", "inferred") == "inferred"
    assert weakest_basis("stated", "house rule", "inferred") == "house rule"
    assert weakest_basis("stated") == "stated"


def test_emit_ruling_human_form(fixture_home, capsys):
    r = make_ruling("argonauts", "roll", verdict=True, summary="Resolves.", steps=["a", "b"],
                    cites=["argonauts.combat.3"], basis="stated")
    emit_ruling(r, False)
    assert capsys.readouterr().out.splitlines() == [
        "Resolves.", "  1. a", "  2. b", "  [argonauts.combat.3] 3. Combat & Treasure Recovery Phase",
        "  basis: stated"]


# --- the `pnp judge` group, with a stand-in game module ----------------------------------------

def _fake_roll(die):
    return make_ruling("argonauts", "roll", verdict={"resolves": die == 6}, summary=f"die {die}",
                       steps=[f"The die shows {die}."], cites=["argonauts.combat.3"])


FAKE = Situations("argonauts", "Stand-in situations for the framework tests", (
    Situation("roll", "Rule whether the card resolves on this die.", (Param("die", "Die face", Die(), help="Die face, 1-6."),),
              _fake_roll, "pnp judge argonauts roll --die 6"),
    Situation("end", "Rule whether the game is over.", (), lambda: None, "pnp judge argonauts end"),
))


@pytest.fixture
def fake_judge(monkeypatch, fixture_home):
    module = types.ModuleType("fake_judge_argonauts")
    module.SITUATIONS = FAKE
    monkeypatch.setitem(sys.modules, "fake_judge_argonauts", module)
    # _lazy, not the lazy property: undoing a patch of the property would leave the registry read once, as a
    # fixed table, and a game installed later (the ninth-game test) would not be found
    monkeypatch.setattr(judge, "_lazy", {"argonauts": "fake_judge_argonauts:SITUATIONS"})


def run(*args):
    return CliRunner().invoke(main, ["judge", *args])


def test_situation_json_is_the_ruling(fake_judge):
    r = run("argonauts", "roll", "--die", "6", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["verdict"] == {"resolves": True}
    assert data["citations"] == [{"rule": "argonauts.combat.3", "section": "3. Combat & Treasure Recovery Phase"}]


def test_game_help_lists_situations_with_examples(fake_judge):
    r = run("argonauts", "--help")
    assert r.exit_code == 0
    out = r.output
    assert "Situations (each with an example):" in out
    lines = [ln.strip() for ln in out.splitlines()]
    roll = lines.index("roll  Rule whether the card resolves on this die.")
    assert lines[roll + 1] == "pnp judge argonauts roll --die 6"
    end = lines.index("end   Rule whether the game is over.")
    assert lines[end + 1] == "pnp judge argonauts end"


def test_unknown_game_exits_2_with_suggestion(fake_judge):
    r = run("agronots", "roll", "--die", "3")
    assert r.exit_code == 2
    assert "unknown game 'agronots'" in r.output and "did you mean 'argonauts'?" in r.output


def test_game_and_situation_typed_loosely_are_found(fake_judge):
    exact = run("argonauts", "roll", "--die", "3")
    assert exact.exit_code == 0
    for typed in (["Argonauts", "roll"], ["argonots", "rol"], ["argonauts", "ROLL"]):
        r = run(*typed, "--die", "3")
        assert (r.exit_code, r.output) == (0, exact.output)


def test_known_game_without_situations_says_so(fake_judge):
    r = run("by-jove", "peril")
    assert r.exit_code == 2 and "no judge situations for by-jove yet" in r.output and "argonauts" in r.output


def test_unknown_situation_exits_2_listing_valid_ones(fake_judge):
    r = run("argonauts", "rool", "--die", "3")
    assert r.exit_code == 2
    assert "unknown situation 'rool'" in r.output
    assert "Did you mean 'roll'?" in r.output and "Valid: end, roll." in r.output


def test_value_out_of_range_exits_2(fake_judge):
    r = run("argonauts", "roll", "--die", "7")
    assert r.exit_code == 2 and "--die" in r.output


# --- every real game's situations follow the contract ----------------------------------------

def _real_situations():
    out = []
    for slug in REAL_JUDGES:
        try:
            group = judge.get_command(click.Context(judge), slug)
        except Exception as exc:  # reported by the test below, without hiding the other games
            out.append((slug, "(import)", exc))
            continue
        out += [(slug, name, cmd) for name, cmd in sorted(group.commands.items())]
    return out


@pytest.mark.parametrize("slug,name,cmd", _real_situations(), ids=lambda v: v if isinstance(v, str) else "")
def test_real_situation_has_json_and_runnable_example(slug, name, cmd, monkeypatch):
    monkeypatch.delenv("PNP_HOME", raising=False)
    assert not isinstance(cmd, Exception), f"pnp.judge for {slug} does not import: {cmd!r}"
    assert any(o.name == "as_json" or "--json" in getattr(o, "opts", []) for o in cmd.params), \
        f"pnp judge {slug} {name}: needs a --json option"
    examples = [ln.strip()[len("Example:"):].strip() for ln in (cmd.help or "").splitlines()
                if ln.strip().startswith("Example:")]
    assert examples, f"pnp judge {slug} {name}: docstring needs an 'Example:' line"
    argv = shlex.split(examples[0])
    assert argv[:4] == ["pnp", "judge", slug, name], f"example should start 'pnp judge {slug} {name}': {examples[0]}"
    files = [a for a in argv if a.endswith((".yaml", ".yml", ".json"))]
    if not all((REPO / f).is_file() for f in files):
        pytest.skip(f"example names a file the repository does not ship: {examples[0]}")
    monkeypatch.chdir(REPO)  # an example's file is named relative to the checkout
    r = CliRunner().invoke(main, argv[1:] + ["--json"])
    assert r.exit_code == 0, f"{examples[0]} --json failed: {r.output}"
    data = json.loads(r.output)
    assert (data["game"], data["situation"]) == (slug, name)
    assert data["summary"] and data["citations"], f"{examples[0]}: a ruling needs a summary and citations"
    assert data["basis"] in BASES
