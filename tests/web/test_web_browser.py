"""`pnp serve` in real Chromium on a phone viewport: a whole Argonauts game on the play page, the
campaign pages (a screenshot of each when $PNP_SCREENS asks), and two browsers plus the CLI writing to one
campaign at once."""
from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from pathlib import Path

import pytest

from web_fixtures import CHROMIUM, CHROMIUM_ARGS, NO_CHROMIUM, PHONE, ThreadServer, cli_here, env, phone, shot

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=NO_CHROMIUM)]


@pytest.fixture
def page(served, chromium):
    return phone(chromium).new_page()


# A tap is answered when htmx has settled the page the server sent back. A new <main> alone does not say so:
# a live redraw (the store changed: the service worker's first visit sets up the game's tables) may swap it.
MARK = """window.__answered = false;
document.addEventListener('htmx:afterSettle', () => { window.__answered = true; }, {once: true});"""
ANSWERED = "window.__answered === true"


def tap(page, selector: str) -> None:
    """Tap a button and wait until htmx has settled the page the server answered with."""
    page.evaluate(MARK)
    page.locator(selector).first.click()
    page.wait_for_function(ANSWERED, timeout=60_000)


STEP = """() => {  // what the play page offers now (one look instead of one per kind of button)
  """ + MARK + """  // and ready for the next tap's answer
  const all = sel => Array.from(document.querySelectorAll(sel));
  const action = document.querySelector('button[name=action]');
  return {over: all("form[action='/play/finish']").length > 0, cards: all('button[name=card]').map(b => b.value),
          plans: all('button[name=plan]').length, dice: all('button[name=die]').length,
          action: action ? action.innerText : null};
}"""


def play_whole_game(page, rng: random.Random) -> dict:
    """Tap through a game: reveal cards from the deck list, take the advice, roll mostly sixes."""
    seen, rolls = set(), 0
    for _ in range(400):
        step = page.evaluate(STEP)
        if step["over"]:
            return {"seen": seen, "rolls": rolls}
        if step["cards"]:
            if "quest" not in seen:
                shot(page, "play-reveal")
            seen.add("quest")
            button = f"button[name=card][value='{rng.choice(step['cards'])}']"
        elif step["plans"]:
            if "assign" not in seen:
                shot(page, "play-assign")
            seen.add("assign")
            button = "button[name=plan]"
        elif step["dice"]:
            if "roll" not in seen:
                shot(page, "play-roll")
            seen.add("roll")
            rolls += 1
            button = f"button[name=die][value='{1 if rolls == 1 else 6}']"
        elif step["action"] is not None:
            seen.add("choice")
            assert "(advised)" in step["action"]
            button = "button[name=action]"
        else:
            raise AssertionError("the play page shows no step: " + page.inner_text("main")[:300])
        page.locator(button).first.click()  # the STEP look made ready for its answer
        page.wait_for_function(ANSWERED, timeout=60_000)
    raise AssertionError("the game did not end in 400 taps")


def test_whole_game_on_a_phone_then_undo_and_every_page(served, page):
    server, store = served
    rng = random.Random(16)
    page.goto(server.url)
    assert page.viewport_size == PHONE
    shot(page, "campaigns")
    page.click("nav a[href='/play']")
    page.wait_for_selector("button:has-text('Start a game')")
    shot(page, "play-start")
    tap(page, "button:has-text('Start a game')")
    result = play_whole_game(page, rng)
    assert {"quest", "assign", "roll", "choice"} <= result["seen"]
    assert "You won!" in page.inner_text("#prompt")  # sixes win every roll after the first (argonauts.combat.17)
    shot(page, "play-end")
    victory = page.inner_text("main").split("Victory:")[1].split("\n")[0]
    deed = page.locator("input[name=deed]:checked").get_attribute("value")
    page.click("button:has-text('Record the win on voyage')")
    page.wait_for_url("**/campaign?campaign=voyage&done=2")
    shot(page, "confirm")

    status = cli_here(store, "status")
    assert (status["wins"], status["losses"]) == (1, 0)
    assert next(d for d in status["deeds"] if d["id"] == deed)["ticked"]
    history = cli_here(store, "history")
    assert [h["kind"] for h in history] == ["new", "win"]
    won = history[-1]["payload"]["victory"]
    names = {c["id"]: c["name"] for c in cli_here(store, "deck")}
    assert sorted(names[c] for c in won if c in names) == sorted(n.strip() for n in victory.split(",") if n.strip()
                                                                 and n.strip() in names.values())
    assert "Recorded a win on voyage (record 2)" in page.inner_text("main")
    assert "Before your next game" in page.inner_text("main") and "Undo this win" in page.inner_text("main")

    # the deck page draws the ticks the win added, as the CLI reports the levels
    page.click("nav a[href='/deck']")
    page.wait_for_selector(".card")
    shot(page, "deck")
    levels = {c["name"]: c["level"] for c in cli_here(store, "deck") if c["level"]}
    card = page.locator("article.card", has=page.locator(f"header b:text-is(\"{names[won[0]]}\")")).first
    assert card.locator(".tick.on").count() == levels[names[won[0]]] == 2
    assert page.locator("article.card.locked").count() == status["reserve_left"]

    # undo on the Player card: the campaign is back where it was, for the CLI too
    page.click("nav a[href='/campaign']")
    page.wait_for_selector("text=Last record on voyage (win)")
    shot(page, "player")
    page.click("button:has-text('Undo last')")
    page.wait_for_selector("text=undid record 2")
    assert cli_here(store, "status")["wins"] == 0
    assert "Undone on voyage" in page.inner_text("main") and page.locator("button:has-text('Redo it')").count() == 1
    page.click("nav a[href='/deck']")
    page.wait_for_selector(".card")
    page.locator("h2:text('Reserve (locked)')").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -60)")
    shot(page, "deck-reserve")
    card = page.locator("article.card", has=page.locator(f"header b:text-is(\"{names[won[0]]}\")")).first
    assert card.locator(".tick.on").count() == 1

    # the other pages, each screenshotted for docs/companion.md
    page.click("nav a[href='/history']")
    page.wait_for_selector("text=undid record 2")
    shot(page, "history")
    page.goto(server.base + "/win")
    page.locator("label.tile", has_text="Harpies").click()
    page.wait_for_selector("input[name=deed][value=harpies][disabled]")  # htmx marks the deed Harpies grants
    page.locator("label.tile", has_text="Birds of Ares").click()
    page.wait_for_selector("text=2 cards tapped.")
    page.locator("input[name=deed][value=homecoming]").check()
    page.evaluate("window.scrollTo(0, document.querySelector('#deeds').offsetTop - 300)")
    shot(page, "win")
    page.goto(server.base + "/rules?q=wrath+two+more+cards")
    assert "argonauts.quest.4" in page.inner_text("main")
    shot(page, "rules")
    page.click("text=argonauts.quest.4")
    page.wait_for_selector("h1:text('argonauts.quest.4')")
    shot(page, "statement")
    page.goto(server.base + "/rules/argonauts/gaps")
    assert page.locator("ul.hits li").count() >= 20
    shot(page, "gaps")
    page.goto(server.base + "/judge")
    assert page.locator("a[href='/judge/argonauts/roll']").count() == 1
    shot(page, "judge-list")
    page.goto(server.base + "/judge/argonauts/roll")
    page.check("input[name=die][value='6']", force=True)  # the dice picker: a radio button per face
    page.fill("input[name=crew]", "0")
    page.fill("input[name=difficulty]", "9")
    page.click("button:has-text('Rule')")
    page.wait_for_selector("#ruling")
    assert "argonauts.gap.4" in page.inner_text("#ruling")
    shot(page, "judge")


