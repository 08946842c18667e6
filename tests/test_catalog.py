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
    """command names a click group; situations and simulate name the game's declarations."""
    from pnp.judge.situation import Situations
    from pnp.simulate.simulation import Simulation
    g = GAMES[slug]
    for ref, kind in ((g.situations, Situations), (g.simulate, Simulation), (g.command, click.Command)):
        if ref:
            module, attr = g.entry(ref).split(":")
            assert module.startswith(g.package + ".")
            assert isinstance(getattr(importlib.import_module(module), attr), kind)


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
    source = (ROOT / "tests" / "judge" / "test_judge_differential.py").read_text(encoding="utf-8")
    names = [n.name for n in ast.parse(source).body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]
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
        '            situations="situations:SITUATIONS", simulate="simulation:SIMULATION")\n', encoding="utf-8")
    (folder / "situations.py").write_text(
        'from pnp.judge.ruling import Ruling\nfrom pnp.judge.situation import Param, Situation, Situations, Text\n\n'
        'SITUATIONS = Situations("ninth-game", "The Ninth Labour", (Situation(\n'
        '    "toss", "Toss.", (Param("call", "Your call", Text()),),\n'
        '    lambda call: Ruling("ninth-game", "toss", call, f"{call} wins."), "pnp judge ninth-game toss --call heads"),))\n',
        encoding="utf-8")
    (folder / "simulation.py").write_text(
        'from pnp.simulate.simulation import Simulation\n\n'
        'SIMULATION = Simulation("ninth-game", "Simulate.", "pnp simulate ninth-game -n 1", 1, ("random",), "random",\n'
        '    lambda n, seed, policy, jobs, progress: {"games": n}, lambda report, values: [f"{report[\'games\']} game"])\n',
        encoding="utf-8")
    monkeypatch.setattr(pnp.games, "__path__", [*pnp.games.__path__, str(tmp_path)])
    pnp.catalog.games.cache_clear()
    try:
        assert "ninth-game" in pnp.catalog.games() and len(pnp.catalog.games()) == 9
        judge, simulate = JudgeGroup(name="judge"), SimulateGroup(name="simulate")
        assert CliRunner().invoke(judge, ["ninth-game", "toss", "--call", "heads"]).output == "heads wins.\n  basis: stated\n"
        assert CliRunner().invoke(simulate, ["ninth-game"]).stdout == "1 game\n"
        from pnp.web.judge import declarations  # the companion's Rulings forms come from the same declaration
        assert [s.name for s in declarations()["ninth-game"].situations] == ["toss"]
    finally:
        pnp.catalog.games.cache_clear()
        for name in [m for m in sys.modules if m.startswith("pnp.games.ninth_game")]:
            del sys.modules[name]
