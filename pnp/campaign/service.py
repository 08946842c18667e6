"""Campaign commands as library calls: each opens the store, reads or records, and returns plain data."""
from __future__ import annotations

import errno
import json
from datetime import datetime, timezone
from pathlib import Path

from pnp.campaign import current, model
from pnp.campaign.cards import CardData, load_cards
from pnp.campaign.store import Store, open_store
from pnp.errors import CampaignError
from pnp.store.db import RESTORE_HINT

EXPORT_FORMAT = "pnp-argonauts-campaign"
EXPORT_VERSION = 1
EVENT_KINDS = ("new", "win", "loss", "undo", "redo")
NAME_CHARS = 200  # longest campaign or player name (and event date) stored


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def replay(events: list[dict], data: CardData, *, check_changes: bool = False):
    """Replay a log: (state, records in effect, records undone that redo may bring back, last first).

    One pass: the state after each record in effect is kept, so an undo steps back instead of
    replaying. An undo moves the last record in effect onto the redo stack, a redo moves the top of
    that stack back (applied again), and a new win or loss empties it. With check_changes, each
    win/loss's recorded 'changes' must be what replaying it gives.
    """
    states, effective, undone = [], [], []
    for ev in events:
        if ev["kind"] == "undo":
            if not effective or effective[-1]["kind"] == "new" or effective[-1]["seq"] != ev["payload"].get("undoes"):
                raise CampaignError(f"event {ev['seq']}: undo of a record that is not the last one in effect")
            undone.append(effective.pop())
            states.pop()
            continue
        if ev["kind"] == "redo":
            if not undone or undone[-1]["seq"] != ev["payload"].get("redoes"):
                raise CampaignError(f"event {ev['seq']}: redo of a record that is not the last one undone")
            target = undone.pop()
            states.append(model.apply(states[-1], data, target["kind"], target["payload"])[0])
            effective.append(target)
            continue
        if (ev["kind"] == "new") != (not effective):
            raise CampaignError(f"event {ev['seq']}: '{ev['kind']}' out of place", expected="one 'new' event first")
        state, changes = model.apply(states[-1] if states else None, data, ev["kind"], ev["payload"])
        if check_changes and ev["kind"] != "new" and json.loads(json.dumps(changes)) != ev["changes"]:
            raise CampaignError(f"event {ev['seq']}: recorded changes differ from its replay")
        states.append(state)
        effective.append(ev)
        undone.clear()
    if not states:
        raise CampaignError("the campaign log has no 'new' event")
    return states[-1], effective, undone


def rebuild(events: list[dict], data: CardData, *, check_changes: bool = False) -> tuple[model.State, list[dict]]:
    """Replay a log: the state it leads to and the records still in effect (see replay)."""
    state, effective, _ = replay(events, data, check_changes=check_changes)
    return state, effective


def _open(store) -> Store:
    """Open the store with the current-campaign table in place."""
    st = open_store(store)
    with st.guard():
        current.ensure(st.conn)
    return st


def _load(st: Store, name: str | None, data: CardData):
    """The campaign row (named, else current) and its state rebuilt from the log, checked against the snapshot."""
    with st.guard():
        row = st.row(current.resolve(st.conn, name, str(st.path)))
    events = st.events(row["id"])
    try:
        state, effective = rebuild(events, data)
    except CampaignError as exc:
        raise CampaignError(f"campaign '{row['name']}': its event log does not replay ({exc.message})",
                            file=str(st.path), hint=RESTORE_HINT) from None
    if state.to_dict() != row["state"] or (events and events[-1]["seq"] != row["seq"]):
        raise CampaignError(f"campaign '{row['name']}': the stored state differs from its event log",
                            file=str(st.path), hint=RESTORE_HINT + ", or export and re-import it")
    return row, state, events, effective


def _session(store, fn):
    """Run a read: it never changes the store, not even which campaign is current."""
    data = load_cards()
    st = _open(store)
    try:
        with st.snapshot():
            return fn(st, data)
    finally:
        st.close()


