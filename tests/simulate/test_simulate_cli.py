"""Every `pnp simulate GAME` is built from its game's declaration: the shared -n/--seed/--policy/--jobs/--json
options, --players where the game has players, and the game's own options; -n 0 is refused."""
import pytest
from click.testing import CliRunner

from pnp.catalog import GAMES
from pnp.cli.main import main


@pytest.mark.parametrize("game", sorted(GAMES))
def test_shared_options_and_bad_count(game):
    res = CliRunner().invoke(main, ["simulate", game, "--help"])
    assert res.exit_code == 0
    for option in ("-n", "--seed", "--policy", "--json"):
        assert option in res.output
    res = CliRunner().invoke(main, ["simulate", game, "-n", "0"])
    assert res.exit_code == 2 and "1<=x" in res.output


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_command_is_built_from_its_declaration(game):
    import importlib

    import click

    from pnp.cli.simulate import simulate
    from pnp.simulate.simulation import Simulation
    module, attr = GAMES[game].entry(GAMES[game].simulate).split(":")
    declared = getattr(importlib.import_module(module), attr)
    assert isinstance(declared, Simulation) and declared.game == game
    cmd = simulate.get_command(click.Context(simulate), game)
    names = [p.name for p in cmd.params]
    assert names == ["n", "seed", "policy", "jobs"] + (["players"] if declared.players else []) + \
        [p.name for p in declared.params] + ["as_json"]
    n, policy = cmd.params[0], cmd.params[2]
    assert n.default == declared.games and policy.default == declared.policy
    assert list(policy.type.choices) == list(declared.policies)
    if declared.players:
        players = cmd.params[4]
        assert (players.type.min, players.type.max, players.default) == (
            declared.players.low, declared.players.high, declared.players.default)
    assert declared.example.startswith(f"pnp simulate {game} ") and declared.example in cmd.help
