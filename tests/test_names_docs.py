"""Every forgiving match the docs show is run here: the README's table and commands, and each
'"typed" finds Name' claim in docs/*.md."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from names_choices import choices

from pnp import names
from pnp.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
WHERE = {  # README "where" column -> a choice set of tests/test_names.py
    "Argonauts card": "card", "Argonauts deed": "deed", "game": "game", "campaign": "campaign",
    "Argonauts situation": "situation-argonauts", "By Jove space": "by-jove-space",
    "Later Years action": "later-years-action",
}
DOC_SETS = {"argonauts.md": ["card", "deed"], "verb-adjective-noun.md": ["van-card"]}
FINDS = re.compile(r"""["`“]([^"`”]+)["`”] finds (\w[\w'’-]*(?: (?:[A-Z][\w'’-]*|of|the))*)""")


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def readme_rows() -> list[tuple[str, str, str]]:
    block = _section(README.read_text(encoding="utf-8"), "## Names as you type them")
    rows = []
    for line in block.splitlines():
        m = re.fullmatch(r"\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|", line.strip())
        if m:
            rows.append((m.group(1), m.group(2).strip(), m.group(3).strip()))
    return rows


def test_readme_table_is_there():
    assert len(readme_rows()) >= 10


@pytest.mark.parametrize("typed, where, reads", readme_rows())
def test_readme_table_row(typed, where, reads):
    pool = choices(WHERE[where])
    display = pool if isinstance(pool, dict) else {n: n for n in pool}
    kind = WHERE[where].split("-")[0]
    m = names.match(kind, typed, pool)
    if reads.startswith("refused"):
        assert m.status == "ambiguous", m
        listed = [n.strip() for n in re.split(r",| or ", reads.split(":", 1)[1])]
        if all(any(n == d for d in display.values()) for n in listed):
            assert sorted(display[i] for i in m.candidates) == sorted(listed)
    else:
        assert m.status == "match", m
        assert reads in (m.id, display[m.id])


def test_readme_commands_run(tmp_path):
    block = _section(README.read_text(encoding="utf-8"), "## Names as you type them")
    commands = re.search(r"```sh\n(.*?)```", block, re.S).group(1).splitlines()
    store = str(tmp_path / "s.db")
    runner = CliRunner(env={"PNP_STORE": store, "PNP_CACHE": str(tmp_path / "cache")})
    assert runner.invoke(main, ["campaign", "new", "--player", "Jason", "--name", "first-voyage"]).exit_code == 0
    for line in commands:
        argv = shlex.split(line)
        assert argv[0] == "pnp"
        r = runner.invoke(main, argv[1:] + ["--json"])
        assert r.exit_code == 0, (line, r.output)
    history = runner.invoke(main, ["campaign", "history"]).output
    assert "Harpies 1->2" in history and "Bronze Bulls 1->2" in history
    typo = json.loads(runner.invoke(main, ["rules", "argonauts", "search", "wraht of the sirenz", "--json"]).output)
    plain = json.loads(runner.invoke(main, ["rules", "argonauts", "search", "wrath of the sirens", "--json"]).output)
    assert typo["hits"] and typo["hits"] == plain["hits"]


def doc_claims() -> list[tuple[str, str, str]]:
    out = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        for typed, name in FINDS.findall(doc.read_text(encoding="utf-8")):
            out.append((doc.name, typed, name))
    return out


def test_docs_claims_are_found():
    claims = doc_claims()
    assert ("argonauts.md", "harpy", "Harpies") in claims and ("argonauts.md", "homecomming", "homecoming") in claims


@pytest.mark.parametrize("doc, typed, name", doc_claims())
def test_docs_claim(doc, typed, name):
    hits = []
    for pool_name in DOC_SETS[doc]:
        pool = choices(pool_name)
        m = names.match(pool_name, typed, pool)
        if m.status == "match":
            hits += [m.id, pool[m.id]] if isinstance(pool, dict) else [m.id]
    assert name in hits, (doc, typed, hits)


def test_later_years_board_keys_as_docs_say():
    """docs/later-years.md: keys are case-insensitive; `Chariot Dealership` and `clean-out` work too."""
    text = (ROOT / "docs" / "later-years.md").read_text(encoding="utf-8")
    assert "`Chariot Dealership` and `clean-out` work too" in text
    from pnp.games.later_years.engine import resolve_name
    assert resolve_name("object", "Chariot Dealership") == "Used Chariot Dealership"
    assert resolve_name("action", "clean-out") == "Clean Out"
    assert resolve_name("object", "TEMPLE") == "Temple"
