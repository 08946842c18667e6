"""Build a Hera and Zeus State from a hand-written position (YAML or JSON), or from a few named cards.

Position format (documented in `pnp docs hera-zeus`):

    to_move: hera            # hera | zeus
    first_turn: false        # optional: is this the mover's first turn (no challenges)
    ap_left: 2               # optional: action points left (default: 4 with a statue, else columns held)
    hera:
      hand: [pegasus, 5, hera]
      field: [[5, medusa], [io], []]   # columns 1-3, front to back; "5*" marks a face-up card
      statue: 2              # column of the standing statue (it stands in front), or null
      discard: [3, sirens]   # bottom to top
      pile: 20               # cards left in the draw pile (default: the rest of the deck)
    zeus: {...}
"""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from pnp.errors import UsageError
from pnp.games.hera_zeus.cards import HERA, SIDES, ZEUS, all_cards, token_of
from pnp.games.hera_zeus.effects import STATUE_AP
from pnp.games.hera_zeus.moves import COLUMNS, ROWS
from pnp.games.hera_zeus.state import State
from pnp.yamlio import load_yaml

TOP_KEYS = {"to_move", "first_turn", "ap_left", "hera", "zeus"}
SIDE_KEYS = {"hand", "field", "statue", "discard", "pile"}
MIRROR = {"io": "argus", "argus": "io", "nemesis": "poseidon", "poseidon": "nemesis",
          "amazon": "hero", "hero": "amazon", "hera": "zeus", "zeus": "hera"}
OWN = {"io": HERA, "nemesis": HERA, "amazon": HERA, "hera": HERA,
       "argus": ZEUS, "poseidon": ZEUS, "hero": ZEUS, "zeus": ZEUS}


def mirrored(token: str, side: int) -> str:
    """The side's own card for a mirrored token (Io/Argus, Nemesis/Poseidon, Amazon/Hero, Hera/Zeus)."""
    return MIRROR[token] if token in OWN and OWN[token] != side else token


def empty_state() -> State:
    """A State in the turn phase with full draw piles and nothing else placed (for rulings)."""
    state = State(deal=False)
    state.phase, state.to_move, state.ap_total, state.ap_spent = "turn", HERA, 2, 0
    return state


def take(state: State, side: int, token: str, where: str) -> str:
    """Take a card answering to token out of the draw piles (the side's own deck first) and return its id."""
    for deck_side in (side, 1 - side):
        for cid in state.pile[deck_side]:
            card = state.cards[cid]
            if card.token == token:
                state.pile[deck_side].remove(cid)
                return cid
    total = sum(1 for c in all_cards().values() if c.token == token)
    raise UsageError(f"{where}: too many '{token}' cards", expected=f"at most {total} in both decks together",
                     hint="check the card counts in 'pnp docs hera-zeus'")


def _card(state: State, side: int, raw, where: str) -> str:
    text = str(raw).strip()
    face_up = text.endswith("*")
    cid = take(state, side, token_of(text.rstrip("*")), where)
    if face_up:
        state.face_up.add(cid)
    return cid


