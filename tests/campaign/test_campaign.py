"""Argonauts campaign tracker: card data, track reading, and scripted campaigns vs hand-worked results."""
from __future__ import annotations

import pytest

from pnp.games.argonauts import campaign as service, campaign_model as model
from pnp.games.argonauts.campaign_cards import TRACK_BOXES, load_cards, read_track
from pnp.errors import CampaignError

DATA = load_cards()


# ---- card data -----------------------------------------------------------------------------------

def test_card_counts_match_the_rulebook():
    assert len(DATA.cards) == 52
    assert sum(c.reserve for c in DATA.cards) == 22
    assert len({c.id for c in DATA.cards}) == 52
    assert DATA.starting_crew == 12


def test_every_reserve_card_has_exactly_one_source():
    sources = [t for c in DATA.cards for t in c.add.values()] + [r.add for r in DATA.rewards if r.add]
    assert sorted(sources) == sorted(c.id for c in DATA.cards if c.reserve)


def test_tracks_and_treasure_fields():
    effects = {"modifier", "crew", "ignore", "reroll"}
    for c in DATA.cards:
        if c.has_track:
            assert len(c.difficulty) == TRACK_BOXES and c.difficulty[0] is not None
            assert any(v is None for v in c.difficulty), f"{c.id}: no 'look left' on its difficulty track"
        if c.kind == "monster":
            assert len(c.deadliness) == TRACK_BOXES and 1 <= c.deadliness[0] <= 4
        if c.kind == "treasure":
            assert c.use in ("continuous", "single") and c.effect.type in effects
    assert any(r.needs and len(r.needs) > 1 for r in DATA.rewards)


# ---- track reading (argonauts.reading.1-4) -------------------------------------------------------

def test_track_reading_at_every_level_hand_worked():
    harpies = DATA.card("harpies")
    assert harpies.difficulty == (8, None, 9, None, 10, 11)
    assert [read_track(harpies.difficulty, lv) for lv in range(1, 7)] == [8, 8, 9, 9, 10, 11]
    assert [read_track(harpies.deadliness, lv) for lv in range(1, 7)] == [2, 2, 3, 3, 3, 4]
    armour = DATA.card("cyzican-armour")
    assert [read_track(armour.difficulty, lv) for lv in range(1, 7)] == [6, 6, 6, 7, 7, 7]


def test_track_reading_looks_left_for_every_card_and_level():
    for c in DATA.cards:
        for track in (c.difficulty, c.deadliness):
            if track is None:
                continue
            for level in range(1, TRACK_BOXES + 1):
                expected = [v for v in track[:level] if v is not None][-1]
                assert read_track(track, level) == expected


@pytest.mark.parametrize("level", [0, 7])
def test_track_reading_rejects_levels_off_the_track(level):
    with pytest.raises(ValueError):
        read_track((5, None, None, None, None, None), level)


# ---- scripted campaign (hand-worked) --------------------------------------------------------------

def _deck(store):
    return {c["id"]: c for c in service.deck(store)}


