"""The Argonauts campaign: its records (new, win, loss, undo) kept in the generic event log (pnp.campaign.log).

Each command opens the store, reads or records, and returns plain data. The rules of a record live in
campaign_model (state, ticks, deeds, rewards); the card data in campaign_cards.
"""
from __future__ import annotations

from pnp.campaign import current, log
from pnp.campaign.log import EXPORT_VERSION, NAME_CHARS, export_text, plain_texts, write_export  # noqa: F401 - the campaign's API
from pnp.campaign.store import SPACE, Store, open_store
from pnp.errors import CampaignError
from pnp.games.argonauts import campaign_model as model
from pnp.games.argonauts.campaign_cards import CardData, load_cards
from pnp.names import resolve
from pnp.store.db import store_path
from pnp.termtext import shown

EXPORT_FORMAT = "pnp-argonauts-campaign"
RULES = log.Rules(export_format=EXPORT_FORMAT, kinds=("win", "loss"), data=load_cards, apply=model.apply,
                  space=SPACE)  # the tables Argonauts campaigns were always kept in
EVENT_KINDS = RULES.event_kinds


def rebuild(events: list[dict], data: CardData, *, check_changes: bool = False) -> tuple[model.State, list[dict]]:
    """Replay a log: the state it leads to and the records still in effect (pnp.campaign.log.rebuild)."""
    return log.rebuild(events, RULES, data, check_changes=check_changes)


def _load(st: Store, name: str | None, data: CardData):
    return log.load(st, name, RULES, data)


def _session(store, fn):
    return log.session(store, RULES, fn)


def _record(store, name, data: CardData, kind: str, payload_fn, along=None):
    return log.record(store, name, RULES, data, kind, payload_fn, along)


# ---- summaries -----------------------------------------------------------------------------------

def status_of(name: str, state: model.State, data: CardData) -> dict:
    """The status object: losses, deeds, crew, deck size, reserve left, complete, score."""
    done = model.complete(state, data)
    return {
        "campaign": name, "player": state.player, "losses": state.losses, "wins": state.wins,
        "deeds": [{"id": d.id, "name": d.name, "ticked": d.id in state.deeds} for d in data.deeds],
        "rewards": [{"id": r.id, "needs": list(r.needs), "reward": r.describe(data), "granted": r.id in state.rewards}
                    for r in data.rewards],
        "crew": model.crew(state, data), "deck_size": len(state.deck), "reserve_left": len(state.reserve),
        "complete": done, "score": state.losses if done else None,  # argonauts.complete.2
    }


def deck_of(state: model.State, data: CardData) -> list[dict]:
    """Every adventure-deck card with its level and current values (argonauts.reading.1-4)."""
    out = []
    for cid in state.deck:
        card = data.card(cid)
        level = state.levels.get(cid)
        diff, dead = model.current(card, level) if card.has_track else (None, None)
        out.append({"id": cid, "name": card.name, "kind": card.kind, "level": level,
                    "difficulty": diff, "deadliness": dead})
    return out


def describe(changes: dict, data: CardData) -> str:
    """One line saying exactly what a record changed."""
    for key in ("undid", "redid"):
        if key in changes:
            u = changes[key]
            return f"{key} record {u['seq']} ({u['kind']}: {describe(u['changes'], data)})"
    parts = []
    if changes.get("ticked"):
        parts.append("ticked " + ", ".join(f"{data.card(c).name} {a}->{b}" for c, (a, b) in changes["ticked"].items()))
    if changes.get("added"):
        parts.append("added to deck " + ", ".join(data.card(c).name for c in changes["added"]))
    if changes.get("deeds"):
        parts.append("deeds " + ", ".join(data.deed(d).name for d in changes["deeds"]))
    if changes.get("rewards"):
        by_id = {r.id: r for r in data.rewards}
        parts.append("rewards " + ", ".join(by_id[r].describe(data) for r in changes["rewards"]))
    if changes.get("crew"):
        parts.append(f"crew +{changes['crew']}")
    if changes.get("losses"):
        parts.append(f"losses +{changes['losses']}")
    return "; ".join(parts) or "nothing"


# ---- commands ------------------------------------------------------------------------------------

def _warned(result: dict, warning: str | None) -> dict:
    """The result, with "warning" added when the record was committed but no backup holds it."""
    return {**result, "warning": warning} if warning else result