def _list(value, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise UsageError(f"{where} must be a list", expected="a list like [5, pegasus, medusa]")
    return value


def _unknown(obj: dict, valid: set, where: str) -> None:
    bad = sorted(set(obj) - valid)
    if bad:
        raise UsageError(f"{where}: unknown key '{bad[0]}'", expected=f"one of {', '.join(sorted(valid))}")


def load_position(path: str | Path) -> State:
    """Read a position file (YAML or JSON) into a State; UsageError naming the file and field if malformed."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read position file: {exc.strerror}", file=str(path)) from None
    return read_position(text, str(path))


def read_position(text: str, source: str) -> State:
    """A position's text (YAML, or JSON when `source` ends in .json) as a State; UsageError naming `source`."""
    is_json = source.lower().endswith(".json")
    try:
        data = json.loads(text) if is_json else load_yaml(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}" if mark else (f" at line {exc.lineno}" if hasattr(exc, "lineno") else "")
        raise UsageError(f"not valid {'JSON' if is_json else 'YAML'}{line}",
                         file=source, hint="fix the syntax; see 'pnp docs hera-zeus' for the format") from None
    try:
        return position_state(data)
    except UsageError as exc:
        exc.file = source
        raise


def position_state(data) -> State:
    """A State from a position mapping (see the module docstring)."""
    if not isinstance(data, dict):
        raise UsageError("a position must be a mapping", expected="keys to_move, hera, zeus")
    _unknown(data, TOP_KEYS, "position")
    mover = str(data.get("to_move", "hera")).lower()
    if mover not in SIDES:
        raise UsageError(f"to_move: unknown side '{mover}'", field="to_move", expected="hera or zeus")
    state = empty_state()
    rest = {}
    for side, name in ((HERA, "hera"), (ZEUS, "zeus")):
        raw = data.get(name) or {}
        if not isinstance(raw, dict):
            raise UsageError(f"{name} must be a mapping", field=name, expected="keys hand, field, statue, discard, pile")
        _unknown(raw, SIDE_KEYS, name)
        state.hand[side] = [_card(state, side, t, f"{name}.hand") for t in _list(raw.get("hand"), f"{name}.hand")]
        field = _list(raw.get("field"), f"{name}.field")
        if len(field) > COLUMNS:
            raise UsageError(f"{name}.field has {len(field)} columns", field=f"{name}.field", expected=f"at most {COLUMNS}")
        statue = raw.get("statue")
        if statue is not None:
            if not isinstance(statue, int) or not 1 <= statue <= COLUMNS:
                raise UsageError(f"{name}.statue: column {statue!r} out of range", field=f"{name}.statue",
                                 expected=f"a column 1-{COLUMNS} or null")
            state.statue[side] = statue - 1
        for c, col in enumerate(field):
            col = _list(col, f"{name}.field column {c + 1}")
            room = ROWS - (1 if state.statue[side] == c else 0)
            if len(col) > room:
                raise UsageError(f"{name}.field column {c + 1} has {len(col)} cards", field=f"{name}.field",
                                 expected=f"at most {room} (3 by 4 battlefield{', statue in front' if room < ROWS else ''})")
            state.field[side][c] = [_card(state, side, t, f"{name}.field column {c + 1}") for t in col]
            for cid in state.field[side][c]:
                if not state.cards[cid].placeable:
                    raise UsageError(f"{name}.field column {c + 1}: {state.cards[cid].name} cannot stand on the battlefield",
                                     field=f"{name}.field", hint="only number cards, Pegasus, Medusa, Pandora and the hostage")
        if state.statue[side] is not None and not state.field[side][state.statue[side]]:
            raise UsageError(f"{name}.statue stands in column {statue} with no card behind it", field=f"{name}.statue",
                             hint="a statue always stands in front of at least one card (hera-zeus.gap.17)")
        state.discard[side] = [_card(state, side, t, f"{name}.discard") for t in _list(raw.get("discard"), f"{name}.discard")]
        rest[side] = raw.get("pile")
    for side, name in ((HERA, "hera"), (ZEUS, "zeus")):
        if rest[side] is not None:
            n = rest[side]
            if not isinstance(n, int) or not 0 <= n <= len(state.pile[side]):
                raise UsageError(f"{name}.pile: {n!r} cards", field=f"{name}.pile",
                                 expected=f"a count 0-{len(state.pile[side])} (the rest of the deck)")
            state.pile[side] = state.pile[side][:n]
    p = SIDES.index(mover)
    state.to_move = p
    state.first_turn = bool(data.get("first_turn", False))
    state.turns = [1, 1]
    default_ap = STATUE_AP if state.statue[p] is not None else state.columns_held(p)
    ap = data.get("ap_left", default_ap)
    if not isinstance(ap, int) or not 0 <= ap <= STATUE_AP:
        raise UsageError(f"ap_left: {ap!r}", field="ap_left", expected=f"action points 0-{STATUE_AP}")
    state.ap_total, state.ap_spent = ap, 0
    return state
