"""Every example runs as written: the command lines of README.md, docs/*.md and every command's --help.

Each page's examples run in order in a scratch folder of their own (with docs/ and cardsets/ beside
them, as in a checkout), with a fresh store ($PNP_STORE) and an empty HOME; the --help examples run in
one such folder in the order of the command tree. Every example must exit 0, and print what its text
says it prints:

* in a transcript block (``$ pnp ...`` lines), the lines after a command are its output;
* a comment ``# → TEXT`` after a command is text its output contains.

An example whose comment says it takes longer than LONG_S seconds ("# about a minute") runs only with
PNP_LONG_EXAMPLES=1, so the suite stays fast; its text must say how long it takes.

Commands run in this process (click's CliRunner, split with shlex); lines using the shell (``>``,
``&&``, ``$(...)``) run in bash with `pnp` on PATH. The few examples that cannot run here are in
NOT_RUN, each with its reason.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.cli.main import main

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))
COMMAND = re.compile(r"^(pnp|mkdir|eval|cp)\b")

LONG_S = 10  # seconds: an example documented to take longer runs only with PNP_LONG_EXAMPLES=1
_TAKES = re.compile(r"about (?:(\d+)(?:-\d+)? ?(s|min)\b|(a|one) minute)")


def documented_seconds(line: str) -> float:
    """How long the line's comment says the example takes ("about 5 s", "about a minute"); 0 if it says not."""
    m = _TAKES.search(line[len(strip_comment(line)):])
    if not m:
        return 0.0
    return 60.0 if m.group(3) else float(m.group(1)) * (60 if m.group(2) == "min" else 1)


# What cannot run here, by the start of the command line (or a whole page): the reason is the skip's reason.
NOT_RUN = {
    "pnp print --all": "the README's Quick start runs it as installed, and tests/test_install.py checks that it "
                       "wrote and reported every game's PDF (the same command here would print all eight again)",
    "pnp simulate hera-zeus -n 1000 ": "the README's Try it block, which tests/test_install.py runs line by line as "
                                        "installed; the line claims no output (a thousand games here again: 1.6 s)",
    "pnp serve": "starts a server that runs until stopped (tests/web/test_web_serve.py runs it)",
    "pnp print my-set --watch": "re-renders until Ctrl-C (tests/cli/test_watch.py runs it)",
    "pnp print my-deck --watch": "re-renders until Ctrl-C (tests/cli/test_watch.py runs it)",
    "pnp argonauts play": "a game played at the keyboard (tests/games/argonauts/test_argonauts_table.py and test_argonauts_cli.py)",
    "docs/argonauts-balance.md": "a measurement report: its runs take minutes, and its --cards runs reproduce a "
                                 "proposal since applied to the card set",
}


@dataclass
class Example:
    """One command line as written, where it is, and what its text says it prints."""

    where: str
    line: str
    expect: list[str] = field(default_factory=list)

    @property
    def command(self) -> str:
        """The line without its trailing comment."""
        return strip_comment(self.line)


def strip_comment(line: str) -> str:
    """The line up to a `#` outside quotes that starts a word (a shell comment)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def claims(line: str) -> list[str]:
    """Text a `# → TEXT` comment says the output contains."""
    comment = line[len(strip_comment(line)):]
    return [m.strip() for m in re.findall(r"→\s*([^→]+)", comment)]


def page_examples(path: Path) -> list[Example]:
    """The command lines of a page's ```, ```sh and ```console blocks, with their expected output."""
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(REPO).as_posix() if path.is_relative_to(REPO) else path.name
    out: list[Example] = []
    for m in re.finditer(r"^```([^\n]*)\n(.*?)^```", text, re.S | re.M):
        if m.group(1).strip() not in ("", "sh", "console"):
            continue
        first = text.count("\n", 0, m.start(2)) + 1
        lines = m.group(2).splitlines()
        transcript = any(ln.startswith("$ ") for ln in lines)
        current = None
        for n, ln in enumerate(lines, first):
            cmd = ln[2:] if transcript and ln.startswith("$ ") else (ln if not transcript else None)
            if cmd is not None and COMMAND.match(cmd.strip()):
                current = Example(f"{rel}:{n}", cmd.strip(), claims(cmd))
                out.append(current)
            elif transcript and cmd is None and current is not None and ln.strip():
                current.expect.append(ln.rstrip())
            elif cmd is not None:
                current = None
    return out


def _walk(cmd, path, ctx):
    yield path, cmd
    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None:
                yield from _walk(sub, [*path, name], click.Context(sub, info_name=name, parent=ctx))


def help_paragraphs():
    """(command path, paragraph lines) of every command's help text."""
    for path, cmd in _walk(main, ["pnp"], click.Context(main, info_name="pnp")):
        for para in re.split(r"\n\s*\n", cmd.help or ""):
            yield " ".join(path), [ln.strip() for ln in para.strip().splitlines()]


HELP_LINE = re.compile(r"^(?:[A-Za-z][\w ]*:\s+)?((?:pnp|eval|mkdir)\s.*)$")


def help_examples() -> list[Example]:
    """The `Example:` lines (and indented example blocks) of every command's --help, in command-tree order."""
    out = []
    for where, lines in help_paragraphs():
        for ln in lines:
            m = HELP_LINE.match(ln)
            if m:  # two or more spaces end the command: the rest is a description
                out.append(Example(f"{where} --help", re.split(r"\s{2,}", m.group(1))[0]))
    return out