async def _open(page, url: str) -> None:
    """Go to a page, which must be no error page (a store read while others record reads it whole)."""
    await page.goto(url)
    assert not await page.locator(".error").count(), await page.inner_text("main")


async def _submit(page, selector: str) -> None:
    """Tap a form's button and wait until htmx has swapped in the page the server answered with, which
    must be no error page (a boosted form stays on /campaign, so the URL alone cannot say it is done)."""
    await page.wait_for_function("window.htmx")
    await page.evaluate("window.__before = document.querySelector('main')")
    await page.click(selector)
    # the answer's page: a new <main> at the record's own address (a live redraw for another phone's record
    # may swap <main> first, at the address the tap was made on, so a new <main> alone is not the answer)
    await page.wait_for_function("document.querySelector('main') && document.querySelector('main') !== window.__before"
                                 " && location.href.includes('/campaign?campaign=voyage&done=')", timeout=60_000)
    assert not await page.locator(".error").count(), await page.inner_text("main")


async def _tapped(page) -> None:
    """Wait until htmx has redrawn the deeds for a tile's tap; else fail saying what the page shows (timed out
    twice in some twenty full runs, on a loaded machine, never alone: the next time says more)."""
    from playwright.async_api import TimeoutError as Timeout
    try:
        await page.wait_for_selector("text=1 card tapped.")
    except Timeout:
        ticked = await page.locator("label.tile input:checked").evaluate_all("l => l.map(i => i.value)")
        raise AssertionError(f"no '1 card tapped.' on {page.url}, ticked {ticked}: "
                             f"{(await page.inner_text('main'))[:600]}") from None


async def _concurrent(server: ThreadServer, store: Path, rounds: int) -> None:
    from playwright.async_api import async_playwright

    async def losses(context):
        page = await context.new_page()
        for _ in range(rounds):
            await _open(page, server.base + "/campaign")
            await _submit(page, "button:has-text('Record a loss')")

    async def wins(context):
        page = await context.new_page()
        for _ in range(rounds):
            await _open(page, server.base + "/win")
            await page.locator("label.tile", has_text="Amycus").click()
            await _tapped(page)
            await page.locator("input[name=deed]:not([value=amycus])").first.check()
            await _submit(page, "button:has-text('Record the win')")

    async def terminal():
        for _ in range(rounds):
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "pnp", "campaign", "loss", "--campaign", "voyage", "--store", str(store),
                env=env(store.parent), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
            out, err = await proc.communicate()
            assert proc.returncode == 0, err.decode()
            assert b"Recorded on campaign 'voyage'" in out

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        one = await browser.new_context(viewport=PHONE)
        two = await browser.new_context(viewport=PHONE)
        await asyncio.gather(losses(one), wins(two), terminal())
        await browser.close()


def test_two_browsers_and_the_cli_on_one_campaign_lose_and_double_nothing(served):
    server, store = served
    rounds = 4
    asyncio.run(_concurrent(server, store, rounds))
    history = cli_here(store, "history")
    assert [h["seq"] for h in history] == list(range(1, 2 + 3 * rounds))
    kinds = [h["kind"] for h in history[1:]]
    assert (kinds.count("win"), kinds.count("loss")) == (rounds, 2 * rounds)
    status = cli_here(store, "status")
    assert (status["wins"], status["losses"]) == (rounds, 2 * rounds)
    assert json.dumps(status["deeds"]).count('"ticked": true') == rounds + 1  # each win's deed, plus Amycus's own
