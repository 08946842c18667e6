"""A ninth game with a campaign is one installed package: found through the `pnp.games` entry point,
it prints, judges, simulates, completes and serves its page, with no file of pnp touched.

The package is written at test time into a temporary site folder with its dist-info (METADATA and
entry_points.txt), exactly what `pip install` leaves for a plugin (docs/adding-a-game.md walks through it).
"""
from __future__ import annotations

import importlib
import json
import sys
import warnings
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

import pnp.catalog
from pnp.cli.main import main

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ROOT = Path(__file__).resolve().parents[1]

PACKAGE = {
    "__init__.py": '''"""The Ninth Labour: two cards, one ruling, one kind of record (a feat)."""
from pnp.catalog import Game

GAME = Game("ninth-game", "The Ninth Labour", "ninth.txt", "en", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION", campaign="campaign",
            web="web:pages", cardsets="cardsets")
''',
    "cards.py": '''"""The two cards, read from the game's own card set."""
import csv

from pnp.catalog import game


def names(ctx=None) -> list[str]:
    """Every card's name (also the completion of --card)."""
    with open(game("ninth-game").cardset_folder / "cards.csv", encoding="utf-8") as fh:
        return [row["name"] for row in csv.DictReader(fh)]
''',
    "situations.py": '''"""`pnp judge ninth-game` and its Rulings form, declared once."""
from pnp.judge.ruling import Ruling
from pnp.judge.situation import Choice, Param, Situation, Situations
from ninth_game.cards import names


def draw(card):
    return Ruling("ninth-game", "draw", {"wins": card}, f"{card} wins (ninth.draw.1)")


SITUATIONS = Situations("ninth-game", "The Ninth Labour", (
    Situation("draw", "Who wins a draw.", (Param("card", "The card drawn", Choice(names, "card")),), draw,
              'pnp judge ninth-game draw --card "Golden Hind"'),
))
''',
    "simulation.py": '''"""`pnp simulate ninth-game`, declared once."""
from pnp.simulate.simulation import Simulation

SIMULATION = Simulation("ninth-game", "Play N games.", "pnp simulate ninth-game -n 3", 1, ("random",), "random",
                        run=lambda n, seed, policy, jobs, progress: {"games": n},
                        lines=lambda report, values: [f"{report['games']} games, every one won"])
''',
    "campaign.py": '''"""The campaign: one kind of record, a feat, kept in the event log."""
from dataclasses import dataclass, replace

from pnp.campaign import log


@dataclass(frozen=True)
class State:
    player: str
    feats: int = 0

    def to_dict(self) -> dict:
        return {"player": self.player, "feats": self.feats}


def apply(state, data, kind, payload):
    if kind == "new":
        return State(payload["player"]), {}
    return replace(state, feats=state.feats + 1), {"feats": 1}


RULES = log.Rules(export_format="pnp-ninth-game-campaign", kinds=("feat",), data=lambda: None, apply=apply,
                  space="ninth_game_campaign")


def new(store, name, player):
    return log.create(store, RULES, name, player, State(player))


def feat(store, name=None):
    return log.record(store, name, RULES, None, "feat", lambda state, effective: {})


def status(store, name=None) -> State:
    return log.session(store, RULES, lambda st, data: log.load(st, name, RULES, data)[1])
''',
    "web.py": '''"""The companion's page for the Ninth Labour."""
from ninth_game import campaign


def feats(store, request) -> dict:
    state = campaign.status(store)
    return {"player": state.player, "feats": state.feats}


def pages() -> dict:
    return {"nav": [("/ninth", "Ninth Labour")], "routes": [("GET", "/ninth", feats, "ninth-game/feats.html")]}
''',
    "templates/feats.html": '''{% extends "base.html" %}
{% block main %}<p id="feats">{{ player }}: {{ feats }} feats</p>{% endblock %}
''',
    "cardsets/ninth-game/cardset.yaml": '''name: The Ninth Labour
slug: ninth-game
layouts: layouts.yaml
components:
  - {name: labours, type: cards, size: poker, data: cards.csv, layout: front}
''',
    "cardsets/ninth-game/layouts.yaml": '''front:
  background: "#ffffff"
  boxes:
    name: {x: 5, y: 5, w: 53, h: 10, text: "{{ name }}", size: 10}
''',
    "cardsets/ninth-game/cards.csv": "id,name\nhydra-head,Hydra Head\ngolden-hind,Golden Hind\n",
}


@pytest.fixture
def ninth(tmp_path, monkeypatch):
    """The ninth game installed into a temporary site folder, found by the registry; removed afterwards."""
    site = tmp_path / "site"
    for name, text in PACKAGE.items():
        path = site / "ninth_game" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    info = site / "ninth_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ninth-game\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[pnp.games]\nninth-game = ninth_game\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    pnp.catalog.games.cache_clear()
    try:
        yield site
    finally:
        pnp.catalog.games.cache_clear()
        for name in [m for m in sys.modules if m == "ninth_game" or m.startswith("ninth_game.")]:
            del sys.modules[name]


def run(*args: str) -> str:
    r = CliRunner().invoke(main, list(args))
    assert r.exit_code == 0, r.output
    return r.output


