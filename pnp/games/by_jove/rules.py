"""By Jove's rules as pure functions: each returns its result and the rule/gap ids it rests on."""
from __future__ import annotations

from dataclasses import dataclass, field

START_COINS = 4             # by-jove.setup.6
TOTAL_COINS = 60            # by-jove.equipment.3
TOTAL_VAP = 50              # by-jove.equipment.3
TOTAL_AWARDS = 12           # each of Labyrinth and Quest (by-jove.gap.23)
HADES_FEE = 3               # by-jove.hades.4
HADES_TURNS = 3             # by-jove.hades.3, hades.6
REPEAT_PRIZE = 5            # by-jove.labyrinth.8
GOAL = {"coins": 16, "vap": 8, "labyrinth": 1, "quest": 1}   # by-jove.object.1, end.1
POINTS = {"coins": 1, "vap": 2, "labyrinth": 8, "quest": 8}  # by-jove.timed.2, gap.37
FIGHTERS = ("hercules", "hero", "mortal")
THROWS = {"hercules": 3, "hero": 2, "mortal": 1}             # by-jove.perils.5
DIE = range(1, 7)
MAZE_RING = 7               # the Labyrinth space plus 6 maze spaces (by-jove.labyrinth.2, gap.25)
NO_BOUNCE = ("beginning", "lotus")                           # by-jove.bouncing.4


def beginning_pay(heroes: int) -> tuple[int, list[str]]:
    """Coins for passing the Beginning with this many Heroes owned."""
    if heroes <= 0:
        return 3, ["by-jove.beginning.2"]
    return 1, ["by-jove.beginning.3", "by-jove.gap.8"]


def half_up(n: int) -> int:
    """Half of n rounded up: the larger half of an odd number (by-jove.penalties.1, oracles.3)."""
    return (n + 1) // 2


def penalty(held: int, amount: int | None = None, half: bool = False) -> int:
    """Coins (or awards) actually paid: half rounded up, or the amount capped at what is held."""
    due = half_up(held) if half else int(amount or 0)
    return min(due, held)  # by-jove.penalties.2, oracles.2


def throws_for(fighter: str) -> int:
    """How many times the fighter may throw the second die (by-jove.perils.5)."""
    return THROWS[fighter]


def fighter_kind(hero: str | None) -> str:
    """'hercules', 'hero' or 'mortal' for the Hero fighting (None = Mere Mortal)."""
    if hero is None:
        return "mortal"
    return "hercules" if hero.lower() == "hercules" else "hero"   # by-jove.heroes.2


def throw_wins(throw: int, peril: int) -> bool:
    """A throw matching or beating the Peril's die wins (by-jove.perils.6)."""
    return throw >= peril


@dataclass
class Battle:
    """The state of a Peril battle after some throws."""

    fighter: str
    peril: int
    throws: list[int]
    allowed: int
    won: bool | None           # None while throws remain
    tie: bool = False          # the deciding throw equalled the Peril's die (by-jove.gap.10)
    cites: list[str] = field(default_factory=list)

    @property
    def left(self) -> int:
        """Throws still allowed."""
        return 0 if self.won is not None else self.allowed - len(self.throws)


def battle(fighter: str, peril: int, throws: list[int]) -> Battle:
    """Judge a Peril battle from the Peril's die and the fighter's throws so far.

    Raises ValueError when a throw follows a win or more throws are given than allowed.
    """
    allowed = throws_for(fighter)
    cites = ["by-jove.perils.4", "by-jove.perils.5", "by-jove.perils.6", "by-jove.gap.9"]
    if len(throws) > allowed:
        raise ValueError(f"a {fighter} throws at most {allowed} time(s), got {len(throws)}")
    for i, t in enumerate(throws):
        if throw_wins(t, peril):
            if i != len(throws) - 1:
                raise ValueError(f"the fight was won on throw {i + 1}; no further throws are made")
            return Battle(fighter, peril, list(throws), allowed, True, t == peril, cites)
    won = False if len(throws) == allowed else None
    return Battle(fighter, peril, list(throws), allowed, won, False,
                  cites + (["by-jove.perils.7"] if won is False else []))


def win_chance(fighter: str) -> float:
    """Probability of winning a Peril battle before any die is thrown."""
    k = throws_for(fighter)
    return sum(1 - ((p - 1) / 6) ** k for p in DIE) / 6


def is_double(a: int, b: int) -> bool:
    """Both dice show the same number."""
    return a == b


