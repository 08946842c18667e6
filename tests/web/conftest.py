"""The store every in-process web test starts from: one campaign, 'voyage', of Jason."""
import pytest

from pnp.games.argonauts import campaign as service


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.db"
    service.new(path, "voyage", "Jason")
    return path
