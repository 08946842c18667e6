"""Judge situations declared once (pnp.judge.situation): every game's forms speak words with proper widgets,
with the newest click installed and with the lowest click pyproject.toml allows (8.2.1, in a subprocess),
and every documented example gives the same ruling from the CLI as from the declaration called directly."""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import warnings
from html import unescape
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from judge_specs import doc_commands
from pnp.catalog import games
from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.judge.situation import REQUIRED, Choice, Content, Dice, Die, Flag, Int, Lines, Pasted, Situation
from pnp.web.app import create_app
from pnp.web.judge import declarations

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

REPO = Path(__file__).resolve().parents[2]
LOWEST_CLICK = "8.2.1"  # pyproject.toml: click>=8.2.1
ALL = [(g, s) for g, d in declarations().items() for s in d.situations]
IDS = [f"{g}-{s.name}" for g, s in ALL]
FLAG_SYNTAX = re.compile(r"(?<![\w-])--[a-z]")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from pnp.games.argonauts import campaign as service
    path = tmp_path_factory.mktemp("store") / "s.db"
    service.new(path, "voyage", "Jason")
    return TestClient(create_app(path), base_url="http://127.0.0.1:8765", client=("127.0.0.1", 50000))


def test_every_game_declares_its_situations():
    assert sorted(declarations()) == sorted(slug for slug, g in games().items() if g.situations)
    assert len(ALL) >= 45 and all(isinstance(s, Situation) for _, s in ALL)


def _form(html: str) -> str:
    return html.split("<main>", 1)[1].split("</form>", 1)[0]


def _element(form: str, name: str) -> list[str]:
    """The tags (input, select, textarea) carrying name="NAME" in a form, with a select's options."""
    return re.findall(rf'<(?:input|textarea)[^>]*\bname="{name}"[^>]*>|<select[^>]*\bname="{name}"[^>]*>.*?</select>',
                      form, re.S)


@pytest.mark.parametrize("game, s", ALL, ids=IDS)
def test_every_form_speaks_words_with_proper_widgets(client, game, s):
    """No sentinel, no flag syntax, no empty or invented default; a widget per kind of parameter."""
    r = client.get(f"/judge/{game}/{s.name}")
    assert r.status_code == 200, r.text[:300]
    form = _form(r.text)
    words = unescape(re.sub(r"<[^>]+>", " ", form))
    assert "Sentinel" not in form and "UNSET" not in form and 'value="None"' not in form
    assert not FLAG_SYNTAX.search(words), f"flag syntax shown to a player: {FLAG_SYNTAX.search(words).group()}"
    for p in s.params:
        t, shown = p.type, p.default
        assert p.label in words, f"label '{p.label}' not shown"
        if isinstance(t, Dice):  # a picker per die: NAME.1, NAME.2, ..., each a radio button per face
            for d in range(1, t.count + 1):
                faces = _element(form, re.escape(f"{p.name}.{d}"))
                assert [re.search(r'value="(\d)"', x).group(1) for x in faces] == ["1", "2", "3", "4", "5", "6"]
                assert all('type="radio"' in x and "checked" not in x for x in faces)
            continue
        tags = _element(form, p.name)
        assert tags, f"no widget for {p.name}"
        if isinstance(t, Die):
            assert [re.search(r'value="(\d)"', x).group(1) for x in tags] == ["1", "2", "3", "4", "5", "6"]
            assert all('type="radio"' in x for x in tags)
        elif isinstance(t, Flag):
            label = re.search(rf'<label class="check"><input type="checkbox" name="{p.name}"[^>]*>\s*<span>([^<]*)'
                              r'(?: <span class="muted">[^<]*</span>)?</span></label>',
                              form)
            assert label and unescape(label.group(1)) == p.label  # the label is the checkbox's own: tapping it ticks
            assert "checked" not in tags[0]
        elif isinstance(t, Choice):
            (select,) = tags
            options = re.findall(r'<option value="([^"]*)"', select)
            assert options[1:] == list(t.options()) and options[0] == ""
            assert ("required" in select.split(">")[0]) == p.required
            if shown not in (REQUIRED, None):
                assert re.search(rf'<option value="{re.escape(shown)}" selected>', select)
            else:
                assert " selected" not in select
        elif isinstance(t, Int):
            (tag,) = tags
            assert 'type="number"' in tag
            for bound in ("min", "max"):
                limit = getattr(t, bound)
                assert (f'{bound}="{limit}"' in tag) if limit is not None else f"{bound}=" not in tag
            value = re.search(r'value="([^"]*)"', tag).group(1)
            assert value == ("" if shown in (REQUIRED, None) else str(shown))
        elif isinstance(t, Pasted):
            assert '<textarea name="%s"' % p.name in form and f'type="file" name="{p.name}_file"' in form
        if p.required and not isinstance(t, Die):
            assert " required" in tags[0].split(">")[0] + ">"
        if p.required and not isinstance(t, (Die, Choice)):  # nothing invented: a required value starts empty
            assert re.search(rf'<input[^>]*name="{p.name}"[^>]*value=""|<textarea name="{p.name}"[^>]*></textarea>',
                             form), f"a required {p.name} starts filled in: {tags[0]}"


