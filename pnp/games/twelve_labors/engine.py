"""The Twelve Labors as code: the turn, the four actions, resolving Labors, and the end.

Rules in brief (ids from cardsets/twelve-labors/rules.yaml):
* Each turn Iolaus puts a white die on the earliest unresolved Labor and scores 1 (turn.1).
* Every player secretly picks Wrestle, Research, Train or Assist (turn.2); each picked action is
  then done by everyone, in that order, the pickers getting a bonus (turn.3, actions.1-3).
* Wrestle sets a new turn order from cards shown (wrestle.*); Research draws cards (research.*);
  Train moves dice from reserve to active (train.*); Assist puts dice on Labors for 1 point each
  (assist.*).
* A full Labor is resolved: Hercules scores its black number, helpers roll their dice there plus
  3 optional wit cards of its colour, and the highest total above the Target scores the Target,
  else Hercules does (resolve.*). Then hands are cut to 12 (turn.5).
* The game ends when the last Labor is resolved; the player with most acclaim wins (end.1, gap.2,
  gap.3); the "beat the heroes" variant also requires beating Hercules and Iolaus.

The deck is a multiset of (colour, value) kinds: drawing is a chance node over the kinds left. A State
given an rng shuffles, draws and rolls for itself (the outcome base.sample_chance would draw from that rng,
from the same random numbers in the same order) and stops only at choices; without one, every shuffle,
draw and roll is a chance node.
Labor values and the deck come from cardsets/twelve-labors (one source of truth).
"""
from __future__ import annotations

import itertools
import random
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from pnp.errors import IllegalMove
from pnp.games.base import CHANCE, TERMINAL, sample_chance, sample_count
from pnp.cardset.rows import component_rows, copies

SLUG = "twelve-labors"
ACTIONS = ("wrestle", "research", "train", "assist")   # twelve-labors.turn.3: the order they are done
PLAYER_COLOURS = ("red", "blue", "green", "yellow", "purple")
DICE_PER_PLAYER = 10                                   # twelve-labors.components.2
ACTIVE_AT_START = 3                                    # twelve-labors.setup.2, gap.5
WHITE_DICE = 10                                        # twelve-labors.components.3
HAND_LIMIT = 12                                        # twelve-labors.turn.5
HERCULES_START, IOLAUS_START = 4, 3                    # twelve-labors.setup.4
DEAL = (1, 2, 3, 3, 3)                                 # twelve-labors.setup.6, gap.4 (5th seat)
MIN_PLAYERS, MAX_PLAYERS = 2, 5                        # twelve-labors.gap.4
_CHANCE_STEPS = frozenset(("order", "draw", "roll"))       # steps settled by a shuffle, draw or roll
IOLAUS = -1                                            # owner id of a white die
FACES = tuple(range(1, 7))                             # a die's faces, the order roll outcomes are listed in


def _running_totals(n: int) -> tuple[float, ...]:
    """The running totals sample_chance adds up over n outcomes of 1/n each (the same floats)."""
    out, acc = [], 0.0
    for _ in range(n):
        acc += 1 / n
        out.append(acc)
    return tuple(out)


_ROLL_UPTO = _running_totals(len(FACES))


def _lose(hand: Counter, kind: tuple[str, int]) -> None:
    """One card of `kind` leaves a hand; a kind no longer held is dropped from it."""
    left = hand[kind] - 1
    if left:
        hand[kind] = left
    else:
        del hand[kind]


@dataclass(frozen=True)
class Labor:
    """One Labor on the board: colour, die boxes, Target and black numbers (twelve-labors.labors.1)."""

    number: int
    name: str
    colour: str
    boxes: int
    target: int
    black: int
    resolved: bool          # resolved before play starts (description.1, gap.15)


@lru_cache(maxsize=None)
def board() -> tuple[Labor, ...]:
    """The 12 Labors in board order, read from the card set's board fields."""
    raw = component_rows(SLUG, "board")[0]["labors"]
    return tuple(Labor(int(r["number"]), str(r["name"]), str(r["colour"]), int(r["boxes"]), int(r["target"]),
                       int(r["black"]), bool(r["resolved"])) for r in raw)


