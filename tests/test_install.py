"""pnp as users get it: build the sdist and the wheel, install the wheel into the venv the README's Quick
start made in a fresh clone (installed.py builds both once per run), run it from an empty folder.

The installed pnp runs with no PNP_HOME, no PYTHONPATH, HOME and the store/cache in temporary folders, and
an empty current folder, so anything that still reads the checkout fails here. Answers are compared with
the same commands run in this process (the library the wheel was built from).
"""
from __future__ import annotations

import json
import re
import shlex
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

import pnp
from pnp.catalog import GAMES
from pnp.cli.main import main
from installed import Installed, check

# one worker builds the wheel and the venv once for the whole run (installed.py's fixtures are session-scoped,
# used only in this group), and nothing else builds in the checkout meanwhile
pytestmark = [pytest.mark.install, pytest.mark.xdist_group("install")]

REPO = Path(__file__).resolve().parents[1]
BOARD = REPO / "cardsets" / "later-years" / "examples" / "board.yaml"


@pytest.fixture
def folder(tmp_path) -> Path:
    """An empty folder to run pnp in."""
    path = tmp_path / "empty"
    path.mkdir()
    return path


def in_process(args, cwd: Path, monkeypatch) -> str:
    """The same pnp command run by this process's library, for comparison."""
    monkeypatch.chdir(cwd)
    monkeypatch.delenv("PNP_HOME", raising=False)
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == 0, res.output
    return res.output


def readme_block(heading: str) -> list[str]:
    """The command lines of the first ```sh block under a README heading."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(rf"^## {re.escape(heading)}\n.*?```sh\n(.*?)```", text, re.S | re.M)
    assert block, f"README.md: no ```sh block under '## {heading}'"
    return [ln.strip() for ln in block.group(1).splitlines() if ln.strip() and not ln.startswith("#")]


def readme_judge_examples() -> list[list[str]]:
    """The `pnp judge GAME SITUATION ...` lines of the README's "Try it" block, as argv (without 'pnp')."""
    lines = [shlex.split(ln, comments=True) for ln in readme_block("Try it")]
    return [argv[1:] for argv in lines if argv[:2] == ["pnp", "judge"] and "--help" not in argv]


def test_sdist_and_wheel_carry_the_card_sets_templates_docs_and_fonts(dist):
    sdist, wheel = dist
    with tarfile.open(sdist) as tar:
        in_sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = sorted(REPO.glob("cardsets/**/*")) + sorted(REPO.glob("templates/**/*")) + sorted(
        REPO.glob("docs/*.md")) + sorted(REPO.glob("docs/examples/**/*"))  # `pnp docs` reads docs/ from the wheel
    for path in shipped:
        if path.is_file() and "__pycache__" not in path.parts:
            rel = path.relative_to(REPO).as_posix()
            assert rel in in_sdist, f"{sdist.name} lacks {rel}"
            assert f"pnp/data/{rel}" in names, f"{wheel.name} lacks pnp/data/{rel}"
    for font in (REPO / "pnp" / "fonts").iterdir():
        assert f"pnp/fonts/{font.name}" in names and f"pnp/fonts/{font.name}" in in_sdist, font.name
    assert wheel.name.startswith(f"hercules_pnp-{pnp.__version__}-")


def test_installed_pnp_runs_from_the_venv_not_the_checkout(installed, folder):
    probe = ("import sys, pnp, pnp.paths; print(pnp.__file__); print(pnp.paths.source_checkout()); "
             "print(pnp.paths.cardsets_root()); print('\\n'.join(sys.path))")
    out = installed.run([], folder, ok=False)  # bare `pnp` prints its usage
    assert "Usage: pnp" in out.stdout + out.stderr
    lines = check([installed.venv / "bin" / "python", "-c", probe], cwd=folder, env=installed.env).stdout.splitlines()
    assert Path(lines[0]).is_relative_to(installed.venv), lines[0]
    assert lines[1] == "None"
    assert Path(lines[2]).is_relative_to(installed.venv) and Path(lines[2], "argonauts", "cardset.yaml").is_file()
    assert not any(p and Path(p).resolve() == REPO for p in lines[3:]), "the checkout is on the installed sys.path"


def test_version_from_pnp_and_python_m_pnp(installed, folder, monkeypatch):
    expected = f"pnp, version {pnp.__version__}"
    assert installed.run(["--version"], folder).stdout.strip() == expected
    res = installed.run("python -m pnp --version && python -m pnp games --json", folder)
    assert res.stdout.startswith(expected + "\n")
    games = json.loads(in_process(["games", "--json"], folder, monkeypatch))
    assert json.loads(res.stdout[len(expected) + 1:]) == games


def test_games_json_lists_every_game_as_the_library_does(installed, folder, monkeypatch):
    out = json.loads(installed.run(["games", "--json"], folder).stdout)
    assert [g["game"] for g in out] == list(GAMES)
    assert all(c["count"] > 0 for g in out for c in g["components"])
    assert out == json.loads(in_process(["games", "--json"], folder, monkeypatch))


def test_print_builtin_game_writes_to_output_in_the_current_folder(installed, folder):
    res = installed.run(["print", "argonauts", "--json"], folder)
    data = json.loads(res.stdout)
    pdf = folder / "output" / "argonauts.pdf"
    assert [Path(f).resolve() for f in data["files"]] == [pdf.resolve()]
    assert len(PdfReader(pdf).pages) == data["pages"] > 0
    assert data["cards"] == 54  # 52 adventure cards, the player card and the name tag


