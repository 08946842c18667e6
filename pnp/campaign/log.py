"""The campaign event log, for any game: open, replay, record (append, undo), read in one snapshot, export, import.

It knows no game. A game with a campaign declares its `Rules` (its store space, export format,
record kinds, its data and the pure function applying one record) and calls these functions with them.
A state is any object with `to_dict()` (plain JSON-ready data) and a `player` attribute.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from pnp.campaign import current
from pnp.campaign.store import Store, open_store
from pnp.errors import CampaignError, OutputError
from pnp.jsonio import load_json
from pnp.leftovers import remove_stale
from pnp.outpath import write_file
from pnp.store.db import RESTORE_HINT, backup_dir, store_path
from pnp.termtext import check_plain
from pnp.textfile import decode, read_text

EXPORT_VERSION = 1
NAME_CHARS = 200  # longest campaign or player name (and event date) stored


@dataclass(frozen=True)
class Rules:
    """What a game's campaign declares for the log (as RULES in the module its Game.campaign names)."""

    export_format: str      # the 'format' of its export documents, e.g. "pnp-<game>-campaign"
    kinds: tuple            # record kinds a player makes besides 'new' (the log adds 'undo' and 'redo')
    data: Callable[[], Any]  # the game's campaign data (cards, deeds), loaded once per command
    apply: Callable          # (state | None, data, kind, payload) -> (state, changes); 'new' starts a state
    space: str               # the store tables it keeps its campaigns in, its own (pnp.campaign.store)

    @property
    def event_kinds(self) -> tuple:
        """Every kind an event in the log may have."""
        return ("new", *self.kinds, "undo", "redo")


def now() -> str:
    """The time a record is made, UTC, to the second."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def replay(events: list[dict], rules: Rules, data, *, check_changes: bool = False):
    """Replay a log: (state, records in effect, records undone that a redo may bring back, last first).

    One pass: the state after each record in effect is kept, so an undo steps back instead of
    replaying. An undo moves the last record in effect onto the redo stack, a redo moves the top of
    that stack back (applied again), and any other record empties it. With check_changes, each
    record's recorded 'changes' must be what replaying it gives.
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
            states.append(rules.apply(states[-1], data, target["kind"], target["payload"])[0])
            effective.append(target)
            continue
        if (ev["kind"] == "new") != (not effective):
            raise CampaignError(f"event {ev['seq']}: '{ev['kind']}' out of place", expected="one 'new' event first")
        state, changes = rules.apply(states[-1] if states else None, data, ev["kind"], ev["payload"])
        if check_changes and ev["kind"] != "new" and json.loads(json.dumps(changes)) != ev["changes"]:
            raise CampaignError(f"event {ev['seq']}: recorded changes differ from its replay")
        states.append(state)
        effective.append(ev)
        undone.clear()
    if not states:
        raise CampaignError("the campaign log has no 'new' event")
    return states[-1], effective, undone


def rebuild(events: list[dict], rules: Rules, data, *, check_changes: bool = False) -> tuple[Any, list[dict]]:
    """Replay a log: the state it leads to and the records still in effect (see replay)."""
    state, effective, _ = replay(events, rules, data, check_changes=check_changes)
    return state, effective


def open_log(store, rules: Rules) -> Store:
    """Open the store with the game's tables and its current-campaign table in place."""
    st = open_store(store, rules.space)
    with st.guard():
        current.ensure(st.conn, rules.space)
    return st


def load(st: Store, name: str | None, rules: Rules, data):
    """The campaign row (named, else current) and its state rebuilt from the log, checked against the snapshot."""
    with st.guard():
        row = st.row(current.resolve(st.conn, name, str(st.path), rules.space))
    events = st.events(row["id"])
    try:
        state, effective = rebuild(events, rules, data)
    except CampaignError as exc:
        raise CampaignError(f"campaign '{row['name']}': its event log does not replay ({exc.message})",
                            file=str(st.path), hint=RESTORE_HINT) from None
    if state.to_dict() != row["state"] or (events and events[-1]["seq"] != row["seq"]):
        raise CampaignError(f"campaign '{row['name']}': the stored state differs from its event log",
                            file=str(st.path), hint=RESTORE_HINT + ", or export and re-import it")
    return row, state, events, effective


