"""`pnp judge hera-zeus` rulings, computed by playing the situation through the engine (state.py)."""
from __future__ import annotations

import copy
import re

from pnp.errors import UsageError
from pnp.games.hera_zeus.cards import HERA, NEVER_CHALLENGE, SIDES, ZEUS, token_of
from pnp.games.hera_zeus.effects import STATUE_AP
from pnp.games.hera_zeus.opening import check_opening
from pnp.games.hera_zeus.position import OWN, empty_state, load_position, mirrored, take
from pnp.games.hera_zeus.moves import COLUMNS, ROWS, check_syntax
from pnp.games.hera_zeus.state import DEAL, OPENING, State
from pnp.judge.ruling import make_ruling

GAME = "hera-zeus"
_RULE_ID = re.compile(r"hera-zeus\.[a-z]+\.\d+")
PEGASUS_USES = ("hand", "front", "place")


def _ruling(situation, verdict, summary, steps, cites):
    cites = list(dict.fromkeys(cites))
    return make_ruling(GAME, situation, verdict=verdict, summary=summary, steps=steps, cites=cites)


def _tokens(text: str | None, what: str) -> list[str]:
    if not text or not str(text).strip():
        return []
    return [token_of(t) for t in re.split(r"[,\s]+", str(text).strip()) if t]


def _card(name: str, what: str) -> str:
    """Token of a card given as a strength, token or name; 'statue' is kept as is."""
    key = str(name).strip().lower()
    if key == "statue":
        return "statue"
    try:
        return token_of(key)
    except UsageError as exc:
        exc.field = what
        raise


def _column(text: str | None, whole: str | None = None) -> dict[str, list[str]]:
    """'attacker: 4, io; defender: argus' -> the cards behind each front card, front to back (for the side
    named by `whole`, the whole column)."""
    out = {"attacker": [], "defender": []}
    if not text:
        return out
    for part in str(text).split(";"):
        if not part.strip():
            continue
        if ":" not in part:
            raise UsageError(f"--column part '{part.strip()}' has no side", field="--column",
                             expected='"attacker: 4, io; defender: argus" (cards behind each front card)')
        side, cards = part.split(":", 1)
        side = side.strip().lower()
        if side not in out:
            raise UsageError(f"--column: unknown side '{side}'", field="--column", expected="attacker or defender")
        out[side] = _tokens(cards, "--column")
        if len(out[side]) > ROWS - (side != whole):
            raise UsageError(f"--column: {len(out[side])} cards " + ("in the striker's column" if side == whole else
                             f"behind the {side}'s front card"), field="--column",
                             expected=f"at most {ROWS - (side != whole)} (a column holds {ROWS})")
    return out


def _take(state, side: int, tokens: list[str], where: str) -> list[str]:
    """Cards for one side's column or hand, in order: first the side's own cards named exactly, then its own
    mirrored card (Argus for Io...), then the opponent's card itself (a Pegasus raid can put an opponent's
    card in one's column)."""
    out: list[str | None] = [None] * len(tokens)
    for choice, deck in ((lambda tok: tok, side), (lambda tok: mirrored(tok, side), side),
                         (lambda tok: tok, 1 - side)):
        for i, tok in enumerate(tokens):
            if out[i] is None:
                cid = next((c for c in state.pile[deck] if state.cards[c].token == choice(tok)), None)
                if cid is not None:
                    state.pile[deck].remove(cid)
                    out[i] = cid
    missing = [tok for tok, cid in zip(tokens, out) if cid is None]
    if missing:
        take(state, side, missing[0], where)    # raises the usual "too many" error
    return out


def _play(state, action) -> list[tuple[str, str]]:
    state.apply_action(action)
    return list(state.events)


