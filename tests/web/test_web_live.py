"""Live and offline `pnp serve`: one store watcher tells every open page of a record (server-sent
events), the companion installs as a web app and reads offline, it works with JavaScript off, and
axe-core finds no accessibility violation on any campaign page (the rules' pages: tests/web/test_web_thumbs.py;
Chromium tests skip without /usr/bin/chromium)."""
from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from urllib.request import urlopen

import pytest

from pnp.games.argonauts import campaign as service
from pnp.games.argonauts import table
from pnp.web import live
from pnp.web.forms import ONCE_FIELD
from pnp.web.live import Changes
from waiting import wait_for
from web_fixtures import AXE, CHROMIUM, LOSSES, NO_CHROMIUM, ThreadServer, axe_violations, cli, cli_here, client, offline_ready, phone, shot

browser_only = [pytest.mark.browser,
                pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=NO_CHROMIUM)]


def change_of(html: str) -> str | None:
    m = re.search(r'<main data-live data-change="([^"]+)"', html)
    return m.group(1) if m else None


# ---- in process --------------------------------------------------------------------------------------

def test_live_js_leaves_out_the_one_time_token_field_the_forms_write():
    """live.js keeps a page whose <main> differs from the page fetched again only in its one-time tokens
    (TestInChromium shows it): the field whose values it leaves out is the one pnp.web.forms writes."""
    js = (Path(live.__file__).parent / "static" / "live.js").read_text(encoding="utf-8")
    assert f'(name="{ONCE_FIELD}" value=")' in js


def test_one_watcher_tells_every_open_page_of_a_record_made_elsewhere(store):
    async def run():
        changes = Changes(store)
        one, two = changes.stream(), changes.stream()
        hello = [await one.__anext__(), await two.__anext__()]
        assert hello[0] == hello[1] and hello[0].startswith("retry: ") and f"data: {changes.id}\n" in hello[0]
        assert changes.listeners == 2 and changes._task is not None  # one watcher, however many pages
        before = changes.id
        await asyncio.to_thread(service.loss, store, "voyage")  # another connection, as the CLI would
        got = await asyncio.wait_for(asyncio.gather(one.__anext__(), two.__anext__()), 3)
        assert changes.id != before and got == [f"event: change\ndata: {changes.id}\n\n"] * 2
        watcher = changes._task
        await one.aclose()
        await two.aclose()
        assert changes.listeners == 0
        await asyncio.wait_for(watcher, 0.5)  # its end, as soon as it comes (the same half second as before)
        assert changes._task is None  # nobody listens: the watcher stopped reading the store
    asyncio.run(run())


def test_the_watcher_sees_every_commit_while_this_process_opens_the_store_again(store):
    """Opening a store reads its header; a Python file object closed on it used to drop every POSIX lock
    this process held, so a CLI closing meanwhile deleted the write-ahead log under the watcher's
    connection and later commits went unseen (or failed with a disk I/O error)."""
    changes = Changes(store)
    changes.poll()
    for round in range(2):
        service.loss(store, "voyage")  # this process opens (and reads the header of) the store again
        assert changes.poll(), round
        for other in range(2):
            cli(store, "loss")  # another process, which closes the store last
            assert changes.poll(), (round, other)
    assert service.status(store)["losses"] == 6
    copy = store.with_name("copy.db")
    copy.write_bytes(store.read_bytes())  # a store put back from a backup: another file at the same path
    copy.replace(store)
    assert changes.poll() and not changes.poll()


def test_a_page_carries_the_change_it_shows_and_still_pages_are_not_live(store):
    c = client(store)
    first = change_of(c.get("/campaign").text)
    assert first and change_of(c.get("/campaign").text) == first  # reading changes nothing
    service.loss(store, "voyage")
    assert change_of(c.get("/campaign").text) not in (None, first)
    for path in ("/rules", "/rules/argonauts", "/judge"):
        assert 'data-live' not in c.get(path).text, path


