"""The current campaign: set only by `campaign use` and a successful `campaign new`, read by everything else.

Kept in its own schema namespace (one-row table `<space>_current`, one per game's campaign space), so
reads, imports and failed commands cannot move it, and a command without --campaign never guesses between
campaigns.
"""
from __future__ import annotations

import sqlite3

from pnp.campaign.store import SPACE, NoCampaign, checked_space
from pnp.store import db

MIGRATIONS = [
    # v1: at most one row naming the current campaign (by id: a rename or import never redirects it)
    """
    CREATE TABLE {space}_current (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        campaign_id INTEGER NOT NULL REFERENCES {space}(id)
    )
    """,
]


def ensure(conn: sqlite3.Connection, space: str = SPACE) -> None:
    """Create the table on first use (outside any open transaction)."""
    space = checked_space(space)
    db.migrate(conn, f"{space}_current", [m.format(space=space) for m in MIGRATIONS])


def get(conn: sqlite3.Connection, space: str = SPACE) -> str | None:
    """The current campaign's name, or None when none has been chosen."""
    row = conn.execute(f"SELECT c.name FROM {space}_current k JOIN {space} c ON c.id = k.campaign_id").fetchone()
    return row[0] if row else None


def set_(conn: sqlite3.Connection, campaign_id: int, space: str = SPACE) -> None:
    """Make this campaign current (call inside the caller's write transaction)."""
    conn.execute(f"INSERT INTO {space}_current(one, campaign_id) VALUES(1, ?) "
                 "ON CONFLICT(one) DO UPDATE SET campaign_id=excluded.campaign_id", (campaign_id,))


def all_names(conn: sqlite3.Connection, space: str = SPACE) -> list[str]:
    """Every campaign name, alphabetically."""
    return [r[0] for r in conn.execute(f"SELECT name FROM {space} ORDER BY name")]


def resolve(conn: sqlite3.Connection, name: str | None, path: str, space: str = SPACE) -> str:
    """The campaign a command acts on: the one named, else the current one, else the only one.

    With several campaigns and none current this refuses and lists them, so nothing is guessed.
    """
    if name is not None:
        return name
    chosen = get(conn, space)
    if chosen is not None:
        return chosen
    names = all_names(conn, space)
    if len(names) == 1:
        return names[0]
    if not names:
        raise NoCampaign("no campaign yet", file=path,
                            hint="start one: pnp campaign new --player NAME --name CAMPAIGN")
    raise NoCampaign(f"{len(names)} campaigns and none is current: {', '.join(names)}", file=path,
                        hint="choose one with 'pnp campaign use NAME' or give --campaign NAME")
