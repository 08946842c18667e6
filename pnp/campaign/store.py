"""The campaigns' tables in the pnp SQLite store: an append-only event log plus a checked snapshot.

Each game with a campaign has its own tables, named from its space (a game's Rules.space): the
campaign rows `<space>`, their log `<space>_event`, and the current campaign `<space>_current`.
"""
from __future__ import annotations

import json
import re
import sqlite3
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import CampaignError
from pnp.names import match, short_list
from pnp.store import db

SPACE = "campaign"  # the first campaign game's tables, kept as they were before games had spaces
_SPACE_NAME = re.compile(r"[a-z][a-z0-9_]{0,40}")


def checked_space(space: str) -> str:
    """The space (a game's declaration, written into table names), checked to be a plain lower-case identifier."""
    if not _SPACE_NAME.fullmatch(space):
        raise ValueError(f"campaign space {space!r} is not a lower-case identifier")
    return space


def migrations(space: str) -> list[str]:
    """The schema of one space's tables (see checked_space)."""
    return [m.format(space=checked_space(space)) for m in _MIGRATIONS]


_MIGRATIONS = [
    # v1: campaigns with their current state (a snapshot of the log) and the append-only log
    """
    CREATE TABLE {space} (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        player TEXT NOT NULL,
        created TEXT NOT NULL,
        used INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE {space}_event (
        campaign_id INTEGER NOT NULL REFERENCES {space}(id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        changes TEXT NOT NULL,
        created TEXT NOT NULL,
        PRIMARY KEY (campaign_id, seq)
    )
    """,
]
MIGRATIONS = migrations(SPACE)


class NoCampaign(CampaignError):
    """No campaign to act on: none yet, none current among several, or none by the name given."""