def test_a_throw_is_picked_die_by_die_or_typed_in_an_address(client):
    picked = client.get("/judge/by-jove/god", params={"go": "1", "dice.1": "5", "dice.2": "5", "from_god": "Jupiter"})
    typed = client.get("/judge/by-jove/god", params={"go": "1", "dice": "5, 5", "from_god": "jupiter"})
    ruling = re.search(r'<section class="ruling".*?</section>', picked.text, re.S).group()
    assert ruling == re.search(r'<section class="ruling".*?</section>', typed.text, re.S).group()
    for r in (picked, typed):
        assert re.search(r'name="dice.1" value="5" checked', r.text) and re.search(r'name="dice.2" value="5" checked', r.text)
    half = client.get("/judge/by-jove/god", params={"go": "1", "dice.1": "5"})
    assert "needs 2 dice" in unescape(half.text) and 'id="ruling"' not in half.text


def test_a_choice_typed_loosely_in_an_address_is_taken_and_shown_chosen(client):
    r = client.get("/judge/argonauts/treasure", params={"go": "1", "name": "speaking beam", "moment": "after roll"})
    page = unescape(r.text)
    assert "spend Speaking Beam of Dodona now" in page
    assert re.search(r'<option value="after-roll" selected>', r.text)


def test_a_bad_value_is_refused_on_the_form_in_words(client):
    r = client.get("/judge/by-jove/peril", params={"go": "1", "fighter": "hero", "peril_die": "9", "rolls": "2"})
    error = unescape(re.search(r'class="error" role="alert">([^<]*)<', r.text).group(1))
    assert "The Peril's die" in error and "1-6" in error and "--" not in error
    assert 'id="ruling"' not in r.text
    r = client.get("/judge/by-jove/peril", params={"go": "1", "peril_die": "3", "rolls": "2"})
    assert "'Who fights' is missing; fix: fill it in" in unescape(r.text)


def test_an_error_from_the_rules_names_the_fields_by_their_labels(client):
    """The rules code names terminal options (field '--helper', 'give --half or --amount'); the form says labels."""
    r = client.get("/judge/twelve-labors/resolve", params={"go": "1", "labor": "Cretan Bull",
                                                            "helpers": "red:5,3,1 cards:2,2,1\niolaus:4,2"})
    error = unescape(re.search(r'class="error" role="alert">([^<]*)<', r.text).group(1))
    assert error.startswith("field 'Each helper's dice and cards': 5 dice on Cretan Bull") and "--" not in error
    r = client.get("/judge/by-jove/penalty", params={"go": "1", "coins": "4"})
    error = unescape(re.search(r'class="error" role="alert">([^<]*)<', r.text).group(1))
    assert "'The penalty is half your coins' or 'Or a fixed number of coins'" in error and "--" not in error
    cli = CliRunner().invoke(main, ["judge", "by-jove", "penalty", "--coins", "4"]).output
    assert "--half or --amount" in cli  # the terminal keeps its own words


def test_the_web_path_never_imports_click():
    """Every example ruled through the companion's form builder, in a fresh process: click is never loaded
    (the test client is not used here: httpx itself imports click)."""
    script = """
import sys, shlex
from pathlib import Path
from types import SimpleNamespace
from starlette.datastructures import QueryParams
import pnp.web.app
from pnp.judge.situation import Flag, Pasted
from pnp.web.judge import declarations, judge_form, judge_list
ruled = 0
assert len(judge_list(None, None)["games"]) == len(declarations())
for game, d in declarations().items():
    for s in d.situations:
        by_option, given, args = {p.option: p for p in s.params}, {}, iter(shlex.split(s.example)[4:])
        for option in args:
            p = by_option[option]
            value = "1" if isinstance(p.type, Flag) else next(args)
            if isinstance(p.type, Pasted):  # what a player pastes: the file's text
                value = Path(value).read_text(encoding="utf-8")
            given[p.name] = given[p.name] + "\\n" + value if p.name in given else value
        request = SimpleNamespace(path_params={"game": game, "situation": s.name}, state=SimpleNamespace(),
                                  query_params=QueryParams(dict(given, go="1")))
        page = judge_form(None, request)
        ruled += page["ruling"] is not None
print(ruled, "click" in sys.modules)
"""
    import tempfile

    from pnp.games.argonauts import campaign as service
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "s.db"
        service.new(store, "voyage", "Jason")
        out = subprocess.run([sys.executable, "-c", script, str(store)], capture_output=True, text=True, cwd=REPO,
                             timeout=120)
    assert out.stdout.split() == [str(len(ALL)), "False"], out.stdout + out.stderr[-2000:]


# --- the CLI and the declaration called directly agree ------------------------------------------------

