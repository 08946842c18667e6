"""`pnp simulate labors-of-herakles` declared once: random players; game length, first-player advantage, labor success."""
from __future__ import annotations

from pnp.games.labors_of_herakles.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.labors_of_herakles.sim import POLICIES, simulate
from pnp.games.stats import first_player_text, seat_shares
from pnp.simulate.simulation import Players, Simulation


def _lines(report, v) -> list[str]:
    t = report["turns"]
    return [f"{v['n']} games, {v['players']} players, random policy, seed {v['seed']}",
            f"  turns: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}",
            f"  labor attempts {report['labor_attempts_mean']}, completed {report['labors_completed_mean']} "
            f"on average; winning favor {report['winning_favor_mean']}",
            "  wins by seat (seat 1 starts): " + seat_shares(report["win_rate_by_seat"]),
            "  " + first_player_text(report["first_player"]),
            "  games end by: " + ", ".join(f"{k} {share:.1%}" for k, share in report["ends"].items())]


SIMULATION = Simulation(
    "labors-of-herakles", "Simulate The Labors of Herakles with random players: game length and first-player advantage.",
    "pnp simulate labors-of-herakles -n 200 --players 4 --seed 7", 1000, POLICIES, "random", simulate, _lines,
    players=Players(MIN_PLAYERS, MAX_PLAYERS, 4, "labors-of-herakles.gap.3"))