@lru_cache(maxsize=None)
def deck() -> dict[tuple[str, int], int]:
    """Copies of each (colour, value) card kind in the 100-card deck (twelve-labors.components.4)."""
    out: Counter = Counter()
    for row in component_rows(SLUG, "deck"):
        out[(str(row["colour"]), int(row["value"]))] += copies(row)
    return dict(out)


@lru_cache(maxsize=None)
def kinds() -> tuple[tuple[str, int], ...]:
    """Every (colour, value) card kind of the deck, sorted: the order draw outcomes are listed in."""
    return tuple(sorted(deck()))


@lru_cache(maxsize=None)
def _place_moves() -> tuple[tuple[str, int], ...]:
    """The ("place", labor index) moves, one per Labor of the board (assist.1)."""
    return tuple(("place", i) for i in range(len(board())))


def colours() -> tuple[str, ...]:
    """The deck's colours, in card-set order."""
    return tuple(dict.fromkeys(c for c, _ in deck()))


# ---------------------------------------------------------------- pure rules (engine and judge)

def heroes_beaten(scores: list[int], hercules: int, iolaus: int) -> bool:
    """The "beat the heroes" variant's condition: the best player ends strictly above both markers (gap.2)."""
    return max(scores) > max(hercules, iolaus)


def performed(chosen) -> list[str]:
    """The actions carried out this turn, in their fixed order: only those someone picked (turn.3, actions.1)."""
    return [a for a in ACTIONS if a in set(chosen)]


def wrestle_order(order: list[str], chose: set[str], cards: dict[str, int | None]) -> list[str]:
    """New turn order after Wrestle: wrestlers first, each group by card high to low, ties by old order.

    twelve-labors.wrestle.2-5: no card (None) ranks below a 0 (gap.11).
    """
    ranked = []
    for i, p in enumerate(order):
        card = cards.get(p)
        ranked.append((p not in chose, -(card if card is not None else -1), i, p))
    ranked.sort()
    return [r[3] for r in ranked]


@dataclass(frozen=True)
class Helper:
    """A helper at a resolution: name, dice rolled on the Labor, wit cards laid (values)."""

    name: str
    dice: tuple[int, ...]
    cards: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """Roll plus wit cards (twelve-labors.resolve.4-5)."""
        return sum(self.dice) + sum(self.cards)


def helper_winner(target: int, helpers: list[Helper], order: list[str]) -> Helper | None:
    """The helper who helped Hercules: highest total above target; ties by turn order, Iolaus last.

    twelve-labors.resolve.6, gap.1. None when nobody is above the target (resolve.7).
    """
    rank, i = {}, 0
    for name in order:
        if name != "iolaus":                                              # gap.1: Iolaus is off the track
            rank[name], i = i, i + 1
    best, best_key = None, None
    for h in helpers:
        total = h.total
        if total > target:
            key = (-total, rank.get(h.name, len(order)))
            if best is None or key < best_key:
                best, best_key = h, key
    return best


def train_moves(chose: bool, reserve: int) -> int:
    """Dice moved from reserve to active: 2 for a picker, else 1, never more than the reserve (train.1-2, gap.14)."""
    return min(2 if chose else 1, max(reserve, 0))


# ---------------------------------------------------------------- the game state

