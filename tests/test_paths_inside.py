"""Paths stay inside the card set, and containment never refuses what is inside (relative folders, inner links)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from click.testing import CliRunner

from pnp.cli.main import main
from print_fixtures import write_set

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"


def validate(*args):
    return CliRunner().invoke(main, ["validate", *map(str, args)])


def test_sets_named_by_relative_paths_validate(tmp_path, monkeypatch):
    shutil.copytree(EXAMPLES / "image-deck", tmp_path / "decks" / "image-deck")
    write_set(tmp_path / "decks" / "data-set")
    monkeypatch.chdir(tmp_path)
    res = validate("decks/image-deck", "decks/data-set")
    assert res.exit_code == 0, res.output
    assert "0 error(s)" in res.output


def test_a_link_that_stays_inside_the_set_is_allowed(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,art\nalpha,A,pics/a.png\n",
                       files={"art/a.png": (EXAMPLES / "image-deck" / "01-omen.png").read_bytes()},
                       layouts={"front": {"boxes": {"art": {"x": 5, "y": 5, "w": 20, "h": 20, "image": "{{ art }}"}}},
                                "back": {"boxes": {}}})
    os.symlink("art", folder / "pics")
    res = validate(folder)
    assert res.exit_code == 0, res.output


def test_a_link_leaving_the_set_is_refused_by_name(tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(EXAMPLES / "image-deck" / "01-omen.png", outside / "a.png")
    folder = write_set(tmp_path / "s", cards="id,name,art\nalpha,A,pics/a.png\n",
                       layouts={"front": {"boxes": {"art": {"x": 5, "y": 5, "w": 20, "h": 20, "image": "{{ art }}"}}},
                                "back": {"boxes": {}}})
    os.symlink(outside, folder / "pics")
    res = validate(folder)
    assert res.exit_code == 1
    assert "image 'pics/a.png' is outside the card set's folder" in res.output and "card alpha" in res.output
