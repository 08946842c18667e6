"""The print summary counts each kind of piece and names the paper and where the choice came from:
--paper, `pnp config paper`, the locale (LC_ALL / LC_PAPER / LANG), else A4."""
import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli.main import main
from pnp.config import locale_paper
from print_fixtures import write_set


@pytest.fixture
def env(tmp_path, monkeypatch):
    """No saved settings and a locale without a region."""
    monkeypatch.setenv("PNP_CONFIG", str(tmp_path / "settings" / "config.toml"))
    for var in ("LC_ALL", "LC_PAPER"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return monkeypatch


def run(*args):
    return CliRunner().invoke(main, list(args))


def page_width_mm(pdf) -> float:
    return round(float(PdfReader(pdf).pages[-1].mediabox.width) / 72 * 25.4, 1)


def test_summary_counts_cards_tokens_boards_and_aids_separately(env, tmp_path):
    res = run("print", "by-jove", "-o", str(tmp_path / "out"))
    assert res.exit_code == 0, res.output
    assert "by-jove: 1 board, 64 cards, 140 tokens and 2 aids on " in res.output, res.output
    data = json.loads(run("print", "by-jove", "-o", str(tmp_path / "out"), "--json").output)
    assert data["kinds"] == {"board": 1, "cards": 64, "tokens": 140, "aid": 2}
    assert data["cards"] == sum(data["kinds"].values())  # every piece, as scripts have read it


def test_paper_comes_from_the_option_the_setting_the_locale_or_a4(env, tmp_path):
    folder, out = write_set(tmp_path / "s"), tmp_path / "out"
    res = run("print", str(folder), "-o", str(out))
    assert "paper a4 (default)" in res.output and page_width_mm(out / "s.pdf") in (210.0, 297.0)
    env.setenv("LANG", "en_US.UTF-8")
    res = run("print", str(folder), "-o", str(out))
    assert "paper letter (locale LANG=en_US.UTF-8)" in res.output and page_width_mm(out / "s.pdf") in (215.9, 279.4)
    res = run("config", "paper", "a3")
    assert res.exit_code == 0 and "paper = a3  (pnp config, " in res.output, res.output
    res = run("print", str(folder), "-o", str(out), "--json")
    assert json.loads(res.output)["sets"][0]["paper"] == "a3" and page_width_mm(out / "s.pdf") in (297.0, 420.0)
    res = run("print", str(folder), "-o", str(out), "--paper", "letter")
    assert "paper letter (--paper)" in res.output
    assert json.loads(run("config", "--json").output)["settings"][0]["value"] == "a3"
    assert run("config", "paper", "--unset").exit_code == 0
    assert "paper = letter  (locale LANG=en_US.UTF-8)" in run("config").output


def test_config_refuses_a_bad_paper_and_keeps_the_file(env, tmp_path):
    assert run("config", "paper", "letter").exit_code == 0
    res = run("config", "paper", "huge")
    assert res.exit_code != 0 and "bad paper 'huge'" in res.output and len(res.output.splitlines()) == 1
    assert "paper = letter" in run("config").output


@pytest.mark.parametrize("environ, paper", [
    ({"LANG": "en_US.UTF-8"}, "letter"), ({"LANG": "fr_CA.UTF-8"}, "letter"), ({"LANG": "es_MX"}, "letter"),
    ({"LANG": "en_GB.UTF-8"}, "a4"), ({"LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "a4"),
    ({"LC_ALL": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "letter"), ({"LANG": "C.UTF-8"}, None), ({}, None),
])
def test_locale_paper(environ, paper):
    found = locale_paper(environ)
    assert (found[0] if found else None) == paper


def test_a_broken_settings_file_is_named_in_one_line(env, tmp_path):
    path = tmp_path / "settings" / "config.toml"
    path.parent.mkdir()
    path.write_text('paper = "huge"\n')
    res = run("print", str(write_set(tmp_path / "s")), "-o", str(tmp_path / "out"))
    assert res.exit_code != 0 and str(path) in res.output and "bad paper 'huge'" in res.output, res.output
    path.write_text("paper = \n")
    res = run("config")
    assert res.exit_code == 2 and "cannot read the settings" in res.output and str(path) in res.output
    assert len(res.output.strip().splitlines()) == 1