class State:
    """A game of The Twelve Labors in progress (open_spiel shape).

    The pending step's legal actions (or chance outcomes) are worked out once, when first asked for,
    and serve legal_actions(), chance_outcomes() and the check in apply_action(); the engine forgets
    them whenever it leaves the step. Code that edits a position by hand edits it before the step is
    asked about, or puts a new step at the head of the queue.
    """

    def __init__(self, players: int = 4, beat_the_heroes: bool = False, rng: random.Random | None = None):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalMove(f"{players} players", expected=f"{MIN_PLAYERS} to {MAX_PLAYERS} players",
                              hint="twelve-labors.gap.4")
        self.n = players
        self.beat_the_heroes = beat_the_heroes                            # gap.2 variant
        self.labors = board()
        self._place = _place_moves()                                      # ("place", i) per Labor, made once
        self._kinds = kinds()                                             # the order draws are listed in
        self._names = {IOLAUS: "iolaus", **{p: PLAYER_COLOURS[p] for p in range(players)}}   # dice owners' names
        self.order: list[int] = list(range(players))
        self.hands = [Counter() for _ in range(players)]
        self.pile: Counter = Counter(deck())
        self.discard: Counter = Counter()
        self.faceup: list[tuple[str, int] | None] = [None] * players
        self.active = [ACTIVE_AT_START] * players
        self.reserve = [DICE_PER_PLAYER - ACTIVE_AT_START] * players
        self.dice_on: list[list[int]] = [[] for _ in self.labors]        # owners of dice per Labor
        self.resolved = [lab.resolved for lab in self.labors]
        self.score = [0] * players                                        # setup.3
        self.hercules, self.iolaus = HERCULES_START, IOLAUS_START         # setup.4
        self.white_free = WHITE_DICE
        self.turn = 0
        self.chosen: list[str | None] = [None] * players
        self.helped: list[tuple[int, str]] = []                           # (labor number, who helped)
        self._held: list[tuple[str, int]] = []                            # Research cards drawn, not kept yet
        self._shown: dict[int, tuple[str, int] | None] = {}
        self._wit: dict[int, tuple[int, ...]] = {}
        self._wit_colour = ""                                             # colour of the Labor being resolved
        self._rolls: dict[int, list[int]] = {}
        self.initial_order: list[int] = []
        self._queue: list[tuple] = [("order",)]
        self._over = False
        self._step_seen: tuple | None = None     # the step whose options are worked out below
        self._options: list = []                 # its legal actions, or its chance outcomes
        self.rng = rng                           # given: shuffles, draws and rolls are made inline from it
        self._advance()

    # ---- protocol
    def current_player(self) -> int:
        """Player to act, CHANCE or TERMINAL."""
        if self._over:
            return TERMINAL
        step = self._queue[0]
        return CHANCE if step[0] in _CHANCE_STEPS else step[1]

    def is_chance_node(self) -> bool:
        """True when the next step is a shuffle, a draw or a die roll."""
        return not self._over and self._queue[0][0] in _CHANCE_STEPS

    def is_terminal(self) -> bool:
        """True once the last Labor is resolved (twelve-labors.end.1)."""
        return self._over

    def chance_outcomes(self) -> list[tuple[object, float]]:
        """Outcomes of the pending shuffle, draw (card kinds by count) or die roll."""
        return list(self._current()) if self.is_chance_node() else []

    def legal_actions(self) -> list[object]:
        """Choices open to the player to act (empty at chance and terminal nodes)."""
        if self._over or self._queue[0][0] in _CHANCE_STEPS:
            return []
        return list(self._current())

    def _current(self) -> list:
        """The pending step's options (legal actions, or chance outcomes with probabilities), worked out
        once per step: the engine forgets them whenever it moves on (apply_action, _advance)."""
        step = self._queue[0]
        if step is not self._step_seen:
            self._options = self._outcomes(step) if step[0] in _CHANCE_STEPS else self._choices(step)
            self._step_seen = step
        return self._options

    def _possible_outcome(self, step: tuple, outcome) -> bool:
        """Whether `outcome` is among the step's chance outcomes; a draw is any card kind left in the pile."""
        if step[0] == "draw":
            try:
                return self.pile.get(outcome, 0) > 0
            except TypeError:                                             # an unhashable outcome is no card
                return False
        return any(o == outcome for o, _ in self._current())

    def sample_outcome(self, rng: random.Random):
        """The pending chance outcome drawn from rng: the one base.sample_chance(self, rng) draws (the same
        running totals in the same order); a draw walks the pile without listing the outcomes."""
        kind = self._queue[0][0]
        if kind == "draw":
            return sample_count(self.pile, self._kinds, rng)
        if kind == "roll":
            return FACES[min(bisect_right(_ROLL_UPTO, rng.random()), len(FACES) - 1)]
        return sample_chance(self, rng)

    def _outcomes(self, step: tuple) -> list[tuple[object, float]]:
        if step[0] == "order":                                             # setup.5
            perms = list(itertools.permutations(range(self.n)))
            return [(p, 1 / len(perms)) for p in perms]
        if step[0] == "draw":
            pile = self.pile
            total = sum(pile.values())
            return [(k, pile.get(k, 0) / total) for k in kinds() if pile.get(k)]
        return [(f, 1 / len(FACES)) for f in FACES]                        # roll

    def _choices(self, step: tuple) -> list[object]:
        kind, p = step[0], step[1]
        if kind == "choose":
            return list(ACTIONS)
        if kind == "show":
            return [("show", None)] + [("show", k) for k in sorted(self.hands[p]) if self.hands[p][k]]
        if kind == "keep":
            return [("discard", k) for k in sorted(set(self._held))] if len(self._held) == 3 else []
        if kind == "take":
            slots = [("take", i) for i, k in enumerate(self.faceup) if k is not None]
            return slots + ([("take", "pile")] if self._can_draw() else [])
        if kind in ("assist", "bonus"):
            if not self.active[p]:
                return []
            place = self._place
            opts = [place[i] for i in self._open_labors()]
            if kind == "bonus":
                opts.append(("pass",))
            return opts
        if kind == "wit":
            colour = self.labors[step[2]].colour
            values = []
            for (c, v), n in self.hands[p].items():
                if c == colour:
                    values += [v] * n
            values.sort()
            triples = sorted(set(itertools.combinations(values, 3)))
            return [("wit", None)] + [("wit", t) for t in triples] if triples else []
        if kind == "cut":
            return [("discard", k) for k in sorted(self.hands[p]) if self.hands[p][k]]
        raise AssertionError(kind)

    def apply_action(self, action) -> None:
        """Apply a player's choice or a chance outcome; an illegal one raises IllegalMove."""
        if self._over:
            raise IllegalMove("the game is over", hint="twelve-labors.end.1")
        step = self._queue[0]
        if step[0] in _CHANCE_STEPS:
            if not self._possible_outcome(step, action):
                raise IllegalMove(f"{action!r} is not a possible outcome here")
            self._forget()
            self._apply_chance(step, action)
        else:
            options = self._current()
            if action not in options:
                raise IllegalMove(f"{action!r} is not legal for player {step[1]} at step '{step[0]}'",
                                  expected=", ".join(map(repr, options[:8])))
            self.take(action)
            return
        self._advance()

    def take(self, action) -> None:
        """apply_action for a choice the pending step offers, without its check (the simulator's moves come
        from legal_actions())."""
        step = self._queue[0]
        self._forget()
        self._apply_choice(step, action)
        self._advance()

    def _forget(self) -> None:
        """Leave the pending step: pop it and drop its worked-out options."""
        self._queue.pop(0)
        self._step_seen = None

    def returns(self) -> list[float]:
        """+1 sole winner, 0 shared win, -1 others (gap.2, gap.3).

        In the "beat the heroes" variant everyone loses unless the best player is strictly above both markers.
        """
        if not self._over:
            return [0.0] * self.n
        best = max(self.score)
        if self.beat_the_heroes and not heroes_beaten(self.score, self.hercules, self.iolaus):   # gap.2
            return [-1.0] * self.n
        winners = [p for p in range(self.n) if self.score[p] == best]
        return [(1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0 for p in range(self.n)]

    # ---- helpers
    def cards_in_play(self) -> Counter:
        """Every card kind wherever it is: hands, pile, discard, face-up, held, shown and laid for wit."""
        total = Counter(self.pile) + self.discard + Counter(k for k in self.faceup if k) + Counter(self._held)
        total += Counter(k for k in self._shown.values() if k)
        for h in self.hands:
            total += h
        for p, vals in self._wit.items():
            total += Counter((self._wit_colour, v) for v in vals)
        return total

    def _can_draw(self) -> bool:
        return any(self.pile.values()) or any(self.discard.values())

    def _open_labors(self) -> list[int]:
        """Labors with a free box: unresolved and not full (assist.1)."""
        out, resolved, dice_on = [], self.resolved, self.dice_on
        for i, lab in enumerate(self.labors):
            if not resolved[i] and len(dice_on[i]) < lab.boxes:
                out.append(i)
        return out

    # ---- the flow: a queue of steps run until a choice or a chance outcome is needed
    def _advance(self) -> None:
        """Run the queue until a choice (or, without an rng, a chance outcome) is needed; given an rng, each
        shuffle, draw and roll is drawn inline, the outcome sample_chance draws from the same random number."""
        rng = self.rng
        while not self._over:
            queue = self._queue
            if not queue:
                self._start_turn()
                continue
            step = queue[0]
            kind = step[0]
            if kind == "draw":
                pile = self.pile
                if not any(pile.values()):
                    if any(self.discard.values()):                       # gap.10: reshuffle the discards
                        self.pile, self.discard = self.discard, Counter()
                        self._step_seen = None
                    else:
                        self._forget()                                    # gap.10: nothing to draw
                        continue
            elif kind == "do":
                self._forget()
                getattr(self, step[1])(*step[2:])
                continue
            elif kind not in _CHANCE_STEPS:                               # a choice: its options, once
                if step is not self._step_seen:
                    self._options, self._step_seen = self._choices(step), step
                if not self._options:                                     # nothing to choose: skip
                    self._forget()
                    continue
                return
            if rng is None:
                return
            outcome = self.sample_outcome(rng)                            # a chance step drawn inline
            self._forget()
            self._apply_chance(step, outcome)

    def _apply_chance(self, step: tuple, outcome) -> None:
        kind = step[0]
        if kind == "draw":
            self.pile[outcome] -= 1
            where = step[1]
            if where[0] == "hand":
                self.hands[where[1]][outcome] += 1
            elif where[0] == "faceup":
                self.faceup[where[1]] = outcome
            else:
                self._held.append(outcome)
        elif kind == "order":
            self.order = list(outcome)
            self.initial_order = list(outcome)
            for seat, p in enumerate(self.order):                         # setup.6
                self._queue += [("draw", ("hand", p))] * DEAL[seat]
            self._queue += [("draw", ("faceup", i)) for i in range(self.n)]   # setup.7
        elif kind == "roll":
            self._rolls.setdefault(step[1], []).append(outcome)

    def _apply_choice(self, step: tuple, action) -> None:
        kind, p = step[0], step[1]
        if kind == "choose":
            self.chosen[p] = action
        elif kind == "show":
            self._shown[p] = action[1]
            if action[1] is not None:
                _lose(self.hands[p], action[1])
        elif kind == "keep":                                              # research.2: discard 1 of 3
            self._held.remove(action[1])
            self.discard[action[1]] += 1
        elif kind == "take":                                              # research.2-3
            if action[1] == "pile":
                self._queue.insert(0, ("draw", ("hand", p)))
            else:
                self.hands[p][self.faceup[action[1]]] += 1
                self.faceup[action[1]] = None
                self._queue.insert(0, ("draw", ("faceup", action[1])))     # gap.23: always refilled
        elif kind in ("assist", "bonus"):
            if action[0] == "place":                                      # assist.1-2: a die, 1 point
                self.active[p] -= 1
                self.dice_on[action[1]].append(p)
                self.score[p] += 1
        elif kind == "wit":                                               # resolve.3
            if action[1] is not None:
                for v in action[1]:
                    _lose(self.hands[p], (self._wit_colour, v))
                self._wit[p] = action[1]
        elif kind == "cut":                                               # turn.5
            _lose(self.hands[p], action[1])
            self.discard[action[1]] += 1

    def _start_turn(self) -> None:
        self.turn += 1
        self.chosen = [None] * self.n
        self._queue = [("do", "_iolaus")]
        self._queue += [("choose", p) for p in range(self.n)]                # turn.2, gap.24: any action
        self._queue += [("do", "_reveal")]

    def _iolaus(self) -> None:
        """twelve-labors.turn.1: a white die on the earliest unresolved Labor (gap.22), and 1 point (gap.8)."""
        earliest = self.resolved.index(False)
        if self.white_free and len(self.dice_on[earliest]) < self.labors[earliest].boxes:
            self.dice_on[earliest].append(IOLAUS)
            self.white_free -= 1
        self.iolaus += 1

    def _reveal(self) -> None:
        """Queue the picked actions in their fixed order (turn.3, actions.1), then resolution."""
        steps: list[tuple] = []
        picked = set(performed(self.chosen))
        if "wrestle" in picked:
            steps += [("show", p) for p in self.order] + [("do", "_wrestle")]
        if "research" in picked:
            for p in self.order:                                           # research.1: in turn order
                if self.chosen[p] == "research":
                    steps += [("draw", ("held", p))] * 3 + [("keep", p), ("do", "_keep_held", p)]
                else:
                    steps += [("draw", ("hand", p))]
                steps += [("take", p)]
        if "train" in picked:
            steps += [("do", "_train")]
        if "assist" in picked:
            for p in self.order:
                steps += [("assist", p)] + ([("bonus", p)] if self.chosen[p] == "assist" else [])
        steps += [("do", "_resolve_full")]
        self._queue[0:0] = steps

    def _keep_held(self, p: int) -> None:
        """The Research cards not discarded go to the hand (research.2)."""
        for k in self._held:
            self.hands[p][k] += 1
        self._held = []

    def _wrestle(self) -> None:
        """twelve-labors.wrestle.2-6."""
        chose = {p for p in range(self.n) if self.chosen[p] == "wrestle"}
        cards = {p: (k[1] if k else None) for p, k in self._shown.items()}
        self.order = wrestle_order(self.order, chose, cards)
        for k in self._shown.values():
            if k:
                self.discard[k] += 1
        self._shown = {}

    def _train(self) -> None:
        """twelve-labors.train.1-2 (gap.14: the full allowance is moved)."""
        for p in range(self.n):
            m = train_moves(self.chosen[p] == "train", self.reserve[p])
            self.reserve[p] -= m
            self.active[p] += m

    def _resolve_full(self) -> None:
        """Resolve every full Labor in board order (turn.4, gap.6), then cut hands or end."""
        steps: list[tuple] = []
        resolved, dice_on = self.resolved, self.dice_on
        for i, lab in enumerate(self.labors):
            if not resolved[i] and len(dice_on[i]) == lab.boxes:
                steps.append(("do", "_start_resolution", i))
        steps += [("do", "_end_of_turn")]
        self._queue[0:0] = steps

    def _start_resolution(self, i: int) -> None:
        lab = self.labors[i]
        self.hercules += lab.black                                          # resolve.2
        self._wit, self._rolls, self._wit_colour = {}, {}, lab.colour
        owners = set(self.dice_on[i])
        steps: list[tuple] = [("wit", p, i) for p in self.order if p in owners]     # resolve.3
        steps += [("roll", owner) for owner in self.dice_on[i]]                     # resolve.4
        steps += [("do", "_finish_resolution", i)]
        self._queue[0:0] = steps

    def _finish_resolution(self, i: int) -> None:
        lab = self.labors[i]
        names = self._names
        helpers = [Helper(names[o], tuple(self._rolls.get(o, ())), tuple(self._wit.get(o, ())))
                   for o in dict.fromkeys(self.dice_on[i])]
        win = helper_winner(lab.target, helpers, [PLAYER_COLOURS[p] for p in self.order])
        if win is None:
            self.hercules += lab.target                                     # resolve.7
            self.helped.append((lab.number, "hercules"))
        elif win.name == "iolaus":
            self.iolaus += lab.target                                       # resolve.6
            self.helped.append((lab.number, "iolaus"))
        else:
            self.score[PLAYER_COLOURS.index(win.name)] += lab.target
            self.helped.append((lab.number, win.name))
        for p, vals in self._wit.items():                                   # gap.9: wit cards discarded
            for v in vals:
                self.discard[(lab.colour, v)] += 1
        self._wit, self._rolls = {}, {}
        for o in self.dice_on[i]:                                           # resolve.9 (gap.8 for white)
            if o == IOLAUS:
                self.white_free += 1
            else:
                self.reserve[o] += 1
        self.dice_on[i] = []
        self.resolved[i] = True                                             # resolve.8

    def _end_of_turn(self) -> None:
        if all(self.resolved):                                              # end.1, gap.20
            self._over = True
            self._queue = []
            return
        for p in self.order:                                                # turn.5
            extra = sum(self.hands[p].values()) - HAND_LIMIT
            self._queue += [("cut", p)] * max(extra, 0)


def max_turns() -> int:
    """An upper bound on turns: Iolaus fills at least one box a turn (turn.1)."""
    return sum(lab.boxes for lab in board() if not lab.resolved)
