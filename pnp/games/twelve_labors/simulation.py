"""`pnp simulate twelve-labors` declared once: random players; game length, first-player advantage, who helps Hercules."""
from __future__ import annotations

from pnp.games.stats import seat_shares
from pnp.games.twelve_labors.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.twelve_labors.sim import POLICIES, simulate
from pnp.simulate.simulation import Players, Simulation


def _lines(report, v) -> list[str]:
    t = report["turns"]
    return [f"{v['n']} games, {v['players']} players, random policy, seed {v['seed']}",
            f"  turns: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}",
            "  wins by starting turn-order position: " + seat_shares(report["win_rate_by_start_position"]),
            "  'beat the heroes' variant wins: " + seat_shares(report["beat_the_heroes_win_rate_by_start_position"]),
            f"  Hercules or Iolaus level with or above every player: {report['hercules_or_iolaus_not_beaten']:.1%}",
            "  labors helped by: " + ", ".join(f"{k} {share:.1%}" for k, share in report["labors_helped_by"].items())]


SIMULATION = Simulation(
    "twelve-labors", "Simulate The Twelve Labors with random players: game length and first-player advantage.",
    "pnp simulate twelve-labors -n 200 --players 4 --seed 7", 1000, POLICIES, "random", simulate, _lines,
    players=Players(MIN_PLAYERS, MAX_PLAYERS, 4, "twelve-labors.gap.4"))