def _record(store, name, data: CardData, kind: str, payload_fn, along=None):
    """One record in one transaction: reload under the write lock, apply, append, then back up.

    Returns (campaign name, new state, changes, warning, the record's number in the log): the warning (else None) says the record was
    committed but no backup holds it (see Store.record).

    `along(conn, campaign_id)`, if given, runs inside the same transaction (e.g. the table game
    that produced the record is removed with it); if it raises, nothing is recorded.
    """
    st = _open(store)
    try:
        with st.record():
            row, state, events, effective = _load(st, name, data)
            if along is not None:
                along(st.conn, row["id"])
            payload = payload_fn(state, effective, events)
            if kind in ("undo", "redo"):
                target = effective[-1] if kind == "undo" else replay(events, data)[2][-1]
                new_state, _ = rebuild(events + [{"seq": row["seq"] + 1, "kind": kind, "payload": payload}], data)
                changes = {"undid" if kind == "undo" else "redid":
                           {"seq": target["seq"], "kind": target["kind"], "changes": target["changes"]}}
            else:
                new_state, changes = model.apply(state, data, kind, payload)
            st.append(row["id"], row["seq"] + 1, kind, payload, changes, _now(), new_state.to_dict())
        return row["name"], new_state, changes, st.warning, row["seq"] + 1
    finally:
        st.close()


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
    for key, verb in (("undid", "undid"), ("redid", "redid")):
        if key in changes:
            u = changes[key]
            return f"{verb} record {u['seq']} ({u['kind']}: {describe(u['changes'], data)})"
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


def plain_texts(source: str | None, **texts) -> None:
    """Refuse a campaign or player name (or a date) holding control characters or escape codes, or too long."""
    from pnp.termtext import check_plain
    for field, text in texts.items():
        check_plain(text, field=field, file=source, error=CampaignError, max_chars=NAME_CHARS)


def new(store, name: str, player: str) -> dict:
    """Start a campaign: the 30 non-reserve cards at level 1, no deeds, no losses."""
    if not name.strip() or not player.strip():
        raise CampaignError("campaign and player names must not be empty", hint="give --name and --player")
    plain_texts(None, name=name, player=player)
    data = load_cards()
    state = model.initial(player, data)
    st = _open(store)
    try:
        with st.record():
            created = _now()
            cid = st.insert_campaign(name, player, created, state.to_dict())
            st.append(cid, 1, "new", {"player": player}, {}, created, state.to_dict())
            current.set_(st.conn, cid)  # a successful new makes it current, in the same transaction
    finally:
        st.close()
    return _warned(status_of(name, state, data), st.warning)


def use(store, name: str) -> dict:
    """Make a campaign the current one (the only command besides a successful 'new' that does)."""
    data = load_cards()
    st = _open(store)
    try:
        with st.record():
            row, state, _, _ = _load(st, name, data)
            current.set_(st.conn, row["id"])
        return _warned(status_of(row["name"], state, data), st.warning)
    finally:
        st.close()


def campaigns(store=None) -> dict:
    """Every campaign with its player, wins and losses, and which one is current."""
    st = _open(store)
    try:
        with st.snapshot():
            now = current.get(st.conn)
            rows = [st.row(n) for n in current.all_names(st.conn)]
        return {"current": now, "campaigns": [
            {"name": r["name"], "player": r["player"], "wins": r["state"]["wins"], "losses": r["state"]["losses"],
             "deeds": len(r["state"]["deeds"]), "current": r["name"] == now} for r in rows]}
    finally:
        st.close()


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
    def run(st, data):
        row, state, _, _ = _load(st, name, data)
        return row["name"], state, data
    return _session(store, run)


def match(kind: str, text: str, choices: dict) -> str:
    """The card or deed id `text` names (pnp.names, forgivingly); else a campaign error listing names."""
    from pnp.names import resolve
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
    from pnp.campaign.nextgame import before_next_game
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

    def payload(state, effective, events):
        if effective[-1]["kind"] == "new":
            raise CampaignError("nothing to undo: no game is recorded", hint="record one with 'win' or 'loss'")
        if seq is not None and effective[-1]["seq"] != seq:
            raise CampaignError(f"record {seq} is no longer the last one in effect (record {effective[-1]['seq']} is)",
                                field="seq", hint="look at the history and undo from there")
        return {"undoes": effective[-1]["seq"]}
    return _recorded(*_record(store, name, data, "undo", payload), data)


def redo(store=None, name: str | None = None, seq: int | None = None) -> dict:
    """Record again the record undone last (a new 'redo' event), if nothing was recorded since the undo.

    With `seq`, only if record `seq` is the one a redo would bring back."""
    data = load_cards()

    def payload(state, effective, events):
        undone = replay(events, data)[2]
        if not undone:
            raise CampaignError("nothing to redo: no record was undone since the last game was recorded",
                                hint="undo a record first, or record the game again")
        if seq is not None and undone[-1]["seq"] != seq:
            raise CampaignError(f"record {seq} is not the one a redo brings back (record {undone[-1]['seq']} is)",
                                field="seq", hint="look at the history and redo from there")
        return {"redoes": undone[-1]["seq"]}
    return _recorded(*_record(store, name, data, "redo", payload), data)


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


