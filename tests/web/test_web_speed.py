"""What keeps `pnp serve` cheap at a full table (bench/companion_bench.py times it): the campaign list is read
from the store once until the store changes (pnp.web.memo), and rules searches reuse the open indexes."""
from __future__ import annotations

import shutil

import pytest

from pnp.games.argonauts import campaign as service
from pnp.rules import search as search_mod
from pnp.web import memo
from web_fixtures import client


@pytest.fixture
def opened(monkeypatch):
    """Every opening of the store by the campaign library (its event log), counted."""
    from pnp.campaign import log
    count = []
    real = log.open_store
    monkeypatch.setattr(log, "open_store", lambda *a, **k: count.append(1) or real(*a, **k))
    return count


def test_the_campaign_list_is_read_once_until_the_store_changes(store, opened, monkeypatch):
    monkeypatch.setattr(memo, "FRESH_S", 3600)  # however slow this machine is today
    c = client(store)
    assert '<span class="losses">0' in c.get("/").text
    before = len(opened)
    assert before and '<span class="losses">0' in c.get("/").text
    assert len(opened) == before  # the second visit opened nothing
    service.loss(store, "voyage")  # another connection records (as the CLI or another server would)
    del opened[:]
    assert '<span class="losses">1' in c.get("/").text
    assert opened


def test_a_restored_store_file_is_read_afresh(store, tmp_path, monkeypatch):
    monkeypatch.setattr(memo, "FRESH_S", 3600)
    other = tmp_path / "other.db"
    service.new(other, "odyssey", "Ulysses")
    c = client(store)
    assert "voyage" in c.get("/").text
    shutil.copyfile(other, tmp_path / "swap.db")
    (tmp_path / "swap.db").replace(store)  # a new file in its place, as a restore from a backup does
    page = c.get("/").text
    assert "odyssey" in page and "voyage" not in page


def test_a_kept_list_is_read_again_after_fresh_s_even_if_the_files_look_the_same(store, monkeypatch):
    monkeypatch.setattr(memo, "_signature", lambda path: ("always the same",))
    monkeypatch.setattr(memo, "FRESH_S", 3600)
    c = client(store)
    c.get("/")
    service.loss(store, "voyage")  # unseen by the (stubbed) file signature
    assert '<span class="losses">0' in c.get("/").text
    monkeypatch.setattr(memo, "FRESH_S", 0)
    assert '<span class="losses">1' in c.get("/").text


def test_searches_from_the_rules_page_reuse_the_open_indexes(store, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    seen = []
    real = search_mod.index
    monkeypatch.setattr(search_mod, "index", lambda slug: seen.append(slug) or real(slug))
    c = client(store)
    assert "Phineus" in c.get("/rules?q=harpies").text  # the Harpies card's text
    first = list(seen)
    assert sorted(first) == sorted(set(first)) and "argonauts" in first
    c.get("/rules?q=natural+six")
    assert seen == first


def test_a_search_whose_indexes_are_open_is_built_without_a_worker_thread(store, monkeypatch):
    from pnp.catalog import GAMES
    from pnp.web import app as app_mod
    handed = []
    real = app_mod.run_in_threadpool
    monkeypatch.setattr(app_mod, "run_in_threadpool", lambda fn, *a, **k: handed.append(fn) or real(fn, *a, **k))
    monkeypatch.setattr(search_mod, "_OPEN", {})  # no index open yet in this process
    c = client(store)
    assert "Phineus" in c.get("/rules?q=harpies").text
    assert len(handed) == 1  # the first search opens the indexes: in a worker thread, the event loop stays free
    assert all(search_mod.is_open(slug) for slug in GAMES)
    assert 'href="/rules/argonauts/argonauts.combat.' in c.get("/rules?q=natural+six").text
    assert len(handed) == 1  # the next one only reads what is open: built in the event loop