def new(store, name: str, player: str) -> dict:
    """Start a campaign: the 30 non-reserve cards at level 1, no deeds, no losses."""
    if not name.strip() or not player.strip():
        raise CampaignError("campaign and player names must not be empty", hint="give --name and --player")
    plain_texts(None, name=name, player=player)
    data = load_cards()
    state = model.initial(player, data)
    return _warned(status_of(name, state, data), log.create(store, RULES, name, player, state))


def use(store, name: str) -> dict:
    """Make a campaign the current one (the only command besides a successful 'new' that does)."""
    row, state, data, warning = log.use(store, RULES, name)
    return _warned(status_of(row["name"], state, data), warning)


def campaigns(store=None) -> dict:
    """Every campaign with its player, wins and losses, and which one is current."""
    now, rows = log.rows(store, RULES)
    return {"current": now, "campaigns": [
        {"name": r["name"], "player": r["player"], "wins": r["state"]["wins"], "losses": r["state"]["losses"],
         "deeds": len(r["state"]["deeds"]), "current": r["name"] == now} for r in rows]}


def status(store=None, name: str | None = None) -> dict:
    """The selected campaign's status."""
    def run(st, data):
        row, state, _, _ = _load(st, name, data)
        return status_of(row["name"], state, data)
    return _session(store, run)


def deck(store=None, name: str | None = None) -> list[dict]:
    """The selected campaign's adventure deck as it now stands."""
    return _session(store, lambda st, data: deck_of(_load(st, name, data)[1], data))


def current_state(store=None, name: str | None = None) -> tuple[str, model.State, CardData]:
    """The campaign's name, state (levels, deck, deeds) and card data, for other tools (play, advise, print)."""
    return _session(store, lambda st, data: _state_of(st, name, data))


def state_in(st: Store, name: str | None) -> tuple[str, model.State, CardData]:
    """current_state read through an open store, inside the transaction the caller holds."""
    return _state_of(st, name, load_cards())


def _state_of(st: Store, name: str | None, data: CardData) -> tuple[str, model.State, CardData]:
    row, state, _, _ = _load(st, name, data)
    return row["name"], state, data


def match(kind: str, text: str, choices: dict) -> str:
    """The card or deed id `text` names (pnp.names, forgivingly); else a campaign error listing names."""
    where = "pnp campaign deck" if kind == "card" else "pnp campaign status"
    return resolve(kind, text, choices, error=CampaignError, listing=f"see the {kind} names with '{where}'")


def parse_victory(text: str | list, data: CardData) -> list[str]:
    """Card ids from 'Harpies, Golden Fleece, ...' (or a list), matched forgivingly."""
    items = text if isinstance(text, list) else text.split(",")
    choices = {c.id: c.name for c in data.cards}
    return [match("card", item, choices) for item in items if item.strip()]


def _recorded(cname, state, changes, warning, seq, data) -> dict:
    """A record's result: the campaign, its number in the log, what changed, the status, and what to do
    on the table before the next game."""
    # lazy: start-up time (the CLI loads this module at start; campaign_nextgame only when a record is shown)
    from pnp.games.argonauts.campaign_nextgame import before_next_game
    return _warned({"campaign": cname, "seq": seq, "changes": changes, "summary": describe(changes, data),
                    "status": status_of(cname, state, data), "next_game": before_next_game(changes, state, data)},
                   warning)


def win(store=None, name: str | None = None, victory="", deed: str | None = None, along=None) -> dict:
    """Record a won game (argonauts.winning.2-10): tick, ADD, deeds, rewards; return what changed."""
    data = load_cards()
    ids = parse_victory(victory, data)
    deed_id = match("deed", deed, {d.id: d.name for d in data.deeds}) if deed else None
    payload = {"victory": ids, "deed": deed_id}
    return _recorded(*_record(store, name, data, "win", lambda *_: payload, along), data)


def loss(store=None, name: str | None = None, along=None) -> dict:
    """Record a lost game: one more loss, no card changes (argonauts.losing.3-4)."""
    data = load_cards()
    return _recorded(*_record(store, name, data, "loss", lambda *_: {}, along), data)


def undo(store=None, name: str | None = None, seq: int | None = None) -> dict:
    """Revert the last record still in effect, completely (a new 'undo' event; the log stays).

    With `seq`, only if record `seq` is still the last in effect (a screen's Undo never reverts a
    record another phone or the terminal made after it)."""
    data = load_cards()
    return _recorded(*_record(store, name, data, "undo", log.undo_payload(seq)), data)


def redo(store=None, name: str | None = None, seq: int | None = None) -> dict:
    """Record again the record undone last (a new 'redo' event), if nothing was recorded since the undo.

    With `seq`, only if record `seq` is the one a redo would bring back."""
    data = load_cards()
    return _recorded(*_record(store, name, data, "redo", log.redo_payload(seq)), data)


