"""The store the web tests start from: one campaign, 'voyage', of Jason; the companion serving it; and Chromium."""
import pytest
import web_fixtures
from web_fixtures import ThreadServer

from pnp.games.argonauts import campaign as service


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.db"
    service.new(path, "voyage", "Jason")
    return path


@pytest.fixture
def served(store):
    """The companion `pnp serve` runs, on that store, in a thread (the browser tests): (server, store)."""
    server = ThreadServer(store)
    yield server, store
    server.stop()


@pytest.fixture
def chromium():
    """This worker's Chromium (web_fixtures.chromium: one launch for the browser tests that follow one another);
    the contexts a test leaves open are closed after it, so each test starts from fresh ones."""
    browser = web_fixtures.chromium()
    yield browser
    for context in browser.contexts if browser.is_connected() else ():
        context.close()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    """Chromium stays up only while the next test wants it too (see web_fixtures.chromium); first, so that
    after the last test it has ended before the session's check that no child process is left running."""
    if nextitem is None or "chromium" not in nextitem.fixturenames:
        web_fixtures.close_chromium()