def test_scripted_campaign_to_completion(tmp_path):
    store = tmp_path / "s.db"
    s = service.new(store, "voyage", "Jason")
    assert (s["crew"], s["deck_size"], s["reserve_left"], s["losses"]) == (12, 30, 22, 0)

    # Win 1: Harpies grant their deed; the one-deed reward gives +1 crew.
    r = service.win(store, None, "Harpies, birds of ares, Dragon's-Teeth Warriors", "Sailed Home to Iolcus")
    assert r["changes"]["ticked"] == {"harpies": [1, 2], "birds-of-ares": [1, 2], "dragons-teeth-warriors": [1, 2]}
    assert r["changes"]["deeds"] == ["homecoming", "harpies"] and r["changes"]["rewards"] == ["phineus-counsel"]
    assert r["changes"]["added"] == []
    assert (r["status"]["crew"], r["status"]["deck_size"]) == (13, 30)

    # Win 2: box 3 of Harpies and of the Warriors carry ADD labels; Amycus + Harpies unlock a card.
    r = service.win(store, None, "harpies, dragons teeth warriors, amycus", "rocks")
    assert r["changes"]["added"] == ["eagle-of-prometheus", "sleepless-dragon", "phaeacian-welcome"]
    assert r["changes"]["deeds"] == ["rocks", "amycus"] and r["changes"]["rewards"] == ["guest-friends"]
    s = r["status"]
    assert (s["crew"], s["deck_size"], s["reserve_left"]) == (13, 33, 19)
    rowers = next(x for x in s["rewards"] if x["id"] == "seasoned-rowers")
    assert rowers["granted"] is False  # needs rocks AND sirens: one tick is not enough
    deck = _deck(store)
    assert deck["harpies"]["level"] == 3 and deck["harpies"]["difficulty"] == 9
    assert deck["sleepless-dragon"]["level"] == 1 and deck["sleepless-dragon"]["difficulty"] == 10

    # A loss changes no card.
    service.loss(store)
    assert _deck(store) == deck

    # Win 3: the newly added Sleepless Dragon is beaten: its ADD at box 2 brings in the Golden Fleece.
    r = service.win(store, None, "Sleepless Dragon, Sirens", "bulls")
    assert r["changes"]["added"] == ["golden-fleece", "medeas-charm"]
    assert r["changes"]["deeds"] == ["bulls", "dragon", "sirens"]  # chosen, then in victory-pile order
    assert r["changes"]["rewards"] == ["seasoned-rowers", "medeas-aid"]  # the two-deed reward unlocks now
    assert r["status"]["crew"] == 15

    # Win 4: chain continues; colchis + dragon (two deeds) gives +2 crew.
    r = service.win(store, None, "sleepless dragon, golden fleece", "colchis")
    assert r["changes"]["ticked"] == {"sleepless-dragon": [2, 3], "golden-fleece": [1, 2]}
    assert r["changes"]["rewards"] == ["heroes-of-colchis"] and r["status"]["crew"] == 17

    # Win 5: Sleepless Dragon box 4 -> Apsyrtus' Fleet; Circe's deed unlocks Circe's Rite.
    r = service.win(store, None, "sleepless dragon", "circe")
    assert r["changes"]["added"] == ["apsyrtus-fleet", "circes-rite"]

    # Win 6: Apsyrtus' Fleet (added last game) box 2; the last deed completes the campaign.
    r = service.win(store, None, "Apsyrtus' Fleet", "talos")
    assert r["changes"]["ticked"] == {"apsyrtus-fleet": [1, 2]}
    assert r["changes"]["rewards"] == ["song-of-the-argo"]
    s = r["status"]
    assert s["complete"] is True and s["score"] == 1 and s["crew"] == 20
    assert all(d["ticked"] for d in s["deeds"])
    assert (s["deck_size"], s["reserve_left"]) == (30 + 7, 22 - 7)  # 3 + 2 + 2 cards added

    with pytest.raises(CampaignError, match="complete"):
        service.win(store, None, "harpies", None)
    with pytest.raises(CampaignError, match="complete"):
        service.loss(store)
    assert service.status(store) == s


def test_full_track_stays_full_and_add_chain_of_reserve_cards():
    state = model.initial("J", DATA)
    state = model.State.from_dict({**state.to_dict(), "levels": {**state.levels, "harpies": 6}})
    new, changes = model.apply_win(state, DATA, ["harpies"], "homecoming")
    assert new.levels["harpies"] == 6 and changes["ticked"] == {}

    # Charybdis (box 3) -> Sands of Libya (box 3) -> Talos (box 3) -> Dark of Anaphe (box 2) -> Light of Apollo
    chain = [("charybdis", 2, "sands-of-libya"), ("sands-of-libya", 2, "talos"),
             ("talos", 2, "dark-of-anaphe"), ("dark-of-anaphe", 1, "light-of-apollo")]
    state = model.initial("J", DATA)
    for card, ticks, unlocked in chain:
        assert unlocked in state.reserve
        for _ in range(ticks):
            state, changes = model.apply_win(state, DATA, [card], None)
        assert changes["added"] == [unlocked] and unlocked in state.deck and unlocked not in state.reserve
        assert state.levels[unlocked] == 1  # an added card starts at box 1 (argonauts.gap.10)


