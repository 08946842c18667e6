"""`pnp serve` under thumbs, in Debian's Chromium (the worker's one browser): three quick taps record
once with JavaScript on and off, a refused form survives a reload, and on a 390 and a 320 px phone every
page fits the width and every tap target is at least 44 px, even with an 80-character name; the same page
loads serve axe-core's check of the rules' pages (web_fixtures.AXE_RULES_PAGES)."""
from __future__ import annotations

import os

import pytest

from pnp.games.argonauts import campaign as service
from waiting import wait_for
from web_fixtures import AXE, AXE_RULES_PAGES, CHROMIUM, NO_CHROMIUM, PHONE, ThreadServer, axe_violations, offline_ready, phone

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("thumbs"),  # one worker: one browser, one server for the widths
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=NO_CHROMIUM)]
LONG = "Argo" * 20  # 80 characters, no space: once made every page 905 px wide on a 390 px phone
PHONES = [PHONE, {"width": 320, "height": 640}]
TARGETS = """() => {
  const bad = [];
  const seen = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                       return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  for (const el of document.querySelectorAll('a[href], button, summary, select, textarea, input, label')) {
    if (el.type === 'hidden' || !seen(el)) continue;
    if (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type) && el.closest('label')) continue;
    if (el.tagName === 'LABEL' && !el.querySelector('input[type=checkbox], input[type=radio]')) continue;
    if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') continue;
    const r = el.getBoundingClientRect();
    if (r.height < 44 || r.width < 44) bad.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return bad;
}"""


def _open(browser, server=None, js=True, **extra):
    """A fresh phone's context (web_fixtures.phone) and page, on the companion's address (`server`) when given,
    with JavaScript once its service worker is in control: its install's first visits set up the store, and
    a live page drawn before that fetches itself again, which once swapped the form away under a tap."""
    context = phone(browser, java_script_enabled=js, **extra)
    page = context.new_page()
    if server is not None:
        page.goto(server.url)
        if js:
            offline_ready(page)
    return context, page


# htmx:load on the body: htmx has wired the page's forms (a tap before then is the browser's own submit)
COUNT_REQUESTS = """window.__sent = 0; window.__done = 0; window.__ready = false;
document.addEventListener('htmx:load', () => window.__ready = true);
document.addEventListener('htmx:beforeRequest', () => window.__sent++);
document.addEventListener('htmx:afterRequest', () => window.__done++);"""


def _tap_at(page, x: float, y: float, js: bool) -> None:
    """Tap a point of the page and wait for what it started: htmx's requests, or the browser's navigation."""
    page.locator("html").click(position={"x": x, "y": y})
    if js:
        page.wait_for_function("window.__sent === window.__done")


def _left(page, start: str) -> None:
    """Wait until the page has left `start`. A double tap with JavaScript off sends the form twice and the
    browser drops the first navigation for the second: the wait on the first then ends in net::ERR_ABORTED
    (seen once in a full run), so it waits once more, for the second (at once if it has landed already)."""
    from playwright.sync_api import Error
    try:
        page.wait_for_url(lambda url: url != start)
    except Error as exc:
        if "ERR_ABORTED" not in str(exc):
            raise
        page.wait_for_url(lambda url: url != start)


