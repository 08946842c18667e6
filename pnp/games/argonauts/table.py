"""A game at the table: the player reveals the physical deck's cards and rolls a real die; pnp follows.

Unlike `play`, nothing is shuffled or rolled here: each reveal is the card the player names
(a chance outcome of State, argonauts.quest.1-4) and each roll is the die the player reads.
The game in progress is kept in the pnp store (namespace `argonauts_table`, one per campaign), so
`pnp serve`'s play page and `pnp argonauts play --table` continue the same game. Its steps are not
campaign records and take no backup: the backups keep the campaign's records, not every tap. Every step
runs in one write transaction with a version check, so two screens tapping at once cannot lose or double
a step.
The advice is the same engine call as `pnp argonauts advise` (Turn.best via advise_assignment).
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from fractions import Fraction

from pnp.campaign import current
from pnp.campaign.store import open_store
from pnp.errors import CampaignError, IllegalMove, PnpError
from pnp.games.argonauts import campaign as service
from pnp.games.argonauts.campaign_link import campaign_game, game_in
from pnp.games.argonauts.cards import FIGHTABLE, deck_stats, find_card, load_cards
from pnp.games.argonauts.dice import p_success
from pnp.games.argonauts.state import State
from pnp.store import db

NAMESPACE = "argonauts_table"
MIGRATIONS = [
    """
    CREATE TABLE argonauts_table (
        campaign_id INTEGER PRIMARY KEY REFERENCES campaign(id),
        version INTEGER NOT NULL,
        game TEXT NOT NULL
    )
    """,
]
BACK_STEPS = 40  # how many earlier positions "back one step" keeps


class Stale(PnpError):
    """The game moved on since this screen was drawn (another screen or the terminal acted)."""

    http_status = 409  # Conflict, for pnp serve


def match_card(text: str, choices: list[str]) -> str:
    """The card id a player typed or tapped, among `choices` (ids); the one place names are matched."""
    cards = load_cards()
    cid = find_card(text, cards)
    if cid not in choices:
        raise IllegalMove(f"'{cards[cid].name}' is not in the adventure deck any more",
                          card=cid, hint="tap or type one of the cards still face down")
    return cid


# ---- storage ---------------------------------------------------------------------------------------

@contextmanager
def _campaign(store, name: str | None, write: bool):
    """(store, campaign row) for the named or current campaign, read inside a write transaction when asked."""
    st = open_store(store)
    try:
        with st.guard():
            current.ensure(st.conn)
            db.migrate(st.conn, NAMESPACE, MIGRATIONS)
        if write:  # a step of a game in progress, not a campaign record: no backup (Store.record)
            with st.record(backup=False):
                yield st, st.row(current.resolve(st.conn, name, str(st.path)))
        else:
            with st.snapshot():
                yield st, st.row(current.resolve(st.conn, name, str(st.path)))
    finally:
        st.close()


def _read(conn, campaign_id: int) -> dict | None:
    row = conn.execute("SELECT version, game FROM argonauts_table WHERE campaign_id=?", (campaign_id,)).fetchone()
    return dict(json.loads(row[1]), version=row[0]) if row else None


def _write(conn, campaign_id: int, game: dict) -> None:
    body = json.dumps({k: v for k, v in game.items() if k != "version"}, sort_keys=True)
    conn.execute("INSERT INTO argonauts_table(campaign_id, version, game) VALUES(?, ?, ?) ON CONFLICT(campaign_id) "
                 "DO UPDATE SET version=excluded.version, game=excluded.game", (campaign_id, game["version"], body))


def state_of(game: dict) -> State:
    """The game's State."""
    return State.from_json(game["state"])


# ---- the game --------------------------------------------------------------------------------------

def _with_advice(game: dict, state: State) -> dict:
    """Store the state and the advice for it (computed once per position, so screens only render)."""
    from pnp.games.argonauts.policies import advise_action, advise_assignment  # numpy: start-up time of pnp serve
    state.log = []
    game["state"] = state.to_json()
    game["plans"], game["advised"] = [], None
    if state.phase == "assign":
        game["plans"] = [{"assignment": p.assignment, "p_survive": p.score.p_survive,
                          "crew_left": p.score.crew_left, "cards_won": p.score.cards_won}
                         for p in advise_assignment(state, 3)]
    elif state.phase in ("combat", "after", "deaths"):
        game["advised"] = list(advise_action(state))
    return game


