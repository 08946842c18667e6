"""Helpers for the `pnp serve` tests: the companion on a free port (in a server process, or in a thread of the
test's own process for the browser tests), the CLI, and Chromium."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

# Debian's Chromium as its headless shell (package chromium-headless-shell: the same Chromium release built
# for headless use only, as Playwright's own headless runs use; half the CPU of the full browser, which the
# suite's time needs); the full browser where the shell is not installed, or the one $PNP_CHROMIUM names
CHROMIUM = os.environ.get("PNP_CHROMIUM") or next(
    (p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if os.path.exists(p)), "/usr/bin/chromium")
NO_CHROMIUM = ("needs Debian's chromium-headless-shell or chromium "
               "(.ci/run installs them: apt-get install -y chromium chromium-headless-shell)")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
# a page's campaign losses as shown ("2 losses"), or null before its main has drawn them (for page.evaluate)
LOSSES = "document.querySelector('main .losses') && document.querySelector('main .losses').textContent"
# screenshots of the pages (docs/companion.md's pictures, or to look at a test's pages) only when asked:
# PNP_SCREENS=1 saves them in output/screens/, PNP_SCREENS=DIR in DIR
SCREENS_ENV = "PNP_SCREENS"
SCREENS = Path(__file__).resolve().parents[1] / "output" / "screens"
AXE = Path(__file__).parent / "web_vendor" / "axe.min.js"  # axe-core, for the accessibility checks
# the pages the campaign's state does not change (each the same HTML on any store, bar its tokens): axe checks
# them where the phone-fit test loads them too (tests/web/test_web_thumbs.py), the campaign's own pages on a
# game mid-way (tests/web/test_web_live.py); every template once, as Lighthouse's audit (.ci/lighthouse.py)
AXE_RULES_PAGES = ["/rules?q=natural+six", "/rules/argonauts", "/rules/argonauts/gaps", "/rules/later-years",
                   "/cards?game=argonauts&q=harpy", "/rules/argonauts/argonauts.quest.4", "/rules/argonauts/argonauts.gap.4",
                   "/judge/argonauts/roll", "/no-such-page"]


def env(tmp: Path) -> dict:
    """The environment for child processes: this interpreter's path, a private cache."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "PNP_CACHE": str(tmp / "cache")}