def _shown_box(page, selector: str) -> dict:
    """The element's box once it is laid out: Playwright gives none for an element not shown at that moment
    (seen once, on a loaded machine, right after the page opened)."""
    boxes = []
    shown = wait_for(lambda: boxes.append(page.locator(selector).bounding_box()) or boxes[-1] is not None, 10)
    assert shown, f"{selector} not shown on {page.url}: {page.inner_text('body')[:300]}"
    return boxes[-1]


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_three_quick_taps_on_record_a_loss_record_one_loss(chromium, served, js):
    """Taps at one spot: two land before any answer (the repeat counts nothing), the third on whatever
    the answer put there; then a reload. Exactly one loss, and nothing undone."""
    server, store = served
    context, page = _open(chromium, server, js)
    if js:
        context.add_init_script(COUNT_REQUESTS)
    start = server.base + "/campaign?campaign=voyage"
    page.goto(start)
    box = _shown_box(page, "form[action='/loss'] button")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if js:
        page.wait_for_function("window.__ready")
        page.locator("form[action='/loss'] button").evaluate("b => { b.click(); b.click(); }")
        page.wait_for_function("window.__sent > 0 && window.__sent === window.__done")
    else:
        page.mouse.click(x, y, click_count=2)
        _left(page, start)
    _tap_at(page, x, y, js)  # the same spot, on the page that answered
    assert [h["kind"] for h in service.history(store)] == ["new", "loss"]
    assert "Recorded a loss on voyage" in page.inner_text("main")
    assert page.locator("form[action='/undo'] button").inner_text() == "Undo this loss"
    page.reload()  # a reload shows the record again and records nothing
    assert "Recorded a loss on voyage" in page.inner_text("main")
    assert service.status(store)["losses"] == 1
    context.close()


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_a_refused_win_keeps_its_taps_and_survives_a_reload(chromium, served, js):
    server, store = served
    context, page = _open(chromium, server, js)
    page.goto(server.base + "/win")
    page.locator("label.tile:has(input[value='harpies'])").click()
    page.locator("button.big").click()  # no deed chosen
    page.wait_for_selector("[role=alert]")
    for _ in range(2):
        error = page.inner_text("[role=alert]")
        assert "Pick the Heroic Deed you earned" in error and "--" not in error
        assert page.locator("input[name=card][value='harpies']").is_checked()
        assert "Method Not Allowed" not in page.content()
        page.reload()
    assert service.status(store)["wins"] == 0
    context.close()


@pytest.fixture(scope="module")
def long_names(tmp_path_factory):
    """`pnp serve` on a store whose campaign, player and deleted campaign have 80-character names, with a win
    recorded and a game in progress (the fit tests only read it: one server for both widths)."""
    store = tmp_path_factory.mktemp("long-names") / "s.db"
    service.new(store, "voyage", "Jason")
    service.new(store, LONG + "x", LONG)
    service.delete(store, LONG + "x")  # the campaigns page lists it under "Deleted campaigns"
    service.new(store, LONG, LONG)
    service.win(store, LONG, ["harpies", "amycus"], "rocks")
    seq = len(service.history(store, LONG))
    from pnp.games.argonauts import table
    table.start(store, LONG)
    server = ThreadServer(store)
    yield server, seq
    server.stop()


def test_every_page_fits_a_390_and_a_320_px_phone_with_44px_tap_targets_and_axe_passes_the_rules_pages(
        chromium, long_names):
    server, seq = long_names
    # the pages as the server sends them: with the service worker blocked (online, it hands the server's page
    # on unchanged), no worker installs by fetching every page again in the middle of the measuring
    context, page = _open(chromium, service_workers="block")
    context.add_init_script(path=str(AXE))  # axe-core in every page of the context, read once
    errors = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    pages = ["/", "/campaign", f"/campaign?done={seq}", "/deck", "/win", "/history", "/play",
             "/rules", "/rules?q=natural+six", "/rules/argonauts/gaps", "/rules/argonauts/argonauts.quest.4",
             "/judge", "/judge/argonauts/roll", "/delete?campaign=voyage", "/cards"]
    found = {}
    for path in pages + [p for p in AXE_RULES_PAGES if p not in pages]:  # each page loaded once, at 390 px
        response = page.goto(server.base + path)
        if path in AXE_RULES_PAGES:  # axe first, on the page as loaded (its details closed)
            if bad := axe_violations(page):
                found[path] = bad
        if path not in pages:
            continue
        assert response.status == 200, path
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        # the page laid out at each width in turn: the pages' layout is CSS alone (app.css; no script of pnp's
        # reads the width), so the page resized to a phone's width is laid out as if loaded at that width;
        # the screen's width says the resize took effect
        for viewport in PHONES:
            page.set_viewport_size(viewport)
            at = f"{path} at {viewport['width']} px"
            assert page.evaluate("screen.width") == viewport["width"], at
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{at}: the page is {width} px wide"
            assert page.evaluate(TARGETS) == [], f"{at}: tap targets under 44 px"
        page.set_viewport_size(PHONES[0])
    context.close()
    assert found == {}, "axe: " + "\n".join(f"{path}: {v}" for path, bad in found.items() for v in bad)
    assert [e for e in errors if "/no-such-page" not in e] == [], "console errors"
