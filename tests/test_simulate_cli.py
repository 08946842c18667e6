"""Every `pnp simulate GAME` takes the shared -n/--seed/--policy/--json options and refuses -n 0."""
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
