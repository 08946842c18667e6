"""`pnp serve` attacked in-process: server paths in forms, hostile field values, huge JSON, forged
tokens, Host headers, CSRF pairs and Origins. Every refusal is a 4xx in plain words and changes nothing."""
from __future__ import annotations

import json
import re
import warnings
from html import unescape
from pathlib import Path

import pytest

from pnp.games.argonauts import campaign as service
from pnp.web import security
from pnp.web.app import create_app
import web_fixtures
from web_fixtures import csrf, tokens, write

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TOKEN = "s3cret-token-for-tests-only-0123456789abc"
BOARD = Path(__file__).resolve().parents[2] / "cardsets" / "later-years" / "examples" / "board.yaml"


def client(store, token=None, **kw):
    """In-process client; a 500 comes back as a response (never raised) so the test sees it."""
    return web_fixtures.client(store, token, raise_server_exceptions=False, **kw)


def refused(r, status=None) -> str:
    """The response is a 4xx page in plain words (no traceback), or for a write (see write()) a 303 back to
    the form's page showing the refusal; its text, unescaped."""
    posted = getattr(r, "posted", None)
    if posted is not None and posted.status_code == 303:
        assert "refused=" in posted.headers["location"] and r.status_code == 200 and 'role="alert"' in r.text
    else:
        assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
        assert status is None or r.status_code == status, (r.status_code, r.text[:300])
    assert "Traceback" not in r.text and "Internal Server Error" not in r.text
    return unescape(r.text)


# ---- no request names a file ------------------------------------------------------------------------

def test_a_judge_form_never_reads_a_file_the_server_names(store, tmp_path):
    secret = tmp_path / "private.yaml"
    secret.write_text(BOARD.read_text().replace("red", "zelda"))
    c = client(store)
    page = unescape(c.get("/judge/later-years/chains", params={"go": "1", "board": str(secret), "player": "zelda"}).text)
    assert "zelda has" not in page  # the file's board was not read: its chains are not counted
    shown = {}
    for path in (secret, tmp_path / "missing.yaml", tmp_path):  # a file, nothing, a folder: the same answer
        r = c.get("/judge/later-years/chains", params={"go": "1", "board": str(path), "player": "red"})
        shown[path] = re.search(r'class="error" role="alert">([^<]*)<', r.text).group(1).replace(str(path), "P")
    assert len(set(shown.values())) == 1 and "not found" not in next(iter(shown.values()))
    assert "private" not in next(iter(shown.values()))


def test_a_judge_board_is_pasted_or_uploaded_and_bounded(store):
    c = client(store)
    token = csrf(c)
    page = c.get("/judge/later-years/chains").text
    assert 'type="file" name="board_file"' in page and '<textarea name="board"' in page
    pasted = c.post("/judge/later-years/chains", data={"csrf": token, "go": "1", "board": BOARD.read_text(),
                                                       "player": "red"})
    assert pasted.status_code == 200 and "red has 2 chain(s) worth 6 points." in pasted.text
    uploaded = c.post("/judge/later-years/chains", data={"csrf": token, "go": "1", "player": "red"},
                      files={"board_file": ("b.yaml", BOARD.read_bytes(), "text/yaml")})
    assert uploaded.status_code == 200 and "red has 2 chain(s) worth 6 points." in uploaded.text
    big = "spaces: {}\n" + "#" * 70_000
    assert "over the limit of 64000" in refused(
        c.post("/judge/later-years/chains", data={"csrf": token, "go": "1", "board": big, "player": "red"}), 400)
    assert "larger than 64 kB" in refused(c.post("/judge/later-years/chains", data={"csrf": token, "go": "1", "player": "red"},
                                          files={"board_file": ("b.yaml", big.encode(), "text/yaml")}), 400)
    bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9)) + "spaces: {}\n"
    r = c.post("/judge/later-years/chains", data={"csrf": token, "go": "1", "board": bomb, "player": "red"})
    assert r.status_code == 200 and "YAML nodes after expanding aliases" in unescape(r.text) and "red has" not in r.text


def test_the_rules_library_takes_board_text_and_only_the_cli_reads_a_file():
    from click.testing import CliRunner

    from pnp.cli.main import main
    from pnp.errors import UsageError
    from pnp.games.later_years.rulings import chains_ruling
    assert chains_ruling(BOARD.read_text(), "red").verdict["chains"] == 2
    with pytest.raises(UsageError, match="a board is a mapping"):
        chains_ruling(str(BOARD), "red")  # a path is just text here: nothing is opened
    out = CliRunner().invoke(main, ["judge", "later-years", "chains", "--board", str(BOARD), "--player", "red", "--json"])
    assert json.loads(out.output)["verdict"]["chains"] == 2  # the user's own file, named at the terminal