def session(store, rules: Rules, fn):
    """Run a read, fn(store, data), in one snapshot: it never changes the store, not even which campaign is current."""
    data = rules.data()
    st = open_log(store, rules)
    try:
        with st.snapshot():
            return fn(st, data)
    finally:
        st.close()


def record(store, name, rules: Rules, data, kind: str, payload_fn, along=None):
    """One record in one transaction: reload under the write lock, apply, append, then back up.

    payload_fn(state, records in effect) -> the record's payload (for an undo or a redo, see undo_payload
    and redo_payload, also given the records a redo may bring back). Returns
    (campaign name, new state, changes, warning, the record's number in the log): the warning (else None)
    says the record was committed but no backup holds it (see Store.record).

    `along(conn, campaign_id)`, if given, runs inside the same transaction (e.g. the table game
    that produced the record is removed with it); if it raises, nothing is recorded.
    """
    st = open_log(store, rules)
    try:
        with st.record():
            row, state, events, effective = load(st, name, rules, data)
            if along is not None:
                along(st.conn, row["id"])
            undone = replay(events, rules, data)[2] if kind == "redo" else []
            payload = payload_fn(state, effective, undone) if kind in ("undo", "redo") else payload_fn(state, effective)
            if kind in ("undo", "redo"):
                target = effective[-1] if kind == "undo" else undone[-1]
                new_state, _ = rebuild(events + [{"seq": row["seq"] + 1, "kind": kind, "payload": payload}],
                                       rules, data)
                changes = {"undid" if kind == "undo" else "redid":
                           {"seq": target["seq"], "kind": target["kind"], "changes": target["changes"]}}
            else:
                new_state, changes = rules.apply(state, data, kind, payload)
            st.append(row["id"], row["seq"] + 1, kind, payload, changes, now(), new_state.to_dict())
        return row["name"], new_state, changes, st.warning, row["seq"] + 1
    finally:
        st.close()


def undo_payload(seq: int | None):
    """The payload function of an undo: the last record in effect (with `seq`, only if it is that one)."""
    def payload(state, effective, undone):
        if effective[-1]["kind"] == "new":
            raise CampaignError("nothing to undo: no game is recorded", hint="record one with 'win' or 'loss'")
        if seq is not None and effective[-1]["seq"] != seq:
            raise CampaignError(f"record {seq} is no longer the last one in effect (record {effective[-1]['seq']} is)",
                                field="seq", hint="look at the history and undo from there")
        return {"undoes": effective[-1]["seq"]}
    return payload


def redo_payload(seq: int | None):
    """The payload function of a redo: the record undone last, while nothing else was recorded after
    the undo (with `seq`, only if it is that one)."""
    def payload(state, effective, undone):
        if not undone:
            raise CampaignError("nothing to redo: no record was undone since the last game was recorded",
                                hint="undo a record first, or record the game again")
        if seq is not None and undone[-1]["seq"] != seq:
            raise CampaignError(f"record {seq} is not the one a redo brings back (record {undone[-1]['seq']} is)",
                                field="seq", hint="look at the history and redo from there")
        return {"redoes": undone[-1]["seq"]}
    return payload


def marks(events: list[dict], rules: Rules, data) -> dict:
    """Which records an undo and a redo would act on now ({"undo": seq or None, "redo": seq or None})."""
    _, effective, undone = replay(events, rules, data)
    return {"undo": effective[-1]["seq"] if effective[-1]["kind"] != "new" else None,
            "redo": undone[-1]["seq"] if undone else None}


def rename(store, rules: Rules, name: str | None, new_name: str):
    """Give a campaign another name; its log, state and whether it is current stay: (old name, state, data, warning)."""
    if not new_name.strip():
        raise CampaignError("a campaign name must not be empty", field="name", hint="give the new name")
    plain_texts(None, name=new_name)
    data = rules.data()
    st = open_log(store, rules)
    try:
        with st.record():
            row, state, _, _ = load(st, name, rules, data)
            st.rename_campaign(row["id"], row["name"], new_name)
        return row["name"], state, data, st.warning
    finally:
        st.close()


