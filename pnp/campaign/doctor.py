"""`pnp campaign doctor`: check the store, list its backups with their campaigns and dates, restore one."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from pnp.campaign import log
from pnp.campaign.store import SPACE, Store
from pnp.catalog import campaign_rules
from pnp.errors import CampaignError, PnpError
from pnp.store import db


def _taken(backup: Path) -> str:
    """When a backup was taken: from its name (`<sequence>-<UTC time>` or an older pnp's `<UTC time>`),
    else the file's modification time (UTC)."""
    m = db.BACKUP_NAME.match(backup.name)
    try:
        stamp = datetime.strptime(m.group(2) if m else backup.stem.split("-")[0], "%Y%m%dT%H%M%S.%fZ")
        return stamp.replace(tzinfo=timezone.utc).isoformat(timespec="seconds")
    except ValueError:
        return datetime.fromtimestamp(backup.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")


def _spaces() -> list[str]:
    """The store spaces of every game that declares a campaign (pnp.catalog), in game order."""
    return list(dict.fromkeys(r.space for r in campaign_rules().values()))


def _space(space: str) -> dict:
    """Which game's tables a campaign row came from, said only for games after the first (reports stay as they were)."""
    return {} if space == SPACE else {"space": space}


def _look(path: Path, *, backup: bool = False) -> dict:
    """A store file's check result and campaigns (name, events, last event date) of every game, read-only.

    A backup is opened immutable, so looking at it leaves no -wal/-shm files among the backups.
    """
    out = {"file": str(path), "ok": False, "problem": None, "campaigns": []}
    try:
        conn = db.open_readonly(path, immutable=backup)
    except sqlite3.Error as exc:
        out["problem"] = f"cannot open ({exc})"
        return out
    try:
        problem = db.check(conn)
        if problem is None:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            for space in _spaces():
                if space not in tables:
                    continue
                rows = conn.execute(f"SELECT c.name, c.player, (SELECT COUNT(*) FROM {space}_event e WHERE "
                                    f"e.campaign_id=c.id), (SELECT MAX(created) FROM {space}_event e WHERE "
                                    f"e.campaign_id=c.id) FROM {space} c ORDER BY c.name").fetchall()
                out["campaigns"] += [{"name": n, "player": p, "events": k, "last_event": t, **_space(space)}
                                     for n, p, k, t in rows]
    except sqlite3.Error as exc:
        problem = str(exc)
    finally:
        conn.close()
    out["ok"], out["problem"] = problem is None, problem
    return out


def _check_store(path: Path) -> dict:
    """The live store: SQLite's check, then every campaign's log replayed against its snapshot, by its game's rules."""

    if not path.exists() or path.stat().st_size == 0:
        state = "missing" if not path.exists() else "empty"
        fresh = not db.backups(path)  # nothing was ever recorded here: a new store will be made when needed
        return {"file": str(path), "ok": fresh, "state": "none yet" if fresh else state, "readonly": False,
                "campaigns": [], "problem": None if fresh else f"the store is {state}"}
    out = _look(path)
    out["state"], out["readonly"] = ("ok" if out["ok"] else "damaged"), not db.writable(path)
    if not out["ok"]:
        return out
    by_name = {c["name"]: c for c in out["campaigns"]}
    for rules in campaign_rules().values():
        if not any(c.get("space", SPACE) == rules.space for c in out["campaigns"]) and rules.space != SPACE:
            continue  # a game none of whose campaigns is here: its tables are not made by looking
        try:
            st = Store(path, create=False, space=rules.space)
        except PnpError as exc:
            state = "no space" if isinstance(exc, db.NoSpace) else "damaged"  # a full disk is not damage
            return {**out, "ok": False, "state": state, "problem": exc.message}
        try:
            data = rules.data()
            for name in st.names():
                try:
                    log.check(st, name, rules, data)
                except PnpError as exc:
                    by_name[name]["problem"] = exc.message
        finally:
            st.close()
    bad = [c["name"] for c in out["campaigns"] if c.get("problem")]
    if bad:
        out.update(ok=False, state="damaged", problem=f"campaign(s) that do not check: {', '.join(bad)}")
    return out


def _pick(path: Path, choice: str, found: list[dict]) -> Path:
    """The backup named by --restore: 'latest' (newest that checks), a listed file name, or a path."""
    if choice == "latest":
        good = [b for b in found if b["ok"] and b["campaigns"]]
        if not good:
            raise CampaignError("no backup that checks cleanly and holds a campaign", file=str(db.backup_dir(path)),
                                hint="name a backup file to restore, or start a new store elsewhere with --store")
        return Path(good[-1]["file"])
    for b in found:
        if choice in (b["file"], Path(b["file"]).name, Path(b["file"]).stem):
            return Path(b["file"])
    names = ", ".join(Path(b["file"]).name for b in found) or "none"
    raise CampaignError(f"no backup named '{choice}'", file=str(db.backup_dir(path)),
                        expected=f"'latest' or one of: {names}", hint="run 'pnp campaign doctor' to list them")


def doctor(store=None, restore: str | None = None) -> dict:
    """Check the store, its backups and stores a restore replaced; with restore, put that one in place first."""
    path = db.store_path(store)
    if path.is_file() and path.stat().st_size:
        db.recognise(path)  # another program's database, or a newer pnp's store: refused, untouched
    found = [{**_look(b, backup=True), "taken": _taken(b)} for b in db.backups(path)]
    earlier = [{**_look(p), "taken": _taken(p)} for p in sorted(path.parent.glob(path.name + ".replaced-*"))
               if not p.name.endswith(("-wal", "-shm"))]
    restored = None
    if restore:
        chosen = _pick(path, restore, found + earlier if restore != "latest" else found)
        try:
            moved = db.restore(path, chosen)
        except OSError as exc:
            raise CampaignError(f"cannot restore the backup ({exc.strerror})", file=str(path),
                                hint="make the store's folder writable") from None
        restored = {"from": str(chosen), "replaced_store_moved_to": str(moved) if moved else None}
    report = {"store": _check_store(path), "backups": found, "earlier_stores": earlier, "restored": restored,
              "keep": db.keep_count()}
    report["ok"] = report["store"]["ok"]
    return report
