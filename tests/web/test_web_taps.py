"""`pnp serve` in-process (Starlette's TestClient): a tap counts once (one-time tokens, POST-redirect-GET,
the campaign a form was made for), every error is in player words, and every page answers 200 in every
state of the store."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

from pnp.games.argonauts import campaign as service
from web_fixtures import client, tokens, write

PAGES = ["/", "/campaign", "/campaign?done=2", "/deck", "/win", "/history", "/play", "/delete", "/rules", "/judge",
         "/cards"]
TERMINAL = re.compile(r"--|\bpnp\s|(?:^|[\s'(])/[\w.-]+/|\.db\b|\.sqlite3\b")  # a flag, a command, a path


def alert(page) -> str:
    """The error a page shows (its role=alert paragraph), unescaped; '' when none."""
    m = re.search(r'role="alert">(.*?)</p>', page.text, flags=re.S)
    return unescape(m.group(1)) if m else ""


def test_a_replayed_form_token_records_nothing_more_and_shows_the_record_it_made(store):
    c = client(store)
    form = {"campaign": "voyage", **tokens(c, "/campaign")}
    answers = [c.post("/loss", data=form) for _ in range(3)]
    assert {a.status_code for a in answers} == {303}
    assert len({a.headers["location"] for a in answers}) == 1  # the same record's page each time
    assert service.status(store)["losses"] == 1
    page = c.get(answers[0].headers["location"])
    assert "Recorded a loss on voyage" in page.text and "Before your next game" in page.text


def test_a_write_without_a_valid_one_time_token_records_nothing(store):
    c, other = client(store), client(store)
    stolen = tokens(other, "/campaign")["once"]  # made for another browser's session
    for once in (None, "", "x" * 50, stolen, stolen.split(".")[0] + ".0000"):
        data = {"campaign": "voyage", "csrf": tokens(c)["csrf"], **({"once": once} if once is not None else {})}
        r = c.post("/loss", data=data)
        assert r.status_code == 303 and "refused=" in r.headers["location"]
        assert "out of date" in alert(c.get(r.headers["location"]))
    assert service.status(store)["losses"] == 0


@pytest.mark.parametrize("path, data", [
    ("/loss", {"campaign": "voyage"}), ("/win", {"campaign": "voyage", "card": "harpies", "deed": "rocks"}),
    ("/new", {"name": "second", "player": "Medea"}), ("/use", {"name": "voyage"}),
    ("/rename", {"campaign": "voyage", "new_name": "Argo"}), ("/play/start", {"campaign": "voyage"}),
    ("/loss", {"campaign": "nowhere"}), ("/win", {"campaign": "voyage"}), ("/undo", {"campaign": "voyage"}),
    ("/redo", {"campaign": "voyage"}), ("/new", {"name": "voyage", "player": "J"}),
], ids=["loss", "win", "new", "use", "rename", "play", "loss-unknown", "win-no-deed", "undo-none", "redo-none",
        "new-taken"])
def test_every_write_answers_303_to_a_page_that_answers_200_and_a_reload_records_nothing_more(store, path, data):
    c = client(store)
    r = c.post(path, data={**tokens(c), **data})
    assert r.status_code == 303, (path, r.status_code)
    before = [service.export(store, x["name"]) for x in service.campaigns(store)["campaigns"]]
    for _ in range(2):  # the page, then a reload of it
        page = c.get(r.headers["location"])
        assert page.status_code == 200, (r.headers["location"], page.text[:300])
    assert [service.export(store, x["name"]) for x in service.campaigns(store)["campaigns"]] == before


def test_an_undo_tapped_for_one_record_never_undoes_another_phones_later_record(store):
    c = client(store)
    c.post("/loss", data={"campaign": "voyage", **tokens(c, "/campaign")})
    undo = tokens(c, "/campaign?campaign=voyage&done=2")
    service.win(store, "voyage", ["harpies"], "rocks")  # another phone, meanwhile
    r = c.post("/undo", data={"campaign": "voyage", "seq": "2", **undo})
    assert "no longer the last one" in alert(c.get(r.headers["location"]))
    assert [h["kind"] for h in service.history(store)] == ["new", "loss", "win"]


def test_undo_then_redo_from_the_confirmation_and_the_history_page(store):
    c = client(store)
    done = c.post("/loss", data={"campaign": "voyage", **tokens(c, "/campaign")}).headers["location"]
    page = c.get(done).text
    seq = re.search(r'action="/undo">.*?name="seq" value="(\d+)"', page, flags=re.S).group(1)
    r = c.post("/undo", data={"campaign": "voyage", "seq": seq, **tokens(c, done)})
    page = unescape(c.get(r.headers["location"]).text)
    assert "Undone on voyage" in page and "Erase one loss on the back of your Player card" in page and "Redo it" in page
    assert service.status(store)["losses"] == 0
    history = c.get("/history").text
    assert "Redo record 2" in history
    c.post("/redo", data={"campaign": "voyage", "seq": "2", **tokens(c, "/history")})
    assert service.status(store)["losses"] == 1 and service.history_view(store)["redo"] is None


def test_rename_and_delete_from_the_campaigns_page_with_a_confirmation_step(store):
    c = client(store)
    r = c.post("/rename", data={"campaign": "voyage", "new_name": "Argo", **tokens(c)})
    assert "Renamed voyage to Argo" in c.get(r.headers["location"]).text
    confirm = c.get("/delete?campaign=Argo")
    assert confirm.status_code == 200 and "Yes, delete Argo" in confirm.text
    assert service.campaigns(store)["campaigns"]  # asking is not deleting
    r = c.post("/delete", data={"campaign": "Argo", "confirm": "yes", **tokens(c, "/delete?campaign=Argo")})
    assert service.campaigns(store)["campaigns"] == []
    page = c.get(r.headers["location"]).text
    assert "Deleted Argo" in page and "brought back" in page
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    for forged in ("../s.db", "/etc/passwd", key + "x"):  # only a listed save, never a path
        r = c.post("/restore", data={"key": forged, **tokens(c)})
        assert "No deleted campaign saved under that name" in alert(c.get(r.headers["location"]))
    r = c.post("/restore", data={"key": key, **tokens(c)})
    page = c.get(r.headers["location"]).text
    assert "Argo is back" in page and 'name="key"' not in page
    assert [x["name"] for x in service.campaigns(store)["campaigns"]] == ["Argo"]


BAD = [  # (path, fields) a player could send, by mistake or from an old page
    ("/win", {"campaign": "voyage", "card": ["harpies"]}),
    ("/win", {"campaign": "voyage", "card": ["harpies", "amycus"], "deed": "amycus"}),
    ("/win", {"campaign": "voyage", "card": ["talos"], "deed": "rocks"}),
    ("/win", {"campaign": "voyage", "card": ["calm-seas"], "deed": "rocks"}),
    ("/win", {"campaign": "voyage", "card": ["no such card"], "deed": "rocks"}),
    ("/win", {"campaign": "voyage", "deed": "glory"}),
    ("/win", {"campaign": "voyage", "card": ["harpies"] * 101}),
    ("/loss", {"campaign": "nowhere"}), ("/loss", {}), ("/loss", {"campaign": ["a", "b"]}),
    ("/redo", {"campaign": "voyage"}), ("/undo", {"campaign": "voyage", "seq": "1"}),
    ("/undo", {"campaign": "voyage", "seq": "x"}),
    ("/new", {"name": "x" * 100_000, "player": "J"}), ("/new", {"name": "a\x1b[2Jb", "player": "J"}),
    ("/new", {"name": "VOYAGE", "player": "J"}), ("/new", {"name": "", "player": ""}),
    ("/rename", {"campaign": "voyage", "new_name": "x" * 300}), ("/rename", {"campaign": "voyage", "new_name": " "}),
    ("/use", {"name": "nowhere"}), ("/delete", {"campaign": "voyage"}), ("/delete", {"campaign": "nowhere", "confirm": "yes"}),
    ("/play/finish", {"campaign": "voyage"}), ("/play/step", {"campaign": "voyage", "die": "7"}),
    ("/play/back", {"campaign": "voyage"}),
]


def test_every_refusal_speaks_of_the_game_never_of_flags_paths_or_commands(store, tmp_path):
    service.loss(store)
    c = client(store)
    seen = []
    for path, data in BAD:
        page = write(c, path, data)
        assert page.posted.status_code == 303 and page.status_code == 200, (path, data)
        said = alert(page)
        assert said and not TERMINAL.search(said), (path, said)
        seen.append(said)
    for name, body in (("x.json", b"\xff"), ("x.json", b"{}"), ("x.json", b"[" * 5000),
                       ("x.json", json.dumps(dict(service.export(store), name="voyage")).encode())):
        page = write(c, "/import", files={"file": (name, body, "application/json")})
        said = alert(page)
        assert said and not TERMINAL.search(said) and str(tmp_path) not in page.text, said
    assert "Pick the Heroic Deed you earned." in seen[0]
    assert service.status(store)["losses"] == 1 and service.status(store)["wins"] == 0


def _states(store):
    """The store in each state a table meets: yield a name for it after getting it there."""
    from pnp.games.argonauts import table
    yield "empty"
    service.new(store, "voyage", "Jason")
    yield "a campaign with no games"
    service.loss(store)
    table.start(store, "voyage")
    yield "a game in progress"
    table.abandon(store, "voyage")
    service.win(store, "voyage", ["harpies"], "rocks")
    yield "after a win"
    service.undo(store)
    yield "after an undo"
    for deed in [d["id"] for d in service.status(store)["deeds"] if not d["ticked"]]:
        service.win(store, "voyage", [], deed)
    yield "complete"
    service.new(store, "second", "Medea")
    service.new(store, "third", "Orpheus")
    service.delete(store, "third")
    yield "several campaigns, none current"


def test_every_page_answers_200_in_every_state_of_the_store(tmp_path):
    store = tmp_path / "s.db"
    c = client(store)
    for state in _states(store):
        for path in PAGES:
            r = c.get(path)
            assert r.status_code == 200, (state, path, r.text[:300])
            assert not TERMINAL.search(alert(r)), (state, path, alert(r))
        if state == "empty":
            assert 'action="/new"' in c.get("/campaign").text  # the first visit leads to starting a campaign


def test_a_write_address_opened_in_the_browser_leads_to_its_form_page_not_method_not_allowed(store):
    c = client(store)
    for path, page in (("/loss", "/campaign"), ("/undo", "/campaign"), ("/new", "/"), ("/play/step", "/play"),
                       ("/delete", None)):
        r = c.get(path)
        if page is None:  # /delete is a page of its own (the confirmation step)
            assert r.status_code == 200
            continue
        assert r.status_code == 303 and r.headers["location"] == page, path
        assert c.get(page).status_code == 200


def test_a_play_tap_made_for_one_campaign_stays_on_it_and_says_another_is_current(store):
    from pnp.games.argonauts import table
    c = client(store)
    r = c.post("/play/start", data={"campaign": "voyage", **tokens(c, "/play")})
    service.new(store, "other", "Medea")  # the terminal started (and switched to) another campaign
    version = str(table.load(store, "voyage")["version"])
    r = c.post("/play/step", data={"campaign": "voyage", "version": version, "card": "harpies",
                                   **tokens(c, r.headers["location"])})
    page = unescape(c.get(r.headers["location"]).text)
    assert r.headers["location"].startswith("/play?campaign=voyage") and "not the current campaign (now other" in page
    assert table.state_of(table.load(store, "voyage")).field == ["harpies"] and table.load(store, "other") is None


def test_twenty_copies_of_one_tap_sent_at_once_to_a_real_server_record_one_loss(store):
    """The same form sent 20 times at once (a phone retrying, a double tap): one loss, and every copy
    is answered with the same record's page."""
    import threading
    import urllib.request
    from http.cookiejar import CookieJar
    from urllib.parse import urlencode

    from web_fixtures import Server
    server = Server(store)
    try:
        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kw):
                return None  # keep the 303 itself
        jar = CookieJar()  # one browser session: the page's tokens belong to it
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        poster = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), Stay())
        html = opener.open(server.base + "/campaign").read().decode()
        form = {"campaign": "voyage", "csrf": re.search(r'"X-CSRF-Token": "([^"]+)"', html).group(1),
                "once": re.search(r'action="/loss">.*?name="once" value="([^"]+)"', html, flags=re.S).group(1)}
        body = urlencode(form).encode()
        start, places = threading.Barrier(20), []

        def tap():
            start.wait()
            try:
                poster.open(urllib.request.Request(server.base + "/loss", data=body))
            except urllib.error.HTTPError as exc:  # the 303, not followed
                places.append((exc.code, exc.headers["location"]))
        threads = [threading.Thread(target=tap) for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.stop()
    assert service.status(store)["losses"] == 1
    assert places == [(303, "/campaign?campaign=voyage&done=2")] * 20


def test_a_record_whose_backup_failed_says_so_on_its_page(store, monkeypatch):
    """The CLI says 'recorded, but no backup holds it' with exit 3; the page says it too, so nobody taps again."""
    from pnp.store import db

    def full(path):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(db, "take_backup", full)
    c = client(store)
    page = write(c, "/loss", {"campaign": "voyage"})
    assert service.status(store)["losses"] == 1
    assert "Recorded a loss on voyage" in page.text
    assert "Do not record it again" in alert(page)
    monkeypatch.undo()
    assert "Do not record it again" not in alert(write(c, "/loss", {"campaign": "voyage"}))
