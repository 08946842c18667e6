"""The Twelve Labors and Labors of Herakles print kits: validate cleanly, and every component reaches the PDF."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.games.labors_of_herakles import engine as lh
from pnp.games.twelve_labors import engine as tl
from print_fixtures import pdf_text


@pytest.mark.parametrize("slug", ["twelve-labors", "labors-of-herakles"])
def test_validate_is_clean(slug):
    res = CliRunner().invoke(main, ["validate", slug])
    assert res.exit_code == 0, res.output
    assert "0 error(s), 0 warning(s)" in res.output


def _print(slug, tmp_path):
    res = CliRunner().invoke(main, ["print", slug, "-o", str(tmp_path), "--backs", "none", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output[res.output.index("{"):])
    return data, pdf_text(data["files"][0])


def test_twelve_labors_kit(tmp_path):
    data, text = _print("twelve-labors", tmp_path)
    assert data["cards"] == 100 + 1 + 20 + 10 + 12            # deck, board, actions, tiles, markers
    for lab in tl.board():
        assert lab.name in text
    assert text.count("RESOLVED") >= 10 + 2                    # tiles plus the two printed on the board
    for action in ("WRESTLE", "RESEARCH", "TRAIN", "ASSIST"):
        assert action in text
    assert "Turn order" in text and "59" in text


def test_labors_of_herakles_kit(tmp_path):
    data, text = _print("labors-of-herakles", tmp_path)
    assert data["cards"] == 1 + 24 + 120 + 100 + 13 + 5
    for card in lh.labor_cards().values():
        assert card.name in text
    for region in lh.REGIONS:
        assert region.upper() in text
    for trait in lh.TRAITS:
        assert trait.upper() in text
    assert "EPIC QUEST" in text and "FAVOR" in text
