"""`pnp serve` without a browser: access token, CSRF, upload limits, safe paths, every page, and the
same engine behind the pages and the commands (advice, rulings) on random positions."""
from __future__ import annotations

import json
from html import unescape
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.games.argonauts import campaign as service
from pnp.cli.main import main
from pnp.errors import PnpError
from pnp.games.argonauts import table
from pnp.web.security import MAX_BODY
from web_fixtures import client, csrf, play_to_end, table_step, tokens, write

PAGES = ["/", "/campaign", "/deck", "/win", "/history", "/play", "/rules", "/rules?q=natural+six",
         "/rules/argonauts/gaps", "/rules/argonauts/argonauts.quest.4", "/rules/argonauts/argonauts.gap.4", "/judge",
         "/judge/argonauts/roll", "/static/htmx.min.js", "/static/app.css", "/static/htmx-LICENSE.txt"]


def test_every_page_answers(store):
    c = client(store)
    for path in PAGES:
        r = c.get(path)
        assert r.status_code == 200, (path, r.text[:200])
    assert "Zero-Clause BSD" in c.get("/static/htmx-LICENSE.txt").text
    assert 'src="/static/htmx.min.js"' in c.get("/").text  # served by pnp itself, nothing from the internet
    assert "http" not in re.sub(r'href="/[^"]*"', "", c.get("/").text.split("<body")[0]).replace("http-equiv", "")


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/..%2Fapp.py", "/static/app.py", "/static/%2e%2e"])
def test_nothing_from_a_request_becomes_a_file_path(store, path):
    assert client(store).get(path).status_code == 404


def test_with_a_token_every_page_is_403_until_the_token_is_given(store):
    c = client(store, token="s3cret-token-for-tests-only-0123456789")
    for path in PAGES:
        assert c.get(path).status_code == 403, path
    assert c.get("/deck?token=wrong").status_code == 403
    r = c.get("/deck?token=s3cret-token-for-tests-only-0123456789")
    assert r.status_code == 303 and r.headers["location"] == "/deck"  # the token leaves the address bar
    assert c.get("/deck").status_code == 200  # now carried by the cookie
    other = client(store, token="s3cret-token-for-tests-only-0123456789")
    assert other.get("/campaign").status_code == 403


def test_a_write_without_the_csrf_token_is_403_and_changes_nothing(store):
    c = client(store)
    token = csrf(c)
    assert c.post("/loss", data={"campaign": "voyage"}).status_code == 403
    assert c.post("/loss", data={"campaign": "voyage", "csrf": "x" * 43}).status_code == 403
    fresh = client(store)  # a forged form from another site: no cookie of ours, its own field
    assert fresh.post("/loss", data={"campaign": "voyage", "csrf": token}).status_code == 403
    assert service.status(store)["losses"] == 0
    r = c.post("/loss", data={"campaign": "voyage", **tokens(c)})
    assert r.status_code == 303 and service.status(store)["losses"] == 1
    once = tokens(c)["once"]
    assert c.post("/undo", data={"campaign": "voyage", "once": once}, headers={"X-CSRF-Token": token}).status_code == 303
    assert service.status(store)["losses"] == 0


def test_a_write_goes_to_the_campaign_the_page_showed_not_to_a_later_current_one(store):
    c = client(store)
    form = tokens(c, "/campaign")
    service.new(store, "other", "Medea")  # the terminal switched meanwhile
    shown = c.get(c.post("/loss", data={"campaign": "voyage", **form}).headers["location"])
    assert service.status(store, "voyage")["losses"] == 1 and service.status(store, "other")["losses"] == 0
    text = unescape(shown.text)  # the record's page shows the campaign it went to, and says it is not current
    assert "Recorded a loss on voyage" in text and "not the current campaign (now other" in text
    refused = write(c, "/loss")  # a form without its campaign is refused, on the Player page, in words
    assert refused.posted.status_code == 303 and 'role="alert"' in refused.text
    assert service.status(store, "voyage")["losses"] == 1


