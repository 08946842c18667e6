"""`pnp simulate GAME`: click commands built from each game's declared simulation (pnp.simulate.simulation).

Every command takes the shared -n, --seed, --policy, --jobs and --json, --players where the game has
players, and the game's own options; it plays under a progress bar (on a terminal, without --json) and prints
the report in words or as JSON."""
from __future__ import annotations

import click

from pnp.catalog import games
from pnp.cli.choice import LooseChoice
from pnp.cli.declared import option
from pnp.cli.lazy import GameGroup
from pnp.cli.output import emit_json
from pnp.cli.progress import progress_bar
from pnp.simulate.simulation import Players, Simulation


def _available() -> dict[str, str]:
    """Games that declare a simulation: slug -> 'pnp.games.<module>.simulation:SIMULATION'."""
    return {slug: g.entry(g.simulate) for slug, g in games().items() if g.simulate}


def shared_options(sim: Simulation) -> list[click.Option]:
    """-n N, --seed N, --policy P and --jobs N with the game's defaults."""
    return [
        click.Option(["-n", "n"], type=click.IntRange(1, 10_000_000), default=sim.games, show_default=True,
                     help=sim.games_help),
        click.Option(["--seed"], type=int, default=1, show_default=True,
                     help="Random seed of the whole run (printed with the results, so a run can be replayed)."),
        click.Option(["--policy"], type=LooseChoice(sim.policies, "policy"), default=sim.policy, show_default=True,
                     help="How the simulated players choose."),
        click.Option(["--jobs"], type=click.IntRange(1, 256), default=1, show_default=True,
                     help="Processes to spread the games over; the same seed gives the same result for any number."),
    ]


def players_option(p: Players) -> click.Option:
    """--players N (low-high), its help citing the rule or gap behind the range."""
    return click.Option(["--players"], type=click.IntRange(p.low, p.high), default=p.default, show_default=True,
                        help=p.help or f"Number of players, {p.low}-{p.high}" + (f" ({p.why})." if p.why else "."))


def command(sim: Simulation) -> click.Command:
    """`pnp simulate GAME [OPTIONS]`: run the declared simulation and print its report."""
    def run(as_json, **values):
        if sim.announce_seed:
            click.echo(f"seed {values['seed']}", err=True)
        with progress_bar(sim.steps(values), sim.label(values)) as tick:
            report = sim.run(progress=tick, **values)
        if as_json:
            emit_json(report)
            return
        for line in sim.lines(report, values):
            click.echo(line)
    params = (shared_options(sim) + ([players_option(sim.players)] if sim.players else [])
              + [option(p) for p in sim.params]
              + [click.Option(["--json", "as_json"], is_flag=True, help="Print the report as JSON.")])
    text = "\n\n".join(t for t in (sim.summary, sim.details, f"Example: {sim.example}") if t)
    return click.Command(sim.game, callback=run, params=params, help=text)


class SimulateGroup(GameGroup):
    """Lazy group over the games that have a simulator, each built from its declaration."""

    what = "simulators"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, lazy=_available, **kwargs)

    def get_command(self, ctx, name):
        found = super().get_command(ctx, name)
        return command(found) if isinstance(found, Simulation) else found


@click.group(cls=SimulateGroup)
def simulate():
    """Simulate many games with a chosen policy and report win rates and lengths.

    Example: pnp simulate argonauts -n 2000 --policy greedy --seed 1
    """
