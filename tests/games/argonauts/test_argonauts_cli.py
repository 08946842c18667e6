"""`pnp argonauts odds|advise|play` and `pnp simulate argonauts` through the CLI."""
import json

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.games.argonauts.dice import p_success


@pytest.fixture()
def store(tmp_path, monkeypatch):
    path = tmp_path / "pnp.sqlite3"
    monkeypatch.setenv("PNP_STORE", str(path))
    return path


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_odds_single_card_exact():
    res = run("argonauts", "odds", "--crew", "3", "--difficulty", "8", "--modifier", "1", "--json")
    assert res.exit_code == 0
    assert json.loads(res.output)["chance"] == "1/2"


def _card(cid):
    from pnp.games.argonauts.cards import load_cards, stats
    return stats(load_cards()[cid])


def test_odds_assignment_distribution():
    # 1 crew stays free and each card's crew is freed when it resolves, so no death ever cuts the
    # other card's crew: the two cards fail independently.
    h, s = _card("harpies"), _card("scylla")
    res = run("argonauts", "odds", "--crew", "12", "--assign", "harpies:5,scylla:6", "--json")
    d = json.loads(res.output)
    ph, ps = float(p_success(5, h.difficulty)), float(p_success(6, s.difficulty))
    want = {}
    for fh, pa in ((0, ph), (h.deadliness, 1 - ph)):
        for fs, pb in ((0, ps), (s.deadliness, 1 - ps)):
            if pa * pb > 0:
                want[fh + fs] = round(want.get(fh + fs, 0) + pa * pb, 9)
    got = {x["deaths"]: round(x["p"], 9) for x in d["deaths"]}
    assert got == want


def test_odds_bad_input_exits_2():
    assert run("argonauts", "odds", "--crew", "2", "--assign", "harpies:3").exit_code == 2
    assert run("argonauts", "odds", "--crew", "5", "--assign", "calm-seas:1").exit_code == 2
    assert run("argonauts", "odds", "--crew", "5").exit_code == 2


def test_advise_best_and_two_runners_up():
    res = run("argonauts", "advise", "--revealed", "harpies,scylla", "--crew", "5", "--json")
    d = json.loads(res.output)
    assert len(d["plans"]) == 3
    keys = [(p["p_survive"], p["crew_left"], p["cards_won"]) for p in d["plans"]]
    assert keys == sorted(keys, reverse=True)
    # brute force over every split of the 5 crew
    from pnp.games.argonauts.turn import Turn
    t = Turn([_card("harpies"), _card("scylla")], 5)
    best = max(t.score((a, b)).key() for a in range(6) for b in range(6 - a))
    assert tuple(round(x, 9) for x in keys[0]) == best


def test_advise_unknown_card_suggests():
    res = run("argonauts", "advise", "--revealed", "harpoon", "--crew", "3")
    assert res.exit_code == 2 and "unknown card 'harpoon'" in res.output and "Harpies" in res.output


def test_advise_takes_loose_card_names_and_refuses_ambiguous_ones():
    res = run("argonauts", "advise", "--revealed", "harpy, Scyla", "--crew", "3", "--json")
    assert res.exit_code == 0, res.output
    assert "harpies" in res.output and "scylla" in res.output
    res = run("argonauts", "advise", "--revealed", "dragon", "--crew", "3")
    assert res.exit_code == 2 and "ambiguous card 'dragon'" in res.output and "Sleepless Dragon" in res.output


def test_play_reasks_wrong_values_and_resumes_after_interruption(store):
    first = run("argonauts", "play", "--seed", "5", input="bogus\n\n\n7\n\n")
    assert first.exit_code == 1  # input ran out: interrupted
    assert "seed 5" in first.output
    assert "not accepted: field 'assignment': malformed entry 'bogus'" in first.output
    assert "not accepted: a die shows 1 to 6" in first.output
    saved = store.parent / "argonauts-play" / "_free.json"
    assert saved.exists()
    second = run("argonauts", "play", input="\n" * 600)
    assert second.exit_code == 0, second.output
    assert "Resuming the saved game (seed 5)" in second.output
    assert ("You won" in second.output) or ("You lost" in second.output)
    assert not saved.exists()


def test_play_is_deterministic_for_a_seed(store):
    a = run("argonauts", "play", "--seed", "11", "--new", input="\n" * 600).output
    b = run("argonauts", "play", "--seed", "11", "--new", input="\n" * 600).output
    assert a == b


def _new_campaign(name):
    from pnp.games.argonauts import campaign as service
    service.new(None, name, "Jason")


def test_play_records_the_result_in_the_campaign(store):
    _new_campaign("voyage")
    res = run("argonauts", "play", "--campaign", "voyage", "--seed", "5", "--new", input="\n" * 800)
    assert res.exit_code == 0, res.output
    assert "Recorded in campaign 'voyage'" in res.output
    from pnp.games.argonauts import campaign as service
    status = service.status(None, "voyage")
    history = service.history(None, "voyage")
    assert history[-1]["kind"] in ("win", "loss")
    if "You won" in res.output:
        assert status["wins"] == 1 and any(d["ticked"] for d in status["deeds"])
    else:
        assert status["losses"] == 1