def test_win_form_records_tapped_cards_and_shows_errors_on_the_form(store):
    c = client(store)
    r = write(c, "/win", {"campaign": "voyage", "card": ["harpies", "amycus"], "deed": "amycus"})
    assert r.posted.headers["location"].startswith("/win?campaign=voyage&refused=") and "already granted" in r.text
    assert 'value="harpies" checked' in r.text and 'value="amycus" checked' in r.text  # taps kept
    assert service.status(store)["wins"] == 0
    r = write(c, "/win", {"campaign": "voyage", "card": ["harpies", "amycus"], "deed": "rocks"})
    assert service.history(store)[-1]["payload"] == {"victory": ["harpies", "amycus"], "deed": "rocks"}
    assert "Recorded a win on voyage (record 2)" in re.sub(r"<[^>]+>", "", r.text)


def test_import_upload_is_limited_and_validated_like_the_cli(store, tmp_path):
    c = client(store)
    token = csrf(c)
    doc = service.export(store)
    good = json.dumps(doc).encode()
    bad = json.dumps(dict(doc, state=dict(doc["state"], losses=7))).encode()
    r = write(c, "/import", {"name": "forged"}, files={"file": ("x.json", bad, "application/json")})
    assert r.posted.status_code == 303 and "'state' differs" in unescape(r.text)
    r = write(c, "/import", files={"file": ("x.json", b"\xff\xfe", "application/json")})
    assert r.posted.status_code == 303 and "not UTF-8" in r.text
    big = b" " * (MAX_BODY + 10)
    r = c.post("/import", data={"csrf": token}, files={"file": ("x.json", big, "application/json")})
    assert r.status_code == 413
    assert [x["name"] for x in service.campaigns(store)["campaigns"]] == ["voyage"]
    r = c.post("/import", data={"name": "copy", **tokens(c)}, files={"file": ("x.json", good, "application/json")})
    assert r.status_code == 303
    listed = service.campaigns(store)
    assert [x["name"] for x in listed["campaigns"]] == ["copy", "voyage"] and listed["current"] == "voyage"


def test_export_download_is_the_cli_export(store):
    r = client(store).get("/export")
    out = CliRunner().invoke(main, ["campaign", "export", "--store", str(store)]).output
    assert r.text == out and 'filename="argonauts-voyage.json"' in r.headers["content-disposition"]


def test_reprint_pdf_holds_the_cards_the_last_win_ticked_and_the_player_card(store):
    import io

    from pypdf import PdfReader
    service.win(store, "voyage", "Harpies, Amycus", "rocks")
    r = client(store).get("/reprint")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages)
    assert "Harpies" in text and "Amycus" in text and "HEROIC DEEDS" in text
    assert "Scylla" not in text and "Clashing Rocks" not in text.replace("Ran the Clashing Rocks", "")


def _random_position(store, rng):
    """A table game played with random reveals and dice to a random assignment phase."""
    game = table.start(store, "voyage", replace=True)
    for _ in range(rng.randrange(0, 30)):
        v = table.view(game, store)
        if v["phase"] == "over":
            break
        step = rng.choice(v["choices"])["action"] if v["choices"] else table_step(v, rng, die=None)
        game = table.act(store, "voyage", game["version"], step)
    while table.view(game, store)["phase"] == "quest":
        game = table.act(store, "voyage", game["version"], rng.choice(table.view(game, store)["deck"])["id"])
    return game


def test_play_page_advice_is_the_advise_command_on_random_positions(store):
    rng = random.Random(7)
    c = client(store)
    checked = 0
    for _ in range(16):
        game = _random_position(store, rng)
        v = table.view(game, store)
        if v["phase"] != "assign":
            continue
        state = table.state_of(game)
        args = ["argonauts", "advise", "--revealed", ",".join(state.unresolved), "--crew", str(state.crew),
                "--campaign", "voyage", "--json"]
        for t in state.treasures:
            args += ["--treasure", t]
        res = json.loads(CliRunner(env={"PNP_STORE": str(store)}).invoke(main, args).output)
        assert [(p["assignment"], round(p["p_survive"], 9)) for p in res["plans"]] == \
            [(p["assignment"], round(p["p_survive"], 9)) for p in v["plans"]]
        page = c.get("/play").text
        assert f"{res['plans'][0]['p_survive'] * 100:.2f}%" in page
        checked += 1
    assert checked >= 5


def test_a_stale_screen_cannot_apply_a_step_twice(store):
    game = table.start(store, "voyage")
    card = table.view(game, store)["deck"][0]["id"]
    table.act(store, "voyage", game["version"], card)
    with pytest.raises(table.Stale):
        table.act(store, "voyage", game["version"], table.view(game, store)["deck"][1]["id"])
    assert len(table.state_of(table.load(store, "voyage")).field) == 1


