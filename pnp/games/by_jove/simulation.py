"""`pnp simulate by-jove` declared once: random players; game length and first-player advantage."""
from __future__ import annotations

from pnp.games.stats import first_player_text, seat_shares
from pnp.judge.situation import Flag, Int, Param
from pnp.simulate.simulation import Players, Simulation


def _run(n, seed, policy, jobs, progress, players, time_limit, cap, young):
    from pnp.games.by_jove.sim import run  # lazy: start-up time (simulate --help loads each declaration)
    return run(n, seed, players=players, policy=policy, time_limit=time_limit, cap=cap, young=young,
               progress=progress, jobs=jobs)


def _lines(result, v) -> list[str]:
    r, fp = result["rounds"], result["first_player"]
    return [f"By Jove: {v['n']} games, {v['players']} players, {v['policy']} players, seed {v['seed']}",
            f"Game length: median {r['median']} rounds (mean {r['mean']}, 10%-90% {r['p10']}-{r['p90']}, "
            f"max {r['max']}); median {result['turns']['median']} turns",
            "Ended by: " + ", ".join(f"{k} {share:.1%}" for k, share in result["ended_by"].items()),
            "Win share by seat: " + seat_shares(result["win_share_by_seat"]),
            first_player_text(fp, "First player")]


SIMULATION = Simulation(
    "by-jove", "Simulate By Jove games: rounds per game, how games end, and the first player's edge.",
    "pnp simulate by-jove -n 200 --players 4 --seed 7", 1000, ("random",), "random", _run, _lines,
    players=Players(2, 6, 4), progress="By Jove",
    params=(Param("time_limit", "Rounds of a time-limit game", Int(), default=None,
                  help="Play a time-limit game of this many rounds."),
            Param("cap", "Rounds before an unfinished game is scored", Int(1), default=300,
                  help="Rounds after which an unfinished game is scored by points."),
            Param("young", "Young players' variant", Flag(), help="Young players' variant: no VAP award lost to a Peril.")))