def test_print_own_set_copied_from_the_examples(installed, folder):
    shutil.copytree(REPO / "docs" / "examples" / "myth-deck", folder / "myth-deck")
    res = installed.run(["print", "myth-deck"], folder)
    pdf = folder / "output" / "myth-deck.pdf"
    assert str(pdf) in res.stdout and "myth-deck: 8 cards, 16 tokens, 1 board and 1 aid on " in res.stdout
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "Perseus" in text and "Αθηνά" in text


def test_rules_search_finds_the_natural_six_rule_with_its_citation(installed, folder):
    out = installed.run(["rules", "argonauts", "search", "natural six"], folder).stdout
    assert "[argonauts.combat.17]" in out and "natural 6" in out
    assert (installed.home / "pnp-cache").is_dir(), "the search index should be cached in $PNP_CACHE"


def test_judge_reads_a_board_file_and_rules_as_the_library_does(installed, folder, monkeypatch):
    """A situation read from a file beside the user (the README's judge lines: the "Try it" test below)."""
    argv = ["judge", "later-years", "chains", "--board", "board.yaml", "--player", "red", "--json"]
    shutil.copy(BOARD, folder / "board.yaml")
    out = json.loads(installed.run(argv, folder).stdout)
    assert (out["game"], out["situation"]) == ("later-years", "chains")
    assert out["summary"] and out["citations"] and out["basis"] in ("stated", "inferred", "house rule")
    assert out == json.loads(in_process(argv, folder, monkeypatch))


def test_readme_judges_every_game():
    assert {argv[1] for argv in readme_judge_examples()} == set(GAMES)


def test_campaign_new_win_status(installed, folder):
    installed.run(["campaign", "new", "--player", "Jason", "--name", "first-voyage"], folder)
    won = installed.run(["campaign", "win", "--victory", "Harpies, Birds of Ares", "--deed", "homecoming"], folder)
    assert "first-voyage" in won.stdout
    status = json.loads(installed.run(["campaign", "status", "--json"], folder).stdout)
    assert (status["campaign"], status["player"], status["wins"], status["losses"]) == ("first-voyage", "Jason", 1, 0)
    ticked = {d["id"] for d in status["deeds"] if d["ticked"]}
    assert ticked == {"harpies", "homecoming"}  # the deed named, and the one the Harpies victory earns
    assert Path(installed.env["PNP_STORE"]).is_file()


def run_readme_lines(installed: Installed, lines: list[str], folder: Path, env: dict) -> dict[str, str]:
    """Run each line as written in folder; what each printed, by line."""
    printed = {}
    for line in lines:
        res = installed.run(line, folder, env=env)
        assert res.stdout.strip(), f"README command printed nothing: {line}"
        assert "Traceback" not in res.stderr and "Error" not in res.stderr, f"{line}:\n{res.stderr}"
        printed[line] = res.stdout
    return printed


def test_every_readme_try_it_command_runs_from_an_empty_folder(installed, tmp_path, monkeypatch):
    """Each line as written; the judge lines' rulings as the library gives them."""
    folder = tmp_path / "readme"
    folder.mkdir()
    lines = readme_block("Try it")
    assert len(lines) >= 10, lines
    printed = run_readme_lines(installed, lines, folder,
                               installed.env | {"PNP_STORE": str(tmp_path / "store.sqlite3")})
    assert (folder / "output" / "twelve-labors.pdf").is_file()
    judged = {line: argv for line in printed if (argv := shlex.split(line, comments=True)[1:]) in
              readme_judge_examples()}
    assert {argv[1] for argv in judged.values()} == set(GAMES)
    for line, argv in judged.items():
        assert printed[line] == in_process(argv, folder, monkeypatch), line


def test_readme_own_cards_commands_run_where_the_examples_are(installed, tmp_path):
    folder = tmp_path / "designer"
    shutil.copytree(REPO / "docs" / "examples", folder / "docs" / "examples")
    lines = readme_block("Your own cards")
    assert any(ln.startswith("pnp print docs/examples/") for ln in lines), lines
    run_readme_lines(installed, lines, folder, installed.env)
    assert {p.name for p in (folder / "output").glob("*.pdf")} == {"myth-deck.pdf", "image-deck.pdf"}


def test_quick_start_print_all_writes_every_game_to_output(quick_start):
    """The Quick start's `pnp print --all` (in its clone, whose output/ holds only a tracked .gitkeep)."""
    assert quick_start.first.returncode == 0, quick_start.first.stderr[-3000:]
    written = sorted(p.name for p in (quick_start.clone / "output").iterdir() if p.name != ".gitkeep")
    assert written == sorted(f"{slug}.pdf" for slug in GAMES)
    for slug in GAMES:
        assert f"{slug}.pdf" in quick_start.first.stdout, f"print --all did not report {slug}.pdf"


def test_pnp_runs_from_the_wheel_as_a_zip(installed, folder, monkeypatch):
    """A zip-safe install: pnp imported straight from the wheel file reads its data via importlib.resources."""
    env = installed.env | {"PYTHONPATH": str(installed.wheel)}
    python = installed.venv / "bin" / "python"
    where = check([python, "-c", "import pnp; print(pnp.__file__)"], cwd=folder, env=env).stdout
    assert str(installed.wheel) in where
    argv = ["judge", "argonauts", "roll", "--die", "6", "--crew", "0", "--difficulty", "9", "--json"]
    zipped = json.loads(check([python, "-m", "pnp", *argv], cwd=folder, env=env).stdout)
    assert zipped == json.loads(in_process(argv, folder, monkeypatch))
    assert zipped["verdict"]["resolves"] is False
