"""Save and resume a Micro Hero game between Trials in the SQLite store (replaces the card-stacking ritual).

A snapshot holds what micro-hero.saving.2 packs (its "reserve" is the supply, micro-hero.gap.34):
the deck in order, the Stance, the supply, the Trials to come (everything not yet beaten), plus the
difficulty, the expansions, Athena's Shield, the Calm and Wrath card and the Hera's Revenge order.
Between Trials the discard pile is empty (micro-hero.gap.10). Every save is kept (history).
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone

from pnp.errors import CampaignError, UsageError
from pnp.games.micro_hero.engine import MicroHeroState
from pnp.games.micro_hero.pieces import LINGER, SHIELD_MAX, TRIALS, Card, Options
from pnp.games.micro_hero.cards import catalog
from pnp.names import match
from pnp.store.db import backup_after_commit, connect, fault, migrate, ready_for_backups, store_path, write
from pnp.termtext import check_plain

NAMESPACE = "micro_hero"
MIGRATIONS = [
    """
    CREATE TABLE mh_game (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created TEXT NOT NULL,
                          last_used TEXT NOT NULL);
    CREATE TABLE mh_save (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES mh_game(id),
                          seq INTEGER NOT NULL, saved_at TEXT NOT NULL, snapshot TEXT NOT NULL,
                          note TEXT NOT NULL DEFAULT '', UNIQUE (game_id, seq))
    """,
]
DEFAULT_NAME = "default"


@dataclass
class Snapshot:
    """A solo game between two Trials."""

    deck: list[str]                          # top first; "strike+" is upgraded
    stance: str = "hercules"
    side: str = "A"
    supply: dict[str, int] = field(default_factory=dict)
    beaten: list[str] = field(default_factory=list)      # Trial ids, in the order beaten
    difficulty: str = "normal"
    expansions: list[str] = field(default_factory=list)
    shield: int = 0
    lifecard: str | None = None              # Calm and Wrath card in use (the next must differ)
    revenge_seen: list[str] = field(default_factory=list)   # Hera's Revenge cards in pile order so far

    @property
    def lingering(self) -> list[str]:
        """Beaten Trials whose rule still applies (Heroic 1, Mythic 2; micro-hero.difficulty.2, .4)."""
        n = LINGER[self.difficulty]
        return self.beaten[-n:] if n else []

    @property
    def to_come(self) -> list[str]:
        """Trials not yet beaten, to shuffle face down."""
        return sorted(set(catalog().trials) - set(self.beaten))

    def wounds_left(self) -> int:
        """Wound cards in the supply."""
        cat = catalog()
        return sum(n for k, n in self.supply.items() if cat.kinds[k].kind == "wound")

    def to_dict(self) -> dict:
        """JSON form."""
        d = asdict(self)
        d.update(lingering=self.lingering, to_come=self.to_come, wounds_left=self.wounds_left(),
                 next_round=len(self.beaten) + 1, next_life_bonus=len(self.beaten))
        return d


def _count_list(text: str, option: str) -> dict[str, int]:
    cat, out = catalog(), {}
    for item in [t.strip() for t in (text or "").split(",") if t.strip()]:
        name, _, n = item.partition(":")
        if name.strip().endswith("+"):
            raise UsageError(f"{option}: '{item}' — cards in the supply are always basic", field=option,
                             hint="drop the '+' (micro-hero.setup-supply.2)")
        try:
            count = int(n) if n else 1
        except ValueError:
            raise UsageError(f"{option}: '{item}' has a bad count", expected="NAME or NAME:COUNT") from None
        kid = cat.kind(name.strip()).id
        out[kid] = out.get(kid, 0) + count
    return out


def parse_snapshot(deck: str, supply: str, beaten: str = "", stance: str = "hercules:A",
                   difficulty: str = "normal", expansions: str = "", shield: int = 0,
                   lifecard: str | None = None, revenge: str = "") -> Snapshot:
    """Build a Snapshot from command-line lists (names as in the card set) and check it."""
    cat = catalog()
    cards = []
    for item in [t.strip() for t in (deck or "").split(",") if t.strip()]:
        up = item.endswith("+")
        cards.append(cat.kind(item.rstrip("+")).id + ("+" if up else ""))
    name, _, side = (stance or "").partition(":")
    snap = Snapshot(deck=cards, stance=name.strip().lower(), side=(side or "A").strip().upper(),
                    supply=_count_list(supply, "--supply"),
                    beaten=[cat.trial(t.strip()).id for t in (beaten or "").split(",") if t.strip()],
                    difficulty=difficulty, expansions=sorted({e.strip() for e in expansions.split(",") if e.strip()}),
                    shield=shield, lifecard=lifecard or None,
                    revenge_seen=[r.strip() for r in (revenge or "").split(",") if r.strip()])
    check(snap)
    return snap


def check(snap: Snapshot) -> None:
    """Raise UsageError unless every card of the game is in exactly one place (nothing lost or doubled)."""
    cat = catalog()
    Options(difficulty=snap.difficulty, expansions=frozenset(snap.expansions),
            stances=(snap.stance, snap.stance)).check()
    if snap.side not in ("A", "B"):
        raise UsageError(f"stance side must be A or B, not '{snap.side}'", field="--stance")
    if not 0 <= snap.shield <= SHIELD_MAX or (snap.shield and "athena" not in snap.expansions):
        raise UsageError(f"Athena's Shield must be 0-{SHIELD_MAX} and needs the athena expansion", field="--shield")
    if snap.lifecard is not None and ("calm" not in snap.expansions or snap.lifecard not in cat.lifecards):
        raise UsageError(f"unknown Calm and Wrath card '{snap.lifecard}' (or calm not chosen)", field="--lifecard",
                         expected=", ".join(sorted(cat.lifecards)))
    bad = [r for r in snap.revenge_seen if r not in cat.revenge]
    if bad or len(set(snap.revenge_seen)) != len(snap.revenge_seen) or (snap.revenge_seen and "hera" not in snap.expansions):
        raise UsageError("--revenge lists each Hera's Revenge card at most once, with the hera expansion",
                         field="--revenge", expected=", ".join(sorted(cat.revenge)))
    if len(set(snap.beaten)) != len(snap.beaten):
        raise UsageError("a Trial is listed as beaten twice", field="--beaten")
    if len(snap.beaten) >= TRIALS:
        raise UsageError("all 12 Trials are beaten: that game is won, nothing to resume", field="--beaten")
    have: dict[str, int] = {}
    for c in snap.deck:
        have[c.rstrip("+")] = have.get(c.rstrip("+"), 0) + 1
    for k, n in snap.supply.items():
        have[k] = have.get(k, 0) + n
    want: dict[str, int] = {}
    for k in cat.kinds.values():
        if k.kind == "technique":
            want[k.id] = k.copies
        elif k.kind == "wound" and (k.module == "core" or k.module in snap.expansions):
            want[k.id] = k.copies
    lingering = set(snap.lingering)
    for t in snap.beaten:
        if t not in lingering:
            want[cat.trials[t].blessing] = 1
    for kid in sorted(set(have) | set(want)):
        if have.get(kid, 0) != want.get(kid, 0):
            kind = cat.kinds[kid]
            where = (f"{kind.name} is a Blessing of a Trial not beaten or still lingering" if not want.get(kid)
                     and kind.kind == "blessing" else f"the game has {want.get(kid, 0)} {kind.name}")
            raise UsageError(f"deck and supply hold {have.get(kid, 0)} {kind.name}; {where}", card=kid,
                             hint="every card must be in the deck or the supply exactly once")
    if any(c.endswith("+") and cat.kinds[c[:-1]].kind == "wound" for c in snap.deck):
        pass  # a healed Wound may sit in the deck until discarded (micro-hero.gap.15)


def snapshot_from_state(state: MicroHeroState) -> Snapshot:
    """The snapshot of a solo engine state waiting for its next Trial."""
    if state.phase != "reveal" or state.opt.players != 1:
        raise CampaignError("a game can only be saved between Trials, in solo play",
                            hint="save after the Preparation Actions")
    cat, hero = state.cat, state.heroes[0]
    supply: dict[str, int] = {}
    for c in state.supply + state.wounds:
        supply[c.kind] = supply.get(c.kind, 0) + 1
    beaten = [b for b in state.beaten_order]
    return Snapshot(deck=[c.kind + ("+" if c.up else "") for c in hero.deck], stance=hero.stance, side=hero.side,
                    supply=supply, beaten=[cat.kinds[b].trial for b in beaten], difficulty=state.opt.difficulty,
                    expansions=sorted(state.opt.expansions), shield=hero.shield, lifecard=state.lifecard,
                    revenge_seen=list(state.revenge_order))


def state_from_snapshot(snap: Snapshot) -> MicroHeroState:
    """A solo engine state ready to reveal the next Trial, rebuilt from a snapshot."""
    check(snap)
    cat = catalog()
    st = MicroHeroState(Options(difficulty=snap.difficulty, expansions=frozenset(snap.expansions),
                                stances=(snap.stance, snap.stance)))
    hero = st.heroes[0]
    uid = iter(range(1, 1000))
    hero.pool, hero.deck = [], [Card(next(uid), c.rstrip("+"), c.endswith("+")) for c in snap.deck]
    hero.stance, hero.side, hero.shield = snap.stance, snap.side, snap.shield
    st.supply, wounds = [], []
    for kid, n in sorted(snap.supply.items()):
        for _ in range(n):
            (wounds if cat.kinds[kid].kind == "wound" else st.supply).append(Card(next(uid), kid))
    rank = {"deep": 0, "serious": 1, "superficial": 2}                      # micro-hero.blood.9
    st.wounds = sorted(wounds, key=lambda c: rank[cat.kinds[c.kind].severity])
    lingering = LINGER[snap.difficulty]
    st.lingering = []
    for i, t in enumerate(snap.lingering):
        left = lingering - (len(snap.lingering) - 1 - i)
        st.lingering.append([Card(next(uid), cat.trials[t].blessing), left])
    st.upcoming = [Card(next(uid), cat.trials[t].blessing) for t in snap.to_come]
    st.beaten = st.round = len(snap.beaten)
    st.beaten_order = [cat.trials[t].blessing for t in snap.beaten]
    st.lifecard, st.revenge_order = snap.lifecard, list(snap.revenge_seen)
    st._uid = next(uid) - 1
    st.phase, st.actor = "reveal", 0
    return st


# ---------------------------------------------------------------- store

def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _open(path=None):
    p = store_path(path)
    conn = connect(p)
    migrate(conn, NAMESPACE, MIGRATIONS)
    return conn, p


@contextmanager
def _disk_faults(path):
    """A full or failing disk met while saving, as a one-line store error (the save rolled back)."""
    try:
        yield
    except sqlite3.Error as exc:
        disk = fault(exc, path, "saving the game")
        if disk is None:
            raise
        raise disk from None


def save(snap: Snapshot, name: str = DEFAULT_NAME, note: str = "", path=None) -> dict:
    """Store a snapshot as the next save of game `name` (created if new), then back the store up; returns
    its summary, with "warning" when the save was committed but no backup holds it (never saved twice).

    A disk without room for the save and its backup is refused before anything is written.
    """
    check(snap)
    check_plain(name, field="--name", error=UsageError)
    check_plain(note, field="--note", error=UsageError, max_chars=2000)
    conn, p = _open(path)
    try:
        ready_for_backups(p)
        with _disk_faults(p), write(conn):
            row = conn.execute("SELECT id FROM mh_game WHERE name=?", (name,)).fetchone()
            if row:
                gid = row[0]
                conn.execute("UPDATE mh_game SET last_used=? WHERE id=?", (_now(), gid))
            else:
                gid = conn.execute("INSERT INTO mh_game(name, created, last_used) VALUES(?,?,?)",
                                   (name, _now(), _now())).lastrowid
            seq = conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM mh_save WHERE game_id=?", (gid,)).fetchone()[0]
            conn.execute("INSERT INTO mh_save(game_id, seq, saved_at, snapshot, note) VALUES(?,?,?,?,?)",
                         (gid, seq, _now(), json.dumps(asdict(snap)), note))
    finally:
        conn.close()
    warning = backup_after_commit(p)
    return {"game": name, "save": seq, **snap.to_dict(), **({"warning": warning} if warning else {})}


def _game_id(conn, name: str | None) -> tuple[int, str]:
    if name is None:
        row = conn.execute("SELECT id, name FROM mh_game ORDER BY last_used DESC, id DESC LIMIT 1").fetchone()
        if not row:
            raise CampaignError("no saved Micro Hero game yet", hint="pnp micro-hero save --deck ... --supply ...")
        return row
    row = conn.execute("SELECT id, name FROM mh_game WHERE name=?", (name,)).fetchone()
    if not row:  # typed loosely: one clear match among the saved names (pnp.names, as for campaigns)
        names = [r[0] for r in conn.execute("SELECT name FROM mh_game ORDER BY name")]
        m = match("campaign", name, names)
        if m.status != "match":
            raise CampaignError(f"no saved game named '{name}'",
                                expected=", ".join(names) if names else "a saved game", hint="check --name")
        row = conn.execute("SELECT id, name FROM mh_game WHERE name=?", (m.id,)).fetchone()
    return row


def load(name: str | None = None, seq: int | None = None, path=None) -> tuple[str, int, Snapshot]:
    """The latest (or a given) save of a game: (game name, save number, snapshot)."""
    conn, _ = _open(path)
    try:
        gid, gname = _game_id(conn, name)
        q = "SELECT seq, snapshot FROM mh_save WHERE game_id=?"
        row = (conn.execute(q + " AND seq=?", (gid, seq)).fetchone() if seq is not None
               else conn.execute(q + " ORDER BY seq DESC LIMIT 1", (gid,)).fetchone())
        if not row:
            raise CampaignError(f"game '{gname}' has no save number {seq}", field="--at")
        return gname, row[0], Snapshot(**json.loads(row[1]))
    finally:
        conn.close()


def history(name: str | None = None, path=None) -> tuple[str, list[dict]]:
    """Every save of a game, oldest first: number, time, note, rounds beaten, deck size, Wounds left."""
    conn, _ = _open(path)
    try:
        gid, gname = _game_id(conn, name)
        rows = conn.execute("SELECT seq, saved_at, note, snapshot FROM mh_save WHERE game_id=? ORDER BY seq",
                            (gid,)).fetchall()
    finally:
        conn.close()
    out = []
    for seq, at, note, raw in rows:
        snap = Snapshot(**json.loads(raw))
        out.append({"save": seq, "saved_at": at, "note": note, "beaten": len(snap.beaten),
                    "deck_size": len(snap.deck), "wounds_left": snap.wounds_left()})
    return gname, out


def resume(name: str | None = None, seq: int | None = None, path=None) -> dict:
    """How to lay the table out again from a save, step by step, plus the snapshot itself."""
    gname, n, snap = load(name, seq, path)
    conn, _ = _open(path)
    try:
        with write(conn):
            conn.execute("UPDATE mh_game SET last_used=? WHERE name=?", (_now(), gname))
    finally:
        conn.close()
    cat = catalog()
    deck = [cat.kinds[c.rstrip("+")].name + ("+" if c.endswith("+") else "") for c in snap.deck]
    supply = [f"{cat.kinds[k].name} x{v}" for k, v in sorted(snap.supply.items()) if v]
    stance_name = {"hercules": "Hercules", "omphale": "Omphale"}[snap.stance]
    steps = [f"Deck, face down, top card first ({len(deck)}): {', '.join(deck)}; '+' cards lie turned 180 degrees",
             f"Stance: {stance_name}, side {snap.side}, upright",
             f"Supply, face up and basic: {', '.join(supply) or 'empty'}"]
    if snap.lingering:
        names = ", ".join(cat.trials[t].name for t in snap.lingering)
        steps.append(f"Still in play ({snap.difficulty}): {names} — their special rules add to the next Trial")
    steps.append(f"Shuffle the {len(snap.to_come)} Trials to come face down and reveal one; its Life is the "
                 f"printed Life + {len(snap.beaten)} (one per beaten Trial)")
    if "athena" in snap.expansions:
        steps.append(f"Shield of Athena at {snap.shield}")
    if snap.lifecard:
        steps.append(f"Calm and Wrath: {snap.lifecard} was in use; choose a different one for the next Trial")
    if snap.revenge_seen:
        steps.append(f"Hera's Revenge pile: the unseen cards shuffled on top, then {', '.join(snap.revenge_seen)} "
                     f"beneath them in this order")
    steps.append(f"Difficulty {snap.difficulty}; expansions: {', '.join(snap.expansions) or 'none'}")
    return {"game": gname, "save": n, "steps": steps, "snapshot": snap.to_dict()}


def status(name: str | None = None, path=None) -> dict:
    """Summary of a saved game: latest snapshot figures and its save history."""
    gname, saves = history(name, path)
    _, n, snap = load(gname, None, path)
    return {"game": gname, "saves": len(saves), "latest": n, "beaten": len(snap.beaten),
            "next_round": len(snap.beaten) + 1, "deck_size": len(snap.deck), "wounds_left": snap.wounds_left(),
            "difficulty": snap.difficulty, "expansions": snap.expansions, "stance": f"{snap.stance}:{snap.side}",
            "to_come": snap.to_come, "history": saves}
