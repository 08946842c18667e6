"""Rulings for The Twelve Labors (`pnp judge twelve-labors …`), computed with the engine's rule functions."""
from __future__ import annotations

from collections import Counter

from pnp.errors import UsageError
from pnp.games.twelve_labors.engine import (DICE_PER_PLAYER, IOLAUS, MAX_PLAYERS, MIN_PLAYERS, PLAYER_COLOURS,
                                            WHITE_DICE, Helper, State, board, deck, helper_winner, performed,
                                            train_moves, wrestle_order)
from pnp.judge.ruling import Ruling, make_ruling, weakest_basis
from pnp.names import resolve as resolve_name

GAME = "twelve-labors"
IOLAUS_NAME = "iolaus"


def card_values() -> tuple[int, int]:
    """Lowest and highest card value in the deck (twelve-labors.components.4)."""
    values = {v for _, v in deck()}
    return min(values), max(values)


def _int(text: str, what: str, lo: int, hi: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        value = None
    if value is None or not lo <= value <= hi:
        raise UsageError(f"{what} '{text.strip()}' is not a whole number from {lo} to {hi}",
                         field=what, expected=f"{lo}..{hi}")
    return value


def parse_helper(spec: str) -> Helper:
    """'red:5,3 cards:2,2,1' or 'iolaus:4,2' -> Helper; dice 1-6, wit cards exactly three of 0-2."""
    parts = spec.split()
    if not parts or ":" not in parts[0]:
        raise UsageError(f"helper '{spec}' is malformed", field="--helper",
                         expected="NAME:DICE[ cards:C,C,C], e.g. 'red:5,3 cards:2,2,1' or 'iolaus:4,2'")
    name, dice_text = parts[0].split(":", 1)
    name = name.strip().lower()
    if not name or name == "cards":
        raise UsageError(f"helper '{spec}' has no name", field="--helper", expected="a player colour or 'iolaus'")
    dice = tuple(_int(d, f"die of {name}", 1, 6) for d in dice_text.split(",") if d.strip())
    if not dice:
        raise UsageError(f"helper '{name}' has no dice on the Labor", field="--helper",
                         expected="at least one die value 1..6", hint="only helpers with a die there take part")
    cards: tuple[int, ...] = ()
    for extra in parts[1:]:
        key, _, vals = extra.partition(":")
        if key.lower() != "cards":
            raise UsageError(f"unknown part '{extra}' in helper '{name}'", field="--helper", expected="cards:C,C,C")
        cards = tuple(_int(v, f"card of {name}", *card_values()) for v in vals.split(",") if v.strip())
    if cards and name == IOLAUS_NAME:
        raise UsageError("Iolaus plays no wit cards", field="--helper", expected="iolaus:DICE",
                         hint="twelve-labors.resolve.3: only players lay cards")
    if cards and len(cards) != 3:
        raise UsageError(f"helper '{name}' laid {len(cards)} wit cards", field="--helper",
                         expected="exactly 3 cards of the Labor's colour, or none", hint="twelve-labors.gap.9")
    return Helper(name, dice, cards)


def _names(text: str, what: str) -> list[str]:
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if len(set(names)) != len(names):
        raise UsageError(f"{what} names a player twice: '{text}'", field=what, expected="each player once")
    return names


def labor_values(name: str) -> tuple[str, int, int]:
    """(name, target, black) of a Labor on the board, by forgiving name."""
    labors = {lab.name: lab for lab in board()}
    lab = labors[resolve_name("Labor", name, list(labors), field="--labor")]
    return lab.name, lab.target, lab.black


def _labors_for(target: int, black: int) -> list:
    """The Labors still to resolve that carry this Target and black number; none is an impossible set-up."""
    labors = [lab for lab in board() if (lab.target, lab.black) == (target, black)]
    live = [lab for lab in labors if not lab.resolved]
    if not live:
        known = ", ".join(f"{lab.name} {lab.target}/{lab.black}" for lab in board() if not lab.resolved)
        raise UsageError(f"no Labor left to resolve has Target {target} and black number {black}"
                         + (f" ({labors[0].name} is resolved before play starts)" if labors else ""),
                         field="--target/--black", expected=f"Target/black of a Labor still in play: {known}",
                         hint="twelve-labors.description.1, gap.15; or give --labor NAME")
    return live


def _check_setup(labors: list, hs: list[Helper]) -> None:
    """Refuse helpers a real resolution cannot have: unknown colours, dice that do not fill the Labor, no white
    die on the first Labor in play, wit cards that are not the Labor's colour or exceed the deck
    (twelve-labors.resolve.1-4, components.2-4, turn.1)."""
    unknown = [h.name for h in hs if h.name != IOLAUS_NAME and h.name not in PLAYER_COLOURS]
    if unknown:
        raise UsageError(f"'{unknown[0]}' is not a player colour", field="--helper",
                         expected=f"{', '.join(PLAYER_COLOURS)} or iolaus")
    dice = sum(len(h.dice) for h in hs)
    boxes = sorted({lab.boxes for lab in labors})
    if dice not in boxes:
        raise UsageError(f"{dice} dice on {labors[0].name}, which has {' or '.join(map(str, boxes))} die boxes",
                         field="--helper", expected="one die per box: a Labor is resolved when it is full",
                         hint="twelve-labors.turn.4")
    white = sum(len(h.dice) for h in hs if h.name == IOLAUS_NAME)
    if white > WHITE_DICE:
        raise UsageError(f"{white} white dice", field="--helper", expected=f"at most {WHITE_DICE}")
    laid = Counter(v for h in hs for v in h.cards)
    colours = {lab.colour for lab in labors}
    for value, n in laid.items():
        have = min(deck().get((c, value), 0) for c in colours)
        if n > have:
            raise UsageError(f"{n} wit cards of value {value}", field="--helper",
                             expected=f"at most {have} of the Labor's colour ({'/'.join(sorted(colours))})")
    first = next(lab for lab in board() if not lab.resolved)
    if not white and all(lab is first for lab in labors):
        raise UsageError(f"no white die on {first.name}, but Iolaus puts one on the earliest unresolved Labor "
                         f"before anyone acts on the first turn (twelve-labors.turn.1, twelve-labors.gap.22)",
                         field="--helper", expected="an 'iolaus:DICE' helper with at least one die",
                         hint="add Iolaus' dice, e.g. --helper 'iolaus:4'")


def resolve(target: int | None, black: int | None, helpers: list[str], order: str | None = None,
            labor: str | None = None) -> Ruling:
    """Who helped Hercules at a resolution, and who moves how far (twelve-labors.resolve.*).

    The Labor is named (labor) or known by its Target and black number."""
    if labor:
        name = labor_values(labor)[0]
        labors = [lab for lab in board() if lab.name == name]
        if labors[0].resolved:
            raise UsageError(f"{name} is resolved before play starts", field="--labor",
                             expected="a Labor still in play", hint="twelve-labors.description.1, gap.15")
        target, black = labors[0].target, labors[0].black
    else:
        labors = _labors_for(target, black)
    hs = [parse_helper(h) for h in helpers]
    names = [h.name for h in hs]
    if len(set(names)) != len(names):
        raise UsageError("a helper is given twice", field="--helper", expected="one --helper per player")
    _check_setup(labors, hs)
    players = [n for n in names if n != IOLAUS_NAME]
    turn_order = _names(order, "--order") if order else players
    if IOLAUS_NAME in turn_order:
        raise UsageError("Iolaus has no place on the turn order track", field="--order",
                         expected="player colours only", hint="twelve-labors.gap.1: he loses every tie to a player")
    missing = [n for n in players if n not in turn_order]
    if missing:
        raise UsageError(f"--order lacks {', '.join(missing)}", field="--order",
                         expected=f"every helping player: {', '.join(players)}")
    steps = [f"Hercules' black marker moves up {black} (the Labor's black number)."]
    cites = ["twelve-labors.resolve.2"]
    for h in hs:
        wit = f" + wit {'+'.join(map(str, h.cards))} = {sum(h.cards)}" if h.cards else ""
        steps.append(f"{h.name} rolls {'+'.join(map(str, h.dice))} = {sum(h.dice)}{wit}: total {h.total}.")
    cites += ["twelve-labors.resolve.4", "twelve-labors.resolve.5"]
    if any(h.cards for h in hs):
        cites.append("twelve-labors.resolve.3")
    above = [h for h in hs if h.total > target]
    winner = helper_winner(target, hs, turn_order)
    moves = {"hercules": black}
    basis = "stated"
    if winner is None:
        steps.append(f"No total is above the Target {target}: Hercules did it alone and also moves up {target}.")
        moves["hercules"] += target
        cites.append("twelve-labors.resolve.7")
    else:
        steps.append(f"Above the Target {target}: " + ", ".join(f"{h.name} ({h.total})" for h in above) + ".")
        tied = [h for h in above if h.total == winner.total]
        if len(tied) > 1:
            steps.append(f"Tie at {winner.total} between {', '.join(h.name for h in tied)}: the earliest in turn "
                         f"order ({', '.join(turn_order)}) wins; Iolaus loses ties to players.")
            cites.append("twelve-labors.gap.1")
            basis = weakest_basis(basis, "inferred")
        steps.append(f"{winner.name} helped Hercules and moves up {target} (the Target number).")
        moves[winner.name] = moves.get(winner.name, 0) + target
        cites.append("twelve-labors.resolve.6")
    steps.append("A Resolved tile covers the die boxes; every die goes back to its owner's reserve "
                 "(Iolaus' to his supply); wit cards are discarded.")
    cites += ["twelve-labors.resolve.8", "twelve-labors.resolve.9", "twelve-labors.gap.8", "twelve-labors.gap.9"]
    if labor:   # the Target and black number read from the project's board
        cites.append("twelve-labors.gap.15")
    helper = winner.name if winner else "hercules"
    verdict = {"helper": helper, "totals": {h.name: h.total for h in hs},
               "above_target": [h.name for h in above], "moves": moves}
    summary = (f"{helper} helped Hercules and moves up {target}; Hercules moves up {black}" if winner
               else f"Nobody beat the Target {target}: Hercules did it alone and moves up {black + target}")
    summary += ("; the Labor is resolved, every die goes back to its owner" +
                (" and the wit cards are discarded." if any(h.cards for h in hs) else "."))
    return make_ruling(GAME, "resolve", verdict=verdict, summary=summary, steps=steps, cites=cites, basis=basis)


def _card(text: str, who: str) -> int | None:
    t = text.strip().lower()
    if t in ("", "-", "none", "no"):
        return None
    return _int(t, f"card of {who}", *card_values())


def wrestle(order: str, chose: str, cards: str) -> Ruling:
    """The turn order after Wrestle (twelve-labors.wrestle.*)."""
    before = _names(order, "--order")
    if not before:
        raise UsageError("--order is empty", field="--order", expected="players in current turn order, e.g. 'red,blue'")
    if len(before) > MAX_PLAYERS:
        raise UsageError(f"--order names {len(before)} players, but the game has pieces for {MAX_PLAYERS} "
                         f"(twelve-labors.components.6, twelve-labors.gap.4)", field="--order",
                         expected=f"{MIN_PLAYERS} to {MAX_PLAYERS} players")
    wrestlers = set(_names(chose, "--chose")) if chose.strip() else set()
    shown: dict[str, int | None] = {p: None for p in before}
    for part in [c for c in cards.split(",") if c.strip()]:
        who, sep, value = part.partition(":")
        who = who.strip().lower()
        if not sep:
            raise UsageError(f"card '{part.strip()}' is malformed", field="--cards",
                             expected="NAME:VALUE or NAME:none, e.g. 'red:2,blue:0,green:none'")
        if who not in shown:
            raise UsageError(f"'{who}' is not in --order", field="--cards", expected=", ".join(before))
        shown[who] = _card(value, who)
    unknown = sorted(wrestlers - set(before))
    if unknown:
        raise UsageError(f"'{unknown[0]}' is not in --order", field="--chose", expected=", ".join(before))
    if "wrestle" not in performed(["wrestle"] if wrestlers else []):
        if any(v is not None for v in shown.values()):
            raise UsageError("cards are shown only when someone picked Wrestle", field="--cards",
                             expected="no --cards, or --chose naming the wrestlers", hint="twelve-labors.actions.1")
        return make_ruling(GAME, "wrestle", verdict={"performed": False, "order": before, "discarded": {}},
                           summary="Nobody picked Wrestle, so it is not done this turn: nobody shows a card and the "
                                   "turn order stays " + ", ".join(before) + ".",
                           steps=["Only the actions someone picked are carried out this turn.",
                                  "Nobody picked Wrestle: no cards are shown and the turn order does not change."],
                           cites=["twelve-labors.actions.1", "twelve-labors.turn.3"])
    after = wrestle_order(before, wrestlers, shown)

    def show(p):
        return "no card" if shown[p] is None else str(shown[p])
    steps = ["Everyone shows one card at once (or none)."]
    steps.append("Wrestlers first, highest card to lowest: " +
                 (", ".join(f"{p} ({show(p)})" for p in after if p in wrestlers) or "none") + ".")
    steps.append("Then the others, highest card to lowest: " +
                 (", ".join(f"{p} ({show(p)})" for p in after if p not in wrestlers) or "none") + ".")
    cites = ["twelve-labors.wrestle.1", "twelve-labors.wrestle.2", "twelve-labors.wrestle.3"]
    basis = "stated"
    if any(v is None for v in shown.values()):
        steps.append("No card ranks below a 0.")
        cites += ["twelve-labors.wrestle.4", "twelve-labors.gap.11"]
    groups = [(p in wrestlers, shown[p]) for p in before]
    if len(set(groups)) < len(groups):
        steps.append(f"Equal cards keep their old order ({', '.join(before)}).")
        cites.append("twelve-labors.wrestle.5")
    steps.append("The shown cards are discarded.")
    cites.append("twelve-labors.wrestle.6")
    verdict = {"performed": True, "order": after, "discarded": {p: v for p, v in shown.items() if v is not None}}
    gone = ", ".join(f"{p}'s {v}" for p, v in verdict["discarded"].items())
    return make_ruling(GAME, "wrestle", verdict=verdict,
                       summary="New turn order: " + ", ".join(after) + (f"; the shown cards ({gone}) are discarded."
                                                                         if gone else "; no card was shown."),
                       steps=steps, cites=cites, basis=basis)


def research_in_engine(chose: bool, take: str) -> tuple[int, int, int]:
    """(cards drawn from the pile first, cards discarded, net cards gained) when the engine carries out
    Research for the first player in turn order, who picked it or not, taking a face-up card or the pile."""
    state = State(2)
    state.order, state.chosen = [0, 1], ["research" if chose else "train", "research"]
    for i in range(2):                                   # two face-up cards, as after setup
        state.faceup[i] = next(k for k, n in sorted(state.pile.items()) if n)
        state.pile[state.faceup[i]] -= 1
    state._queue = [("do", "_reveal")]
    state._advance()
    drawn = discarded = 0
    while state._queue and (state._queue[0][1] == 0 if state._queue[0][0] in ("keep", "take")
                            else state._queue[0][0] == "draw" and state._queue[0][1][1] == 0):
        step = state._queue[0]
        if step[0] == "draw":
            drawn += 1
            state.apply_action(state.chance_outcomes()[0][0])
        elif step[0] == "keep":
            discarded += 1
            state.apply_action(state.legal_actions()[0])
        else:                                            # the last card: a face-up one, or one more off the pile
            slots = [a for a in state.legal_actions() if (a[1] == "pile") == (take != "faceup")]
            state.apply_action(slots[0])
            if state._queue[0] == ("draw", ("hand", 0)):
                state.apply_action(state.chance_outcomes()[0][0])
            break
    return drawn, discarded, sum(state.hands[0].values())


def research(chose: bool, take: str = "either") -> Ruling:
    """What a player draws in Research (twelve-labors.research.*)."""
    if take not in ("faceup", "pile", "either"):
        raise UsageError(f"--take '{take}'", field="--take", expected="faceup, pile or either")
    second = {"faceup": "take one face-up card (refilled from the draw pile)",
              "pile": "draw one more card from the draw pile",
              "either": "take one face-up card (refilled from the draw pile) or draw one more from the pile"}[take]
    drawn, discarded, gained = research_in_engine(chose, take)
    verdict = {"from_pile_first": drawn, "discarded": discarded, "then": take, "cards_gained": gained}
    if chose:
        steps = [f"Draw {drawn} cards from the draw pile.", f"Keep {drawn - discarded} of them and discard the "
                 f"other{'s' if discarded > 1 else ''}.", f"Then {second}."]
        cites = ["twelve-labors.research.1", "twelve-labors.research.2", "twelve-labors.actions.3"]
    else:
        steps = [f"Draw {drawn} card from the draw pile.", f"Then {second}."]
        cites = ["twelve-labors.research.1", "twelve-labors.research.3", "twelve-labors.actions.2"]
    steps.append("Players research one at a time in turn order, and only in a turn where someone picked Research.")
    steps.append("If the draw pile is empty, the discard pile is shuffled into a new one.")
    cites += ["twelve-labors.actions.1", "twelve-labors.gap.10"]
    summary = f"Net +{gained} cards" + (f" (draw {drawn}, discard {discarded}, then 1 more)" if chose else
                                        f" (draw {drawn}, then 1 more)")
    return make_ruling(GAME, "research", verdict=verdict, summary=summary, steps=steps, cites=cites)


def train(chose: bool, reserve: int = 7) -> Ruling:
    """How many dice move from reserve to active in Train (twelve-labors.train.*)."""
    if not 0 <= reserve <= DICE_PER_PLAYER:  # a player owns 10 dice (twelve-labors.components.2)
        raise UsageError(f"--reserve {reserve}", field="--reserve",
                         expected=f"0..{DICE_PER_PLAYER} dice in the reserve pool")
    moved = train_moves(chose, reserve)
    allowance = 2 if chose else 1
    steps = [f"{'Picked Train' if chose else 'Did not pick Train'}: move {'up to 2 dice' if chose else '1 die'} "
             f"from reserve to active.",
             f"The reserve holds {reserve}, so {moved} {'die moves' if moved == 1 else 'dice move'}.",
             "Training scores no acclaim."]
    cites = ["twelve-labors.train.1" if chose else "twelve-labors.train.2", "twelve-labors.actions.1"]
    basis = "stated"
    if moved < allowance:
        cites.append("twelve-labors.gap.14")
        basis = "inferred"
    verdict = {"dice_moved": moved, "points": 0, "reserve_left": reserve - moved}
    return make_ruling(GAME, "train", verdict=verdict, summary=f"{moved} {'die' if moved == 1 else 'dice'} to the active pool, 0 points",
                       steps=steps, cites=cites, basis=basis)


def assist_in_engine(chose: bool, active: int, open_boxes: int) -> tuple[int, int]:
    """(dice placed, bonus dice placed) when the engine runs one player's Assist step, and the bonus step if
    they picked Assist, with this active pool and this many empty boxes on unresolved Labors."""
    state = State(2)
    free = [(i, state.labors[i].boxes) for i in state._open_labors()]
    fill = sum(n for _, n in free) - min(open_boxes, sum(n for _, n in free))
    for i, n in free:                       # white dice take the boxes that are not to stay empty
        take = min(n, fill)
        state.dice_on[i] += [IOLAUS] * take
        fill -= take
    state.active[0], state.chosen[0] = active, "assist" if chose else "train"
    placed = []
    for kind in ("assist", "bonus") if chose else ("assist",):
        state._queue = [(kind, 0)]
        moves = [a for a in state.legal_actions() if a[0] == "place"]
        if moves:
            state._apply_choice(state._queue.pop(0), moves[0])
        placed.append(int(bool(moves)))
    return placed[0], (placed[1] if chose else 0)


def board_boxes() -> int:
    """Die boxes that can ever be empty: every row of the Labors not resolved before play starts
    (twelve-labors.labors.1; the Lion and the Hydra start resolved, twelve-labors.description.1, gap.15)."""
    return sum(labor.boxes for labor in board() if not labor.resolved)


def assist(chose: bool, active: int = 3, open_boxes: int | None = None) -> Ruling:
    """How many dice a player places in Assist and the points scored (twelve-labors.assist.*);
    open_boxes None: every box on the board still empty."""
    if not 0 <= active <= DICE_PER_PLAYER:  # a player owns 10 dice (twelve-labors.components.2)
        raise UsageError(f"--active {active}", field="--active", expected=f"0..{DICE_PER_PLAYER} dice in the active pool")
    top = board_boxes()
    open_boxes = top if open_boxes is None else open_boxes
    if not 0 <= open_boxes <= top:
        raise UsageError(f"--open {open_boxes} is more empty boxes than the board has (twelve-labors.labors.1)"
                         if open_boxes > top else f"--open {open_boxes}", field="--open",
                         expected=f"0..{top} empty die boxes: the rows of the Labors not resolved at the start "
                                  f"hold {top} in all")
    first, bonus = assist_in_engine(chose, active, open_boxes)
    steps = [f"In turn order, place {first} die from the active pool on an unresolved Labor: +{first}."
             if first else "No die can be placed (no active die or no empty box)."]
    cites = ["twelve-labors.assist.1", "twelve-labors.gap.13"]
    if chose:
        steps.append(f"Assist bonus: right after, {'may place a second die: +1 more' if bonus else 'no second die possible'}.")
        cites += ["twelve-labors.assist.2", "twelve-labors.gap.12"]
    verdict = {"dice_placed": first, "bonus_dice": bonus, "points": first + bonus}
    return make_ruling(GAME, "assist", verdict=verdict, summary=f"{first + bonus} {'die' if first + bonus == 1 else 'dice'} placed, {first + bonus} points",
                       steps=steps, cites=cites, basis="inferred")