def challenge(attacker: str, defender: str, column: str | None = None):
    """Rule a challenge: the outcome, the cards discarded, Pandora's wipe, and a game won or lost."""
    a, d = _card(attacker, "--attacker"), _card(defender, "--defender")
    behind = _column(column)
    cites = ["hera-zeus.challenge.1", "hera-zeus.challenge.3"]
    if a == "statue" or d == "statue":
        rule = "hera-zeus.statue.5" if d == "statue" else "hera-zeus.challenge.3"
        why = ("a statue, and the card behind it, cannot be challenged; only a Pegasus from the hand removes it"
               if d == "statue" else "a statue is not a card and never challenges")
        return _ruling("challenge", {"legal": False, "reason": why}, f"Not allowed: {why}.",
                       [why], cites + [rule, "hera-zeus.gap.4"])
    # The attacker plays Hera unless a Zeus-only attacker or a Hera-only defender says otherwise.
    p = ZEUS if OWN.get(a) == ZEUS or OWN.get(d) == HERA else HERA
    o = 1 - p
    state = empty_state()
    state.to_move = p
    state.field[p][0] = _take(state, p, [a] + behind["attacker"], "--attacker")
    state.field[o][0] = _take(state, o, [d] + behind["defender"], "--defender")
    A = state.cards[state.field[p][0][0]]
    for cid in state.field[p][0] + state.field[o][0]:
        if not state.cards[cid].placeable:
            raise UsageError(f"{state.cards[cid].name} cannot stand on the battlefield, so it is never in a challenge",
                             field="--attacker" if cid in state.field[p][0] else "--defender",
                             hint="spells are cast from the hand (hera-zeus.gap.7)")
    if A.kind in NEVER_CHALLENGE:
        why = f"{A.name} never challenges"
        return _ruling("challenge", {"legal": False, "reason": why}, f"Not allowed: {why}.", [why],
                       cites + ["hera-zeus.challenge.4"])
    steps = [f"The attacker plays {SIDES[p].capitalize()}, the defender {SIDES[o].capitalize()}"]
    if A.kind == "pegasus":
        steps.append("A Pegasus standing on the battlefield fights as a plain strength-1 card from the front row")
        cites += ["hera-zeus.pegasus.11", "hera-zeus.gap.13"]
    before = {q: list(state.field[q][0]) for q in (p, o)}
    events = _play(state, "challenge 1")
    steps += [text for text, _ in events]
    cites += [rule for _, rule in events]
    lost = {q: [state.cards[c].name for c in before[q] if c not in state.field[q][0]] for q in (p, o)}
    role = {p: "attacker", o: "defender"}
    if state.winner is not None:
        outcome = f"{role[state.winner]} wins the game"
    elif lost[p] and lost[o]:
        outcome = "column wiped" if state.cards[before[o][0]].kind == "pandora" else "tie"
    elif lost[o]:
        outcome = "attacker wins"
    else:
        outcome = "defender wins"
    verdict = {"legal": True, "outcome": outcome,
               "discarded": {"attacker": lost[p], "defender": lost[o]},
               "game": None if state.winner is None else {"winner": role[state.winner], "rule": state.end_rule}}
    summary = f"{A.name} challenges {state.cards[before[o][0]].name}: {outcome}."
    if lost[p] or lost[o]:
        summary += f" Discarded: {', '.join(lost[p] + lost[o])}."
    return _ruling("challenge", verdict, summary, steps, cites)