# ---- every input bounded and typed ------------------------------------------------------------------

@pytest.mark.parametrize("path, params", [
    ("/judge/later-years/task", {"go": "1", "action": "capture", "obj": "temple", "done_before": "٣", "cards": "capture"}),
    ("/judge/later-years/task", {"go": "1", "action": "capture", "obj": "temple", "done_before": "9" * 400,
                                 "cards": "capture"}),
    ("/judge/later-years/fee", {"go": "1", "action": "capture" * 400, "obj": "temple"}),
    ("/rules", {"q": "x" * 9000}),
    ("/rules", {"q": "nymph\x00"}),
    ("/win", {"card": ["harpies"] * 150}),
], ids=["judge-arabic-digit", "judge-400-digits", "judge-long-text", "query-9kB", "query-NUL", "150-cards"])
def test_a_bad_query_value_is_a_4xx_page(store, path, params):
    refused(client(store).get(path, params=params))


def _play(store):
    from pnp.games.argonauts import table
    game = table.start(store, "voyage")
    return client(store), str(game["version"])


@pytest.mark.parametrize("fields", [
    {"card": "harpies", "version": "²"},
    {"card": "harpies", "version": "9" * 5000},
    {"counted": "1", "crew:harpies": "٣"},
    {"counted": "1", "crew:harpies": "²"},
    {"action": "[" * 3000 + "]" * 3000},
    {"plan": '{"harpies": ' + "9" * 5000 + "}"},
    {"plan": '{"harpies": [1]}'},
    {"plan": '{"harpies": "many"}'},
], ids=["version-superscript", "version-5000-digits", "crew-arabic-digit", "crew-superscript", "action-3000-deep",
        "plan-5000-digits", "plan-nested-array", "plan-text-count"])
def test_a_bad_play_step_is_a_4xx_and_the_game_is_unchanged(store, fields):
    from pnp.games.argonauts import table
    c, version = _play(store)
    if fields.get("plan") or fields.get("action") or fields.get("counted"):
        game = table.load(store, "voyage")
        for card in ("harpies", "scylla", "calm-seas"):
            game = table.act(store, "voyage", game["version"], card)
        version = str(game["version"])
    before = table.load(store, "voyage")
    refused(write(c, "/play/step", {"campaign": "voyage", "version": version, **fields}))
    assert table.load(store, "voyage") == before


def test_repeated_and_oversized_fields_are_refused_and_nothing_is_recorded(store):
    c = client(store)
    assert "given 2 times" in refused(write(c, "/loss", {"campaign": ["other", "voyage"]}))
    assert "over the limit of 200" in refused(write(c, "/new", {"name": "n" * 5000, "player": "P"}))
    assert "control characters" in refused(write(c, "/new", {"name": "a\x1b[2Jb", "player": "P"}))
    assert "over the limit of 100" in refused(
        write(c, "/win", {"campaign": "voyage", "card": ["harpies"] * 101, "deed": "rocks"}))
    assert service.status(store)["losses"] == 0 and service.status(store)["wins"] == 0
    assert [x["name"] for x in service.campaigns(store)["campaigns"]] == ["voyage"]


@pytest.mark.parametrize("body", [
    b"[" * 100_000 + b"]" * 100_000,
    b'{"format": ' + b"9" * 5000 + b"}",
    b'{"format": 1e999}',  # these two were refused before too (a guard for the bounded parser)
    b'{"format": NaN}',
], ids=["100000-deep", "5000-digits", "infinity", "NaN"])
def test_a_hostile_import_is_a_4xx_with_a_plain_message(store, body):
    c = client(store)
    r = write(c, "/import", files={"file": ("x.json", body, "application/json")})
    assert "malformed campaign export" in refused(r)
    assert [x["name"] for x in service.campaigns(store)["campaigns"]] == ["voyage"]


def test_a_good_import_still_imports(store):
    c = client(store)
    good = json.dumps(service.export(store)).encode()
    r = c.post("/import", data={"name": "copy", **tokens(c)}, files={"file": ("x.json", good, "application/json")})
    assert r.status_code == 303 and [x["name"] for x in service.campaigns(store)["campaigns"]] == ["copy", "voyage"]


# ---- the LAN is always locked -----------------------------------------------------------------------

