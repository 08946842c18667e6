"""`pnp docs` carries the documentation (every error's "see ..." names a topic it has), and `pnp new SET`
writes a starter card set that validates and prints at once."""
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli.main import main

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "pnp"


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_docs_lists_every_page_and_prints_one_by_a_loose_name():
    listed = json.loads(run("docs", "--json").output)
    assert [t["topic"] for t in listed] == sorted(p.stem for p in (REPO / "docs").glob("*.md"))
    assert {"topic": "cardsets", "title": "The card-set format"} in listed
    for typed in ("cardsets", "Card Sets", "card-set format", "cardset"):
        res = run("docs", typed)
        assert res.exit_code == 0 and res.output == (REPO / "docs" / "cardsets.md").read_text(encoding="utf-8"), typed


def test_docs_refuses_an_ambiguous_or_unknown_topic_in_one_line():
    res = run("docs", "argonauts b")
    assert res.exit_code == 0 and res.output.startswith("# Argonauts balance")
    res = run("docs", "labors")
    assert res.exit_code == 2 and "ambiguous docs topic 'labors'" in res.output
    res = run("docs", "zzzz")
    assert res.exit_code == 2 and "unknown docs topic 'zzzz'" in res.output and len(res.output.splitlines()) == 1


def _source_strings():
    """(file:line, text) of every line of pnp/ that is an error hint, expectation, option help or example."""
    for path in sorted(PACKAGE.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\b(hint|expected|help)=|Example:|\"see |\(see ", line):
                yield f"{path.relative_to(REPO)}:{n}", line


def test_no_message_points_at_a_docs_file_the_wheel_user_cannot_open():
    stale = [where for where, line in _source_strings() if re.search(r"docs/[\w-]+\.md|docs/examples/tiny", line)]
    assert not stale, f"messages naming docs/*.md files instead of 'pnp docs TOPIC': {stale}"


def test_every_pnp_docs_topic_named_in_the_package_exists():
    named = {m for path in PACKAGE.rglob("*.py") for m in
             re.findall(r"pnp docs ([a-z][\w-]*)", path.read_text(encoding="utf-8"))} - {"cardset"}
    assert named >= {"cardsets", "hera-zeus", "later-years", "by-jove", "security"}, named
    assert named <= {p.stem for p in (REPO / "docs").glob("*.md")}, named


def test_new_set_validates_and_prints_at_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = run("new", "my-deck", "--json")
    assert res.exit_code == 0, res.output
    files = {Path(f).relative_to("my-deck").as_posix() for f in json.loads(res.output)["files"]}
    assert files == {"cardset.yaml", "layouts.yaml", "cards.csv", "icons/star.png"}
    manifest = (tmp_path / "my-deck" / "cardset.yaml").read_text(encoding="utf-8")
    assert manifest.count("#") >= 8 and "data: cards.csv" in manifest and "back: {layout: back}" in manifest
    checked = json.loads(run("validate", "my-deck", "--json").output)
    assert checked["ok"] and checked["problems"] == []
    printed = json.loads(run("print", "my-deck", "--json").output)
    assert printed["kinds"] == {"cards": 6} and printed["failures"] == []
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "output" / "my-deck.pdf").pages)
    assert "Spark" in text and "Blaze" in text and "MY DECK" in text  # fronts from the CSV, the back layout


@pytest.mark.parametrize("make", ["folder", "file"])
def test_new_never_writes_over_what_is_there(tmp_path, monkeypatch, make):
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "my-deck"
    if make == "folder":
        target.mkdir()
        (target / "cardset.yaml").write_text("mine\n")
    else:
        target.write_text("mine\n")
    res = run("new", "my-deck")
    assert res.exit_code == 2 and "already exists" in res.output and len(res.output.splitlines()) == 1
    assert (target / "cardset.yaml" if make == "folder" else target).read_text() == "mine\n"


def test_new_refuses_a_name_that_cannot_be_a_set(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = run("new", "My Deck!")
    assert res.exit_code == 2 and "cannot name a card set" in res.output and not (tmp_path / "My Deck!").exists()


def test_docs_topics_complete_in_the_shell():
    import click

    from pnp.cli.docs import docs
    ctx = click.Context(docs, info_name="docs")
    assert [c.value for c in docs.params[0].shell_complete(ctx, "card")] == ["cardsets"]
    assert "later-years" in [c.value for c in docs.params[0].shell_complete(ctx, "lat")]