def start(store=None, campaign: str | None = None, replace: bool = False) -> dict:
    """A new table game for the campaign's deck, levels and crew; a game in progress is replaced only if asked."""
    with _campaign(store, campaign, True) as (st, row):
        g = game_in(st, row["name"])  # read under the write lock: no record can land between read and write
        state = State(deck_stats(g["deck"], g["levels"]), sorted(g["deck"]), g["crew"])
        old = _read(st.conn, row["id"])
        if old is not None and not replace:
            raise CampaignError(f"a game is already in progress on campaign '{row['name']}' (step {old['steps']})",
                                hint="continue it, or abandon it first")
        game = _with_advice({"campaign": row["name"], "back": [], "steps": 0,
                             "version": (old["version"] + 1) if old else 1}, state)
        _write(st.conn, row["id"], game)
    return game


def load(store=None, campaign: str | None = None) -> dict | None:
    """The campaign's game in progress, or None."""
    with _campaign(store, campaign, False) as (st, row):
        return _read(st.conn, row["id"])


def act(store, campaign: str | None, version: int | None, action) -> dict:
    """Apply one step (a reveal, an assignment, a die, a choice) to the game shown at `version`."""
    with _campaign(store, campaign, True) as (st, row):
        game = _read(st.conn, row["id"])
        if game is None:
            raise CampaignError(f"no game in progress on campaign '{row['name']}'", hint="start one on the play page")
        if version is not None and version != game["version"]:
            raise Stale(f"the game moved on (step {game['steps']}) since this screen was drawn",
                        hint="the screen now shows the game as it stands; tap again")
        state = state_of(game)
        before = game["state"]
        state.apply_action(_decode(action, state))
        game["back"] = (game["back"] + [before])[-BACK_STEPS:]
        game["steps"] += 1
        game["version"] += 1
        _write(st.conn, row["id"], _with_advice(game, state))
        return game


def back(store=None, campaign: str | None = None, version: int | None = None) -> dict:
    """Undo the last step of the game in progress (a mistaken tap)."""
    with _campaign(store, campaign, True) as (st, row):
        game = _read(st.conn, row["id"])
        if game is None or not game["back"]:
            raise CampaignError("no step to take back", hint="the game is at its start")
        if version is not None and version != game["version"]:
            raise Stale("the game moved on since this screen was drawn", hint="look again before going back")
        state = State.from_json(game["back"].pop())
        game["steps"] -= 1
        game["version"] += 1
        _write(st.conn, row["id"], _with_advice(game, state))
        return game


def finish(store=None, campaign: str | None = None, deed: str | None = None, version: int | None = None) -> dict:
    """Record the finished game on its campaign (a win with its victory pile and deed, or a loss), once.

    The record and the removal of the game are one transaction: two screens finishing at once
    record it once, and a refused record (a wrong deed) leaves the game as it was.
    """
    game = load(store, campaign)
    if game is None:
        raise CampaignError("no game in progress on this campaign", hint="it may be recorded already")
    state = state_of(game)
    if not state.is_terminal():
        raise CampaignError("the game is not over yet", hint="play on until the deck is done or the crew is lost")
    seen = game["version"] if version is None else version

    def claim(conn, campaign_id):
        gone = conn.execute("DELETE FROM argonauts_table WHERE campaign_id=? AND version=?", (campaign_id, seen))
        if gone.rowcount != 1:
            raise Stale("the game was recorded or moved on from another screen", hint="look at the campaign's history")
    if state.result > 0:
        return service.win(store, game["campaign"], list(state.victory), deed, along=claim)
    return service.loss(store, game["campaign"], along=claim)


def abandon(store=None, campaign: str | None = None) -> None:
    """Drop the game in progress without recording anything."""
    with _campaign(store, campaign, True) as (st, row):
        st.conn.execute("DELETE FROM argonauts_table WHERE campaign_id=?", (row["id"],))