def test_simulate_json_small_run():
    res = run("simulate", "argonauts", "-n", "300", "--policy", "greedy", "--seed", "2", "--json")
    assert res.exit_code == 0
    d = json.loads(res.output[res.output.index("{"):])
    assert d["games"] == 300
    lo, hi = d["ci95"]
    assert lo <= d["win_rate"] <= hi
    assert d["killers"] and all(k["deaths_per_game"] > 0 for k in d["killers"])


def test_simulate_is_reproducible():
    a = run("simulate", "argonauts", "-n", "200", "--seed", "4", "--json").output
    b = run("simulate", "argonauts", "-n", "200", "--seed", "4", "--json").output
    assert a == b


def test_simulate_whole_campaigns_complete():
    res = run("simulate", "argonauts", "--campaigns", "3", "--policy", "greedy", "--seed", "1", "--json")
    assert res.exit_code == 0, res.output
    d = json.loads(res.output[res.output.index("{"):])
    assert d["campaigns"] == 3 and d["unfinished"] == 0 and d["losses_mean"] >= 0


def test_advise_json_leaves_blessings_out():
    res = run("argonauts", "advise", "--revealed", "harpies,scylla,calm-seas", "--crew", "12", "--json")
    d = json.loads(res.output)
    assert set(d["plans"][0]["assignment"]) == {"harpies", "scylla"}


def test_combat_3_odds_counts_the_treasures_held_for_one_card():
    plain = json.loads(run("argonauts", "odds", "--crew", "3", "--difficulty", "8", "--json").output)
    fleece = json.loads(run("argonauts", "odds", "--crew", "3", "--difficulty", "8", "--treasure", "golden fleece",
                            "--json").output)
    assert (plain["chance"], fleece["chance"]) == ("1/3", "1/2") and fleece["treasures"] == ["golden-fleece"]
    rite = json.loads(run("argonauts", "odds", "--crew", "3", "--difficulty", "8", "--treasure", "circe's rite",
                          "--json").output)
    assert rite["chance"] == "5/9"   # a failed roll rerolled once (argonauts.gap.8)


def test_advise_refuses_a_card_revealed_twice():
    # the deck holds one of each card (argonauts.includes.1): such a field is never dealt, so no advice
    res = run("argonauts", "advise", "--revealed", "harpies,talos,Harpies", "--crew", "12")
    assert res.exit_code == 2
    assert res.output.strip().splitlines() == [
        "Error: card harpies: field 'revealed': 'Harpies' is listed twice; expected each revealed card once: "
        "the deck holds one of each card (argonauts.includes.1)"]


MONSTERS = ("harpies,clashing-rocks,amycus,bronze-bulls,dragons-teeth-warriors,birds-of-ares,sirens,"
            "doliones-by-night,earthborn-giants,bebryces-warriors,women-of-lemnos,nymphs-of-the-spring")


@pytest.mark.parametrize("args", [["advise", "--revealed", MONSTERS],
                                  ["odds", "--assign", ",".join(m + ":1" for m in MONSTERS.split(","))]])
def test_many_revealed_cards_are_refused_by_the_advice_limit_before_the_search(args):
    # 12 monsters and 12 crew: a search that used to exhaust memory; counted, not built
    res = run("argonauts", *args, "--crew", "12")
    assert res.exit_code == 1
    line, = res.output.strip().splitlines()
    assert "over the limit of 500000000 (advice_search)" in line and "PNP_LIMIT_ADVICE_SEARCH" in line


def test_advice_limit_counts_the_search_exactly(monkeypatch):
    from itertools import combinations

    from pnp.errors import LimitError
    from pnp.games.argonauts.cards import load_cards
    from pnp.games.argonauts.turn import Grid, Turn
    cards = [_card(c) for c in ("harpies", "talos", "scylla")]
    t = Turn(cards, 12)
    # every set of cards still to resolve as the solver's Grid holds it (at most 12 crew placed), times the
    # 13 counts of crew alive, weighed once per card and once per set of single-use treasures (none held)
    states = sum(len(Grid([t.levels[j] for j in sub], 12).rows) for r in range(4)
                 for sub in combinations(range(3), r)) * 13
    assert t.search_size() == states * (3 + 1)
    monkeypatch.setenv("PNP_LIMIT_ADVICE_SEARCH", str(states * 4))
    assert Turn(cards, 12).best(1)
    monkeypatch.setenv("PNP_LIMIT_ADVICE_SEARCH", str(states * 4 - 1))
    res = run("argonauts", "advise", "--revealed", "harpies,talos,scylla", "--crew", "12")
    assert res.exit_code == 1 and "(advice_search)" in res.output
    # a held single-use reroll (no change to the useful crew levels) doubles the sets of treasures in hand
    reroll = next(s for s in (_card(c) for c in load_cards()) if s.use == "single" and s.effect.type == "reroll")
    monkeypatch.setenv("PNP_LIMIT_ADVICE_SEARCH", str(states * 5))
    assert Turn(cards, 12, [reroll]).search_size() == states * (3 + 2)
    monkeypatch.setenv("PNP_LIMIT_ADVICE_SEARCH", str(states * 5 - 1))
    with pytest.raises(LimitError, match="advice_search"):
        Turn(cards, 12, [reroll])