def test_finishing_records_once_and_a_refused_record_keeps_the_game(store):
    game, v = play_to_end(store, "voyage", random.Random(3))
    with pytest.raises(PnpError, match="unknown deed"):
        table.finish(store, "voyage", "glory")
    assert table.load(store, "voyage") is not None and service.status(store)["wins"] == 0
    table.finish(store, "voyage", v["open_deeds"][0]["id"])
    with pytest.raises(PnpError, match="no game in progress"):
        table.finish(store, "voyage", v["open_deeds"][0]["id"])
    assert service.status(store)["wins"] == 1
    assert sorted(service.history(store)[-1]["payload"]["victory"]) == sorted(c["id"] for c in v["victory"])


def _situations():
    from pnp.web.judge import declarations
    return [(g, s.name) for g, d in declarations().items() for s in d.situations]


@pytest.fixture(scope="module")
def judge_client(tmp_path_factory):
    """One companion for the judge pages below, which neither show nor write the store (app.STILL): on a
    store like the web tests' own, made once for this module."""
    path = tmp_path_factory.mktemp("judge") / "s.db"
    service.new(path, "voyage", "Jason")
    return client(path)


@pytest.mark.parametrize("game, name", _situations())
def test_every_judge_situation_has_a_form_from_its_declaration_and_rules_as_the_cli(judge_client, game, name,
                                                                                     monkeypatch):
    import shlex

    from pnp.cli.judge import command
    from pnp.judge.situation import Content
    from pnp.web.judge import declarations
    s = declarations()[game].get(name)
    c = judge_client
    page = c.get(f"/judge/{game}/{name}").text
    for p in s.params:  # a throw of several dice has a picker per die: NAME.1, NAME.2
        assert f'name="{p.name}"' in page or f'name="{p.name}.1"' in page
    monkeypatch.chdir(Path(__file__).resolve().parents[2])  # an example's file is named from the checkout
    argv = shlex.split(s.example)[4:]  # after "pnp judge GAME SITUATION"
    parsed = command(s).make_context(name, list(argv)).params  # the CLI's own parse of the example
    params = {k: ("1" if v is True else "" if v is False else ",".join(map(str, v)) if isinstance(v, tuple) and v
                  and all(isinstance(x, int) for x in v) else "\n".join(v) if isinstance(v, tuple)
                  else v.text if isinstance(v, Content) else str(v))
              for k, v in parsed.items()
              if v is not None and k != "as_json"}
    cli = json.loads(CliRunner().invoke(main, ["judge", game, name, *argv, "--json"]).output)
    if any(isinstance(v, Content) for v in parsed.values()):  # a file the CLI read: pasted into a POSTed form
        assert 'method="post" enctype="multipart/form-data"' in page
        r = c.post(f"/judge/{game}/{name}", data=dict(params, go="1", csrf=csrf(c)))
    else:
        r = c.get(f"/judge/{game}/{name}", params=dict(params, go="1"))
    assert r.status_code == 200
    text = unescape(r.text)
    assert cli["summary"] in text
    for step in cli["steps"]:
        assert step in text
    for cite in cli["citations"]:
        assert cite["rule"] in text


def test_tapping_a_card_marks_the_deed_it_grants_as_not_choosable(store):
    page = unescape(client(store).get("/win", params=[("card", "harpies"), ("card", "talos")]).text)
    assert re.search(r'value="harpies" checked', page) and 'name="card" value="talos"' not in page  # Talos is in the reserve
    assert re.search(r'value="harpies" disabled><span>Freed Phineus from the Harpies <span class="muted">'
                     r'\(granted by Harpies in this win\)', page)
    assert re.search(r'value="rocks"><span>Ran the Clashing Rocks', page)


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "192.168.1.20:8765"])
def test_without_lan_a_request_for_another_host_name_is_403(store, host):
    """A page whose domain is re-pointed at 127.0.0.1 (DNS rebinding) cannot read or write."""
    c = client(store)
    assert c.get("/campaign").status_code == 200
    assert c.get("/campaign", headers={"host": host}).status_code == 403
    assert c.get("/campaign", headers={"host": "localhost:8765"}).status_code == 200