def delete(store, rules: Rules, name: str) -> tuple[str, Path, str | None]:
    """Delete a campaign after saving its export beside the store's backups ('campaign import' brings it
    back): (name, the saved export, warning). The export is written first: if it cannot be, nothing is
    deleted. If the campaign was current, none is current afterwards (nothing is guessed)."""
    data = rules.data()
    st = open_log(store, rules)
    try:
        with st.record():
            row, state, events, _ = load(st, name, rules, data)
            doc = {"format": rules.export_format, "version": EXPORT_VERSION, "name": row["name"],
                   "player": row["player"], "created": row["created"], "events": events, "state": state.to_dict()}
            folder = backup_dir(Path(st.path)) / "deleted"
            folder.mkdir(parents=True, exist_ok=True)
            slug = re.sub(r"[^a-z0-9]+", "-", row["name"].lower()).strip("-")[:40] or "campaign"
            stamp = now().replace(":", "").replace("+0000", "Z")
            saved = write_export(doc, folder / f"{rules.space}-{slug}-{stamp}-{row['id']}.json")
            st.delete_campaign(row["id"])
        return row["name"], saved, st.warning
    finally:
        st.close()


def plain_texts(source: str | None, **texts) -> None:
    """Refuse a campaign or player name (or a date) holding control characters or escape codes, or too long."""
    for field, text in texts.items():
        check_plain(text, field=field, file=source, error=CampaignError, max_chars=NAME_CHARS)


def create(store, rules: Rules, name: str, player: str, state) -> str | None:
    """Store a new campaign (its 'new' event and state) and make it current; the backup warning, if any."""
    st = open_log(store, rules)
    try:
        with st.record():
            created = now()
            cid = st.insert_campaign(name, player, created, state.to_dict())
            st.append(cid, 1, "new", {"player": player}, {}, created, state.to_dict())
            current.set_(st.conn, cid, rules.space)  # a successful new makes it current, in the same transaction
    finally:
        st.close()
    return st.warning


def use(store, rules: Rules, name: str):
    """Make a campaign the current one: (row, state, data, warning)."""
    data = rules.data()
    st = open_log(store, rules)
    try:
        with st.record():
            row, state, _, _ = load(st, name, rules, data)
            current.set_(st.conn, row["id"], rules.space)
        return row, state, data, st.warning
    finally:
        st.close()


def rows(store, rules: Rules) -> tuple[str | None, list[dict]]:
    """The current campaign's name and every campaign row (alphabetically), from one snapshot."""
    st = open_log(store, rules)
    try:
        with st.snapshot():
            return current.get(st.conn, rules.space), [st.row(n) for n in current.all_names(st.conn, rules.space)]
    finally:
        st.close()


def export(store, rules: Rules, name: str | None = None) -> dict:
    """The whole campaign (log and state) as a JSON-ready document."""
    def run(st, data):
        row, state, events, _ = load(st, name, rules, data)
        return {"format": rules.export_format, "version": EXPORT_VERSION, "name": row["name"],
                "player": row["player"], "created": row["created"], "events": events, "state": state.to_dict()}
    return session(store, rules, run)


def export_text(doc: dict) -> str:
    """The export document as stable, sorted JSON text (what 'export' writes)."""
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def write_export(doc: dict, path: str | Path) -> Path:
    """Write an export file whole and synced to the disk (outpath.write_file, which refuses a symlink, pipe,
    device, folder or read-only file there, before writing and again before its rename); one-line error if
    it cannot be written."""
    path = Path(path)
    remove_stale(path.parent)
    try:
        return write_file(path, export_text(doc), durable=True)
    except OutputError as exc:
        raise CampaignError(f"the export was not written: {exc.message}", file=str(path),
                            hint="choose another file with -o") from None


def malformed(what: str, source: str, rules: Rules) -> CampaignError:
    """The one-line error for an export that cannot be imported."""
    return CampaignError(f"malformed campaign export: {what}", file=source,
                         expected=f"a '{rules.export_format}' JSON document from 'pnp campaign export'",
                         hint="export the campaign again")


def parse_export(text: str | bytes, source: str, rules: Rules) -> dict:
    """An export's JSON (from a file or an upload): nesting and numbers bounded (pnp.jsonio), one-line errors."""
    if isinstance(text, bytes):
        text = decode(text, source, error=CampaignError)
    try:
        return load_json(text, file=source, error=CampaignError)
    except CampaignError as exc:
        raise malformed(exc.message, source, rules) from None


