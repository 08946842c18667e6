"""`pnp simulate GAME --jobs N`: the same seed gives the same report for one process or two, for every game."""
import json
import os

import pytest
from click.testing import CliRunner

from pnp.catalog import GAMES
from pnp.cli.main import main
from pnp.simulate.jobs import game_rng, play_games

# Small runs: enough games that two processes each play some, few enough to stay quick (argonauts
# shares games out in chunks of 20 for policies other than greedy, so 45 games make three chunks).
GAMES_N = {"argonauts": ["-n", "45", "--policy", "random"], "hera-zeus": ["-n", "6"],
           "micro-hero": ["-n", "3", "--difficulty", "normal"], "verb-adjective-noun": ["-n", "4"]}


def _report(game: str, *args: str) -> dict:
    res = CliRunner().invoke(main, ["simulate", game, *GAMES_N.get(game, ["-n", "8"]), "--seed", "5", "--json",
                                    *args])
    assert res.exit_code == 0, res.output
    return json.loads(res.output[res.output.index("{"):])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_jobs_give_the_same_report_as_one(game):
    one, two = _report(game, "--jobs", "1"), _report(game, "--jobs", "2")
    assert one == two and one["seed"] == 5


def test_results_come_back_in_game_order_whatever_the_process():
    assert play_games(lambda i: game_rng(3, i).random(), range(40), jobs=3) == \
        [game_rng(3, i).random() for i in range(40)]


def test_games_are_played_in_other_processes_with_jobs_and_here_without():
    here = os.getpid()
    assert set(play_games(lambda i: os.getpid(), range(12), jobs=1)) == {here}
    workers = set(play_games(lambda i: os.getpid(), range(12), jobs=2))
    assert here not in workers and 1 <= len(workers) <= 2


def test_spawned_workers_where_fork_is_missing_give_the_same_games(monkeypatch):
    import multiprocessing
    from functools import partial

    from pnp.games.twelve_labors.sim import _game
    one = play_games(partial(_game, 5, 3), range(4), jobs=1)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert play_games(partial(_game, 5, 3), range(4), jobs=2) == one


def test_progress_counts_games_not_items():
    seen = []
    play_games(lambda job: job, [(0, 5), (5, 7)], jobs=2, progress=seen.append, games=lambda job: job[1] - job[0])
    assert sum(seen) == 7


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_counts_the_items_played_not_their_results(jobs):
    seen = []
    spans = [(0, 5), (5, 7), (7, 12)]
    results = play_games(_result_unlike_its_item, spans, jobs=jobs, progress=seen.append,
                         games=lambda job: job[1] - job[0])
    assert results == [{"won": 0}, {"won": 5}, {"won": 7}]
    assert sum(seen) == 12 and all(k > 0 for k in seen)


def _result_unlike_its_item(job):
    """A game's result: a dict, not the (first, last) span it was given (picklable for spawned workers)."""
    return {"won": job[0]}
