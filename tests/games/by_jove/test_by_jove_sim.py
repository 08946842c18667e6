"""`pnp simulate by-jove`: seeded, reproducible statistics of game length and first-player advantage."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.errors import UsageError
from pnp.games.by_jove.sim import run


def test_same_seed_same_result_and_shares_sum_to_one():
    a, b = run(15, 4, players=3), run(15, 4, players=3)
    assert a == b
    assert sum(a["win_share_by_seat"]) == pytest.approx(1.0)
    assert a["rounds"]["p10"] <= a["rounds"]["median"] <= a["rounds"]["p90"] <= a["rounds"]["max"]
    assert a["first_player"]["win_share"] == a["win_share_by_seat"][0]


def test_time_limit_games_last_exactly_the_limit():
    r = run(10, 1, players=2, time_limit=12)
    assert r["ended_by"] == {"time limit": 1.0} and r["rounds"]["max"] == 12


def test_bad_values():
    with pytest.raises(UsageError):
        run(0, 1)
    with pytest.raises(UsageError):
        run(5, 1, policy="greedy")


def test_cli_json_and_text():
    result = CliRunner().invoke(main, ["simulate", "by-jove", "-n", "8", "--seed", "2", "--players", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    assert data["games"] == 8 and data["seed"] == 2 and len(data["win_share_by_seat"]) == 5
    text = CliRunner().invoke(main, ["simulate", "by-jove", "-n", "5", "--seed", "2"])
    assert text.exit_code == 0 and "seed 2" in text.output and "First player" in text.output
    bad = CliRunner().invoke(main, ["simulate", "by-jove", "--players", "7"])
    assert bad.exit_code == 2