def read_export(path: str | Path, rules: Rules) -> dict:
    """Read an export file: bounded size, UTF-8, bounded JSON (see parse_export); one-line errors otherwise."""
    return parse_export(read_text(Path(path), error=CampaignError), str(path), rules)


def import_(store, rules: Rules, doc: dict, name: str | None = None, source: str = "import"):
    """Create a campaign from an export after replaying and checking its whole log: (name, state, data, warning)."""
    data = rules.data()
    if not isinstance(doc, dict) or doc.get("format") != rules.export_format:
        raise malformed("missing or wrong 'format'", source, rules)
    version = doc.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > EXPORT_VERSION:
        raise CampaignError(f"made by a newer pnp (export version {version}; this pnp reads up to {EXPORT_VERSION})",
                            file=source, hint="upgrade pnp, then import it again")
    if version != EXPORT_VERSION:
        raise malformed(f"version {version!r} unsupported", source, rules)
    events = doc.get("events")
    keys = {"seq", "kind", "payload", "changes", "created"}
    if (not isinstance(events, list) or not events
            or not all(isinstance(e, dict) and set(e) == keys and isinstance(e["payload"], dict)
                       and isinstance(e["changes"], dict) and isinstance(e["created"], str) for e in events)):
        raise malformed(f"'events' must be a non-empty list of objects with keys {', '.join(sorted(keys))}",
                        source, rules)
    kinds = rules.event_kinds
    if [e["seq"] for e in events] != list(range(1, len(events) + 1)) or any(e["kind"] not in kinds for e in events):
        raise malformed(f"events must be numbered 1..n with kinds {', '.join(kinds)}", source, rules)
    try:
        state, _ = rebuild(events, rules, data, check_changes=True)
    except (CampaignError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise malformed(f"its log does not replay ({getattr(exc, 'message', exc)})", source, rules) from None
    if state.to_dict() != doc.get("state"):
        raise malformed("'state' differs from the state its log leads to", source, rules)
    cname = name or doc.get("name")
    if not isinstance(cname, str) or not cname.strip() or not isinstance(doc.get("created"), str):
        raise malformed("missing 'name' or 'created'", source, rules)
    plain_texts(source, name=cname, player=state.player, created=doc["created"],
                **{f"events[{e['seq']}].created": e["created"] for e in events})
    st = open_log(store, rules)
    try:
        with st.record():
            final = state.to_dict()
            cid = st.insert_campaign(cname, state.player, doc["created"], final)
            st.append_all(cid, events, final)
    finally:
        st.close()
    return cname, state, data, st.warning


DELETED_SHOWN = 20  # saved exports of deleted campaigns listed (newest first) for bringing back


def _deleted_folder(store) -> Path:
    return backup_dir(store_path(store)) / "deleted"


def deleted(store, rules: Rules) -> list[dict]:
    """The exports saved when this game's campaigns were deleted, newest first: {"key", "name", "player"}.
    A key is a file name in that folder, for restore(); a file that does not read as an export is left out."""
    folder = _deleted_folder(store)
    files = sorted(folder.glob(f"{rules.space}-*.json"), key=lambda f: f.stat().st_mtime, reverse=True) \
        if folder.is_dir() else []
    out = []
    for f in files[:DELETED_SHOWN]:
        try:
            doc = read_export(f, rules)
        except CampaignError:
            continue
        if isinstance(doc, dict) and isinstance(doc.get("name"), str) and isinstance(doc.get("player"), str):
            out.append({"key": f.name, "name": doc["name"], "player": doc["player"]})
    return out


def restore(store, rules: Rules, key: str):
    """Bring a deleted campaign back from its saved export (`key` from deleted(), never a path), checked
    like any import; the saved file is removed once the campaign is back: (name, state, data, warning)."""
    found = next((d for d in deleted(store, rules) if d["key"] == key), None)
    if found is None:
        raise CampaignError("no deleted campaign saved under that name", field="key",
                            hint="pick one from the list of deleted campaigns")
    path = _deleted_folder(store) / found["key"]
    result = import_(store, rules, read_export(path, rules), source=str(path))
    path.unlink(missing_ok=True)
    return result


def check(st: Store, name: str, rules: Rules, data) -> None:
    """Raise CampaignError unless the campaign's log replays to exactly its stored state."""
    with st.snapshot():
        load(st, name, rules, data)
