"""Shared simulator statistics."""
import pytest

from pnp.games.stats import first_player, split_win, wilson


def test_wilson_interval_contains_the_rate_and_narrows():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(0.192, abs=0.005)
    lo2, hi2 = wilson(500, 1000)
    assert hi2 - lo2 < hi - lo
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_split_win_shares_ties():
    shares = [0.0, 0.0, 0.0]
    split_win([0, 2], shares)
    split_win([1], shares)
    assert shares == [0.5, 1.0, 0.5]


def test_first_player_edge_and_z():
    r = first_player(0.6, 100, 2)
    assert r["fair_share"] == 0.5 and r["advantage"] == pytest.approx(0.1) and r["z"] == pytest.approx(2.0)


def test_wilson_interval_known_values():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_spread_of_game_lengths():
    from pnp.games.stats import spread
    assert spread([3, 9, 4, 4]) == {"mean": 5.0, "median": 4.0, "min": 3, "max": 9}
    assert spread([1, 2, 2], 1) == {"mean": 1.7, "median": 2, "min": 1, "max": 2}
