"""Spreading a simulator's games over processes (`--jobs N`) with results that do not depend on N."""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

_PLAY: Callable[[Any], Any] | None = None  # a worker process's game function, set when the worker starts


def game_rng(seed: int, index: int) -> random.Random:
    """The random stream of game `index` in a run seeded `seed`: the same in whichever process plays it."""
    return random.Random(f"{seed}:{index}")


def _start_worker(play: Callable[[Any], Any]) -> None:
    global _PLAY
    _PLAY = play


def _play_slice(items: Sequence[Any]) -> list:
    return [_PLAY(item) for item in items]


def play_games(play: Callable[[Any], Any], items: Sequence[Any], jobs: int = 1, progress=None,
               games: Callable[[Any], int] = lambda item: 1) -> list:
    """[play(item) for item in items], in order, over `jobs` processes; progress(k) as each k games end.

    Each item must carry everything its games need (a game index or seed), so the results are the
    same for any number of jobs; games(item) counts the games an item stands for (1 by default).
    Workers are forked where the platform can; elsewhere they are spawned, so `play` should be
    picklable (a module-level function, or a functools.partial of one).
    """
    jobs = max(1, min(jobs, len(items)))
    size = max(1, min(500, len(items) // (jobs * 8) or 1))
    slices = [items[lo:lo + size] for lo in range(0, len(items), size)]
    results: list = []
    if jobs == 1:  # one process: a tick after every item, so a slow game's bar still moves
        for item in items:
            results.append(play(item))
            if progress is not None:
                progress(games(item))
        return results
    import multiprocessing  # lazy: start-up time (~5 ms; only --jobs above 1 needs it)
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(jobs, initializer=_start_worker, initargs=(play,)) as pool:
        for chunk, part in zip(slices, pool.imap(_play_slice, slices)):
            results.extend(part)
            if progress is not None:
                progress(sum(map(games, chunk)))  # counted from the items played, as with one job
    return results