def _library_values(s: Situation, argv: list[str]) -> dict:
    """An example's options read by the declaration alone (no click): --option VALUE or --flag."""
    by_option = {p.option: p for p in s.params}
    values: dict = {}
    args = iter(argv)
    for arg in args:
        p = by_option[arg]
        if isinstance(p.type, Flag):
            values[p.name] = True
        elif isinstance(p.type, Lines):
            values[p.name] = values.get(p.name, ()) + (next(args),)
        elif isinstance(p.type, Pasted):
            path = next(args)
            values[p.name] = Content(Path(path).read_text(encoding="utf-8"), path)
        else:
            values[p.name] = p.type.parse(next(args), p.option)
    return values


def _examples():
    """Each situation's Example: line and every `pnp judge` line in the docs, with its situation."""
    lines = [s.example for _, s in ALL] + [cmd for _, cmd in doc_commands() if cmd.startswith("pnp judge ")]
    for d in declarations().values():  # each game's group help example
        lines.append(d.situations[0].example)
    out = []
    for line in dict.fromkeys(lines):
        argv = shlex.split(line)
        d = declarations().get(argv[2])
        s = d.get(argv[3]) if d else None
        if s is not None and "--help" not in argv:
            out.append((line, s))
    return out


@pytest.mark.parametrize("line, s", _examples(), ids=[line for line, _ in _examples()])
def test_the_cli_gives_the_same_ruling_as_the_declaration_for_each_documented_example(line, s, monkeypatch):
    monkeypatch.delenv("PNP_HOME", raising=False)
    monkeypatch.chdir(REPO)  # an example's file is named from the checkout
    argv = shlex.split(line)
    options = [a for a in argv[4:] if a != "--json"]
    result = CliRunner().invoke(main, argv[1:4] + options + ["--json"])
    assert result.exit_code == 0, f"{line}: {result.output}"
    assert json.loads(result.output) == s.run(_library_values(s, options)).to_dict()


# --- the declaration's own types ------------------------------------------------------------------

def test_int_parse_checks_digits_and_range():
    assert Int(1, 6).parse(" 6 ", "Die") == 6 and Int().parse("-3", "x") == -3 and Int(-1, 1).parse("+1", "c") == 1
    for bad in ("7", "0", "٣", "1e3", "", "six"):
        with pytest.raises(UsageError) as exc:
            Die().parse(bad, "Die result")
        assert exc.value.field == "Die result" and exc.value.expected == "a whole number 1-6"


def test_choice_parse_is_loose_and_lists_the_ids():
    c = Choice({"self": "you", "other": "another player", "none": "nobody"}, "owner")
    assert [c.parse(t, "Owner") for t in ("self", "Other", "nobody", "another player")] == ["self", "other", "none", "other"]
    with pytest.raises(UsageError) as exc:
        c.parse("mine", "Owner")
    assert "unknown owner 'mine'" in exc.value.one_line() and "none, other, self" in exc.value.one_line()


def test_a_missing_required_value_names_its_label():
    s = declarations()["argonauts"].get("roll")
    with pytest.raises(UsageError, match="'Crew on the card' is missing"):
        s.run({"die": 6, "difficulty": 5})


# --- the same with the lowest click pyproject.toml allows --------------------------------------------

@pytest.mark.skipif(os.environ.get("PNP_EXPECT_CLICK") is None, reason="run by the lowest-click test below")
def test_this_run_uses_the_click_asked_for():
    assert click.__version__ == os.environ["PNP_EXPECT_CLICK"]


def _lowest_click_wheel() -> Path:
    """click's lowest supported wheel, downloaded once through pip's configured index into a cache folder."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp-tests"
    wheel = cache / f"click-{LOWEST_CLICK}-py3-none-any.whl"
    if not wheel.is_file():
        got = subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
                              "--no-deps", "--only-binary=:all:", "-d", str(cache), f"click=={LOWEST_CLICK}"],
                             capture_output=True, text=True, timeout=120)
        assert wheel.is_file(), f"could not fetch click {LOWEST_CLICK} with pip: {got.stderr.strip()[-300:]}"
    return wheel


@pytest.mark.install  # click's wheel comes from the package index (once; then from the cache folder)
@pytest.mark.skipif(os.environ.get("PNP_EXPECT_CLICK") is not None, reason="already the lowest-click run")
def test_forms_and_cli_with_the_lowest_click():
    """This file's form and CLI tests again, in a subprocess importing click from its lowest wheel."""
    wheel = _lowest_click_wheel()
    # pytest alone in one process: no plugin loaded from entry points (xdist, hypothesis: this file uses
    # neither), so no addopts naming xdist's -n; this file's tests and conftest.py as in the suite
    env = dict(os.environ, PNP_EXPECT_CLICK=LOWEST_CLICK, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
               PYTHONPATH=os.pathsep.join([str(wheel), str(REPO), os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-m", "pytest", __file__, "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                          "-x", "-k", "not lowest_click"], capture_output=True, text=True, env=env, cwd=REPO,
                         timeout=300)
    tail = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-500:]
    assert run.returncode == 0 and " passed" in tail and "skipped" not in tail, run.stdout[-2000:] + run.stderr[-1000:]
