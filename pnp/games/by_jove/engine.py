"""The By Jove game as an open_spiel-shaped State: a generator plays the rules, pausing at every
chance event (dice, card draws) and every player decision; a State given an rng draws its chance
outcomes inline and pauses only at decisions."""
from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate

from pnp.errors import IllegalMove, UsageError
from pnp.games.base import CHANCE, TERMINAL
from pnp.games.by_jove import data, rules

DICE = [((a, b), 1 / 36) for a in rules.DIE for b in rules.DIE]
DIE = [(d, 1 / 6) for d in rules.DIE]
DEFAULT_CAP = 300   # rounds before an unfinished game is scored by points (by-jove.gap.36)

# The Protected Turn (by-jove.gods.6, gods.7, gap.11): on each kind of outer space, which results of the
# space a protected player keeps. The engine plays every protected stop through protection(), and
# `pnp judge by-jove space --protected` reads the same answer. Kinds not listed play as usual.
PROTECTED_TURN = {
    "hero": "no-fee",                # claim a free Hero; another owner's fee (or going back unpaid) is skipped
    "peril": "win-only",             # a won battle earns its award; a lost one is ignored
    "scylla": "win-only",
    "helen": "win-only",             # a war you win is kept; a war you lose takes nothing from you
    "oracle": "favourable-only",     # a card is obeyed only if it is good for you
    "potluck": "favourable-only",    # a card falling on you is obeyed only if it is good for you
    "labyrinth": "optional",         # entering the maze or setting out is your choice
    "quest": "optional",
    "taxes": "ignored",              # the space only harms, so it is ignored (by-jove.gap.1)
    "lotus": "ignored",              # (by-jove.gap.4, gap.41)
}


def protection(kind: str, protected: bool = True) -> str:
    """What a stop on a space of this kind keeps under a Protected Turn (one of PROTECTED_TURN's words),
    or 'as-usual' when the turn is not protected or protection changes nothing there."""
    return PROTECTED_TURN.get(kind, "as-usual") if protected else "as-usual"


class Chance:
    """A pending chance event: its kind ('dice', 'die', 'oracle', 'potluck') and outcomes."""

    __slots__ = ("kind", "outcomes", "possible", "_upto", "_values")

    def __init__(self, kind: str, outcomes: list, possible=None, upto: tuple[float, ...] | None = None):
        self.kind, self.outcomes = kind, outcomes
        self.possible = frozenset(o for o, _ in outcomes) if possible is None else possible   # to check against
        self._upto = _running_totals(tuple(p for _, p in outcomes)) if upto is None else upto
        self._values = tuple(o for o, _ in outcomes)

    @classmethod
    def draw(cls, kind: str, cards: list[str]) -> "Chance":
        """The top card of a face-down (shuffled) deck: every card equally likely."""
        p = 1 / len(cards)
        return cls(kind, [(c, p) for c in cards], tuple(cards), _even_totals(len(cards)))

    def sample(self, rng: random.Random):
        """One outcome drawn by its probability: the outcome base.sample_chance(state, rng) would draw
        (the same running totals), found by bisection instead of a walk over the outcomes."""
        return self._values[bisect_right(self._upto, rng.random())]


@lru_cache(maxsize=None)
def _running_totals(probabilities: tuple[float, ...]) -> tuple[float, ...]:
    """The probabilities summed in order, as base.sample_chance sums them; the last is made infinite, so a
    draw at or above a total that rounded below 1 falls on the last outcome, as in base.sample_chance."""
    return tuple(accumulate(probabilities))[:-1] + (float("inf"),)


@lru_cache(maxsize=None)
def _even_totals(n: int) -> tuple[float, ...]:
    """The running totals of n equally likely outcomes."""
    return _running_totals((1 / n,) * n)


def _pick_even(cards: list, rng: random.Random):
    """The card Chance.draw(kind, cards).sample(rng) draws, without building the event."""
    return cards[bisect_right(_even_totals(len(cards)), rng.random())]


