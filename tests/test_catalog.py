"""The games are learnt from their folders: one folder per game, nothing of a game outside it."""
from __future__ import annotations

import importlib
import re
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


def test_no_game_module_is_named_outside_its_folder():
    names = "|".join(sorted(FOLDERS))
    pattern = re.compile(rf"pnp[./]games[./]({names})\b")
    offenders = []
    for path in (ROOT / "pnp").rglob("*.py"):
        rel = path.relative_to(ROOT / "pnp")
        if rel.parts[0] == "games" and len(rel.parts) > 2:
            own = rel.parts[1]
            hits = {m.group(1) for m in pattern.finditer(path.read_text(encoding="utf-8"))} - {own}
        else:
            hits = {m.group(1) for m in pattern.finditer(path.read_text(encoding="utf-8"))}
        offenders += [f"{rel}: {h}" for h in sorted(hits)]
    assert not offenders


def test_every_game_has_a_differential_judge_test():
    import test_judge_differential as diff
    names = [n for n in dir(diff) if n.startswith("test_")]
    for g in GAMES.values():
        assert any(n.startswith(f"test_{g.module}_") for n in names), f"no differential test for {g.slug}"