def pegasus(use: str, card: str | None = None, hand: str | None = None, column: str | None = None):
    """Rule one of Pegasus's three uses given the card drawn (hand), struck (front) or none (place)."""
    if use not in PEGASUS_USES:
        raise UsageError(f"unknown Pegasus use '{use}'", field="--use", expected=", ".join(PEGASUS_USES))
    if use == "place":
        return _ruling("pegasus", {"use": "place", "strength": 1, "ability": False},
                       "Placed face down, Pegasus is a strength-1 card with no special ability.",
                       ["Pegasus goes face down into a column like any card (costs one action point)",
                        "On the battlefield it counts strength 1 and has no ability; it challenges only from the "
                        "front row"],
                       ["hera-zeus.pegasus.11", "hera-zeus.place.1", "hera-zeus.gap.13"])
    if card is None:
        raise UsageError(f"--card is required for --use {use}", field="--card",
                         expected="the card drawn from the hand (hand) or struck (front): a strength 0-7 or a name")
    target = _card(card, "--card")
    state = empty_state()
    state.hand[HERA] = [take(state, HERA, "pegasus", "--use")]
    steps, cites = [], ["hera-zeus.pegasus.1"]
    if use == "hand":
        if target == "statue":
            raise UsageError("a statue is never in a hand", field="--card", expected="a card name or strength 0-7")
        state.hand[ZEUS] = _take(state, ZEUS, [target] + _tokens(hand, "--hand"), "--hand")
        drawn = state.hand[ZEUS][0]
        if len(state.hand[ZEUS]) > 12:
            raise UsageError(f"--hand: {len(state.hand[ZEUS])} cards", field="--hand", expected="a hand of at most 12")
        events = _play(state, "pegasus hand") + _play(state, drawn)
        C = state.cards[drawn]
        if state.winner is not None:
            outcome = "raider wins the game"
        elif state.phase == "put":
            outcome = "placed"
            events.append((f"The raider chooses any column of the opponent with room and no statue and puts "
                           f"{C.name} face up at its front (an empty column counts)", "hera-zeus.gap.8"))
        elif C.kind == "pandora":
            outcome = "hand discarded"
        else:
            outcome = "discarded"
        verdict = {"use": "hand", "card": C.token, "outcome": outcome,
                   "game": None if state.winner is None else {"winner": "raider", "rule": state.end_rule}}
        summary = f"Pegasus raid takes {C.name}: {outcome}."
    else:
        sides = _column(column, whole="attacker")
        behind = sides["defender"]
        # The striker's own cards in the struck column: Pandora's wipe takes them too (hera-zeus.gap.25).
        state.field[HERA][0] = _take(state, HERA, sides["attacker"], "--column")
        own = list(state.field[HERA][0])
        if target == "statue":
            state.field[ZEUS][0] = _take(state, ZEUS, behind or ["5"], "--column")
            state.statue[ZEUS] = 0
            name = "the statue"
        else:
            state.field[ZEUS][0] = _take(state, ZEUS, [target] + behind, "--card")
            if not state.cards[state.field[ZEUS][0][0]].placeable:
                raise UsageError(f"{state.cards[state.field[ZEUS][0][0]].name} never stands on the battlefield",
                                 field="--card", hint="Pegasus strikes a front-row card or a statue")
            name = state.cards[state.field[ZEUS][0][0]].name
        before = list(state.field[ZEUS][0])
        events = _play(state, "pegasus front 1")
        lost = [state.cards[c].name for c in before if c not in state.field[ZEUS][0]]
        own_lost = [state.cards[c].name for c in own if c not in state.field[HERA][0]]
        if state.winner is not None:
            outcome = ("striker wins the game" if state.winner == HERA else "striker loses the game")
        elif target == "statue":
            outcome = "statue removed"
        elif lost:
            outcome = "discarded"
        else:
            outcome = "stays face up"
        verdict = {"use": "front", "card": target, "outcome": outcome, "discarded": lost,
                   "striker_discarded": own_lost,
                   "game": None if state.winner is None else
                   {"winner": "striker" if state.winner == HERA else "opponent", "rule": state.end_rule}}
        summary = f"Pegasus strikes {name}: {outcome}."
        if lost or own_lost:
            summary += f" Discarded: {', '.join(lost + own_lost)}."
        cites += ["hera-zeus.pegasus.7"]
    steps += [t for t, _ in events]
    cites += [r for _, r in events]
    if use == "hand":
        cites += ["hera-zeus.pegasus.2"]
    return _ruling("pegasus", verdict, summary, steps, cites)


def actions(columns: int, statue: bool = False):
    """Rule the action points for a turn that starts with `columns` columns held, with or without the statue."""
    if not 0 <= columns <= COLUMNS:
        raise UsageError(f"--columns {columns} is out of range", field="--columns", expected=f"0-{COLUMNS}")
    if statue and columns == 0:
        raise UsageError("a standing statue always has a card behind it, so at least 1 column is held",
                         field="--columns", expected=f"1-{COLUMNS} with --statue")
    state = empty_state()                      # the engine starts Hera's turn with these columns held
    for c in range(columns):
        state.field[HERA][c] = [take(state, HERA, "5", "--columns")]
    state.statue[HERA] = 0 if statue else None
    state.turns[HERA] = 1
    state._start_turn(HERA)
    ap = state.ap_total
    if statue:
        steps = [f"The player's statue stands, so the turn has {ap} action points whatever the columns"]
        cites = ["hera-zeus.flow.3", "hera-zeus.statue.8"]
    elif state.winner is not None:
        return _ruling("actions", {"action_points": 0, "loses": True},
                       "No column held at the start of the turn: no action points, and the player loses.",
                       ["A player without cards in any column at the start of the turn has no action points",
                        "and loses the game; the opponent wins"],
                       ["hera-zeus.flow.6", "hera-zeus.end.3"])
    else:
        steps = [f"One action point per column held at the start of the turn: {ap}"]
        cites = ["hera-zeus.flow.2"]
    steps += ["Every point must be spent (draw, place, challenge or cast, one point each); none carry over",
              f"Playing the Hera or Zeus card costs nothing and gives {STATUE_AP} points this turn"]
    cites += ["hera-zeus.flow.4", "hera-zeus.flow.5", "hera-zeus.statue.1"]
    return _ruling("actions", {"action_points": ap, "loses": False},
                   f"{ap} action point{'s' if ap != 1 else ''} this turn, every one to be spent.", steps, cites)