def log(store=None, name: str | None = None) -> dict:
    """The history rows (oldest first) and which record an undo or a redo would act on (None when none)."""
    def run(st, data):
        row, _, events, _ = _load(st, name, data)
        _, effective, undone = replay(events, data)
        return {"campaign": row["name"], "rows": _records(events, effective, data),
                "undo": effective[-1]["seq"] if effective[-1]["kind"] != "new" else None,
                "redo": undone[-1]["seq"] if undone else None}
    return _session(store, run)


def rename(store, name: str, new_name: str) -> dict:
    """Give a campaign another name; its log, its state and whether it is current stay as they are."""
    if not new_name.strip():
        raise CampaignError("a campaign name must not be empty", field="name", hint="give the new name")
    plain_texts(None, name=new_name)
    data = load_cards()
    st = _open(store)
    try:
        with st.record():
            row, state, _, _ = _load(st, name, data)
            st.rename_campaign(row["id"], row["name"], new_name)
        return _warned({"campaign": new_name, "was": row["name"], "status": status_of(new_name, state, data)},
                       st.warning)
    finally:
        st.close()


def delete(store, name: str) -> dict:
    """Delete a campaign, after saving its export beside the store's backups (`campaign import` brings it back).

    The export is written first: if it cannot be, nothing is deleted. If the campaign was current,
    no campaign is current afterwards (nothing is guessed)."""
    from pnp.store.db import backup_dir
    data = load_cards()
    st = _open(store)
    try:
        with st.record():
            row, state, events, _ = _load(st, name, data)
            doc = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "name": row["name"], "player": row["player"],
                   "created": row["created"], "events": events, "state": state.to_dict()}
            folder = backup_dir(Path(st.path)) / "deleted"
            folder.mkdir(parents=True, exist_ok=True)
            from pnp.campaign.printing import campaign_slug
            stamp = _now().replace(":", "").replace("+0000", "Z")
            saved = write_export(doc, folder / f"{campaign_slug(row['name'])}-{stamp}-{row['id']}.json")
            st.delete_campaign(row["id"])
        return _warned({"campaign": row["name"], "saved": str(saved)}, st.warning)
    finally:
        st.close()


def player_card(store=None, name: str | None = None, seq: int | None = None) -> dict:
    """From one snapshot of the store: the status, the last record after 'new' (None before any), the
    current campaign's name, which records an undo and a redo would act on, and with `seq` that record
    with the checklist of what to do on the table before the next game (None if there is no such record)."""
    from pnp.campaign.nextgame import before_next_game

    def run(st, data):
        row, state, events, _ = _load(st, name, data)
        _, effective, undone = replay(events, data)
        records = [r for r in _records(events, effective, data) if r["kind"] != "new"]
        shown = next((r for r in records if r["seq"] == seq), None)
        return {"status": status_of(row["name"], state, data), "last": records[-1] if records else None,
                "current": current.get(st.conn),
                "undo": effective[-1]["seq"] if effective[-1]["kind"] != "new" else None,
                "redo": undone[-1]["seq"] if undone else None, "shown": shown,
                "next_game": before_next_game(shown["changes"], state, data) if shown else None}
    return _session(store, run)


def export(store=None, name: str | None = None) -> dict:
    """The whole campaign (log and state) as a JSON-ready document."""
    def run(st, data):
        row, state, events, _ = _load(st, name, data)
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "name": row["name"], "player": row["player"],
                "created": row["created"], "events": events, "state": state.to_dict()}
    return _session(store, run)


def export_text(doc: dict) -> str:
    """The export document as stable, sorted JSON text (what 'export' writes)."""
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def _refuse_foreign_target(path: Path) -> None:
    """Refuse to write over anything but a regular file: a symlink, pipe, device or folder at path."""
    import stat

    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode):
        return
    what = ("a symbolic link" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode)
            else "a pipe (FIFO)" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "not a regular file")
    raise CampaignError(f"is {what}; pnp writes an export only to a new file or over a regular file, "
                        "nothing was written", file=str(path), hint="choose another file with -o")


