"""The games are learnt from their folders: one folder per game, nothing of a game outside it."""
from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

import click
import pytest

from pnp.catalog import GAMES, Game

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = sorted(p.parent.name for p in (ROOT / "pnp" / "games").glob("*/__init__.py"))


def test_every_game_folder_declares_its_game():
    assert sorted(g.module for g in GAMES.values()) == FOLDERS
    assert len(GAMES) == 8
    for slug, g in GAMES.items():
        assert isinstance(g, Game) and g.slug == slug and g.module == slug.replace("-", "_")
        assert (ROOT / "cardsets" / slug).is_dir() and (ROOT / "docs" / f"{slug}.md").is_file()


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_declared_commands_are_click_commands_of_the_game(slug):
    g = GAMES[slug]
    for ref in (g.situations, g.simulate, g.command):
        if ref:
            module, attr = g.entry(ref).split(":")
            assert module.startswith(g.package + ".")
            assert isinstance(getattr(importlib.import_module(module), attr), click.Command)


def _code_names(tree: ast.AST) -> set[str]:
    """Every identifier a module's code uses: names, attributes, definitions, imports (not strings or docs)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= {a.name for a in node.names} | {a.asname for a in node.names if a.asname}
            found.add(getattr(node, "module", None) or "")
    return found


def test_no_game_module_is_named_outside_its_folder():
    """No module outside a game's folder (the web shell and the campaign log included, no exemption) names
    the game in its code: a module path in any string, or an identifier holding the game's module name."""
    names = "|".join(sorted(FOLDERS))
    pattern = re.compile(rf"pnp[./]games[./]({names})\b")
    word = re.compile(rf"(?<![a-z0-9])({names})(?![a-z0-9])", re.I)
    offenders = []
    for path in (ROOT / "pnp").rglob("*.py"):
        rel = path.relative_to(ROOT / "pnp")
        source = path.read_text(encoding="utf-8")
        own = {rel.parts[1]} if rel.parts[0] == "games" and len(rel.parts) > 2 else set()
        hits = {m.group(1) for m in pattern.finditer(source)}
        hits |= {m.group(1).lower() for n in _code_names(ast.parse(source)) for m in word.finditer(n)}
        offenders += [f"{rel}: {h}" for h in sorted(hits - own)]
    assert not offenders


def test_every_game_has_a_differential_judge_test():
    import test_judge_differential as diff
    names = [n for n in dir(diff) if n.startswith("test_")]
    for g in GAMES.values():
        assert any(n.startswith(f"test_{g.module}_") for n in names), f"no differential test for {g.slug}"


def test_a_ninth_game_is_one_folder(tmp_path, monkeypatch):
    import pnp.catalog
    import pnp.games
    from click.testing import CliRunner

    from pnp.cli.judge import JudgeGroup
    from pnp.cli.simulate import SimulateGroup
    folder = tmp_path / "ninth_game"
    folder.mkdir()
    (folder / "__init__.py").write_text(
        '"""A ninth game."""\nfrom pnp.catalog import Game\n\n'
        'GAME = Game("ninth-game", "The Ninth Labour", "ninth.txt", "en", __name__,\n'
        '            situations="judge:situations", simulate="simulate:command")\n', encoding="utf-8")
    (folder / "judge.py").write_text(
        'import click\nfrom pnp.cli.judge import situations_group\n\n\n@situations_group("ninth-game")\n'
        'def situations():\n    """Rulings."""\n\n\n@situations.command()\ndef toss():\n'
        '    """Toss.\n\n    Example: pnp judge ninth-game toss\n    """\n    click.echo("heads")\n', encoding="utf-8")
    (folder / "simulate.py").write_text(
        'import click\n\n\n@click.command(name="ninth-game")\ndef command():\n    """Simulate."""\n'
        '    click.echo("1 game")\n', encoding="utf-8")
    monkeypatch.setattr(pnp.games, "__path__", [*pnp.games.__path__, str(tmp_path)])
    pnp.catalog.games.cache_clear()
    try:
        assert "ninth-game" in pnp.catalog.games() and len(pnp.catalog.games()) == 9
        judge, simulate = JudgeGroup(name="judge"), SimulateGroup(name="simulate")
        assert CliRunner().invoke(judge, ["ninth-game", "toss"]).output == "heads\n"
        assert CliRunner().invoke(simulate, ["ninth-game"]).output == "1 game\n"
    finally:
        pnp.catalog.games.cache_clear()
        for name in [m for m in sys.modules if m.startswith("pnp.games.ninth_game")]:
            del sys.modules[name]