@pytest.mark.parametrize("host, lan, expected", [
    (None, False, ("127.0.0.1", False)), ("127.0.0.1", False, ("127.0.0.1", False)),
    ("localhost", False, ("localhost", False)), ("127.0.0.2", False, ("127.0.0.2", False)),
    ("0.0.0.0", False, ("0.0.0.0", True)), ("192.168.1.20", False, ("192.168.1.20", True)),
    ("myhost.local", False, ("myhost.local", True)), (None, True, ("0.0.0.0", True)),
])
def test_any_address_but_loopback_requires_the_token(host, lan, expected):
    from pnp.web.server import listen_plan
    assert listen_plan(host, lan) == expected


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost", "[::1]:8765"])
def test_a_forged_host_header_from_another_machine_is_403(store, host):
    """Without a token only this computer is served: a LAN client claiming Host: 127.0.0.1 is refused."""
    outsider = client(store, peer=("192.168.1.50", 40000))
    assert refused(outsider.get("/campaign", headers={"host": host}), 403)
    assert client(store).get("/campaign", headers={"host": host}).status_code == 200


def test_made_up_csrf_pairs_are_refused(store):
    made = "A" * 43
    forger = client(store)
    forger.cookies.set("pnp_csrf", made)
    forger.cookies.set("pnp_session", made + "." + "0" * 64)
    assert refused(forger.post("/loss", data={"campaign": "voyage", "csrf": made}), 403)
    other = client(store)  # a real token, issued to another session
    assert refused(forger.post("/loss", data={"campaign": "voyage", "csrf": csrf(other)}), 403)
    assert service.status(store)["losses"] == 0
    c = client(store)
    assert c.post("/loss", data={"campaign": "voyage", **tokens(c)}).status_code == 303
    assert service.status(store)["losses"] == 1


@pytest.mark.parametrize("headers", [{"origin": "http://evil.example"}, {"origin": "null"},
                                     {"origin": "http://127.0.0.1:9999"},
                                     {"referer": "http://evil.example/page"}])
def test_a_cross_origin_write_is_refused_even_with_the_csrf_token(store, headers):
    c = client(store)
    token = csrf(c)
    assert "another site" in refused(c.post("/loss", data={"campaign": "voyage", "csrf": token}, headers=headers), 403)
    assert service.status(store)["losses"] == 0
    same = c.post("/loss", data={"campaign": "voyage", **tokens(c)}, headers={"origin": "http://127.0.0.1:8765"})
    assert same.status_code == 303 and service.status(store)["losses"] == 1


def test_wrong_tokens_are_rate_limited_per_address(store, monkeypatch):
    app = create_app(store, TOKEN)

    def peer(address):
        return TestClient(app, base_url="http://192.168.1.20:8765", follow_redirects=False, client=(address, 1))
    guesser = peer("192.168.1.66")
    for i in range(security.FAILURES):
        assert guesser.get(f"/deck?token=guess{i}").status_code == 403
    assert "too many wrong access tokens" in refused(guesser.get(f"/deck?token={TOKEN}"), 429)
    phone = peer("192.168.1.67")  # another address is not locked out
    assert phone.get(f"/deck?token={TOKEN}").status_code == 303 and phone.get("/deck").status_code == 200
    monkeypatch.setattr(security, "FAILURE_WINDOW", 0.0)  # the window has passed
    assert guesser.get(f"/deck?token={TOKEN}").status_code == 303


def test_the_wrong_token_memory_is_bounded():
    failures = security.Failures()
    for i in range(security.FAILURE_CLIENTS * 3):
        failures.add(f"10.0.{i // 256}.{i % 256}")
    assert len(failures.seen) == security.FAILURE_CLIENTS


def test_a_lan_session_is_issued_and_signed_by_the_server(store):
    c = client(store, TOKEN, peer=("192.168.1.67", 1), host="192.168.1.20:8765")
    c.cookies.set("pnp_session", "made-up.0123")
    assert refused(c.get("/deck"), 403)
    c.cookies.set("pnp_access", TOKEN)  # the token itself as a cookie is not a session either
    assert refused(c.get("/deck"), 403)
    c.cookies.clear()
    assert c.get(f"/deck?token={TOKEN}").status_code == 303
    assert TOKEN not in c.cookies["pnp_session"]  # the cookie is a signed session, not the token
    assert c.get("/deck").status_code == 200
    restarted = client(store, TOKEN, peer=("192.168.1.67", 1), host="192.168.1.20:8765")
    restarted.cookies.set("pnp_session", c.cookies["pnp_session"])
    assert refused(restarted.get("/deck"), 403)  # signed with another server's secret


def test_an_over_long_address_is_414(store):
    assert refused(client(store).get("/campaign", params={"x": "y" * (security.MAX_QUERY + 1)}), 414)


# ---- text from the store is escaped -----------------------------------------------------------------

def test_names_from_the_store_are_escaped_on_every_page(store):
    service.new(store, "<script>alert(1)</script>", "<img src=x onerror=alert(2)>")
    c = client(store)
    for path in ("/", "/campaign", "/deck", "/win", "/history", "/play"):
        text = c.get(path).text
        assert "<script>alert" not in text and "<img src=x" not in text, path
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in c.get("/").text