def setup(hand: str):
    """Rule which cards of a dealt starting hand must be put back and replaced."""
    tokens = _tokens(hand, "--hand")
    if len(tokens) != DEAL:
        raise UsageError(f"--hand has {len(tokens)} cards", field="--hand", expected=f"the {DEAL} cards dealt")
    sides = {OWN[t] for t in tokens if t in OWN}
    if len(sides) > 1:
        raise UsageError("--hand mixes Hera-only and Zeus-only cards", field="--hand",
                         expected="a hand dealt from one deck (Io, Nemesis, Amazon, Hera or Argus, Poseidon, Hero, Zeus)")
    side = sides.pop() if sides else HERA
    state = empty_state()
    ids = _take(state, side, tokens, "--hand")
    own = [c for c in ids if state.cards[c].side == side]
    if len(own) < len(ids):
        raise UsageError(f"--hand has more copies of a card than {SIDES[side].capitalize()}'s deck holds",
                         field="--hand", hint="see the deck list in 'pnp docs hera-zeus'")
    back = [state.cards[c].name for c in ids if state.cards[c].kind == "hostage"]
    placeable = sum(1 for c in ids if state.cards[c].placeable and state.cards[c].kind != "hostage")
    steps, cites = [], ["hera-zeus.setup.3", "hera-zeus.setup.4"]
    if back:
        steps += [f"{back[0]} is the hostage: shuffle it back into the draw pile and draw a replacement",
                  "If the replacement is the hostage again, repeat: the opening hand never holds it"]
        cites.append("hera-zeus.gap.11")
    else:
        steps.append("No hostage in the hand: keep all nine cards")
    steps.append(f"The hand holds {placeable} card(s) that may be placed; three go face down at the front of "
                 f"each column before the first turn")
    cites.append("hera-zeus.battlefield.1")
    if placeable < OPENING:
        steps.append(f"With fewer than {OPENING} placeable cards, place as many as possible")
        cites.append("hera-zeus.gap.30")
    verdict = {"put_back": back, "replace": len(back), "placeable": placeable}
    summary = (f"Put back {back[0]} and draw a replacement." if back else "Keep the hand: no hostage in it.")
    return _ruling("setup", verdict, summary, steps, cites)


def legal(position, move: str):
    """Rule whether a move is legal in a position (a file's path, or a State read from text), and why not;
    for a legal move, what it does."""
    state = position if isinstance(position, State) else load_position(position)
    check_opening(state)
    check_syntax(move)
    why = state.why_illegal(move)
    if why is not None:
        cites = _RULE_ID.findall(why) or ["hera-zeus.flow.4"]
        return _ruling("legal", {"legal": False, "reason": why}, f"Illegal: {why}.",
                       [f"{SIDES[state.to_move].capitalize()} to move with {state.ap_left()} action point(s) left", why],
                       cites)
    trial = copy.deepcopy(state)
    events = _play(trial, move)
    steps = [f"{SIDES[state.to_move].capitalize()} to move with {state.ap_left()} action point(s) left",
             f"'{move}' is legal"] + [t for t, _ in events]
    if trial.is_chance_node():
        steps.append("A card is then taken at random (draw or Pegasus raid)")
    cites = [r for _, r in events] or ["hera-zeus.flow.4"]
    verdict = {"legal": True, "reason": None,
               "game": None if trial.winner is None else {"winner": SIDES[trial.winner], "rule": trial.end_rule}}
    what = "; ".join(t for t, _ in events[:2]) or "it is made"
    won = f"; {SIDES[trial.winner].capitalize()} wins the game" if trial.winner is not None else ""
    return _ruling("legal", verdict, f"Legal: '{move}': {what}{won}.", steps, cites)


