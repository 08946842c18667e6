"""The store the web tests start from: one campaign, 'voyage', of Jason; and a `pnp serve` on it."""
import pytest
from web_fixtures import Server

from pnp.games.argonauts import campaign as service


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.db"
    service.new(path, "voyage", "Jason")
    return path


@pytest.fixture
def served(store):
    """A real `pnp serve` process on that store (the browser tests): (server, store)."""
    server = Server(store)
    yield server, store
    server.stop()
