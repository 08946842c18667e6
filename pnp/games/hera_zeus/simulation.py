"""`pnp simulate hera-zeus` declared once: self-play with random or greedy players; length, first-player wins, endings."""
from __future__ import annotations

from pnp.games.hera_zeus import sim
from pnp.simulate.simulation import Simulation


def _run(n, seed, policy, jobs, progress):
    return sim.run(n, policy, seed, progress=progress, jobs=jobs)


def _lines(report, v) -> list[str]:
    t = report["turns"]
    return [f"Hera and Zeus: {v['n']} games, policy {v['policy']}, seed {v['seed']}",
            f"  turns per game: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}",
            f"  first player wins: {report['first_player_win_rate']:.1%}   Hera wins: {report['hera_win_rate']:.1%}",
            "  how games end:"] + [f"    {count / v['n']:6.1%}  {how}" for how, count in report["endings"].items()]


SIMULATION = Simulation(
    "hera-zeus", "Simulate Hera and Zeus games and report length, first-player win rate and how games end.",
    "pnp simulate hera-zeus -n 200 --policy greedy --seed 7", 200, tuple(sim.POLICIES), "greedy", _run, _lines,
    details="The first player alternates between Hera and Zeus from game to game.", progress="playing")
