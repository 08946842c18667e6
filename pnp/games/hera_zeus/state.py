"""The Hera and Zeus duel as an open_spiel-shaped State: setup, turns, challenges, spells, hidden hands.

Players: 0 = Hera, 1 = Zeus. Columns and rows are numbered from 1 in actions (front row = 1).
Player actions are strings (see `moves.ACTION_FORMS`); chance outcomes are card ids (a draw, a deal, or
the card a Pegasus raid takes). Every rule cites its statement or gap id in cardsets/hera-zeus/.
"""
from __future__ import annotations

from pnp.errors import IllegalMove, UsageError
from pnp.games.base import CHANCE, TERMINAL, pick_index
from pnp.games.hera_zeus.cards import HERA, SIDES, ZEUS, Card, all_cards, deck
from pnp.games.hera_zeus.legality import HAND_LIMIT, Legality
from pnp.games.hera_zeus.moves import COLUMNS, MOVES, SURE, MoveLists, parse_move

DEAL = 9                      # hera-zeus.setup.3
OPENING = 3                   # hera-zeus.battlefield.1
STATUE_AP = 4                 # hera-zeus.flow.3, hera-zeus.statue.1


class State(MoveLists, Legality):
    """A game of Hera and Zeus in progress (see the module docstring for action forms); its move lists are
    moves.MoveLists, its legality checks legality.Legality."""

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
            _EFFECTS[move[0]](self, p, 1 - p, move)
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
            self._note("{} wins: {}", rule, _NAMES[winner], reason)

    def _discard_from_field(self, p: int, c: int, card: str) -> None:
        self.field[p][c].remove(card)                        # hera-zeus.challenge.8: column closes up
        self.face_up.discard(card)
        self.discard[p].append(card)                         # hera-zeus.gap.19: controller's pile

    def _discard_from_hand(self, p: int, card: str) -> None:
        self._take(p, card)
        self.discard[p].append(card)                         # hera-zeus.cast.1, hera-zeus.gap.19

    # ------------------------------------------------------------------ effects
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
                self._note("{} is dealt a card", "hera-zeus.setup.3", _NAMES[p])
            if len(self.hand[p]) < DEAL:
                self.chance = ("deal", p)
            elif p == HERA:
                self.chance = ("deal", ZEUS)
            else:
                self.phase, self.to_move = "opening", HERA
                self._skip_empty_opening()
        elif self._log is not None:
            self._note("{} draws a card", "hera-zeus.draw.1", _NAMES[p])

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
            self._note("{} opens column {} face down", "hera-zeus.battlefield.1", _NAMES[p], args[1])
            self._skip_empty_opening()
            return
        if self.phase == "put":
            self._put(o, self._col(args[0]))
            return
        if self.phase == "order":
            self._top(args[0])
            return
        self._rearrange(p, verb, args)                         # the rearrange phase

    def _do_draw(self, p, o, move) -> None:
        self.chance = ("draw", p)                              # hera-zeus.draw.1

    def _do_place(self, p, o, move) -> None:
        card, c, row = self._in_hand(p, move[1]), self._col(move[2]), int(move[3])
        self._take(p, card)
        index = row - (2 if self.statue[p] == c else 1)
        self.field[p][c].insert(index, card)                   # hera-zeus.place.1, hera-zeus.place.2
        if self._log is not None:
            self._note("{} places a card face down in column {}, row {}", "hera-zeus.place.1", _NAMES[p], c + 1, row)

    def _do_challenge(self, p, o, move) -> None:
        self.challenge(p, self._col(move[1]))

    def challenge(self, p: int, c: int) -> None:
        """Resolve p's front card in column c challenging the opponent's front card there."""
        o = 1 - p
        a, d = self.field[p][c][0], self.field[o][c][0]
        A, D = self.cards[a], self.cards[d]
        self.face_up |= {a, d}                                 # hera-zeus.challenge.5, hera-zeus.gap.18
        self.known[p].add(d)
        self.known[o].add(a)
        if self._log is not None:
            self._note("{} challenges {} in column {}; both are turned face up", "hera-zeus.challenge.5", A.name,
                       D.name, c + 1)
        if D.kind == "hostage":
            self._end(p, f"{A.name} challenged the hostage {D.name}", "hera-zeus.end.4")
        elif D.kind == "pandora":
            self._pandora(p, c)
        elif D.kind == "medusa":
            if A.kind == "hero":
                self._discard_from_field(o, c, d)
                self._note("{} defeats Medusa: Medusa is discarded, {} stays", "hera-zeus.medusa.2", A.name, A.name)
            else:
                self._discard_from_field(p, c, a)
                self._note("{} is turned to stone and discarded; Medusa stays", "hera-zeus.medusa.1", A.name)
        elif A.kind == "pythia" and D.kind == "seven":
            self._discard_from_field(o, c, d)
            self._note("Pythia wins against {} when she challenges", "hera-zeus.pythia.5", D.name)
            self._note("{} is one of the strength-7 symbol cards Pythia beats", "hera-zeus.gap.1", D.name)
        else:
            sa, sd = A.field_strength, D.field_strength
            if "pythia" in (A.kind, D.kind):
                self._note("Pythia fights at strength 3, the project's printed value", "hera-zeus.gap.34")
            if sa == sd:
                self._discard_from_field(p, c, a)
                self._discard_from_field(o, c, d)
                if self._log is not None:
                    self._note("tie at strength {}: both are discarded", "hera-zeus.challenge.6", sa)
            elif sa > sd:
                self._discard_from_field(o, c, d)
                if self._log is not None:
                    self._note("{0} ({1}) beats {2} ({3}); {2} is discarded, {0} stays", "hera-zeus.challenge.8",
                               A.name, sa, D.name, sd)
            else:
                self._discard_from_field(p, c, a)
                if self._log is not None:
                    self._note("{} ({}) beats {} ({}); {} is discarded", "hera-zeus.challenge.8", D.name, sd, A.name,
                               sa, A.name)
        self._statues_fall()

    def _pandora(self, p: int, c: int) -> None:
        """Pandora challenged in column c by p: both sides of the column are discarded."""
        o = 1 - p
        hostage = {q: any(self.cards[x].kind == "hostage" for x in self.field[q][c]) for q in (p, o)}
        wiped = {q: list(self.field[q][c]) for q in (p, o)}
        for q in (p, o):
            for card in wiped[q]:
                self._discard_from_field(q, c, card)
        self._note("Pandora: every card of both players in column {} is discarded", "hera-zeus.pandora.1", c + 1)
        self._note("Each player chooses the order in which their own cards go onto their discard pile",
                   "hera-zeus.pandora.2")
        self._statues_fall()
        if hostage[o] and hostage[p]:
            self._end(o, "both hostages were in Pandora's column: the challenger loses", "hera-zeus.end.8")
        elif hostage[o]:
            self._end(p, "the opponent's hostage was in Pandora's column", "hera-zeus.end.7")
        elif hostage[p]:
            self._end(o, "the challenger's own hostage was in Pandora's column", "hera-zeus.gap.6")
        self._ask_order([(q, wiped[q]) for q in (o, p)])

    def _ask_order(self, groups) -> None:
        """Let each owner choose which of their discarded cards lies on top (hera-zeus.pandora.2)."""
        queue = [(q, ids) for q, ids in groups if len({self.cards[c].token for c in ids}) > 1]
        if self.winner is not None or not queue:
            return
        self.pending = {"order": queue, "resume": (self.phase, self.to_move)}
        self.phase, self.to_move = "order", queue[0][0]

    def _top(self, token: str) -> None:
        q, ids = self.pending["order"].pop(0)
        card = next(c for c in ids if self.cards[c].token == token)
        self.discard[q].remove(card)
        self.discard[q].append(card)
        self._note("{} puts {} on top of the discard pile", "hera-zeus.pandora.2", _NAMES[q], self.cards[card].name)
        if self.pending["order"]:
            self.to_move = self.pending["order"][0][0]
        else:
            self.phase, self.to_move = self.pending["resume"]
            self.pending = {}

    def _statues_fall(self) -> None:
        """A statue whose column has no card left is set aside (hera-zeus.gap.17)."""
        for q in (HERA, ZEUS):
            c = self.statue[q]
            if c is not None and not self.field[q][c]:
                self.statue[q] = None
                self._note("{}'s statue has no card left behind it and is set aside", "hera-zeus.gap.17", _NAMES[q])

    def _do_statue(self, p, o, move) -> None:
        c = self._col(move[1])
        self._discard_from_hand(p, self._in_hand(p, "god"))
        self.statue[p] = c                                     # hera-zeus.statue.2: the cards shift back
        self.ap_total = STATUE_AP                              # hera-zeus.statue.1, hera-zeus.gap.15
        self._note("{}'s statue stands in front of column {}; {} action points this turn", "hera-zeus.statue.1",
                   _NAMES[p], c + 1, STATUE_AP)

    def _do_pegasus(self, p, o, move) -> None:
        self._discard_from_hand(p, self._in_hand(p, "pegasus"))
        if move[1] == "hand":
            self._note("Pegasus is played and discarded; a card is taken at random from the opponent's hand",
                       "hera-zeus.pegasus.2")
            self.chance = ("raid", p)
        else:
            self.pegasus_front(p, self._col(move[2]))

    def pegasus_front(self, p: int, c: int) -> None:
        """The effect of a Pegasus from p's hand striking the opponent's front place in column c."""
        o = 1 - p
        target = self.front(o, c)
        if target == "statue":
            self.statue[o] = None                               # hera-zeus.pegasus.10, hera-zeus.gap.4
            self._note("Pegasus from the hand may strike the statue itself (never the card behind it)",
                       "hera-zeus.gap.4")
            self._note("Pegasus knocks over {}'s statue: it is set aside for later, the column moves forward",
                       "hera-zeus.pegasus.10", _NAMES[o])
            self._note("A removed statue may be placed again by a later Hera or Zeus card", "hera-zeus.statue.7")
            return
        card = self.cards[target]
        self.face_up.add(target)
        self.known[p].add(target)
        self._note("Pegasus strikes column {}: {} is turned face up", "hera-zeus.pegasus.8", c + 1, card.name)
        if card.kind == "pandora":
            self._note("Pandora's wipe applies to any card that challenges her, Pegasus included", "hera-zeus.gap.25")
            self._pandora(p, c)
        elif card.field_strength is not None and card.field_strength <= 1:
            self._discard_from_field(o, c, target)
            self._note("{} has strength {} and is discarded", "hera-zeus.pegasus.9", card.name, card.field_strength)
        else:
            rule = "hera-zeus.gap.26" if card.kind == "hostage" else "hera-zeus.pegasus.9"
            self._note("{} stays on the battlefield, face up", rule, card.name)

    def _raid(self, p: int, card: str) -> None:
        """The card a Pegasus raid took from the opponent's hand (hera-zeus.pegasus.2-6)."""
        o = 1 - p
        C = self.cards[card]
        self.known[p].add(card)
        if C.kind == "hostage":
            self._end(p, f"Pegasus took the hostage {C.name} from the hand", "hera-zeus.end.5")
        elif C.kind == "pandora":
            had = any(self.cards[x].kind == "hostage" for x in self.hand[o])
            self.known[p] |= set(self.hand[o])
            wiped = sorted(self.hand[o])
            for x in wiped:                                     # hera-zeus.pandora.4, hera-zeus.gap.27
                self._discard_from_hand(o, x)
            self._note("Pegasus took Pandora: the whole hand is discarded", "hera-zeus.pandora.4")
            self._note("Pandora's own rule replaces the symbol-card rule of the raid", "hera-zeus.gap.27")
            if had:
                self._end(p, "Pandora was taken from a hand that held the hostage", "hera-zeus.end.6")
            self._ask_order([(o, wiped)])
        elif C.symbol and C.kind != "hero":
            self._discard_from_hand(o, card)
            self._note("Pegasus took {}, a symbol card: it is discarded", "hera-zeus.pegasus.4", C.name)
            if C.kind == "seven":
                self._note("{} carries a spell symbol in the project's deck", "hera-zeus.gap.1", C.name)
        elif C.strength is not None and C.strength <= 1:
            self._discard_from_hand(o, card)
            self._note("Pegasus took {} (strength {}): it is discarded", "hera-zeus.gap.2", C.name, C.strength)
        else:
            self.face_up.add(card)
            if any(self._why_put(o, "put", (str(c + 1),)) is None for c in range(COLUMNS)):
                self.pending = {"card": card}
                self.phase = "put"
                self._note("Pegasus took {} (strength {}): it goes face up to the front of one of the opponent's "
                           "columns", "hera-zeus.pegasus.5", C.name, C.strength)
            else:
                self._discard_from_hand(o, card)
                self._note("Pegasus took {}, but no column has room: it is discarded", "hera-zeus.pegasus.6", C.name)

    def _put(self, o: int, c: int) -> None:
        card = self.pending.pop("card")
        self._take(o, card)
        self.field[o][c].insert(0, card)                       # hera-zeus.pegasus.5, hera-zeus.gap.8
        self.phase = "turn"
        self._note("{} is put face up at the front of column {}", "hera-zeus.gap.8", self.cards[card].name, c + 1)

    def _do_pythia(self, p, o, move) -> None:
        self._discard_from_hand(p, self._in_hand(p, "pythia"))
        if move[1] == "hand":
            self.known[p] |= set(self.hand[o])                   # hera-zeus.pythia.2, hera-zeus.pythia.4
            for x in sorted(self.hand[o]):
                if self.cards[x].kind == "seven":
                    self._discard_from_hand(o, x)
                    self._note("{} is found in the hand and discarded", "hera-zeus.pythia.3", self.cards[x].name)
                    self._note("{} is a strength-7 symbol card Pythia unmasks", "hera-zeus.gap.1", self.cards[x].name)
            self._note("Pythia reveals the opponent's hand", "hera-zeus.pythia.2")
        else:
            c = self._col(move[2])
            self.face_up |= set(self.field[o][c])                # hera-zeus.pythia.7, hera-zeus.gap.23
            self._note("Pythia turns the opponent's column {} face up", "hera-zeus.pythia.7", c + 1)

    def _do_sirens(self, p, o, move) -> None:
        card = self.discard[o].pop()
        self._give(p, card)                                    # hera-zeus.sirens.1
        self.known[o].add(card)
        self._discard_from_hand(p, self._in_hand(p, "sirens"))
        self._note("Sirens take {} from the opponent's discard pile", "hera-zeus.sirens.1", self.cards[card].name)

    def _do_hades(self, p, o, move) -> None:
        card = next(c for c in reversed(self.discard[p]) if self.cards[c].token == move[1])
        self.discard[p].remove(card)
        self._give(p, card)                                    # hera-zeus.hades.1, hera-zeus.gap.3
        self._discard_from_hand(p, self._in_hand(p, "hades"))
        self._note("Hades brings a card back from the player's own discard pile", "hera-zeus.hades.1")

    def _do_persephone(self, p, o, move) -> None:
        self._discard_from_hand(p, self._in_hand(p, "persephone"))
        room = HAND_LIMIT - len(self.hand[p])                  # hera-zeus.persephone.4
        found = [c for c in self.discard[p] if self.cards[c].kind == "pegasus"][:min(3, room)]
        for c in found:                                         # hera-zeus.persephone.3, hera-zeus.gap.22
            self.discard[p].remove(c)
            self._give(p, c)
        self._note("Persephone brings back {} Pegasus", "hera-zeus.persephone.1", len(found))

    def _do_dionysus(self, p, o, move) -> None:
        self._discard_from_hand(p, self._in_hand(p, "dionysus"))
        self.phase = "rearrange"
        self.pending = {"left": 2 * sum(len(col) for col in self.field[p])}
        self._note("Dionysus: the player rearranges their battlefield", "hera-zeus.dionysus.1")

    def _rearrange(self, p: int, verb: str, args) -> None:
        if verb == "done":
            self.phase, self.pending = "turn", {}
            return
        self.pending["left"] -= 1
        if verb == "move":
            c, i = self._spot(p, args[0])
            card = self.field[p][c].pop(i)
            self.field[p][self._col(args[1])].append(card)     # hera-zeus.dionysus.2
        else:
            (c1, i1), (c2, i2) = self._spot(p, args[0]), self._spot(p, args[1])
            f = self.field[p]
            f[c1][i1], f[c2][i2] = f[c2][i2], f[c1][i1]

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


_NAMES = tuple(side.capitalize() for side in SIDES)          # side names as written in events


_EFFECTS = {"draw": State._do_draw, "place": State._do_place, "challenge": State._do_challenge,
            "statue": State._do_statue, "pegasus": State._do_pegasus, "pythia": State._do_pythia,
            "sirens": State._do_sirens, "hades": State._do_hades, "persephone": State._do_persephone,
            "dionysus": State._do_dionysus}   # a turn move's verb -> its effect (self, p, o, move)
