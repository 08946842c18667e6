"""`pnp simulate later-years` declared once: random or greedy players; game length and first-player advantage."""
from __future__ import annotations

from pnp.games.later_years.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.later_years.sim import POLICIES, run
from pnp.games.stats import first_player_text, seat_shares
from pnp.simulate.simulation import Players, Simulation


def _lines(report, v) -> list[str]:
    r, fp = report["rounds"], report["first_player"]
    return [f"Later Years: {v['n']} games, {v['players']} players, {v['policy']} players, seed {v['seed']}",
            f"  rounds: mean {r['mean']}, median {r['median']}, range {r['min']}-{r['max']}",
            f"  winning score: mean {report['winning_score']['mean']}; chains per game "
            f"{report['chains_per_game']}; deadbeats per game {report['deadbeats_per_game']}",
            "  win share by seat: " + seat_shares(report["win_share_by_seat"]),
            "  " + first_player_text(fp)]


SIMULATION = Simulation(
    "later-years", "Simulate Hercules: The Later Years: rounds per game, deadbeats and the first player's edge.",
    "pnp simulate later-years -n 100 --players 4 --seed 7", 500, tuple(POLICIES), "random", run, _lines,
    players=Players(MIN_PLAYERS, MAX_PLAYERS, 3, "later-years.gap.13"), progress="Later Years")
