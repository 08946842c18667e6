"""Counts read right: "1 loss", "2 losses" (pnp.plural), in the CLI and on the companion's pages."""
from __future__ import annotations

import re
import warnings

from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.cli.main import main
from pnp.plural import counted
from pnp.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_counted_nouns():
    assert [counted(n, "loss") for n in (0, 1, 2)] == ["0 losses", "1 loss", "2 losses"]
    assert [counted(n, "win") for n in (0, 1, 2)] == ["0 wins", "1 win", "2 wins"]
    assert counted(1, "crew", "crew") == "1 crew" and counted(3, "match") == "3 matches"
    assert counted(-1, "point") == "-1 point"


def test_one_win_and_one_loss_read_singular_in_the_cli_and_on_every_page(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    service.loss(store, "voyage")
    service.win(store, "voyage", "Birds of Ares", "rocks")  # one deed: Birds of Ares earns none
    status = CliRunner().invoke(main, ["campaign", "status", "--store", str(store)]).output
    assert "1 win, 1 loss;" in status
    listed = CliRunner().invoke(main, ["campaign", "list", "--store", str(store)]).output
    assert re.search(r"\b1 win\b", listed) and re.search(r"\b1 loss\b", listed) and "1 deed" in listed
    c = TestClient(create_app(store), base_url="http://127.0.0.1:8765", client=("127.0.0.1", 50000))
    for path in ("/", "/campaign"):
        text = c.get(path).text
        assert ">1 win<" in text and ">1 loss<" in text, path
        assert not re.search(r"\b1 (wins|losses|deeds|cards)\b", text), path
    assert "1 deed" in c.get("/").text
    rules = CliRunner().invoke(main, ["rules", "argonauts"]).output
    assert not re.search(r"\b1 (statements|sections|gaps)\b", rules)
