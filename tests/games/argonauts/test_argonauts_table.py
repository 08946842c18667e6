"""`pnp argonauts play --table`: the terminal follows the physical deck, with name completion, and
continues the same game as the play page of `pnp serve`."""
from __future__ import annotations

import random

from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.cli.main import main
from pnp.games.argonauts import table
from pnp.games.argonauts.table_play import completer
from pnp.store import db


def test_completion_offers_card_names_by_prefix_then_by_substring():
    complete = completer(["Harpies", "Harmonia's Necklace", "Scylla"])
    assert [complete("har", i) for i in range(3)] == ["Harpies", "Harmonia's Necklace", None]
    assert complete("cyl", 0) == "Scylla"
    assert complete("zzz", 0) is None


def test_a_whole_table_game_typed_at_the_terminal_is_recorded_on_the_current_campaign(tmp_path, monkeypatch):
    store = tmp_path / "s.db"
    monkeypatch.setenv("PNP_STORE", str(store))
    service.new(store, "theirs", "Medea")
    service.new(store, "mine", "Jason")
    # the answers a player types: each revealed card by (sloppy) name, assignment 1, dice, choice 1
    rng = random.Random(5)
    game = table.start(store, "mine")
    typed = []
    while (v := table.view(game, store))["phase"] != "over":
        if v["phase"] == "quest":
            card = rng.choice(v["deck"])
            typed.append(card["name"].lower().replace("'", ""))
            step = card["id"]
        elif v["phase"] == "roll":
            typed.append("6")
            step = 6
        elif v["phase"] == "assign":
            typed.append("1")
            step = v["plans"][0]["assignment"]
        else:
            typed.append("1")
            step = v["choices"][0]["action"]
        game = table.act(store, "mine", game["version"], step)
    victory = sorted(c["id"] for c in v["victory"])
    # the steps are not records: the backups are still the two campaigns' own, none rotated out by a tap
    kept = [b.name for b in db.backups(store)]
    assert len(kept) == 2 and len(typed) > 10
    table.abandon(store, "mine")
    typed.insert(0, "Nowhere Card")  # a typo is refused, asked again, and changes nothing
    typed.append("1")  # the deed
    result = CliRunner().invoke(main, ["argonauts", "play", "--table"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert "not accepted: card Nowhere Card: unknown card 'Nowhere Card'" in result.output
    assert "You won" in result.output and "Recorded on campaign 'mine'" in result.output
    assert service.status(store, "mine")["wins"] == 1 and service.status(store, "theirs")["wins"] == 0
    assert sorted(service.history(store, "mine")[-1]["payload"]["victory"]) == victory
    after = [b.name for b in db.backups(store)]  # the win is a record: one backup, holding it
    assert len(after) == 3 and set(kept) < set(after)


def test_back_takes_back_a_mistaken_reveal_and_the_game_is_the_web_pages_game(tmp_path, monkeypatch):
    store = tmp_path / "s.db"
    monkeypatch.setenv("PNP_STORE", str(store))
    service.new(store, "mine", "Jason")
    game = table.start(store, "mine")
    game = table.act(store, "mine", game["version"], "harpies")  # tapped on the phone
    result = CliRunner().invoke(main, ["argonauts", "play", "--table"], input="back\nscylla\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Resuming the game on campaign 'mine' (step 1)" in result.output
    assert "Stopped; the game stays kept on campaign 'mine'" in result.output
    field = table.state_of(table.load(store, "mine")).field
    assert field == ["scylla"]  # Harpies taken back, Scylla revealed from the terminal, and kept after 'quit'
    again = CliRunner().invoke(main, ["argonauts", "play", "--table"], input="QUIT\n")
    assert "Resuming the game on campaign 'mine' (step 1)" in again.output and again.exit_code == 0
    assert table.state_of(table.load(store, "mine")).field == ["scylla"]


def test_the_screen_shows_each_cards_exact_chance_as_the_odds_command(tmp_path):
    from fractions import Fraction

    from pnp.games.argonauts.dice import p_success
    store = tmp_path / "s.db"
    service.new(store, "mine", "Jason")
    game = table.start(store, "mine")
    for card in ("harpies", "scylla", "amycus"):
        game = table.act(store, "mine", game["version"], card)
    game = table.act(store, "mine", game["version"], {"harpies": 3, "scylla": 5, "amycus": 0})
    v = table.view(game, store)
    shown = {c["id"]: c["chance"] for c in v["field"]}
    state = table.state_of(game)
    for cid, crew in (("harpies", 3), ("scylla", 5), ("amycus", 0)):
        p = p_success(crew, state.stats[cid].difficulty)
        assert shown[cid] == f"{p} = {float(p) * 100:.1f}%"
    assert shown["amycus"] == f"{Fraction(0)} = 0.0%"  # no crew, no roll (argonauts.gap.4)


def test_a_record_landing_just_before_start_writes_is_the_one_the_game_starts_from(tmp_path, monkeypatch):
    """The race: start() read the campaign, then opened the write transaction; a win recorded in between
    (another screen, the terminal) was lost to the new game, which began from the levels before it."""
    from contextlib import contextmanager

    from pnp.games.argonauts.campaign_link import campaign_game
    from pnp.games.argonauts.cards import deck_stats
    store = tmp_path / "s.db"
    service.new(store, "mine", "Jason")
    before = campaign_game("mine", store)
    opened, landed = table._campaign, []

    @contextmanager
    def record_lands_first(st, name, write):
        if write and not landed:  # another pnp records a win just before this write transaction begins
            landed.append(service.win(store, "mine", "Harpies, Birds of Ares", "homecoming"))
        with opened(st, name, write) as got:
            yield got
    monkeypatch.setattr(table, "_campaign", record_lands_first)
    game = table.start(store, "mine")
    after = campaign_game("mine", store)
    assert landed and after["levels"] != before["levels"]
    started = table.state_of(game)
    assert started.stats == deck_stats(after["deck"], after["levels"])
    assert started.crew == after["crew"]
