"""The campaign event log, for any game: open, replay, record (append, undo), read in one snapshot, export, import.

It knows no game. A game with a campaign declares its `Rules` (its store space, export format,
record kinds, its data and the pure function applying one record) and calls these functions with them.
A state is any object with `to_dict()` (plain JSON-ready data) and a `player` attribute.
"""
from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from pnp.campaign import current
from pnp.campaign.store import Store, open_store
from pnp.errors import CampaignError
from pnp.jsonio import load_json
from pnp.leftovers import part_prefix, remove_stale
from pnp.store.db import RESTORE_HINT
from pnp.termtext import check_plain
from pnp.textfile import decode, read_text

EXPORT_VERSION = 1
NAME_CHARS = 200  # longest campaign or player name (and event date) stored


@dataclass(frozen=True)
class Rules:
    """What a game's campaign declares for the log (as RULES in the module its Game.campaign names)."""

    export_format: str      # the 'format' of its export documents, e.g. "pnp-<game>-campaign"
    kinds: tuple            # record kinds a player makes besides 'new' (the log adds 'undo')
    data: Callable[[], Any]  # the game's campaign data (cards, deeds), loaded once per command
    apply: Callable          # (state | None, data, kind, payload) -> (state, changes); 'new' starts a state
    space: str               # the store tables it keeps its campaigns in, its own (pnp.campaign.store)

    @property
    def event_kinds(self) -> tuple:
        """Every kind an event in the log may have."""
        return ("new", *self.kinds, "undo")


def now() -> str:
    """The time a record is made, UTC, to the second."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def rebuild(events: list[dict], rules: Rules, data, *, check_changes: bool = False) -> tuple[Any, list[dict]]:
    """Replay a log: the state it leads to and the records still in effect (undo pops the last one).

    One pass: the state after each record in effect is kept, so an undo steps back instead of
    replaying. With check_changes, each record's recorded 'changes' must be what replaying it gives.
    """
    states, effective = [], []
    for ev in events:
        if ev["kind"] == "undo":
            if not effective or effective[-1]["kind"] == "new" or effective[-1]["seq"] != ev["payload"].get("undoes"):
                raise CampaignError(f"event {ev['seq']}: undo of a record that is not the last one in effect")
            effective.pop()
            states.pop()
            continue
        if (ev["kind"] == "new") != (not effective):
            raise CampaignError(f"event {ev['seq']}: '{ev['kind']}' out of place", expected="one 'new' event first")
        state, changes = rules.apply(states[-1] if states else None, data, ev["kind"], ev["payload"])
        if check_changes and ev["kind"] != "new" and json.loads(json.dumps(changes)) != ev["changes"]:
            raise CampaignError(f"event {ev['seq']}: recorded changes differ from its replay")
        states.append(state)
        effective.append(ev)
    if not states:
        raise CampaignError("the campaign log has no 'new' event")
    return states[-1], effective


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

    Returns (campaign name, new state, changes, warning): the warning (else None) says the record was
    committed but no backup holds it (see Store.record).

    `along(conn, campaign_id)`, if given, runs inside the same transaction (e.g. the table game
    that produced the record is removed with it); if it raises, nothing is recorded.
    """
    st = open_log(store, rules)
    try:
        with st.record():
            row, state, events, effective = load(st, name, rules, data)
            if along is not None:
                along(st.conn, row["id"])
            payload = payload_fn(state, effective)
            if kind == "undo":
                new_state, _ = rebuild(events + [{"seq": row["seq"] + 1, "kind": "undo", "payload": payload}],
                                       rules, data)
                target = effective[-1]
                changes = {"undid": {"seq": target["seq"], "kind": target["kind"], "changes": target["changes"]}}
            else:
                new_state, changes = rules.apply(state, data, kind, payload)
            st.append(row["id"], row["seq"] + 1, kind, payload, changes, now(), new_state.to_dict())
        return row["name"], new_state, changes, st.warning
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


def _refuse_foreign_target(path: Path) -> None:
    """Refuse to write over anything but a regular file: a symlink, pipe, device or folder at path."""
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


def check(st: Store, name: str, rules: Rules, data) -> None:
    """Raise CampaignError unless the campaign's log replays to exactly its stored state."""
    with st.snapshot():
        load(st, name, rules, data)
