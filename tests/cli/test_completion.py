"""Shell completion: `pnp completion SHELL`, and the names offered, through click's completion API."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from pnp import names
from pnp.cli import complete as comp
from pnp.cli.judge import _available
from pnp.cli.main import main
from pnp.games.argonauts.campaign import names_in_store


def offered(args: list[str], incomplete: str) -> list[str]:
    """What click completes for `pnp ARGS INCOMPLETE`."""
    return [c.value for c in ShellComplete(main, {}, "pnp", "_PNP_COMPLETE").get_completions(args, incomplete)]


def bash(line: str, env: dict | None = None) -> list[tuple[str, str]]:
    """(type, value) pairs click's bash protocol answers for a command line (cursor on its last word)."""
    words = line.split(" ")
    result = CliRunner().invoke(main, [], prog_name="pnp", env={
        "_PNP_COMPLETE": "bash_complete", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1), **(env or {})})
    assert result.exit_code == 0, result.output
    return [tuple(item.split(",", 1)) for item in result.output.splitlines() if item]


@pytest.fixture
def store(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    monkeypatch.setenv("PNP_STORE", str(path))
    for player, name in (("Jason", "first-voyage"), ("Medea", "Second Voyage")):
        assert CliRunner().invoke(main, ["campaign", "new", "--player", player, "--name", name]).exit_code == 0
    return path


@pytest.mark.parametrize("shell, marks", [
    ("bash", ["_PNP_COMPLETE=bash_complete", "complete -o nosort -F _pnp_completion pnp"]),
    ("zsh", ["#compdef pnp", "_PNP_COMPLETE=zsh_complete"]),
    ("fish", ["_PNP_COMPLETE=fish_complete", "complete --no-files --command pnp"]),
])
def test_completion_prints_the_script_for_each_shell(shell, marks):
    r = CliRunner().invoke(main, ["completion", shell])
    assert r.exit_code == 0
    assert all(m in r.output for m in marks), r.output


def test_completion_refuses_an_unknown_shell():
    r = CliRunner().invoke(main, ["completion", "powershell"])
    assert r.exit_code == 2 and "bash" in r.output


def test_bash_completes_games_situations_and_cards():
    assert bash("pnp judge ") == [("plain", g) for g in sorted(_available())]
    assert ("plain", "treasure") in bash("pnp judge argonauts t")
    assert bash("pnp rules ar") == [("plain", "argonauts")]
    assert bash("pnp judge argonauts treasure --treasure lyr") == [("plain", "lyre-of-orpheus")]
    assert bash("pnp judge argonauts treasure --when after") == [("plain", "after-roll"), ("plain", "after-result")]


def test_bash_completes_the_last_card_of_a_victory_list_and_deeds(store):
    assert bash("pnp campaign win --victory harpies,bro") == [("plain", "harpies,bronze-bulls")]
    assert bash("pnp campaign win --victory Harpies,Birds-of-Ares,cyz") == [
        ("plain", "harpies,birds-of-ares,cyzican-armour")]
    assert bash("pnp campaign win --deed home") == [("plain", "homecoming")]


def test_bash_completes_campaign_names_from_the_store(store):
    assert set(bash("pnp campaign status --campaign ")) == {("plain", "first-voyage"), ("plain", "second-voyage")}
    assert bash("pnp campaign status --campaign sec") == [("plain", "second-voyage")]
    other = store.with_name("other.db")
    assert bash(f"pnp campaign status --store {other} --campaign ") == []
    assert not other.exists()  # completing never creates a store


def test_completion_of_a_word_inside_a_name():
    assert offered(["judge", "by-jove", "space", "--name"], "lion") == ["nemean-lion"]
    assert offered(["judge", "later-years", "fee", "--action"], "out") == ["clean-out"]


def test_card_set_arguments_complete_built_in_sets_and_folders():
    assert offered(["print"], "twel") == ["twelve-labors"]
    items = ShellComplete(main, {}, "pnp", "_PNP_COMPLETE").get_completions(["validate"], "docs/")
    assert [(i.type, i.value) for i in items] == [("dir", "docs/")]


def _name_params():
    """(command path, param) for every option or argument completed by pnp.cli.complete."""
    import click
    found = []

    def walk(cmd, path, ctx):
        for p in cmd.params:
            source = getattr(getattr(p, "_custom_shell_complete", None), "source", None)
            if source is not None:
                found.append((" ".join(path + [p.name]), source))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                walk(sub, path + [name], click.Context(sub, parent=ctx, info_name=name))
    walk(main, ["pnp"], click.Context(main, info_name="pnp"))
    return found


NAME_PARAMS = _name_params()


def test_name_options_across_the_cli_complete():
    paths = [path for path, _ in NAME_PARAMS]
    for expected in ("pnp campaign win victory", "pnp campaign win deed", "pnp rules game", "pnp print sets",
                     "pnp judge by-jove space name", "pnp judge later-years fee action",
                     "pnp argonauts advise revealed"):
        assert expected in paths


STORE_OR_CONTEXT = ("rule-ref", "card", names_in_store)  # read the store or the command line, not a fixed list


@pytest.mark.parametrize("path, source", [(p, s) for p, s in NAME_PARAMS if s not in STORE_OR_CONTEXT],
                         ids=[p for p, s in NAME_PARAMS if s not in STORE_OR_CONTEXT])
def test_every_completed_name_reads_back_as_itself(path, source):
    """A completed word, typed as is, names exactly the candidate it came from (pnp.names)."""
    raw = (comp.SOURCES[source] if isinstance(source, str) else source)(None)
    assert raw
    for name in raw:
        m = names.match("name", comp.shell_word(name), raw)
        assert (m.status, m.id) == ("match", name), (name, m)


def test_rule_ids_and_sections_complete_for_the_game_typed_and_read_back():
    assert offered(["rules", "argonauts", "show"], "argonauts.combat.1")[:2] == [
        "argonauts.combat.1", "argonauts.combat.10"]
    assert "combat" in offered(["rules", "Argonauts", "show"], "com")
    from pnp.cli.rules import lookup
    from pnp.rules.book import load
    book = load("argonauts")
    for word in offered(["rules", "argonauts", "show"], ""):
        item = lookup(book, word)
        assert word in (getattr(item, "id", None), getattr(item, "key", None))


def test_completed_campaign_names_read_back(store):
    from pnp.campaign.store import open_store
    st = open_store(store)
    try:
        known = st.names()
    finally:
        st.close()
    for name in known:
        assert names.match("campaign", comp.shell_word(name), known).id == name


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash: the completion script is sourced in a real bash")
def test_installed_script_completes_in_a_real_bash(store):
    """Source the printed script in bash, run its completion function as the shell would, read COMPREPLY."""
    script = CliRunner().invoke(main, ["completion", "bash"]).output
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "pnp").exists():
        pytest.skip(f"the pnp script is not installed in {bin_dir} (pip install -e . puts it there): "
                    "the test runs the script bash completes")
    probe = (script + "\nCOMP_WORDS=(pnp campaign win --deed hom); COMP_CWORD=4\n_pnp_completion pnp\n"
             'printf "%s\\n" "${COMPREPLY[@]}"\n')
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", PNP_STORE=str(store))
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, env=env, timeout=60)
    assert out.stdout.split() == ["homecoming"], out.stderr


@pytest.mark.parametrize("shell, cword, answer", [
    ("zsh", "4", ["homecoming"]),
    ("fish", "hom", ["homecoming"]),
])
def test_zsh_and_fish_protocols_complete_names(shell, cword, answer):
    r = CliRunner().invoke(main, [], prog_name="pnp", env={
        "_PNP_COMPLETE": f"{shell}_complete", "COMP_WORDS": "pnp campaign win --deed hom", "COMP_CWORD": cword})
    # click's zsh/fish wire formats differ between releases: compare the names offered, not the bytes
    assert r.exit_code == 0
    assert [w for w in re.split(r"[\s,]+", r.output) if w not in ("", "plain", "_")] == answer


def test_fixed_values_of_judge_options_complete():
    assert offered(["judge", "by-jove", "peril", "--fighter"], "h") == ["hercules", "hero"]
    assert offered(["judge", "labors-of-herakles", "play", "--trait"], "c") == ["courage", "cunning"]
    assert offered(["judge", "by-jove", "god", "--from"], "") == ["jupiter", "neptune", "apollo", "venus"]