ROLL = Chance("dice", DICE)   # a throw of both dice, the same event every time (its outcomes listed once)
THROW = Chance("die", DIE)    # a throw of one die


@dataclass
class Decision:
    """A pending choice: who decides, what about, and the options (strings)."""

    player: int
    kind: str
    options: list[str]
    about: int | None = None


@dataclass
class Player:
    """One player's pawn and possessions."""

    seat: int
    coins: int = rules.START_COINS
    vap: int = 0
    labyrinth: int = 0
    quest: int = 0
    heroes: list[str] = field(default_factory=list)
    holds: list[str] = field(default_factory=list)
    where: str = "outer"          # outer | maze | route
    pos: int = 0
    in_hades: bool = False
    hades_turn: int = 0
    skip: int = 0
    extra: bool = False
    pending: str | None = None    # 'labyrinth' | 'quest': enter on the next turn
    pending_repeat: bool = False
    run: str | None = None        # adventure in progress
    run_repeat: bool = False

    def holdings(self) -> dict:
        """What counts towards the collection and the score."""
        return {"coins": self.coins, "vap": self.vap, "labyrinth": self.labyrinth, "quest": self.quest}


@dataclass
class Deck:
    """A deck: face-down cards (drawn at random = shuffled) and used cards face up beneath."""

    face_down: list[str]
    used: list[str] = field(default_factory=list)

    def ready(self) -> list[str]:
        """The cards that can be drawn now; reshuffles the used ones when none are left (by-jove.potluck.4)."""
        if not self.face_down:
            self.face_down, self.used = self.used, []
        return self.face_down


class _GameOver(Exception):
    """Raised inside the rules generator the moment someone completes the collection."""