def offered(args: list[str], incomplete: str) -> list[str]:
    return [i.value for i in ShellComplete(main, {}, "pnp", "_PNP_COMPLETE").get_completions(args, incomplete)]


def test_the_ninth_game_is_found_beside_the_eight(ninth):
    found = pnp.catalog.games()
    assert len(found) == 9 and list(found)[-1] == "ninth-game"
    assert found["ninth-game"].cardset_folder == ninth / "ninth_game" / "cardsets" / "ninth-game"
    assert not (ROOT / "pnp" / "games" / "ninth_game").exists() and not (ROOT / "cardsets" / "ninth-game").exists()


def test_the_ninth_game_prints_judges_and_simulates(ninth, tmp_path):
    printed = json.loads(run("print", "ninth-game", "-o", str(tmp_path / "out"), "--json"))
    pdf = Path(printed["files"][0])
    assert printed["cards"] == 2 and pdf.parent == tmp_path / "out" and pdf.read_bytes()[:5] == b"%PDF-"
    assert run("judge", "ninth-game", "draw", "--card", "golden hind") == "Golden Hind wins (ninth.draw.1)\n  basis: stated\n"
    assert run("judge", "Ninth Labour", "draw", "--card", "hydra") == "Hydra Head wins (ninth.draw.1)\n  basis: stated\n"
    assert run("simulate", "ninth-game", "-n", "3") == "3 games, every one won\n"
    assert "ninth-game" in run("games")


def test_the_ninth_game_completes(ninth):
    assert offered(["judge"], "nin") == ["ninth-game"]
    assert offered(["simulate"], "nin") == ["ninth-game"]
    assert offered(["print"], "ninth") == ["ninth-game"]
    assert offered(["judge", "ninth-game", "draw", "--card"], "gol") == ["golden-hind"]


def test_the_ninth_games_campaign_and_page_live_beside_the_argonauts(ninth, tmp_path):
    from pnp.campaign.doctor import doctor
    from pnp.games.argonauts import campaign as argonauts
    from pnp.web.app import create_app
    store = tmp_path / "s.db"
    argonauts.new(store, "voyage", "Jason")
    ninth_campaign = importlib.import_module("ninth_game.campaign")
    ninth_campaign.new(store, "trial", "Iolaus")
    ninth_campaign.feat(store)
    assert ninth_campaign.status(store).feats == 1
    assert [c["name"] for c in argonauts.campaigns(store)["campaigns"]] == ["voyage"]  # each game its own tables
    report = doctor(store)
    assert report["ok"] and {c["name"] for c in report["store"]["campaigns"]} == {"voyage", "trial"}
    c = TestClient(create_app(store), base_url="http://127.0.0.1:8765", client=("127.0.0.1", 50000))
    page = c.get("/ninth")
    assert page.status_code == 200 and '<p id="feats">Iolaus: 1 feats</p>' in page.text
    assert 'href="/ninth"' in c.get("/").text and c.get("/campaign").status_code == 200
    assert "/judge/ninth-game/draw" in c.get("/judge").text  # its situations, listed by the shell
    form = c.get("/judge/ninth-game/draw", params={"go": "1", "card": "golden"}).text  # a select of its cards
    assert '<option value="Golden Hind" selected>' in form and "Golden Hind wins (ninth.draw.1)" in form


def test_a_game_cannot_take_a_command_pnp_has_or_another_game_declares(monkeypatch):
    from pnp.cli.main import _game_commands
    eight = dict(pnp.catalog.games())
    greedy = pnp.catalog.Game("ninth-game", "The Ninth Labour", "ninth.txt", "en", "ninth_game",
                              commands={"print": "cli:group"})
    monkeypatch.setattr(pnp.catalog, "games", lambda: {**eight, "ninth-game": greedy})
    with pytest.raises(LookupError, match="print, which pnp has already"):
        _game_commands()
    twin = pnp.catalog.Game("ninth-game", "The Ninth Labour", "ninth.txt", "en", "ninth_game",
                            commands={"campaign": "cli:group"})
    monkeypatch.setattr(pnp.catalog, "games", lambda: {**eight, "ninth-game": twin})
    with pytest.raises(LookupError, match="argonauts and ninth-game both declare the command 'campaign'"):
        _game_commands()


def test_two_games_cannot_keep_campaigns_in_one_store_space(ninth, monkeypatch):
    (ninth / "ninth_game" / "campaign_twin.py").write_text(
        "from dataclasses import replace\n\nfrom ninth_game.campaign import RULES as OWN\n\n"
        "RULES = replace(OWN, space='campaign')\n", encoding="utf-8")
    found = dict(pnp.catalog.games())
    assert set(pnp.catalog.campaign_rules()) == {"argonauts", "ninth-game"}
    twin = pnp.catalog.Game("ninth-game", "The Ninth Labour", "ninth.txt", "en", "ninth_game",
                            campaign="campaign_twin")
    with monkeypatch.context() as m, pytest.raises(
            LookupError, match="argonauts and ninth-game both keep campaigns in the store space 'campaign'"):
        m.setattr(pnp.catalog, "games", lambda: {**found, "ninth-game": twin})
        pnp.catalog.campaign_rules()