def cli(store: Path, *args: str) -> dict:
    """Run `pnp campaign ... --json` as a separate process, as a user at the terminal would."""
    r = subprocess.run([sys.executable, "-m", "pnp", "campaign", *args, "--store", str(store), "--json"],
                       capture_output=True, text=True, env=env(store.parent), timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def cli_here(store: Path, *args: str) -> dict:
    """`pnp campaign ... --json` through the CLI's own main in this process (click's CliRunner): for a test
    reading what the CLI says while a server process writes, where the CLI's being a process is not the point."""
    from click.testing import CliRunner

    from pnp.cli.main import main
    r = CliRunner().invoke(main, ["campaign", *args, "--store", str(store), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


class ThreadServer:
    """The companion `pnp serve` runs (pnp.web.server.prepare, then serve), on port 0 in a thread of this process:
    for the browser tests, which drive its pages. It skips a child's Python start and its cold caches (about
    0.4 s of CPU each); `pnp serve` itself, a process, is what Server below runs (test_web_serve, test_web_tls)."""

    def __init__(self, store: Path):
        from pnp.web.server import prepare  # uvicorn and the app load only for the tests that serve
        self.serving = prepare(store, None, 0, False)  # listening already: a request waits until serve() runs
        self.info, self.url = self.serving.info, self.serving.info["url"]
        self.base = f"http://127.0.0.1:{self.info['port']}"
        self.failed: list[BaseException] = []
        self.thread = threading.Thread(target=self._serve, name="pnp-serve", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        try:
            self.serving.serve()
        except BaseException as exc:  # raised again by stop(), in the test
            self.failed.append(exc)

    def stop(self) -> None:
        self.serving.stop()
        self.thread.join(timeout=20)
        assert not self.thread.is_alive(), "the companion's thread did not stop within 20 s"
        if self.failed:
            raise self.failed[0]


class Server:
    """`python -m pnp serve --port 0 --json` in a child process; .url is the address it printed."""

    def __init__(self, store: Path, *extra: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--store", str(store), "--port", "0",
                                      "--json", *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(store.parent))
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"pnp serve did not start: {self.proc.stderr.read()}")
        self.info = json.loads(line)
        self.url = self.info["url"]
        self.base = f"http://127.0.0.1:{self.info['port']}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=20)
        self.proc.stdout.close()
        self.proc.stderr.close()


def launch(playwright):
    """Debian's Chromium, headless (Playwright never downloads a browser here)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


_RUNNING: dict = {}  # this process's Playwright and Chromium while browser tests follow one another


def chromium():
    """This process's Chromium, started on first use and kept for the browser tests that follow (each opens
    contexts of its own). Close it with close_chromium() before any other test: while Playwright's sync API is
    open this thread counts as inside a running event loop, so asyncio.run fails (tests/web/conftest.py)."""
    browser = _RUNNING.get("browser")
    if browser is None or not browser.is_connected():
        close_chromium()
        from playwright.sync_api import sync_playwright
        _RUNNING["playwright"] = sync_playwright().start()
        _RUNNING["browser"] = launch(_RUNNING["playwright"])
    return _RUNNING["browser"]


def close_chromium() -> None:
    """End this process's Chromium and Playwright, if running."""
    browser, playwright = _RUNNING.pop("browser", None), _RUNNING.pop("playwright", None)
    try:
        if browser is not None and browser.is_connected():
            browser.close()
    finally:
        if playwright is not None:
            playwright.stop()


def phone(browser, **extra):
    """A fresh browser context as a 390 x 844 phone with a touch screen (extra: other context options)."""
    return browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, **extra)


def offline_ready(page) -> None:
    """Wait until the companion's service worker is installed and controls the page: its install fetched every
    CORE page (the first visit's store set-up, whose commits make open live pages fetch themselves again)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def axe_violations(page) -> list[str]:
    """What axe-core (in the page: a context made with add_init_script(path=AXE)) finds wrong with it, one line each."""
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}: {v['nodes'][0]['target']})" for v in result["violations"]]


def shot(page, name: str) -> None:
    """Save what the page shows as SCREENS/name.png, only when $PNP_SCREENS asks for screenshots."""
    wanted = os.environ.get(SCREENS_ENV, "")
    if not wanted:
        return
    folder = SCREENS if wanted == "1" else Path(wanted)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))


def table_step(v: dict, rng, die: int | None = 6):
    """A step for a table game's view: a random face-down card, the die (random if None), the advice."""
    if v["phase"] == "quest":
        return rng.choice(v["deck"])["id"]
    if v["phase"] == "roll":
        return die if die is not None else rng.randint(1, 6)
    return v["plans"][0]["assignment"] if v["phase"] == "assign" else v["choices"][0]["action"]


def play_to_end(store, campaign: str, rng) -> tuple[dict, dict]:
    """Start a table game and play it to its end with sixes and the advice: (game, final view)."""
    from pnp.games.argonauts import table
    game = table.start(store, campaign)
    while (v := table.view(game, store))["phase"] != "over":
        game = table.act(store, campaign, game["version"], table_step(v, rng))
    return game, v


CSRF = re.compile(r'"X-CSRF-Token": "([^"]+)"')  # every page carries its session's token for htmx


def csrf(c, path: str = "/") -> str:
    """The CSRF token the server issued this client's session, read off a page."""
    return CSRF.search(c.get(path).text).group(1)


def tokens(c, path: str = "/") -> dict:
    """The CSRF token of the client's session and a new one-time token, as a page's form carries them."""
    html = c.get(path).text
    return {"csrf": CSRF.search(html).group(1),
            "once": re.search(r'name="once" value="([^"]+)"', html).group(1)}


def write(c, path: str, data: dict | None = None, **kw):
    """POST a write as its page would (CSRF and a fresh one-time token), then GET the page its 303 names:
    that page, with .posted the POST's own response (a refusal shows on the form's page, PRG)."""
    posted = c.post(path, data={**tokens(c), **(data or {})}, **kw)
    page = c.get(posted.headers["location"]) if posted.status_code == 303 else posted
    page.posted = posted
    return page


def client(store, token=None, peer=("127.0.0.1", 50000), host="127.0.0.1:8765", raise_server_exceptions=True,
           scheme="http"):
    """The companion in this process (Starlette's TestClient), seen from `peer` (a loopback phone) asking for
    `scheme`://`host`; no redirects followed; with raise_server_exceptions=False a 500 comes back as a response."""
    import warnings

    from pnp.web.app import create_app
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    return TestClient(create_app(store, token), base_url=f"{scheme}://{host}", follow_redirects=False,
                      raise_server_exceptions=raise_server_exceptions, client=peer)