class State:
    """A By Jove game for 2-6 players; seat 0 won the opening roll-off (by-jove.setup.8, gap.38)."""

    def __init__(self, players: int = 4, *, time_limit: int | None = None, cap: int = DEFAULT_CAP,
                 young: bool = False, rng: random.Random | None = None):
        if not 2 <= players <= 6:  # by-jove.players.1
            raise UsageError(f"By Jove needs 2 to 6 players, not {players}", field="players", expected="2-6")
        self.board = data.board()
        self.oracle = {c.id: c for c in data.oracle_cards()}
        self.potluck = {c.id: c for c in data.potluck_cards()}
        self.players = [Player(i) for i in range(players)]
        self.bank = {"coins": rules.TOTAL_COINS - rules.START_COINS * players, "vap": rules.TOTAL_VAP,
                     "labyrinth": rules.TOTAL_AWARDS, "quest": rules.TOTAL_AWARDS}
        self.hero_owner: dict[str, int | None] = {h: None for h in self.board.heroes}
        self.decks = {"oracle": Deck(list(self.oracle)), "potluck": Deck(list(self.potluck))}
        self.time_limit, self.cap, self.young = time_limit, cap, young
        # Given an rng, the game throws its own dice and draws its own cards from it (each outcome the one
        # base.sample_chance would draw, in the same order) and pauses only at decisions.
        self.rng = rng
        self.round = 0
        self.turn_player = 0
        self.turns = 0
        self.winners: list[int] | None = None
        self.end_reason: str | None = None
        self._start()

    def _start(self) -> None:
        self._gen = self._game()
        try:
            self._req = next(self._gen)
        except StopIteration:   # a time limit already reached
            self._req = None

    # ---- open_spiel protocol -------------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act, CHANCE at a chance node, TERMINAL when over."""
        if self._req is None:
            return TERMINAL
        return CHANCE if isinstance(self._req, Chance) else self._req.player

    def is_chance_node(self) -> bool:
        """True when dice or a card draw come next."""
        return isinstance(self._req, Chance)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._req is None

    def legal_actions(self) -> list:
        """Options of the pending decision (empty at chance and terminal nodes)."""
        return list(self._req.options) if isinstance(self._req, Decision) else []

    def chance_outcomes(self) -> list:
        """(outcome, probability) pairs of the pending chance event."""
        return list(self._req.outcomes) if isinstance(self._req, Chance) else []

    def restart(self) -> "State":
        """Begin the current turn afresh after the position was edited by hand (tests, worked examples).

        Valid only before any action of the current turn has been applied.
        """
        self.turns = max(0, self.turns - 1)
        self._start()
        return self

    @property
    def pending(self) -> Chance | Decision | None:
        """The pending chance event or decision."""
        return self._req

    def apply_action(self, action) -> None:
        """Apply a decision or chance outcome; IllegalMove names the allowed ones."""
        req = self._req
        if req is None:
            raise IllegalMove("the game is over", hint="start a new game")
        try:
            allowed = action in (req.possible if isinstance(req, Chance) else req.options)
        except TypeError:                                    # an unhashable action is no outcome
            allowed = False
        if not allowed:
            valid = [o for o, _ in req.outcomes] if isinstance(req, Chance) else req.options
            shown = ", ".join(map(str, valid[:12])) + (" ..." if len(valid) > 12 else "")
            raise IllegalMove(f"{action!r} is not allowed at this {req.kind} step", expected=shown)
        self.take(action)

    def take(self, action) -> None:
        """apply_action for a move or outcome the pending step offers, without its check (the simulator's
        moves come from the pending options)."""
        try:
            self._req = self._gen.send(action)
        except StopIteration:
            self._req = None

    def returns(self) -> list[float]:
        """+1 for each winner (shared on a points tie, by-jove.gap.35), -1 for the others; 0 unfinished."""
        if self.winners is None:
            return [0.0] * len(self.players)
        return [1.0 if i in self.winners else -1.0 for i in range(len(self.players))]

    # ---- bookkeeping ---------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Time-limit points per seat (by-jove.timed.2)."""
        return [rules.points(p.holdings()) for p in self.players]

    def _check(self, p: int) -> None:
        if rules.collected(self.players[p].holdings()):  # by-jove.end.1, gap.34
            self.winners, self.end_reason = [p], "collection"
            raise _GameOver

    def _gain(self, p: int, item: str, n: int) -> None:
        setattr(self.players[p], item, getattr(self.players[p], item) + n)
        self.bank[item] -= n   # may go below zero: credit slips (by-jove.setup.5, gap.24)
        self._check(p)

    def _pay(self, p: int, item: str, n: int) -> int:
        paid = rules.penalty(getattr(self.players[p], item), n)  # by-jove.penalties.2
        setattr(self.players[p], item, getattr(self.players[p], item) - paid)
        self.bank[item] += paid
        return paid

    def _coins_to(self, frm: int, to: int, n: int) -> None:
        paid = rules.penalty(self.players[frm].coins, n)  # by-jove.penalties.2
        self.players[frm].coins -= paid
        self.players[to].coins += paid
        if paid:
            self._check(to)

    def _give_hero(self, hero: str, to: int | None) -> None:
        old = self.hero_owner[hero]
        if old is not None:
            self.players[old].heroes.remove(hero)
        self.hero_owner[hero] = to
        if to is not None:
            self.players[to].heroes.append(hero)

    def _kind_here(self, pl: Player) -> str:
        if pl.where == "maze":
            return self.board.maze[pl.pos - 1].kind
        if pl.where == "route":
            return self.board.route[pl.pos - 1].kind
        return self.board.spaces[pl.pos].kind

    def _fail_run(self, pl: Player) -> None:
        if pl.run and pl.run_repeat and getattr(pl, pl.run):   # by-jove.labyrinth.8, gap.27
            self._pay(pl.seat, pl.run, 1)
        pl.run, pl.run_repeat, pl.pending = None, False, None   # by-jove.gap.44

    def _send_beginning(self, p: int) -> None:
        """Back to the Beginning, unpaid (by-jove.heroes.5, gap.7)."""
        pl = self.players[p]
        self._fail_run(pl)
        pl.where, pl.pos = "outer", 0

    def _send_hades(self, p: int) -> None:
        """Into Hades, not just passing by (by-jove.hades.2)."""
        pl = self.players[p]
        self._fail_run(pl)
        pl.where, pl.pos = "outer", self.board.index("hades")
        pl.in_hades, pl.hades_turn = True, 0

    # ---- the rules as a generator ----------------------------------------------------------
    def _game(self):
        try:
            while True:
                p = self.turn_player
                yield from self._turn(p)
                while self.players[p].extra:   # an Oracle's extra turn
                    self.players[p].extra = False
                    yield from self._turn(p)
                self.turn_player = (p + 1) % len(self.players)   # by-jove.setup.8
                if self.turn_player == 0:
                    self.round += 1
                    limit = self.time_limit or self.cap
                    if self.round >= limit:   # by-jove.timed.3, gap.36
                        self.winners = rules.leaders(dict(enumerate(self.scores())))
                        self.end_reason = "time limit" if self.time_limit else "cap"
                        return
        except _GameOver:
            return

    def _turn(self, p: int):
        pl = self.players[p]
        self.turns += 1
        if pl.skip:   # Lotus Eaters or a card (by-jove.gap.4)
            pl.skip -= 1
            return
        if pl.in_hades:
            dice = yield from self._hades(p)
            if dice is None:
                return
        elif pl.pending or pl.where != "outer":
            yield from self._adventure(p)
            return
        else:
            dice = ROLL.sample(self.rng) if self.rng else (yield ROLL)   # by-jove.play.1
        protected = False
        while True:             # the move, and Protected Turns while gods grant them
            self._move(p, dice[0] + dice[1])
            again = yield from self._arrive(p, dice, protected)
            if again != "protected":
                return
            dice = ROLL.sample(self.rng) if self.rng else (yield ROLL)   # the Protected Turn, at once (gods.5)
            protected = True

    def _hades(self, p: int):
        """One turn held in Hades; returns the throw that leaves it (the turn's move), or None."""
        pl = self.players[p]
        pl.hades_turn += 1
        choice = "roll"
        if pl.hades_turn <= rules.HADES_TURNS:
            release = [c for c in pl.holds if self.oracle[c].effect.get("hold") == "release"]
            opts = ["roll"] + (["pay"] if pl.coins >= rules.HADES_FEE else []) + (["card"] if release else [])
            if len(opts) > 1:
                choice = yield Decision(p, "hades", opts)
            if choice == "pay":
                self._pay(p, "coins", rules.HADES_FEE)                      # by-jove.hades.4
            elif choice == "card":
                pl.holds.remove(release[0])
                self.decks["oracle"].used.append(release[0])              # by-jove.hades.5, gap.22
        dice = ROLL.sample(self.rng) if self.rng else (yield ROLL)
        out = rules.hades_turn(pl.hades_turn, *dice, pay=choice == "pay", card=choice == "card",
                               coins=rules.HADES_FEE if choice == "pay" else pl.coins)
        if not out.leaves:
            return None
        pl.in_hades, pl.hades_turn = False, 0
        return dice                                                       # by-jove.hades.7, gap.14

    def _move(self, p: int, steps: int) -> None:
        """Forward round the outer loop, paid on passing the Beginning; the arrival follows (_arrive)."""
        pl = self.players[p]
        n = len(self.board.spaces)
        if pl.pos + steps >= n:   # by-jove.beginning.1, gap.7
            self._gain(p, "coins", rules.beginning_pay(len(pl.heroes))[0])
        pl.pos = (pl.pos + steps) % n

    def _arrive(self, p: int, dice, protected: bool):
        if self._sharing(p):
            yield from self._bounce(p)   # bounce first (by-jove.gap.17)
        pl = self.players[p]
        if pl.where != "outer" or pl.in_hades:
            return None
        space = self.board.spaces[pl.pos]
        kind = space.kind
        if kind == "god":
            if dice is None:   # moved there by a card: no throw to judge (by-jove.gap.45)
                return None
            outcome, _ = rules.god_arrival(*dice)
            if outcome == "hades":
                self._send_hades(p)   # by-jove.gods.3, gods.9
                return None
            return "protected"        # by-jove.gods.4
        if kind == "hero":
            yield from self._hero(p, space.name, protected)
        elif kind in ("peril", "scylla"):   # by-jove.perils.2, gap.31
            yield from self._battle(p, protection(kind, protected) == "win-only")
        elif kind == "oracle":
            yield from self._oracle(p, protected)
        elif kind == "potluck":
            yield from self._potluck(p, protected)
        elif kind in ("labyrinth", "quest"):
            yield from self._adventure_space(p, kind, protected)
        elif kind == "taxes" and protection(kind, protected) != "ignored":   # by-jove.gap.1, gap.11
            self._pay(p, "coins", rules.penalty(pl.coins, half=True))
        elif kind == "helen":
            yield from self._war(p, protected)
        elif kind == "lotus" and protection(kind, protected) != "ignored":   # by-jove.gap.4, gap.41
            pl.skip += 1
        return None   # beginning, hades (passing by, by-jove.hades.1), road: nothing

    def _sharing(self, p: int) -> list[Player]:
        """The other pawns on p's place (outer space, maze or route space)."""
        pl = self.players[p]
        pos, where, out = pl.pos, pl.where, []
        for q in self.players:            # a loop, not a comprehension: usually nobody is there
            if q.pos == pos and q.where == where and q is not pl:
                out.append(q)
        return out

    def _bounce(self, p: int):
        pl = self.players[p]
        for q in self._sharing(p):
            if not rules.can_bounce(self._kind_here(pl), q.in_hades)[0]:   # by-jove.bouncing.4
                continue
            choice = yield Decision(p, "bounce", ["bounce", "collect", "stay"], about=q.seat)   # by-jove.gap.16
            if choice == "bounce":
                self._send_beginning(q.seat)                # by-jove.bouncing.1
            elif choice == "collect":
                self._coins_to(q.seat, p, 1)                # by-jove.bouncing.2, gap.18

    def _hero(self, p: int, hero: str, protected: bool):
        owner = self.hero_owner[hero]
        situation = "none" if owner is None else ("self" if owner == p else "other")
        outcome, _ = rules.hero_space(situation, self.players[p].coins)
        if outcome == "claim":
            if (yield Decision(p, "claim", ["claim", "pass"])) == "claim":   # by-jove.heroes.3
                self._give_hero(hero, p)
        elif protection("hero", protected) == "no-fee" or outcome == "nothing":   # by-jove.gap.11, gap.19
            return
        elif outcome == "pay":
            self._coins_to(p, owner, 1)           # by-jove.heroes.4
        else:
            self._send_beginning(p)               # by-jove.heroes.5

    def _battle(self, p: int, protected: bool):
        """A Peril battle; returns True (won), False (lost) or None (lost but protected: only a win is kept)."""
        pl = self.players[p]
        hero = None
        if pl.heroes:   # by-jove.perils.3, gap.40
            hero = pl.heroes[0]
            if len(pl.heroes) > 1:
                hero = yield Decision(p, "fighter", sorted(pl.heroes))
        kind = rules.fighter_kind(hero)
        rng = self.rng
        peril = THROW.sample(rng) if rng else (yield THROW)     # by-jove.perils.4
        for _ in range(rules.throws_for(kind)):               # by-jove.perils.5, gap.9
            if rules.throw_wins(THROW.sample(rng) if rng else (yield THROW), peril):   # the throws stop at a win
                self._gain(p, "vap", 1)                       # by-jove.perils.6
                return True
        if protected:                                          # by-jove.gods.7
            return None
        if hero:
            self._give_hero(hero, None)                       # by-jove.perils.7, heroes.6
        if not self.young:                                     # by-jove.parents.3
            self._pay(p, "vap", 1)
        self._send_beginning(p)
        return False

    def _adventure_space(self, p: int, kind: str, protected: bool):
        pl = self.players[p]
        held = getattr(pl, kind)
        if held or protection(kind, protected) == "optional":   # by-jove.labyrinth.7, gap.29, gap.11
            if (yield Decision(p, "adventure", ["enter", "stay"])) == "stay":
                return
        pl.pending, pl.pending_repeat = kind, bool(held)   # by-jove.labyrinth.1, gap.29

    def _adventure(self, p: int):
        """One turn in the maze or on the Quest route, rolling one die (by-jove.labyrinth.2, quest.1)."""
        pl = self.players[p]
        if pl.pending:
            pl.run, pl.run_repeat, pl.pending = pl.pending, pl.pending_repeat, None
            pos = 0
        else:
            pos = pl.pos
        d = THROW.sample(self.rng) if self.rng else (yield THROW)
        if pl.run == "labyrinth":
            new = rules.maze_step(pos, d)
            if new == 0:   # exact throw back to the Labyrinth space (by-jove.labyrinth.5, gap.32)
                pl.where, pl.pos = "outer", self.board.index("labyrinth")
                self._complete_run(p)
                yield from self._bounce(p)
                return
            pl.where, pl.pos = "maze", new
            yield from self._bounce(p)
            if pl.where == "maze" and self.board.maze[new - 1].kind == "peril":   # the Minotaur (gap.26)
                yield from self._battle(p, False)
            return
        length = len(self.board.route)
        new = rules.route_step(pos, d, length)
        if new > length:   # Scylla and Charybdis (by-jove.quest.2, quest.3, gap.30)
            pl.where, pl.pos = "outer", self.board.index("scylla")
            yield from self._bounce(p)
            if (yield from self._battle(p, False)):
                self._complete_run(p)
            return
        pl.where, pl.pos = "route", new
        yield from self._bounce(p)
        if pl.where == "route" and self.board.route[new - 1].kind == "peril":   # gap.28
            yield from self._battle(p, False)

    def _complete_run(self, p: int) -> None:
        pl = self.players[p]
        kind, repeat = pl.run, pl.run_repeat
        pl.run, pl.run_repeat = None, False
        if repeat:
            self._gain(p, "coins", rules.REPEAT_PRIZE)   # by-jove.labyrinth.8
        else:
            self._gain(p, kind, 1)                       # by-jove.labyrinth.6, quest.2

    def _draw(self, deck: str):
        cards = self.decks[deck].ready()
        cid = _pick_even(cards, self.rng) if self.rng else (yield Chance.draw(deck, cards))
        self.decks[deck].face_down.remove(cid)
        return cid

    def _oracle(self, p: int, protected: bool):
        pl = self.players[p]
        card = self.oracle[(yield from self._draw("oracle"))]   # by-jove.oracles.1
        if "hold" in card.effect:   # kept until used (by-jove.deals.2, gap.22)
            pl.holds.append(card.id)
            return
        self.decks["oracle"].used.append(card.id)   # by-jove.potluck.3
        if protection("oracle", protected) == "favourable-only" and not card.favourable:   # by-jove.gods.7, gap.11
            return
        yield from self._oracle_effect(p, card, protected)

    def _oracle_effect(self, p: int, card: data.Card, protected: bool):
        pl, eff = self.players[p], card.effect
        others = [(p + i) % len(self.players) for i in range(1, len(self.players))]
        if eff.get("coins", 0) > 0:
            self._gain(p, "coins", eff["coins"])
        elif eff.get("coins", 0) < 0:
            self._pay(p, "coins", -eff["coins"])                    # by-jove.oracles.2
        if eff.get("half_coins"):
            self._pay(p, "coins", rules.half_up(pl.coins))         # by-jove.oracles.3, penalties.1
        for q in others if eff.get("from_each") else ():
            self._coins_to(q, p, eff["from_each"])
        for q in others if eff.get("to_each") else ():
            self._coins_to(p, q, eff["to_each"])
        if eff.get("vap", 0) > 0:
            self._gain(p, "vap", eff["vap"])
        elif eff.get("vap", 0) < 0:
            self._pay(p, "vap", -eff["vap"])
        if eff.get("half_vap"):
            self._pay(p, "vap", rules.half_up(pl.vap))             # by-jove.oracles.3
        if eff.get("hero_gain"):
            free = [h for h, o in self.hero_owner.items() if o is None]
            if free:   # by-jove.setup.7
                self._give_hero(free[0] if len(free) == 1 else (yield Decision(p, "take-hero", free)), p)
        if eff.get("hero_lose") and pl.heroes:
            h = pl.heroes[0] if len(pl.heroes) == 1 else (yield Decision(p, "lose-hero", sorted(pl.heroes)))
            self._give_hero(h, None)                               # by-jove.heroes.6
        if eff.get("lose_turn"):
            pl.skip += 1
        if eff.get("extra_turn"):
            pl.extra = True
        goto = eff.get("goto")
        if goto == "hades":
            self._send_hades(p)                                    # by-jove.hades.2
        elif goto:
            self._fail_run(pl)
            pl.where, pl.pos = "outer", self.board.index(goto)     # by-jove.gap.33, gap.47
            pl.pending, pl.pending_repeat = goto, bool(getattr(pl, goto))
        n = len(self.board.spaces)
        if "advance_to" in eff:
            steps = (self.board.find(eff["advance_to"]) - pl.pos) % n or n
            self._move(p, steps)
            yield from self._arrive(p, None, protected)
        elif "forward" in eff:
            self._move(p, eff["forward"])
            yield from self._arrive(p, None, protected)
        elif "back" in eff:
            pl.pos = (pl.pos - eff["back"]) % n                    # backwards never pays (gap.7)
            yield from self._arrive(p, None, protected)

    def _potluck(self, p: int, protected: bool):
        card = self.potluck[(yield from self._draw("potluck"))]   # by-jove.potluck.1
        self.decks["potluck"].used.append(card.id)               # by-jove.potluck.3
        owner = self.hero_owner[card.hero]
        if owner is None:                                          # by-jove.gap.20
            return
        if owner == p and protection("potluck", protected) == "favourable-only" and not card.favourable:   # gods.7
            return
        eff, q = card.effect, self.players[owner]                  # by-jove.potluck.2
        if eff.get("coins", 0) > 0:
            self._gain(owner, "coins", eff["coins"])
        elif eff.get("coins", 0) < 0:
            self._pay(owner, "coins", -eff["coins"])
        if eff.get("vap", 0) > 0:
            self._gain(owner, "vap", eff["vap"])
        elif eff.get("vap", 0) < 0:
            self._pay(owner, "vap", -eff["vap"])
        if eff.get("lose_turn"):
            q.skip += 1
        if eff.get("lose_hero"):
            self._give_hero(card.hero, None)
        if eff.get("to_beginning") and not q.in_hades:            # by-jove.gap.46
            self._send_beginning(owner)

    def _war(self, p: int, protected: bool):
        """Helen of Troy (by-jove.gap.2)."""
        foes = [q.seat for q in self.players if q.seat != p]
        choice = yield Decision(p, "war", ["none"] + [f"player {q}" for q in foes])
        if choice == "none":
            return
        q = int(choice.split()[1])
        rng = self.rng
        mine = ROLL.sample(rng) if rng else (yield ROLL)
        theirs = ROLL.sample(rng) if rng else (yield ROLL)
        result = rules.war(sum(mine), sum(theirs))              # by-jove.helen.2, helen.4
        if result == "tie":
            return
        winner, loser = (p, q) if result == "a" else (q, p)
        if protection("helen", protected) == "win-only" and loser == p:   # by-jove.gap.11
            return
        lost = self.players[loser]
        if lost.heroes:                                          # by-jove.helen.3, gap.3
            h = lost.heroes[0] if len(lost.heroes) == 1 else (
                yield Decision(loser, "surrender", sorted(lost.heroes), about=winner))
            self._give_hero(h, winner)
        self._coins_to(loser, winner, 1)