def test_a_page_never_carries_a_change_it_does_not_show(store, monkeypatch):
    """A record landing while a page is being built (after its store read, before it is drawn): the page
    shows the campaign without it, so it must not carry the record's change id, or the event for that
    record finds the page up to date and it shows the old count until the next record (seen in Chromium)."""
    read = service.player_card  # what the Player card page reads the store with

    def read_then_a_record_elsewhere(*args, **kw):
        card = read(*args, **kw)
        service.loss(store, "voyage")
        return card
    c = client(store)
    monkeypatch.setattr(service, "player_card", read_then_a_record_elsewhere)
    stale = c.get("/campaign").text
    monkeypatch.undo()
    fresh = c.get("/campaign").text
    assert "0 losses" in stale and "1 loss" in fresh
    assert change_of(stale) != change_of(fresh)


def test_events_and_the_worker_need_the_session_in_lan_mode(store):
    token = "s3cret-token-for-tests-only-0123456789"
    c = client(store, token=token)
    for path in ("/events", "/sw.js", "/manifest.webmanifest", "/rules/argonauts"):
        assert c.get(path).status_code == 403, path


def test_the_web_app_manifest_icons_and_every_page_kept_offline_answer(store):
    c = client(store)
    assert 'rel="manifest" href="/manifest.webmanifest"' in c.get("/").text
    manifest = c.get("/manifest.webmanifest").json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        r = c.get(icon["src"])
        assert r.status_code == 200 and r.headers["content-type"] == "image/png" and r.content[:4] == b"\x89PNG"
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes and any(i.get("purpose") == "maskable" for i in manifest["icons"])
    sw = c.get("/sw.js").text
    core = json.loads(re.search(r"const CORE = (\[.*?\]);", sw).group(1))
    assert {"/", "/campaign", "/deck", "/history", "/play", "/rules", "/rules/argonauts"} <= set(core)
    assert "http" not in " ".join(core)  # nothing from outside hosts
    for path in core:
        r = c.get(path)
        assert r.status_code == 200, path
        if not path.startswith("/static/") and path != "/manifest.webmanifest":
            assert "<!--offline-->" in r.text, path  # where the worker writes its offline banner
    text = c.get("/rules/argonauts").text
    assert "argonauts.quest.4" in text  # the whole rules of a game, on one page to keep


# ---- in Chromium -------------------------------------------------------------------------------------

def listening(page) -> None:
    """Wait until the page's event stream is open (the first event has arrived)."""
    page.wait_for_function("document.querySelector('main[data-live]') && document.documentElement.dataset.live === 'on'")


LIVE_MS = 10_000  # a live update arrives without a reload (no page polls); bench/live_bench.py times it
KEPT_AFTER_TAP = """async () => {  // are /campaign and /campaign?campaign=voyage kept as they are after the tap?
  for (const key of await caches.keys()) {
    const cache = await caches.open(key), kept = [];
    for (const address of ['/campaign', '/campaign?campaign=voyage']) {
      const hit = await cache.match(address);
      kept.push(Boolean(hit) && (await hit.text()).includes('2 losses'));
    }
    if (kept.every(Boolean)) return true;
  }
  return false;
}"""


def _kept_pages(server) -> list[str]:
    """The pages the service worker keeps (its CORE list, without assets)."""
    with urlopen(server.base + "/sw.js", timeout=30) as r:
        core = json.loads(re.search(r"const CORE = (\[.*?\]);", r.read().decode()).group(1))
    return [p for p in core if not p.startswith("/static/") and p != "/manifest.webmanifest"]


def _campaign_pages(server) -> list[str]:
    """The campaign's own pages for axe (the rules' pages are checked in tests/web/test_web_thumbs.py, see
    web_fixtures.AXE_RULES_PAGES): the worker's kept pages but the rules', and the win form."""
    return [p for p in _kept_pages(server) if not p.startswith("/rules/")] + ["/win"]