def _decode(action, state: State):
    """A step as State takes it: a revealed card id, a die 1..6, an assignment dict, or an action tuple."""
    if state.phase == "quest":
        return match_card(str(action), list(state.deck))
    if state.phase == "roll":
        try:
            return int(action)
        except (TypeError, ValueError):
            raise IllegalMove(f"a die shows 1 to 6, not {action!r}", expected="1..6") from None
    if isinstance(action, dict):
        return ("assign", None, {str(c): int(n) for c, n in action.items()})
    if isinstance(action, (list, tuple)) and action:
        return tuple(None if a is None else str(a) for a in action)
    raise IllegalMove(f"not a step: {action!r}", expected="a card, a die, an assignment or an action")


# ---- what a screen shows ---------------------------------------------------------------------------

def label(state: State, action) -> str:
    """A player's choice in words."""
    n = state.stats
    kind = action[0]
    if kind == "resolve":
        c = action[1]
        return f"Roll for {n[c].name} ({state.on.get(c, 0)} crew, {percent(chance(state, c))})"
    if kind == "ignore":
        return f"Ignore {n[action[1]].name}" + (f" spending {n[action[2]].name}" if len(action) > 2 and action[2] else "")
    if kind == "use":
        return f"Spend {n[action[1]].name}"
    if kind == "accept":
        return "Accept the roll"
    if kind == "kill":
        return "A death from " + ("the free crew" if action[1] == "free" else f"the crew on {n[action[1]].name}")
    return "Done"


def chance(state: State, card: str) -> Fraction:
    """Exact chance the card resolves with the crew on it now (argonauts.combat.5, .17)."""
    s = state.stats[card]
    spent = getattr(state, "roll_bonus", 0) if card == state.rolling else 0  # single-use modifiers spent on it
    return p_success(state.on.get(card, 0), s.difficulty, state.modifier(s.kind) + spent)


def percent(p) -> str:
    """A chance as a fraction and a percentage: '1/2 = 50.0%'."""
    return f"{p} = {float(p) * 100:.1f}%" if isinstance(p, Fraction) else f"{float(p) * 100:.2f}%"


def view(game: dict, store=None) -> dict:
    """Everything a screen of the game shows, as plain data."""
    state = state_of(game)
    cards = load_cards()

    def card(c):
        s = state.stats[c]
        return {"id": c, "name": s.name, "kind": s.kind, "difficulty": s.difficulty if s.kind in FIGHTABLE else None,
                "deadliness": s.deadliness if s.kind == "monster" else None, "ignorable": s.ignorable,
                "crew": state.on.get(c, 0), "text": cards[c].text,
                "chance": percent(chance(state, c)) if s.kind in FIGHTABLE and c in state.unresolved else None}

    choices = []
    if state.phase in ("combat", "after", "deaths"):
        acts = [tuple(a) for a in state.legal_actions()]
        advised = tuple(game["advised"]) if game.get("advised") else None
        acts = ([advised] if advised in acts else []) + [a for a in acts if a != advised]
        choices = [{"action": list(a), "label": label(state, a), "advised": a == advised} for a in acts]
    plans = [dict(p, text=", ".join(f"{state.stats[c].name} {n}" for c, n in p["assignment"].items()) or "no crew",
                  survive=f"{p['p_survive'] * 100:.2f}%") for p in game.get("plans", [])]
    open_deeds = []
    if state.is_terminal() and state.result > 0:
        granted = {cards[c].deed for c in state.victory if cards[c].deed}
        open_deeds = [{"id": d, "name": n} for d, n in campaign_game(game["campaign"], store)["open_deeds"]
                      if d not in granted]
    return {
        "campaign": game["campaign"], "version": game["version"], "steps": game["steps"], "can_back": bool(game["back"]),
        "phase": state.phase, "turn": state.turn, "crew": state.crew, "free": state.free_crew(),
        "to_reveal": state.to_reveal if state.phase == "quest" else 0,
        "field": [card(c) for c in state.field],
        "deck": sorted((card(c) for c in state.deck), key=lambda c: (c["kind"], c["name"])),
        "treasures": [card(c) for c in state.treasures],
        "victory": [card(c) for c in state.victory], "discard": [card(c) for c in state.discard],
        "rolling": card(state.rolling) if state.rolling else None, "roll": state.roll,
        "pending_deaths": state.pending_deaths, "plans": plans, "choices": choices,
        "result": state.result, "open_deeds": open_deeds,
    }