class Store:
    """An open store: its path and connection, with the campaign schema migrated."""

    def __init__(self, path: Path, *, create: bool = True, space: str = SPACE):
        self.path = path
        self.space = space
        self.warning = None  # set by record() when the record was committed but no backup holds it
        try:
            self.conn = db.connect(path, create=create)
        except OSError as exc:
            disk = db.fault(exc, path, "opening the store")
            if disk is not None:
                raise disk from None
            raise CampaignError(f"cannot open the store ({exc.strerror})", file=str(path),
                                hint="choose another file with --store or $PNP_STORE") from None
        with self.guard():
            db.migrate(self.conn, space, migrations(space))

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    @contextmanager
    def guard(self):
        """Turn SQLite corruption met mid-query into a one-line error pointing at the backup."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            disk = db.fault(exc, self.path, "using the store")
            if disk is not None:  # a full or failing disk, not a damaged store: no restore hint
                raise disk from None
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise CampaignError(f"the store is busy ({exc})", file=str(self.path),
                                    hint="another pnp is writing; try again") from None
            if isinstance(exc, sqlite3.OperationalError) and "readonly" in str(exc).replace("-", ""):
                raise self._readonly() from None
            raise db.StoreError(f"the store is damaged ({exc})", file=str(self.path), hint=db.RESTORE_HINT) from None

    @property
    def readonly(self) -> bool:
        """True when the store file or its folder cannot be written: reads work, records are refused."""
        return db.is_readonly(self.conn)

    def _readonly(self) -> db.ReadOnlyStore:
        return db.ReadOnlyStore("the store is read-only (its file or folder cannot be written); reads still work, "
                                "nothing was recorded", file=str(self.path),
                                hint="make the file and its folder writable, or copy the store and use --store COPY")

    @contextmanager
    def record(self, backup: bool = True):
        """One write transaction (BEGIN IMMEDIATE serialises writers; all or nothing), then a backup of
        the store as committed, so the newest backup always holds the latest record.

        Refused before anything is written when the disk has no room for the record and its backup.
        A backup that fails after the commit does not undo or hide the record: `self.warning` says so.
        `backup=False` is for writes that are not campaign records (a table game's steps): one backup per
        tap would rotate every earlier record's backup out of the folder in one game.
        """
        if self.conn.full is not None:
            raise self.conn.full
        if self.readonly:
            raise self._readonly()
        if backup:
            db.ready_for_backups(self.path)
        with self.guard(), db.write(self.conn):
            yield self.conn
        if backup:
            self.warning = db.backup_after_commit(self.path)

    @contextmanager
    def snapshot(self):
        """A read transaction: a campaign's row and its log read inside it belong together, even while
        another pnp (a second browser, the terminal) records on the same store."""
        with self.guard(), db.read(self.conn):
            yield self.conn

    # ---- reads -------------------------------------------------------------------------------

    def names(self) -> list[str]:
        """Campaign names, most recently used first."""
        with self.guard():
            return [r[0] for r in self.conn.execute(f"SELECT name FROM {self.space} ORDER BY used DESC")]

    def row(self, name: str | None) -> dict:
        """The campaign row named (default: most recently used); error listing the names if unknown."""
        with self.guard():
            if name is None:
                r = self.conn.execute(f"SELECT id, name, player, created, seq, state FROM {self.space} "
                                      "ORDER BY used DESC LIMIT 1").fetchone()
                if r is None:
                    raise NoCampaign("no campaign yet", file=str(self.path),
                                        hint="start one: pnp campaign new --player NAME --name CAMPAIGN")
            else:
                r = self.conn.execute(f"SELECT id, name, player, created, seq, state FROM {self.space} WHERE name=?",
                                      (name,)).fetchone()
                if r is None:  # typed loosely: one clear match among the known names (pnp.names)
                    known = self.names()
                    m = match("campaign", name, known)
                    if m.status != "match":
                        near = short_list([repr(n) for n in m.candidates]) if m.candidates else ""
                        raise NoCampaign(f"no campaign named '{name}'", file=str(self.path),
                                            hint=(f"did you mean {near}?" if near else
                                                  f"known campaigns: {', '.join(known) or 'none'}"))
                    r = self.conn.execute(f"SELECT id, name, player, created, seq, state FROM {self.space} "
                                          "WHERE name=?", (m.id,)).fetchone()
        return {"id": r[0], "name": r[1], "player": r[2], "created": r[3], "seq": r[4],
                "state": self._json(r[5], f"campaign '{r[1]}' state")}

    def _json(self, text, what: str):
        """A JSON column's value; damaged text is a one-line store error pointing at the backups."""
        try:
            return json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise db.StoreError(f"the store is damaged: {what} is not valid JSON", file=str(self.path),
                                hint=db.RESTORE_HINT) from None

    def events(self, campaign_id: int) -> list[dict]:
        """The campaign's whole log in order."""
        with self.guard():
            rows = self.conn.execute(f"SELECT seq, kind, payload, changes, created FROM {self.space}_event "
                                     "WHERE campaign_id=? ORDER BY seq", (campaign_id,)).fetchall()
        return [{"seq": s, "kind": k, "payload": self._json(p, f"event {s}"), "changes": self._json(c, f"event {s}"),
                 "created": t} for s, k, p, c, t in rows]

    # ---- writes (inside record()) ------------------------------------------------------------

    def _next_used(self) -> int:
        return self.conn.execute(f"SELECT COALESCE(MAX(used), 0) + 1 FROM {self.space}").fetchone()[0]

    def _refuse_twin(self, name: str, own: str | None = None) -> None:
        """Refuse a name that another campaign has, or differs from another's only in case (typed
        names are matched without case)."""
        twin = next((n for n in self.names() if n != own and n.casefold() == name.casefold()), None)
        if twin is not None and twin == name:
            raise CampaignError(f"a campaign named '{name}' already exists", file=str(self.path), field="name",
                                hint="choose another --name")
        if twin is not None:
            raise CampaignError(f"a campaign named '{twin}' already exists, and '{name}' differs from it only in case",
                                file=str(self.path), field="name", hint=f"use '{twin}' or choose another --name")

    def insert_campaign(self, name: str, player: str, created: str, state: dict) -> int:
        """A new campaign row (its first event is appended separately); see _refuse_twin."""
        self._refuse_twin(name)
        try:
            cur = self.conn.execute(f"INSERT INTO {self.space}(name, player, created, used, seq, state) "
                                    "VALUES(?, ?, ?, ?, 0, ?)",
                                    (name, player, created, self._next_used(), json.dumps(state, sort_keys=True)))
        except sqlite3.IntegrityError:
            raise CampaignError(f"a campaign named '{name}' already exists", file=str(self.path),
                                hint="choose another --name") from None
        return cur.lastrowid

    def rename_campaign(self, campaign_id: int, old: str, new: str) -> None:
        """Another name for a campaign (see _refuse_twin); a change of case only is allowed."""
        self._refuse_twin(new, own=old)
        self.conn.execute(f"UPDATE {self.space} SET name=? WHERE id=?", (new, campaign_id))

    def delete_campaign(self, campaign_id: int) -> None:
        """Remove a campaign and every row that refers to it (its log, its mark as current, a game in
        progress: any table with a foreign key to this space's campaigns), after the caller saved its export."""
        tables = [r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            for fk in self.conn.execute("SELECT \"from\", \"table\" FROM pragma_foreign_key_list(?)", (table,)):
                if fk[1] == self.space:
                    self.conn.execute(f'DELETE FROM "{table}" WHERE "{fk[0]}"=?', (campaign_id,))
        self.conn.execute(f"DELETE FROM {self.space} WHERE id=?", (campaign_id,))

    def append(self, campaign_id: int, seq: int, kind: str, payload: dict, changes: dict, created: str,
               state: dict) -> None:
        """Append one event and store the state it leads to."""
        self.conn.execute(f"INSERT INTO {self.space}_event(campaign_id, seq, kind, payload, changes, created) "
                          "VALUES(?, ?, ?, ?, ?, ?)", (campaign_id, seq, kind, json.dumps(payload, sort_keys=True),
                                                       json.dumps(changes, sort_keys=True), created))
        self.conn.execute(f"UPDATE {self.space} SET seq=?, state=?, used=? WHERE id=?",
                          (seq, json.dumps(state, sort_keys=True), self._next_used(), campaign_id))


    def append_all(self, campaign_id: int, events: list[dict], state: dict) -> None:
        """Append a whole checked log at once (an import) and store the state it leads to."""
        self.conn.executemany(
            f"INSERT INTO {self.space}_event(campaign_id, seq, kind, payload, changes, created) VALUES(?, ?, ?, ?, ?, ?)",
            [(campaign_id, e["seq"], e["kind"], json.dumps(e["payload"], sort_keys=True),
              json.dumps(e["changes"], sort_keys=True), e["created"]) for e in events])
        self.conn.execute(f"UPDATE {self.space} SET seq=?, state=?, used=? WHERE id=?",
                          (events[-1]["seq"], json.dumps(state, sort_keys=True), self._next_used(), campaign_id))


def open_store(path=None, space: str = SPACE) -> Store:
    """Open the store at --store PATH, $PNP_STORE or the user data directory, with one space's tables."""
    return Store(db.store_path(path), space=space)
