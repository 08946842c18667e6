"""A game's `pnp simulate GAME` declared once: the shared options' defaults, its players' range, its own
options (pnp.judge.situation.Param), the run that returns the report and the report's lines in words.
pnp/cli/simulate.py builds every command from these declarations."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pnp.judge.situation import Param


@dataclass(frozen=True)
class Players:
    """--players: low-high, a default, and the rule or gap behind the range."""

    low: int
    high: int
    default: int
    why: str | None = None
    help: str | None = None  # instead of "Number of players, LOW-HIGH (WHY)."


@dataclass(frozen=True)
class Simulation:
    """`pnp simulate GAME`: summary and example; -n, --policy defaults; --players; the game's own options;
    run(n=, seed=, policy=, jobs=, progress=, [players=], **own options) -> report (a JSON-able dict);
    lines(report, values) -> the report in words, one line each."""

    game: str
    summary: str
    example: str
    games: int
    policies: tuple[str, ...]
    policy: str
    run: Callable[..., dict]
    lines: Callable[[dict, Mapping], list[str]]
    players: Players | None = None
    params: tuple[Param, ...] = ()
    details: str = ""
    games_help: str = "Games to play."
    progress: str | Callable[[Mapping], str] = "games"  # the progress bar's label, or one per values given
    total: Callable[[Mapping], int] | None = None       # progress steps for the values given (default: n)
    announce_seed: bool = False                         # print "seed N" on stderr before playing

    def label(self, values: Mapping) -> str:
        """The progress bar's label for a run of these values."""
        return self.progress(values) if callable(self.progress) else self.progress

    def steps(self, values: Mapping) -> int:
        """How many progress steps a run of these values takes."""
        return self.total(values) if self.total else values["n"]
