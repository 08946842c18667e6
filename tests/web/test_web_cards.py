"""The companion's card reference (/cards): every card's text and track, found by a forgiving name, bounded input."""
from __future__ import annotations

import re
import warnings
from html import unescape

import pytest

from pnp.games.argonauts import campaign as service
from pnp.rules.cards import reference
from pnp.web.app import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def c(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    store = tmp_path / "s.db"
    service.new(store, "voyage", "Jason")
    return TestClient(create_app(store), base_url="http://127.0.0.1:8765", follow_redirects=False,
                      client=("127.0.0.1", 50000))


def names(html: str) -> list[str]:
    return [unescape(n) for n in re.findall(r"<header><b>([^<]*)</b>", html)]


def test_every_card_of_the_campaign_game_with_text_and_track(c):
    r = c.get("/cards")
    assert r.status_code == 200
    assert names(r.text) == [card.name for card in reference("argonauts")]
    harpies = r.text.split("<b>Harpies</b>")[1].split("</article>")[0]
    assert "Phineus will speak" in harpies
    assert re.sub(r"\s+", "", harpies).count("<tr><th>Difficulty</th><td>8</td><td></td><td>9</td><td></td>"
                                             "<td>10</td><td>11</td></tr>") == 1
    assert "ADD at box 3: Eagle of Prometheus" in harpies and "Freed Phineus from the Harpies" in harpies


def test_a_typed_name_finds_its_card_loosely_in_any_game(c):
    assert names(c.get("/cards?q=harpy").text) == ["Harpies"]
    assert names(c.get("/cards?game=hera+zeus&q=medusa").text) == ["Medusa", "Medusa"]  # both sides' cards
    page = c.get("/cards?q=medea+charm").text
    assert names(page) == ["Medea's Charm"] and "reward for the deed Yoked the Bronze Bulls" in unescape(page)
    assert names(c.get("/cards?q=zebra").text) == []


@pytest.mark.parametrize("query, status", [("q=" + "x" * 201, 400), ("q=a&q=b", 400), ("game=nowhere", 422),
                                           ("q=%01harpy", 400)])
def test_bad_input_is_one_line_and_no_listing(c, query, status):
    r = c.get("/cards?" + query)
    assert r.status_code == status and names(r.text) == []
    assert len(re.findall(r'class="error"', r.text)) == 1


def test_card_hits_of_a_rules_search_lead_to_the_card(c):
    page = c.get("/rules?q=harpies").text
    links = [unescape(h) for h in re.findall(r'href="(/cards\?[^"]+)"', page)]
    assert "/cards?game=argonauts&q=harpies" in links
    assert names(c.get("/cards?game=argonauts&q=harpies").text) == ["Harpies"]


def test_the_reference_needs_the_access_token_like_every_page(tmp_path):
    store = tmp_path / "s.db"
    c = TestClient(create_app(store, "s3cret-token-for-tests-only-0123456789"), base_url="http://127.0.0.1:8765",
                   client=("127.0.0.1", 50000))
    assert c.get("/cards").status_code == 403