def test_undo_reverts_the_last_record_completely(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "v", "Jason")
    service.win(store, None, "harpies, dragons-teeth-warriors", "homecoming")
    before_status, before_deck = service.status(store), service.deck(store)
    service.win(store, None, "harpies, dragons-teeth-warriors, amycus", "rocks")
    assert service.status(store) != before_status
    u = service.undo(store)
    assert u["changes"]["undid"]["kind"] == "win"
    assert service.status(store) == before_status and service.deck(store) == before_deck
    hist = service.history(store)
    assert [(h["kind"], h["undone"]) for h in hist] == [("new", False), ("win", False), ("win", True), ("undo", False)]
    service.undo(store)
    assert service.status(store)["deeds"] == service.new(tmp_path / "o.db", "o", "x")["deeds"]
    with pytest.raises(CampaignError, match="nothing to undo"):
        service.undo(store)


def test_campaigns_side_by_side_default_is_the_current_one(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "a", "Jason")
    service.new(store, "b", "Medea")
    assert service.status(store)["campaign"] == "b"  # new made it current
    service.loss(store, "a")
    assert service.status(store)["campaign"] == "b"  # writing to a named campaign does not switch
    service.use(store, "a")
    assert service.status(store)["campaign"] == "a"
    assert service.status(store, "a")["losses"] == 1 and service.status(store, "b")["losses"] == 0
    with pytest.raises(CampaignError, match="already exists"):
        service.new(store, "a", "Jason")


def test_a_name_differing_only_in_case_is_refused(tmp_path):
    store = tmp_path / "s.db"
    service.new(store, "Argo", "Jason")
    with pytest.raises(CampaignError, match="'Argo' already exists, and 'ARGO' differs from it only in case"):
        service.new(store, "ARGO", "Medea")
    assert service.status(store)["campaign"] == "Argo" and service.status(store)["player"] == "Jason"
    service.new(store, "Argo II", "Medea")  # a different name is still welcome


# ---- forgiving names -----------------------------------------------------------------------------

CARD_NAMES = {c.id: c.name for c in DATA.cards}


@pytest.mark.parametrize("typed, card", [
    ("HARPIES", "harpies"), ("dragons teeth warriors", "dragons-teeth-warriors"), ("medea's charm", "medeas-charm"),
    ("Medeas Charm", "medeas-charm"), ("  golden   fleece ", "golden-fleece"), ("amycus", "amycus"),
    ("sleepless-dragon", "sleepless-dragon"), ("Lyre", "lyre-of-orpheus"), ("Harpy", "harpies"),
    ("Sirenes", "sirens"), ("bronze bull", "bronze-bulls"),
])
def test_card_names_match_forgivingly(typed, card):
    from pnp.games.argonauts.campaign import match
    assert match("card", typed, CARD_NAMES) == card


@pytest.mark.parametrize("typed, words", [
    ("Harpoon", ["unknown card 'Harpoon'", "'Harpies'"]),
    ("s", ["ambiguous card 's'", "Calm Seas", "Sands of Libya", "more", "type more of the name"]),
    ("dragon", ["ambiguous card 'dragon'", "Sleepless Dragon", "Dragon's-Teeth Warriors"]),
    ("xyzzy", ["unknown card 'xyzzy'", "pnp campaign deck"]),
])
def test_bad_card_names_get_suggestions(typed, words):
    from pnp.games.argonauts.campaign import match
    with pytest.raises(CampaignError) as err:
        match("card", typed, CARD_NAMES)
    line = err.value.one_line()
    assert all(w in line for w in words), line