def rename(store, name: str | None, new_name: str) -> dict:
    """Give a campaign another name; its log, its state and whether it is current stay as they are."""
    was, state, data, warning = log.rename(store, RULES, name, new_name)
    return _warned({"campaign": new_name, "was": was, "status": status_of(new_name, state, data)}, warning)


def delete(store, name: str) -> dict:
    """Delete a campaign, after saving its export beside the store's backups (`campaign import` brings it back)."""
    cname, saved, warning = log.delete(store, RULES, name)
    return _warned({"campaign": cname, "saved": str(saved)}, warning)


def _records(events: list[dict], effective: list[dict], data: CardData) -> list[dict]:
    """The log as history rows: what each record changed and whether a later undo reverted it."""
    live = {e["seq"] for e in effective}
    return [{"seq": e["seq"], "kind": e["kind"], "created": e["created"], "payload": e["payload"],
             "changes": e["changes"], "summary": describe(e["changes"], data) if e["kind"] != "new"
             else f"new campaign for {e['payload']['player']}",
             "undone": e["kind"] in ("win", "loss") and e["seq"] not in live} for e in events]


def history(store=None, name: str | None = None) -> list[dict]:
    """Every record, in order, with what it changed and whether a later undo reverted it."""
    def run(st, data):
        _, _, events, effective = _load(st, name, data)
        return _records(events, effective, data)
    return _session(store, run)


def deleted(store=None) -> list[dict]:
    """Deleted campaigns that can be brought back, newest first: {"key", "name", "player"}."""
    return log.deleted(store, RULES)


def restore(store, key: str) -> dict:
    """Bring a deleted campaign back (key from deleted()); it is not made current."""
    cname, state, data, warning = log.restore(store, RULES, key)
    return _warned(status_of(cname, state, data), warning)


def history_view(store=None, name: str | None = None) -> dict:
    """The history rows (oldest first) and which record an undo or a redo would act on (None when none)."""
    def run(st, data):
        row, _, events, effective = _load(st, name, data)
        return {"campaign": row["name"], "rows": _records(events, effective, data), **log.marks(events, RULES, data)}
    return _session(store, run)


def player_card(store=None, name: str | None = None, seq: int | None = None) -> dict:
    """From one snapshot of the store: the status, the last record after 'new' (None before any), the
    current campaign's name, which records an undo and a redo would act on, and with `seq` that record
    with the checklist of what to do on the table before the next game (None if there is no such record)."""
    from pnp.games.argonauts.campaign_nextgame import before_next_game  # lazy: start-up time (as above)

    def run(st, data):
        row, state, events, effective = _load(st, name, data)
        records = [r for r in _records(events, effective, data) if r["kind"] != "new"]
        shown = next((r for r in records if r["seq"] == seq), None)
        return {"status": status_of(row["name"], state, data), "last": records[-1] if records else None,
                "current": current.get(st.conn, RULES.space), **log.marks(events, RULES, data), "shown": shown,
                "next_game": before_next_game(shown["changes"], state, data) if shown else None}
    return _session(store, run)


def export(store=None, name: str | None = None) -> dict:
    """The whole campaign (log and state) as a JSON-ready document."""
    return log.export(store, RULES, name)


def read_export(path) -> dict:
    """Read an export file: bounded size, UTF-8, bounded JSON; one-line errors otherwise."""
    return log.read_export(path, RULES)


def parse_export(text: str | bytes, source: str) -> dict:
    """An export's JSON (from a file or an upload), bounded, with one-line errors."""
    return log.parse_export(text, source, RULES)


def import_(store, doc: dict, name: str | None = None, source: str = "import") -> dict:
    """Create a campaign from an export after replaying and checking its whole log."""
    cname, state, data, warning = log.import_(store, RULES, doc, name, source)
    return _warned(status_of(cname, state, data), warning)


def check(st: Store, name: str, data: CardData) -> None:
    """Raise CampaignError unless the campaign's log replays to exactly its stored state."""
    log.check(st, name, RULES, data)


def names_in_store(ctx) -> list[str]:
    """Campaign names in the store given by --store (if typed before) or the default; none if no store yet
    (shell completion)."""
    path = store_path((ctx.params or {}).get("store"))
    if not path.exists():
        return []
    st = open_store(path, RULES.space)
    try:
        return [shown(n) for n in st.names()]  # a name from an older store may hold escape codes
    finally:
        st.close()