def write_export(doc: dict, path: str | Path) -> Path:
    """Write an export file atomically (temp file in the same folder, then rename); never over a symlink,
    pipe, device or folder; one-line error if it cannot be written."""
    import os
    import tempfile

    from pnp.leftovers import part_prefix, remove_stale
    path = Path(path)
    tmp = None
    _refuse_foreign_target(path)
    try:
        remove_stale(path.parent)
        fd, tmp = tempfile.mkstemp(prefix=part_prefix(path), suffix=".part", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(export_text(doc))
            fh.flush()
            os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # an ordinary file, not mkstemp's private one
        _refuse_foreign_target(path)  # once more just before the rename: something may have appeared there
        os.replace(tmp, path)
    except (OSError, CampaignError) as exc:
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, CampaignError):
            raise
        if exc.errno == errno.ENOSPC:
            raise CampaignError(f"no space left on {path.parent}; the export was not written", file=str(path),
                                hint="free some disk space or choose another file with -o") from None
        raise CampaignError(f"cannot write the export ({exc.strerror})", file=str(path),
                            hint="choose another file with -o") from None
    return path


def _malformed(what: str, source: str) -> CampaignError:
    return CampaignError(f"malformed campaign export: {what}", file=source,
                         expected=f"a '{EXPORT_FORMAT}' JSON document from 'pnp campaign export'",
                         hint="export the campaign again")


def read_export(path: str | Path) -> dict:
    """Read an export file: bounded size, UTF-8, bounded JSON (see parse_export); one-line errors otherwise."""
    from pnp.textfile import read_text

    return parse_export(read_text(Path(path), error=CampaignError), str(path))


def parse_export(text: str | bytes, source: str) -> dict:
    """An export's JSON (from a file or an upload): nesting and numbers bounded (pnp.jsonio), one-line errors."""
    from pnp.jsonio import load_json
    from pnp.textfile import decode

    if isinstance(text, bytes):
        text = decode(text, source, error=CampaignError)
    try:
        return load_json(text, file=source, error=CampaignError)
    except CampaignError as exc:
        raise _malformed(exc.message, source) from None


def import_(store, doc: dict, name: str | None = None, source: str = "import") -> dict:
    """Create a campaign from an export after replaying and checking its whole log."""
    data = load_cards()
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise _malformed("missing or wrong 'format'", source)
    version = doc.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > EXPORT_VERSION:
        raise CampaignError(f"made by a newer pnp (export version {version}; this pnp reads up to {EXPORT_VERSION})",
                            file=source, hint="upgrade pnp, then import it again")
    if version != EXPORT_VERSION:
        raise _malformed(f"version {version!r} unsupported", source)
    events = doc.get("events")
    keys = {"seq", "kind", "payload", "changes", "created"}
    if (not isinstance(events, list) or not events
            or not all(isinstance(e, dict) and set(e) == keys and isinstance(e["payload"], dict)
                       and isinstance(e["changes"], dict) and isinstance(e["created"], str) for e in events)):
        raise _malformed(f"'events' must be a non-empty list of objects with keys {', '.join(sorted(keys))}", source)
    if [e["seq"] for e in events] != list(range(1, len(events) + 1)) or any(e["kind"] not in EVENT_KINDS for e in events):
        raise _malformed(f"events must be numbered 1..n with kinds {', '.join(EVENT_KINDS)}", source)
    try:
        state, _ = rebuild(events, data, check_changes=True)
    except (CampaignError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _malformed(f"its log does not replay ({getattr(exc, 'message', exc)})", source) from None
    if state.to_dict() != doc.get("state"):
        raise _malformed("'state' differs from the state its log leads to", source)
    cname = name or doc.get("name")
    if not isinstance(cname, str) or not cname.strip() or not isinstance(doc.get("created"), str):
        raise _malformed("missing 'name' or 'created'", source)
    plain_texts(source, name=cname, player=state.player, created=doc["created"],
                **{f"events[{e['seq']}].created": e["created"] for e in events})
    st = _open(store)
    try:
        with st.record():
            final = state.to_dict()
            cid = st.insert_campaign(cname, state.player, doc["created"], final)
            st.append_all(cid, events, final)
    finally:
        st.close()
    return _warned(status_of(cname, state, data), st.warning)


def check(st: Store, name: str, data: CardData) -> None:
    """Raise CampaignError unless the campaign's log replays to exactly its stored state."""
    with st.snapshot():
        _load(st, name, data)