def _kept_through_another_campaigns_record(page, address: str, store) -> bool:
    """Open address, record a loss on the campaign 'other' and wait until the page is up to date with it: whether
    the page was left as it was (a mark put on its <main> is gone if the page is redrawn)."""
    page.goto(address)
    listening(page)
    page.evaluate("document.querySelector('main').dataset.kept = 'yes'")
    seen = page.evaluate("document.querySelector('main').dataset.change")
    service.loss(store, "other")
    page.wait_for_function(f"document.querySelector('main').dataset.change !== {json.dumps(seen)}", timeout=LIVE_MS)
    return page.evaluate("document.querySelector('main').dataset.kept") == "yes"


@browser_only[0]
@browser_only[1]
@pytest.mark.xdist_group("live")  # on one worker, so that they share its one Chromium (tests/web/conftest.py)
class TestInChromium:
    """The browser tests, sharing one Chromium; each opens contexts of its own."""

    def test_a_record_elsewhere_shows_on_open_pages(self, served, chromium):
        """A record elsewhere redraws the open pages that show it, and only those. How soon (the target is under
        a second) is measured by bench/live_bench.py, not here: a test running beside others on two cores would
        time the machine, not the pages."""
        server, store = served
        one, two = phone(chromium).new_page(), phone(chromium).new_page()
        errors = []
        for p in (one, two):
            p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            p.goto(server.base + "/campaign")
            listening(p)
        assert one.evaluate(LOSSES) == "0 losses"

        cli(store, "loss")  # the CLI in a process of its own, as at the terminal (the server is this process's)
        for p in (one, two):
            p.wait_for_function(f"({LOSSES}) === '1 loss'", timeout=LIVE_MS)

        two.locator("button:has-text('Record a loss')").click()  # a tap on one phone shows on the other
        one.wait_for_function(f"({LOSSES}) === '2 losses'", timeout=LIVE_MS)
        shot(one, "live-updated")

        # a page being filled in is never replaced: it says something changed and keeps the entry
        one.goto(server.base + "/")
        listening(one)
        one.fill("input[name=name]", "second-voyage")
        cli_here(store, "loss")
        one.wait_for_selector("#live-note:not([hidden])", timeout=LIVE_MS)
        shot(one, "live-note")
        assert one.input_value("input[name=name]") == "second-voyage"
        assert cli_here(store, "status")["losses"] == 3

        # a tap that htmx answers by redrawing part of the form (the win's deeds) is filling in too
        two.goto(server.base + "/win")
        listening(two)
        two.locator("label.tile", has_text="Amycus").click()
        two.wait_for_selector("text=1 card tapped.")
        service.loss(store, "voyage")
        two.wait_for_selector("#live-note:not([hidden])", timeout=LIVE_MS)
        assert two.is_checked("input[value=amycus]") and "1 card tapped." in two.inner_text("main")

        # a record that changes nothing a page shows (another player's campaign) leaves the page as it is,
        # up to date with the change; one it shows redraws it
        service.new(store, "other", "Medea")
        # so does a page with a tap's form, whose one-time token is new each time the page is drawn; the token
        # of the page kept still records
        assert _kept_through_another_campaigns_record(two, server.base + "/campaign?campaign=voyage", store)
        before = cli_here(store, "status", "--campaign", "voyage")["losses"]
        two.locator("button:has-text('Record a loss')").click()
        two.wait_for_url("**done=*")
        assert cli_here(store, "status", "--campaign", "voyage")["losses"] == before + 1
        assert _kept_through_another_campaigns_record(two, server.base + "/deck?campaign=voyage", store)
        ticks = two.locator("main .tick.on").count()
        cli_here(store, "win", "--campaign", "voyage", "--victory", "Harpies", "--deed", "rocks")
        two.wait_for_function("document.querySelector('main').dataset.kept === undefined", timeout=LIVE_MS)
        assert two.locator("main .tick.on").count() > ticks
        assert errors == []
        one.context.close()
        two.context.close()

    def test_offline_the_phone_shows_the_campaign_and_rules_as_last_seen_and_refuses_taps(self, served, chromium):
        server, store = served
        context = phone(chromium)
        page = context.new_page()
        page.goto(server.base + "/campaign")
        offline_ready(page)  # installed, every CORE page kept, and this page's requests go through it
        service.loss(store, "voyage")
        page.wait_for_function(f"({LOSSES}) === '1 loss'")  # live update; the worker keeps this copy too
        page.locator("button:has-text('Record a loss')").click()  # a tap here lands on ?campaign=voyage&done=N,
        page.wait_for_url("**done=*")                            # which is also the page's latest copy
        page.wait_for_function(f"({LOSSES}) === '2 losses'")
        assert wait_for(lambda: page.evaluate(KEPT_AFTER_TAP), timeout=10)  # the worker's copies of the page

        context.set_offline(True)
        for address in ("/campaign", "/campaign?campaign=voyage"):
            page.goto(server.base + address)
            banner = page.locator("main .offline")
            assert "Offline" in banner.inner_text() and "last seen" in banner.inner_text()
            assert page.evaluate(LOSSES) == "2 losses" and "voyage" in page.inner_text("main h1"), address
        shot(page, "offline")
        page.goto(server.base + "/rules/argonauts")  # kept at install, never opened before
        assert "argonauts.quest.4" in page.inner_text("main") and page.locator("main .offline").count() == 1
        page.goto(server.base + "/cards?game=hera-zeus&q=zeus")  # a search never made: that game's whole reference
        assert "Hera and Zeus" in page.inner_text("main h1") and page.locator("main .offline").count() == 1
        page.goto(server.base + "/campaign")
        page.locator("button:has-text('Record a loss')").click()
        page.wait_for_selector("h1:has-text('Not recorded')")
        assert "nothing is kept on this phone" in page.inner_text("main")
        shot(page, "offline-refused")

        context.set_offline(False)
        assert cli_here(store, "status")["losses"] == 2  # the refused tap recorded nothing, and nothing is sent later
        page.goto(server.base + "/campaign")
        assert page.locator("main .offline").count() == 0 and page.evaluate(LOSSES) == "2 losses"
        context.close()

    def test_with_javascript_off_records_and_pages_still_work(self, served, chromium):
        server, store = served
        context = phone(chromium, java_script_enabled=False)
        page = context.new_page()
        page.goto(server.base + "/campaign")
        page.locator("button:has-text('Record a loss')").click()
        page.wait_for_url(re.compile(r"/campaign(\?|$)"))
        assert "1 loss" in page.inner_text("main .losses")
        assert cli_here(store, "status")["losses"] == 1
        page.goto(server.base + "/rules/argonauts")
        assert "argonauts.quest.4" in page.inner_text("main")
        context.close()

    def test_axe_finds_no_accessibility_violation_and_no_console_error_on_any_campaign_page(self, mid_game, chromium):
        server = mid_game
        context = phone(chromium, service_workers="block")  # the pages themselves, as the server sends them
        context.add_init_script(path=str(AXE))  # axe-core in every page of the context, read once
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
        found, shown = {}, set()
        for path in _campaign_pages(server):
            page.goto(server.base + path)
            main = page.inner_html("main")
            if main in shown:  # a page already read under another address (/cards is the served game's cards)
                continue
            shown.add(main)
            if bad := axe_violations(page):
                found[path] = bad
        context.close()
        assert found == {}, "\n".join(f"{path}: {v}" for path, bad in found.items() for v in bad)
        assert errors == []


@pytest.fixture(scope="class")
def mid_game(tmp_path_factory):
    """`pnp serve` on a campaign with a loss and a game mid-way (crew to assign to a revealed card), for
    the axe test, which only reads it."""
    store = tmp_path_factory.mktemp("mid-game") / "s.db"
    service.new(store, "voyage", "Jason")
    cli_here(store, "loss")
    game = table.start(store, "voyage")
    table.act(store, "voyage", game["version"], "harpies")
    server = ThreadServer(store)
    yield server
    server.stop()