def not_run(ex: Example) -> str | None:
    for start, reason in NOT_RUN.items():
        if ex.command.startswith(start) or ex.where.startswith(start + ":"):
            return reason
    return None


def uses_shell(cmd: str) -> bool:
    """True when bash would do more than split the line into words: an operator (| & ; < > ( )) outside
    quotes, or a $, ` or ~ anywhere (bash expands $(...) inside double quotes too). A `;` inside a quoted
    argument ("buy strike; upgrade") is a word's text, which click gets the same from shlex.split."""
    if any(ch in cmd for ch in "$`~"):
        return True
    words = shlex.shlex(cmd, posix=True, punctuation_chars=True)
    words.whitespace_split = True
    return any(set(word) <= set("();<>|&") for word in words)


def _wrapper(bin_dir: Path) -> None:
    """A `pnp` on PATH that runs this checkout's pnp with this interpreter."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    script = bin_dir / "pnp"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pnp "$@"\n')
    script.chmod(0o755)


def run_all(examples: list[Example], tmp_path: Path, monkeypatch) -> list[str]:
    """Run the examples in order in a fresh scratch folder; the problems found, one line each."""
    folder, home = tmp_path / "scratch", tmp_path / "home"
    folder.mkdir()
    home.mkdir()
    for name in ("docs", "cardsets"):
        (folder / name).symlink_to(REPO / name, target_is_directory=True)
    _wrapper(tmp_path / "bin")
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache"),
           "PNP_STORE": str(tmp_path / "store" / "pnp.sqlite3"), "PNP_CACHE": str(tmp_path / "cache"),
           "PNP_CONFIG": str(home / ".config" / "pnp" / "config.toml"), "COLUMNS": "200"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(click, "launch", lambda *a, **k: 1)  # no system viewer here (`--open`)
    shell_env = {**os.environ, "PATH": f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}",
                 "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    problems = []
    for ex in examples:
        if not_run(ex) or (documented_seconds(ex.line) > LONG_S and not os.environ.get("PNP_LONG_EXAMPLES")):
            continue
        cmd = ex.command
        if uses_shell(cmd) or not cmd.startswith("pnp "):
            res = subprocess.run(["bash", "-c", cmd], cwd=folder, env=shell_env, capture_output=True, text=True,
                                 timeout=300, stdin=subprocess.DEVNULL)
            code, output = res.returncode, res.stdout + res.stderr
        else:
            res = CliRunner().invoke(main, shlex.split(cmd)[1:], input="")
            code, output = res.exit_code, res.output + (res.stderr if res.stderr_bytes else "")
        said = [e for e in ex.expect if " ".join(e.split()) not in " ".join(output.split())]
        if code != 0:
            problems.append(f"{ex.where}: `{ex.line}` exited {code}: {output.strip()[-400:]}")
        elif said:
            problems.append(f"{ex.where}: `{ex.line}` does not print {said[0]!r}: {output.strip()[-400:]}")
    return problems


@pytest.mark.parametrize("page", [p for p in PAGES if page_examples(p)], ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_example_on_the_page_runs_as_written(page, tmp_path, monkeypatch):
    """Each page with command examples (pages of prose and tables only have none to run)."""
    examples = page_examples(page)
    rel = page.relative_to(REPO).as_posix()
    if reason := NOT_RUN.get(rel):
        pytest.skip(f"{rel}: {reason}")
    problems = run_all(examples, tmp_path, monkeypatch)
    assert not problems, "\n".join(problems)


def test_every_help_example_runs_as_written(tmp_path, monkeypatch):
    examples = help_examples()
    assert len(examples) > 80 and {e.where for e in examples} >= {"pnp --help", "pnp print --help"}
    problems = run_all(examples, tmp_path, monkeypatch)
    assert not problems, "\n".join(problems)


def test_help_examples_keep_their_own_lines():
    """Click rewraps a paragraph's lines into one: a paragraph of several lines holding examples needs \\b."""
    merged = [f"{where}: {lines[:2]}" for where, lines in help_paragraphs()
              if len(lines) > 1 and lines[0] != "\b" and any(HELP_LINE.match(ln) for ln in lines)]
    assert not merged, f"examples that --help runs together (start the paragraph with \\b): {merged}"


def test_the_collector_finds_transcripts_claims_and_help_examples(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```\n$ pnp games   # what is built in\nargonauts\n\n$ pnp docs\n```\n\n```sh\n"
                    "pnp judge argonauts roll --die 6 --crew 0 --difficulty 9   # → resolves: no\n```\n")
    found = page_examples(page)
    assert [(e.command, e.expect) for e in found] == [
        ("pnp games", ["argonauts"]), ("pnp docs", []),
        ("pnp judge argonauts roll --die 6 --crew 0 --difficulty 9", ["resolves: no"])]
    assert strip_comment('pnp rules argonauts search "what # is"  # a comment') == \
        'pnp rules argonauts search "what # is"'
    assert documented_seconds("pnp simulate x   # about a minute") == 60
    assert documented_seconds("pnp simulate x   # about 2-4 s") == 2
    assert documented_seconds("pnp simulate x") == 0
    assert not uses_shell('pnp judge micro-hero upgrade --xp 12 --plan "buy strike; upgrade; foresee"')
    assert all(uses_shell(cmd) for cmd in ("pnp new d && pnp print d", "pnp completion zsh > ~/.zfunc/_pnp",
                                           'cp -r "$(pnp docs --where)/examples" x', "pnp games | head", "pnp x;"))
    assert shutil.which("bash"), "shell examples need bash"