def test_two_screens_finishing_at_once_record_the_game_once(store):
    import threading
    game, v = play_to_end(store, "voyage", random.Random(11))
    outcomes = []

    def tap():
        try:
            outcomes.append(table.finish(store, "voyage", v["open_deeds"][0]["id"], v["version"])["campaign"])
        except PnpError as exc:  # the loser is told, in one line
            outcomes.append(exc.one_line())
    threads = [threading.Thread(target=tap) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("voyage") == 1, outcomes
    assert all("recorded or moved on" in o or "no game in progress" in o for o in outcomes if o != "voyage"), outcomes
    assert [h["kind"] for h in service.history(store)] == ["new", "win"]
    assert table.load(store, "voyage") is None


def test_starting_over_a_game_in_progress_is_refused(store):
    game = table.start(store, "voyage")
    game = table.act(store, "voyage", game["version"], "harpies")
    with pytest.raises(PnpError, match="already in progress on campaign 'voyage' \\(step 1\\)"):
        table.start(store, "voyage")
    assert table.state_of(table.load(store, "voyage")).field == ["harpies"]
    assert table.start(store, "voyage", replace=True)["steps"] == 0


def test_every_writing_form_on_every_page_carries_the_csrf_token_and_its_own_one_time_token(store):
    c = client(store)
    token = csrf(c)
    service.win(store, "voyage", "Harpies", "rocks")
    game = table.start(store, "voyage")
    seen, onces = 0, set()
    for _ in range(8):  # the play page in its phases: reveal, assign, roll, choices
        for path in ("/", "/campaign", "/deck", "/win", "/history", "/play", "/rules", "/judge"):
            for form in re.findall(r"<form[^>]*>.*?</form>", c.get(path).text, flags=re.S):
                if 'method="post"' in form:
                    assert f'name="csrf" value="{token}"' in form, (path, form[:200])
                    once = re.findall(r'name="once" value="([^"]+)"', form)
                    assert len(once) == 1 and once[0] not in onces, (path, form[:200])
                    onces.add(once[0])
                    seen += 1
        v = table.view(game, store)
        game = table.act(store, "voyage", game["version"], table_step(v, random.Random(0)))
    assert seen > 40


def test_a_wrath_tapped_on_the_play_page_asks_for_two_more_cards(store):
    """argonauts.quest.4: a revealed Wrath deals two more; a Blessing only takes its place (gap 24)."""
    c = client(store)
    write(c, "/play/start", {"campaign": "voyage"})
    for card, left in (("harpies", 2), ("wrath-of-zeus", 3), ("calm-seas", 2), ("scylla", 1)):
        version = re.search(r'name="version" value="(\d+)"', c.get("/play").text).group(1)
        assert write(c, "/play/step", {"campaign": "voyage", "version": version, "card": card}).posted.status_code == 303
        page = c.get("/play").text
        assert f"Tap the card you revealed ({left} to go)" in page
        assert ("Wrath of Zeus: the gods are angry" in page) == (card != "harpies")
    version = re.search(r'name="version" value="(\d+)"', c.get("/play").text).group(1)
    write(c, "/play/step", {"campaign": "voyage", "version": version, "card": "amycus"})
    page = c.get("/play").text
    assert "Assign your crew" in page and 'name="crew:harpies"' in page and 'name="crew:wrath-of-zeus"' not in page
    stale = write(c, "/play/step", {"campaign": "voyage", "version": version, "card": "talos"})
    assert stale.posted.status_code == 303 and "moved on" in stale.text and "Assign your crew" in stale.text


def test_assigning_crew_by_hand_on_the_play_page(store):
    c = client(store)
    game = table.start(store, "voyage")
    for card in ("harpies", "scylla", "calm-seas"):
        game = table.act(store, "voyage", game["version"], card)
    form = {"campaign": "voyage", "version": str(game["version"]), "counted": "1"}
    r = write(c, "/play/step", dict(form, **{"crew:harpies": "abc", "crew:scylla": "2"}))
    assert "&#39;abc&#39; is not a whole number from 0 to 99. Put a whole number of crew on each card." in r.text
    r = write(c, "/play/step", dict(form, **{"crew:harpies": "13", "crew:scylla": "0"}))
    assert "13 crew assigned but only 12 alive" in r.text
    r = write(c, "/play/step", dict(form, **{"crew:harpies": "3", "crew:scylla": "5"}))
    assert r.posted.status_code == 303 and 'role="alert"' not in r.text
    assert table.state_of(table.load(store, "voyage")).on == {"harpies": 3, "scylla": 5}
