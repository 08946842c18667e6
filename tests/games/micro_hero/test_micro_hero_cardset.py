"""The Micro Hero card set: 55 cards, the engine's data, upside-down upgraded halves; the simulator."""
from __future__ import annotations

import json

import yaml
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.games.micro_hero.cards import catalog
from pnp.games.micro_hero.sim import simulate
from pnp.paths import cardsets_root

SET = cardsets_root() / "micro-hero"


def _rows(name):
    raw = yaml.safe_load((SET / name).read_text(encoding="utf-8"))
    return raw["cards"]


def test_the_box_holds_55_cards():
    manifest = yaml.safe_load((SET / "cardset.yaml").read_text(encoding="utf-8"))
    total = sum(int(r.get("copies", 1)) for c in manifest["components"] for r in _rows(c["data"]))
    assert total == 55                                                # micro-hero.contents.1


def test_core_counts():
    cat = catalog()
    assert len(cat.trials) == 12
    assert sum(k.copies for k in cat.kinds.values() if k.kind == "technique") == 16
    core_wounds = sum(k.copies for k in cat.kinds.values() if k.kind == "wound" and k.module == "core")
    assert core_wounds == 3
    assert len(cat.revenge) == 6 and len(cat.lifecards) == 4
    assert {t.name for t in cat.trials.values()} >= {"Nemean Lion", "Cerberus", "Augean Stables"}


def test_upgraded_halves_are_rotated():
    layouts = yaml.safe_load((SET / "layouts.yaml").read_text(encoding="utf-8"))
    for name in ("technique", "trial", "wound"):
        rotated = [b for b, box in layouts[name]["boxes"].items() if box.get("rotate") == 180]
        assert rotated, name


def test_validate_is_clean():
    res = CliRunner().invoke(main, ["validate", str(SET)])
    assert res.exit_code == 0 and "0 error(s)" in res.output


def test_simulator_reports_per_difficulty():
    res = simulate(3, seed=7, difficulties=("normal", "mythic"))
    assert set(res["difficulties"]) == {"normal", "mythic"}
    for r in res["difficulties"].values():
        assert r["games"] == 3 and r["wins"] + sum(r["lost_in_round"].values()) == 3
        assert 0.0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1.0
    assert simulate(3, seed=7, difficulties=("normal",)) == simulate(3, seed=7, difficulties=("normal",))


def test_simulate_cli_json():
    res = CliRunner().invoke(main, ["simulate", "micro-hero", "-n", "2", "--seed", "3", "--difficulty", "heroic",
                                    "--policy", "random", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output[res.output.index("{"):])
    assert out["seed"] == 3 and out["difficulties"]["heroic"]["games"] == 2


def test_a_technique_without_copies_names_file_card_and_field(tmp_path, monkeypatch):
    """techniques.yaml is read through a pydantic row model: a missing copies: is a one-line error at its line."""
    import shutil

    import pytest

    from pnp.errors import CardsetError
    folder = tmp_path / "cardsets" / "micro-hero"
    shutil.copytree(cardsets_root() / "micro-hero", folder)
    text = (folder / "techniques.yaml").read_text(encoding="utf-8")
    (folder / "techniques.yaml").write_text(text.replace("{id: strike, name: Strike, copies: 4,", "{id: strike, name: Strike,", 1),
                                            encoding="utf-8")
    monkeypatch.setenv("PNP_HOME", str(tmp_path))
    catalog.cache_clear()
    try:
        with pytest.raises(CardsetError) as err:
            catalog()
    finally:
        catalog.cache_clear()
    assert err.value.card == "strike" and err.value.field == "copies"
    assert "has no 'copies'" in err.value.one_line() and err.value.file.startswith(f"{folder / 'techniques.yaml'}:")
