"""`pnp simulate verb-adjective-noun` declared once: random or greedy players; game length and first-player advantage."""
from __future__ import annotations

from pnp.games.stats import first_player_text, seat_shares
from pnp.games.verb_adjective_noun.engine import MAX_PLAYERS, MIN_PLAYERS
from pnp.games.verb_adjective_noun.sim import POLICIES, run
from pnp.simulate.simulation import Players, Simulation


def _lines(report, v) -> list[str]:
    t, fp = report["turns"], report["first_player"]
    return [f"Verb the Adjective Noun: {v['n']} games, {v['players']} players, {v['policy']} players, seed {v['seed']}",
            f"  turns: mean {t['mean']}, median {t['median']}, range {t['min']}-{t['max']}",
            f"  trials scored: mean {report['trials_scored']['mean']}",
            "  ended by: " + ", ".join(f"{k} {share:.1%}" for k, share in report["ended_by"].items()),
            "  win share by seat: " + seat_shares(report["win_share_by_seat"]),
            "  " + first_player_text(fp)]


SIMULATION = Simulation(
    "verb-adjective-noun",
    "Simulate Verb the Adjective Noun: turns per game, trials scored, how games end, first player's edge.",
    "pnp simulate verb-adjective-noun -n 200 --policy greedy --players 4 --seed 7", 200, tuple(POLICIES), "greedy",
    run, _lines, players=Players(MIN_PLAYERS, MAX_PLAYERS, 4), progress="Verb the Adjective Noun")