def god_arrival(a: int, b: int) -> tuple[str, list[str]]:
    """'hades' for a double, else 'protected' (by-jove.gods.3, gods.4)."""
    if is_double(a, b):
        return "hades", ["by-jove.gods.3"]
    return "protected", ["by-jove.gods.4", "by-jove.gods.5"]


def hero_space(owner: str, coins: int) -> tuple[str, list[str]]:
    """Outcome of stopping on a Hero space: owner is 'none', 'self' or 'other'."""
    if owner == "none":
        return "claim", ["by-jove.heroes.3"]
    if owner == "self":
        return "nothing", ["by-jove.gap.19"]
    if coins >= 1:
        return "pay", ["by-jove.heroes.4"]
    return "beginning", ["by-jove.heroes.5", "by-jove.gap.7"]


def can_bounce(kind: str, in_hades: bool) -> tuple[bool, list[str]]:
    """Whether a pawn on a space of this kind can be bounced (by-jove.bouncing.4)."""
    if kind in NO_BOUNCE:
        return False, ["by-jove.bouncing.4"] + (["by-jove.gap.4"] if kind == "lotus" else [])
    if kind == "hades" and in_hades:
        return False, ["by-jove.bouncing.4", "by-jove.hades.2"]
    return True, ["by-jove.bouncing.1", "by-jove.bouncing.2", "by-jove.bouncing.3"] + (
        ["by-jove.hades.1"] if kind == "hades" else [])


@dataclass
class HadesTurn:
    """What happens on one turn in Hades."""

    leaves: bool
    how: str          # 'doubles', 'paid', 'card', 'served', 'stays'
    moves: int        # spaces moved by the throw (0 when staying)
    cites: list[str]


def hades_turn(turn: int, a: int, b: int, pay: bool = False, card: bool = False, coins: int = 0) -> HadesTurn:
    """Turn `turn` (1-based) after being sent to Hades, with throw a,b (by-jove.gap.14)."""
    base = ["by-jove.gap.14", "by-jove.hades.7"]
    if turn > HADES_TURNS:
        return HadesTurn(True, "served", a + b, ["by-jove.hades.6"] + base)
    if card:
        return HadesTurn(True, "card", a + b, ["by-jove.hades.5", "by-jove.gap.22"] + base)
    if pay:
        if coins < HADES_FEE:
            raise ValueError(f"paying out needs {HADES_FEE} coins, you have {coins} (by-jove.gap.15)")
        return HadesTurn(True, "paid", a + b, ["by-jove.hades.4"] + base)
    if is_double(a, b):
        return HadesTurn(True, "doubles", a + b, ["by-jove.hades.3"] + base)
    return HadesTurn(False, "stays", 0, ["by-jove.hades.3", "by-jove.hades.6", "by-jove.gap.14"])


def maze_step(pos: int, die: int) -> int:
    """Next place in the maze ring (0 = the Labyrinth space, 1-6 = maze spaces; by-jove.labyrinth.5)."""
    return (pos + die) % MAZE_RING


def route_step(pos: int, die: int, length: int) -> int:
    """Next place on the Quest route (0 = Quest space, 1..length route spaces, length+1 = Scylla and
    Charybdis); any throw reaching or passing the end stops there (by-jove.quest.3, gap.30)."""
    return min(pos + die, length + 1)


def missing(holdings: dict) -> dict:
    """What a player still lacks for the collection: {item: how many more} (by-jove.end.1, gap.34)."""
    return {k: need - holdings.get(k, 0) for k, need in GOAL.items() if holdings.get(k, 0) < need}


def collected(holdings: dict) -> bool:
    """True when nothing is missing: every item of the collection is held (by-jove.end.1, gap.34)."""
    for k, need in GOAL.items():
        if holdings.get(k, 0) < need:
            return False
    return True


def points(holdings: dict) -> int:
    """Time-limit score: coins 1, VAP 2, each adventure award 8 (by-jove.timed.2, gap.37)."""
    return sum(POINTS[k] * int(holdings.get(k, 0)) for k in POINTS)


def leaders(scores: dict) -> list:
    """Every player with the top score; ties share the win (by-jove.gap.35)."""
    best = max(scores.values())
    return [p for p, s in scores.items() if s == best]


def war(total_a: int, total_b: int) -> str:
    """'a', 'b' or 'tie': the higher total wins the war (by-jove.helen.2, helen.4)."""
    return "tie" if total_a == total_b else ("a" if total_a > total_b else "b")
