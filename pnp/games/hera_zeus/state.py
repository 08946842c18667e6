"""The Hera and Zeus duel as an open_spiel-shaped State: setup, chance, the flow of turns, hidden hands.

Players: 0 = Hera, 1 = Zeus. Columns and rows are numbered from 1 in actions (front row = 1).
Player actions are strings (see `moves.ACTION_FORMS`); chance outcomes are card ids (a draw, a deal, or
the card a Pegasus raid takes). What each move does is effects.Effects; which moves are legal,
legality.Legality; which are worth checking, moves.MoveLists. Every rule cites its statement or gap id in
cardsets/hera-zeus/.
"""
from __future__ import annotations

from pnp.errors import IllegalMove, UsageError
from pnp.games.base import CHANCE, TERMINAL, pick_index
from pnp.games.hera_zeus.cards import HERA, SIDES, ZEUS, Card, all_cards, deck
from pnp.games.hera_zeus.effects import EFFECTS, NAMES, STATUE_AP, Effects
from pnp.games.hera_zeus.legality import Legality
from pnp.games.hera_zeus.moves import COLUMNS, MOVES, SURE, MoveLists, parse_move

DEAL = 9                      # hera-zeus.setup.3
OPENING = 3                   # hera-zeus.battlefield.1


class State(Effects, MoveLists, Legality):
    """A game of Hera and Zeus in progress (see the module docstring for action forms); its move lists are
    moves.MoveLists, its legality checks legality.Legality, each move's effect effects.Effects."""

    def __init__(self, first: int = HERA, *, deal: bool = True, rng=None, notes: bool | None = None):
        self.cards: dict[str, Card] = all_cards()
        self.first = first                                   # hera-zeus.flow.1 (Hera by default)
        self.pile = [deck(HERA), deck(ZEUS)]
        self.hand: list[list[str]] = [[], []]
        self.field: list[list[list[str]]] = [[[] for _ in range(COLUMNS)] for _ in range(2)]
        self.statue: list[int | None] = [None, None]         # column (0-based) of the standing statue
        self.discard: list[list[str]] = [[], []]             # bottom .. top
        self.face_up: set[str] = set()
        self.known: list[set[str]] = [set(), set()]          # opponent cards each player has seen
        self.turns = [0, 0]
        self.to_move = HERA
        self.ap_total = 0
        self.ap_spent = 0
        self.first_turn = False
        self.phase = "deal" if deal else "turn"
        self.chance: tuple[str, int] | None = ("deal", HERA) if deal else None
        self.pending: dict = {}
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.end_rule: str | None = None
        # The last action's notes (rule id, text, format args) that `events` reads; kept unless notes is False,
        # by default only without an rng (the simulator's States are never asked for them).
        self._log: list[tuple] | None = [] if (rng is None if notes is None else notes) else None
        self.steps = 0
        self._hands: list[list] = [[None], [None]]           # per player: the hand's index (see _indexed)
        # Given an rng (a random.Random), the game deals, draws and raids from it at once, each card the one
        # self.sample_chance(rng) would pick (the same random numbers in the same order), so it stops only at
        # decisions; without one, each of those is a chance node.
        self.rng = rng
        self._listed: tuple[int, list] | None = None         # (steps, candidates) _has_legal built for moves()
        self.drawable = -1                                   # the step at which _has_legal last found a draw legal
        if self.chance and rng is not None:
            self._draw_inline()
            self._settle()

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        """Player to act, CHANCE at a chance node, TERMINAL when over."""
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.chance else self.to_move

    def is_chance_node(self) -> bool:
        """True while a card is being dealt, drawn or taken at random."""
        return self.winner is None and self.chance is not None

    def is_terminal(self) -> bool:
        """True once someone has won."""
        return self.winner is not None

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 each while unfinished."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (HERA, ZEUS)]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Equally likely card ids for the pending deal, draw or Pegasus raid."""
        if not self.is_chance_node():
            return []
        pool = self._chance_pool()
        return [(c, 1.0 / len(pool)) for c in sorted(pool)]

    def _chance_pool(self) -> list[str]:
        """The card ids the pending chance event picks from, each equally likely (in no set order)."""
        what, p = self.chance
        if what == "raid":
            return self.hand[1 - p]                          # hera-zeus.pegasus.2: at random
        if what == "deal":
            return [c for c in self.pile[p] if self._dealt(c)]
        return self.pile[p]

    def _dealt(self, card: str) -> bool:
        """Whether a card may be dealt into the opening hand: the hostage is not (hera-zeus.gap.11)."""
        return self.cards[card].kind != "hostage"

    def sample_chance(self, rng) -> str:
        """One chance outcome drawn uniformly with rng (what chance_outcomes() offers, equally likely)."""
        return self._sample(rng)[0]

    def _sample(self, rng) -> tuple[str, int]:
        """sample_chance's outcome and its index in the list it is drawn from: the chance pool, or for a deal the
        pile (what may not be dealt is drawn again)."""
        what, p = self.chance
        deal = what == "deal"
        pool = self._chance_pool() if what == "raid" else self.pile[p]
        while True:                                          # a deal rejects what may not be dealt: uniform
            i = pick_index(len(pool), rng)                   # base.pick's one draw (rng.choice costs a few calls)
            card = pool[i]
            if not deal or self._dealt(card):
                return card, i

    def legal_actions(self) -> list[str]:
        """The current player's legal moves (empty at chance and terminal nodes)."""
        if self.winner is not None or self.chance:
            return []
        why = self._why
        return [" ".join(m) for m in self._candidates() if why(m) is None]

    def moves(self) -> list[tuple[str, ...]]:
        """Every move worth checking now, as parsed word tuples: a superset of legal_actions(), for policies
        that check only the moves they consider (is_legal) and play one with apply_legal."""
        return list(map(MOVES.__getitem__, self.move_codes()))

    def move_codes(self) -> list[int]:
        """moves() as codes (see MOVES), for policies that keep per-move facts in lists indexed by code."""
        if self.winner is not None or self.chance:
            return []
        listed = self._listed
        if listed is not None:                               # built by _has_legal since the last action?
            self._listed = None
            if listed[0] == self.steps:
                return listed[1]
        return self._codes()

    def is_legal(self, move: tuple[str, ...]) -> bool:
        """Whether a parsed move (from moves() or parse_move) is legal now; the same check as apply_action."""
        return self.winner is None and not self.chance and self._why(move) is None

    def _has_legal(self) -> bool:
        """Whether the player to move in a turn with action points left has a legal move."""
        p = self.to_move
        if self._why_draw(p, 1 - p, ()) is None:              # a draw: the usual answer
            self.drawable = self.steps                       # still legal until the next action
            return True
        return self._any_listed_legal()

    def _any_listed_legal(self) -> bool:
        """Whether any of the listed candidates is legal now (_has_legal when a draw is not)."""
        why, codes = self._why, self._codes()
        self._listed = (self.steps, codes)                   # move_codes() hands them to the next decision
        return any(SURE[k] or why(MOVES[k]) is None for k in codes)   # an action point is left

    def apply_action(self, action: str) -> None:
        """Apply a move or chance outcome; raises IllegalMove naming the broken rule."""
        try:
            if self.winner is not None:
                raise IllegalMove("the game is over", hint=f"{SIDES[self.winner]} won ({self.end_reason})")
            if self.chance:
                if action not in self._chance_pool():
                    raise IllegalMove(f"'{action}' is not a possible chance outcome here",
                                      expected="a card id from chance_outcomes()")
                move = action
            else:
                try:
                    move = parse_move(action)
                except UsageError as exc:
                    raise IllegalMove(f"illegal move '{action}': {exc.one_line()}") from None
                why = self._why(move)
                if why is not None:
                    raise IllegalMove(f"illegal move '{action}': {why}")
        except IllegalMove:
            if self._log is not None:
                self._log = []                               # a refused action still counts as a step
            self.steps += 1
            raise
        self.apply_legal(move)

    def apply_legal(self, move: tuple[str, ...] | str) -> None:
        """Apply a move already found legal (a parsed move that is_legal() accepted, or a card id from
        the chance pool) without checking it again; apply_action is the checked way in."""
        if self._log is not None:
            self._log = []
        self.steps += 1
        if self.chance:
            self._resolve_chance(move)
        elif self.phase == "turn":
            p = self.to_move
            if move[0] != "statue":
                self.ap_spent += 1                           # hera-zeus.flow.4
            EFFECTS[move[0]](self, p, 1 - p, move)
        else:
            self._do(move)
        if self.chance and self.rng is not None:
            self._draw_inline()
        self._settle()

    def _draw_inline(self) -> None:
        """Resolve the pending chance events with the state's rng, each outcome as sample_chance draws it."""
        rng = self.rng
        while self.chance:
            self.steps += 1
            card, i = self._sample(rng)
            self._resolve_chance(card, i)

    # ------------------------------------------------------------------ helpers
    def slots(self, p: int, c: int) -> int:
        """Places taken in a column: its cards plus a standing statue."""
        return len(self.field[p][c]) + (1 if self.statue[p] == c else 0)

    def front(self, p: int, c: int) -> str | None:
        """What stands in a column's front place: a card id, 'statue', or None."""
        if self.statue[p] == c:
            return "statue"
        return self.field[p][c][0] if self.field[p][c] else None

    def columns_held(self, p: int) -> int:
        """Columns with at least one of p's cards (hera-zeus.flow.2)."""
        return sum(map(bool, self.field[p]))

    def ap_left(self) -> int:
        """Action points the player to move still has to spend."""
        return self.ap_total - self.ap_spent

    @property
    def events(self) -> list[tuple[str, str]]:
        """What the last action did: (text, rule id) pairs, in order (the texts are written when asked; none
        when the State keeps no notes)."""
        if self._log is None:
            return []
        return [(text.format(*args) if args else text, rule) for rule, text, args in self._log]

    def _note(self, text: str, rule: str, *args) -> None:
        """Log what an action did, if notes are kept: text, a str.format template when args are given, and
        its rule id. (The most frequent notes check self._log first, to save the call.)"""
        if self._log is not None:
            self._log.append((rule, text, args))

    def _end(self, winner: int, reason: str, rule: str) -> None:
        if self.winner is None:
            self.winner, self.end_reason, self.end_rule = winner, reason, rule
            self.phase = "over"
            self.chance = None
            self._note("{} wins: {}", rule, NAMES[winner], reason)

    # ------------------------------------------------------------------ flow
    def _resolve_chance(self, card: str, at: int | None = None) -> None:
        """The pending chance event's outcome: a card (at this index of the list it is drawn from, if known)."""
        what, p = self.chance
        self.chance = None
        if what == "raid":
            self._raid(p, card)
            return
        if at is None:
            self.pile[p].remove(card)
        else:
            del self.pile[p][at]
        self._give(p, card)
        if what == "deal":
            if self._log is not None:                        # (a check that saves a call where notes are frequent)
                self._note("{} is dealt a card", "hera-zeus.setup.3", NAMES[p])
            if len(self.hand[p]) < DEAL:
                self.chance = ("deal", p)
            elif p == HERA:
                self.chance = ("deal", ZEUS)
            else:
                self.phase, self.to_move = "opening", HERA
                self._skip_empty_opening()
        elif self._log is not None:
            self._note("{} draws a card", "hera-zeus.draw.1", NAMES[p])

    def _skip_empty_opening(self) -> None:
        """Move the opening on when the player to place has filled 3 columns or has nothing placeable (gap 30)."""
        while self.phase == "opening":
            p = self.to_move
            done = self.columns_held(p) >= OPENING
            if not done and any(self.cards[c].placeable for c in self.hand[p]):
                return
            if p == HERA:
                self.to_move = ZEUS
            else:
                self.phase = "turn"
                self._start_turn(self.first)

    def _start_turn(self, p: int) -> None:
        self.to_move = p
        self.phase = "turn"
        held = self.columns_held(p)
        if not held:
            self._end(1 - p, f"{SIDES[p].capitalize()} starts a turn with no cards on the battlefield", "hera-zeus.end.3")
            return
        if self.statue[p] is not None:
            self.ap_total = STATUE_AP                         # hera-zeus.statue.8
        else:
            self.ap_total = held                              # hera-zeus.flow.2, hera-zeus.gap.14
        self.ap_spent = 0
        self.first_turn = self.turns[p] == 0                  # hera-zeus.attack.2, hera-zeus.gap.12
        self.turns[p] += 1

    def _settle(self) -> None:
        """End the turn when the points are spent; a player who cannot spend them loses (end.2)."""
        if self.chance or self.phase != "turn":               # (a won game's phase is "over")
            return
        if self.ap_left() <= 0:
            self._start_turn(1 - self.to_move)               # hera-zeus.flow.5
            if self.winner is not None:
                return
        p = self.to_move
        if not self._has_legal():
            self._end(1 - p, f"{SIDES[p].capitalize()} cannot spend the action points left", "hera-zeus.end.2")

    def _do(self, m: tuple[str, ...]) -> None:
        """A move outside the turn phase (turn moves are applied by apply_legal)."""
        p, o = self.to_move, 1 - self.to_move
        verb, args = m[0], m[1:]
        if self.phase == "opening":
            card = self._in_hand(p, args[0])
            self._take(p, card)
            self.field[p][self._col(args[1])].insert(0, card)
            self._note("{} opens column {} face down", "hera-zeus.battlefield.1", NAMES[p], args[1])
            self._skip_empty_opening()
            return
        if self.phase == "put":
            self._put(o, self._col(args[0]))
            return
        if self.phase == "order":
            self._top(args[0])
            return
        self._rearrange(p, verb, args)                         # the rearrange phase

    # ------------------------------------------------------------------ views
    def view(self, player: int) -> dict:
        """What one player can see: own hand and field, the opponent's open or known cards (gap 31)."""
        o = 1 - player

        def shown(card: str, mine: bool) -> str:
            C = self.cards[card]
            if mine or card in self.face_up or card in self.known[player]:
                return C.token + ("*" if card in self.face_up else "")
            return "?"

        def side(q: int) -> dict:
            mine = q == player
            return {
                "hand": sorted(self.cards[c].token for c in self.hand[q]) if mine
                else sorted((self.cards[c].token if c in self.known[player] else "?") for c in self.hand[q]),
                "field": [(["statue"] if self.statue[q] == c else []) + [shown(x, mine) for x in self.field[q][c]]
                          for c in range(COLUMNS)],
                "discard": [self.cards[c].token for c in self.discard[q]],
                "pile": len(self.pile[q]),
            }
        return {"player": SIDES[player], "to_move": SIDES[self.to_move], "phase": self.phase,
                "ap_left": self.ap_left() if self.phase == "turn" else None,
                SIDES[player]: side(player), SIDES[o]: side(o),
                "winner": SIDES[self.winner] if self.winner is not None else None}

    def locations(self) -> dict[str, int]:
        """How many places each card id is in (for invariant checks: always exactly one)."""
        count: dict[str, int] = {}
        for q in (HERA, ZEUS):
            for group in [self.pile[q], self.hand[q], self.discard[q], *self.field[q]]:
                for c in group:
                    count[c] = count.get(c, 0) + 1
        return count
