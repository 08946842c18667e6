"""The Labors of Herakles as code: draw or play, traits, adventures, labor attempts and the end.

Rules in brief (ids from cardsets/labors-of-herakles/rules.yaml):
* On a turn a player draws (not with ten or more cards) or plays an Adventure card (turn.1, draw.*).
* A played card at least as high as the previous one raises its trait and pledges a hero token to a
  labor its god supports; a lower card lowers the trait and fires its power (play.1-3). Either way an
  adventure token goes on its region (play.4).
* Traits stay within 1-10; a move past a limit is ignored; a raise to 9 or 10 earns an extra token
  on any labor (traits.1-2, gap.5, gap.6).
* The fifth adventure token on a region ends the adventure: Herakles attempts that region's labor
  and succeeds only if every trait is strictly above the requirement (play.5, labor.1-3).
* Twelve successes or an empty labor pile end the game; cards in hand below Herakles' trait score
  one favor each; most favor wins (end.1-3, gap.7, gap.10).

Four traits (gap.1), three regions and six gods (gap.2); card data from cardsets/labors-of-herakles.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from pnp.errors import IllegalMove
from pnp.games.base import CHANCE, TERMINAL, pick, pick_index
from pnp.cardset.rows import component_rows, copies

SLUG = "labors-of-herakles"
TRAITS = ("strength", "courage", "cunning", "endurance")   # labors-of-herakles.gap.1
REGIONS = ("argolis", "arcadia", "thrace")                 # labors-of-herakles.gap.2
GODS = ("zeus", "athena", "apollo", "artemis", "hermes", "poseidon")
POWERS = ("draw", "pledge", "calm") + tuple(f"raise-{t}" for t in TRAITS)
HERO_COLOURS = ("red", "yellow", "blue", "green", "orange")   # components.2
TOKENS_PER_COLOUR = 20                                      # components.2
ON_LABORS = TOKENS_PER_COLOUR - 1                           # setup.3: one marks favor (gap.11)
ADVENTURE_TOKENS = 13                                       # components.3, gap.18
TRAIT_START, TRAIT_MIN, TRAIT_MAX = 5, 1, 10                # setup.1, traits.1
BONUS_LEVELS = (9, 10)                                      # traits.2
HAND_DRAW_LIMIT = 10                                        # draw.2
OPENING_HAND = 6                                            # setup.5
TOKENS_TO_END = 5                                           # play.5
LABORS_TO_WIN = 12                                          # end.1
MIN_PLAYERS, MAX_PLAYERS = 2, 5                             # gap.3
_CHANCE_STEPS = frozenset(("labor", "deal", "start"))           # steps settled by drawing a card
_NO_CHOICE: list = []                                            # `choices` at a chance or terminal node


@dataclass(frozen=True)
class Adventure:
    """An Adventure card: value 1-10, trait, god, region and power (gap.14)."""

    id: str
    name: str
    value: int
    trait: str
    god: str
    region: str
    power: str
    power_text: str


@dataclass(frozen=True)
class LaborCard:
    """A Labor card: the requirement per trait and its two supporting gods."""

    id: str
    name: str
    required: tuple[int, ...]
    gods: tuple[str, ...]


@lru_cache(maxsize=None)
def adventures() -> dict[str, Adventure]:
    """The 120 Adventure cards by id, read from the card set."""
    out = {}
    for f in component_rows(SLUG, "adventures"):
        n = copies(f)
        for c in range(n):
            cid = f["id"] if n == 1 else f"{f['id']}#{c + 1}"
            out[cid] = Adventure(cid, str(f["name"]), int(f["value"]), str(f["trait"]), str(f["god"]),
                                 str(f["region"]), str(f["power"]), str(f["power_text"]))
    return out


@lru_cache(maxsize=None)
def labor_cards() -> dict[str, LaborCard]:
    """The 24 Labor cards by id, read from the card set."""
    return {f["id"]: LaborCard(f["id"], str(f["name"]), tuple(int(f[t]) for t in TRAITS),
                               (str(f["god1"]), str(f["god2"])))
            for f in component_rows(SLUG, "labors") if copies(f)}


@lru_cache(maxsize=None)
def _play_facts() -> dict[str, tuple[int, int, str, tuple, str]]:
    """What a play reads of each Adventure card: (value, trait index, god, the step that puts an adventure token
    on its region, power), made once."""
    return {cid: (a.value, TRAITS.index(a.trait), a.god, _ADVENTURE_TOKEN_STEPS[REGIONS.index(a.region)], a.power)
            for cid, a in adventures().items()}


@lru_cache(maxsize=None)
def _supported() -> dict[str, frozenset[str]]:
    """The Labor cards each god supports, by god (gap.2), made once."""
    return {god: frozenset(lid for lid, lab in labor_cards().items() if god in lab.gods) for god in GODS}


@lru_cache(maxsize=None)
def _play_moves() -> dict[str, tuple[str, str]]:
    """The move ("play", card) for each Adventure card, made once."""
    return {cid: ("play", cid) for cid in adventures()}


# ---------------------------------------------------------------- pure rules (engine and judge)

def advances(value: int, previous: int) -> bool:
    """True when a card of this value raises its trait: equal or higher than the previous card (play.2-3)."""
    return value >= previous


def move_trait(level: int, change: int) -> tuple[int, bool, bool]:
    """(new level, ignored, bonus) for a trait move of +1 or -1 (traits.1-2, gap.5, gap.6)."""
    new = level + change
    if not TRAIT_MIN <= new <= TRAIT_MAX:
        return level, True, False
    return new, False, change > 0 and new in BONUS_LEVELS


# A trait's move by level, for a raise (+1) and a drop (-1): move_trait worked out once per level.
_TRAIT_MOVES = {change: [move_trait(level, change) for level in range(TRAIT_MAX + 1)] for change in (+1, -1)}
# Whether a card advances, by the previous card's value and its own (1-10): advances() worked out once.
_ADVANCES = [[advances(value, previous) for value in range(11)] for previous in range(11)]
_RAISES = {f"raise-{t}": i for i, t in enumerate(TRAITS)}          # a raise power's trait index (gap.14)
# Steps and moves made once, not per step: a player's step by kind and seat, a move by kind and region.
_SEAT_STEPS = {kind: tuple((kind, p) for p in range(MAX_PLAYERS))
               for kind in ("turn", "deal", "draw_power", "pledge", "calm", "bonus")}
_REGION_MOVES = {kind: tuple((kind, r) for r in range(len(REGIONS))) for kind in ("token", "pledge", "bonus", "calm")}
_NO_BONUS = ("bonus", None)                                          # traits.2: the bonus token is optional
_ADVENTURE_TOKEN_STEPS = tuple(("adventure_token", r) for r in range(len(REGIONS)))


def labor_succeeds(levels: tuple[int, ...], required: tuple[int, ...]) -> bool:
    """Herakles succeeds only if every trait is strictly above its requirement (labor.1)."""
    return all(lv > rq for lv, rq in zip(levels, required))


def hand_bonus(hand: list[tuple[int, str]], levels: dict[str, int]) -> int:
    """End-of-game favor: cards (value, trait) whose value is below Herakles' level in that trait (end.2)."""
    return sum(1 for value, trait in hand if value < levels[trait])


# ---------------------------------------------------------------- the game state

class State:
    """A game of The Labors of Herakles in progress (open_spiel shape)."""

    def __init__(self, players: int = 4, rng=None):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalMove(f"{players} players", expected=f"{MIN_PLAYERS} to {MAX_PLAYERS} players",
                              hint="labors-of-herakles.gap.3")
        self.n = players
        self.cards = adventures()
        self.labor_defs = labor_cards()
        self._play_move = _play_moves().__getitem__                  # card -> ("play", card), made once
        self._facts = _play_facts()                                  # what a play reads of a card, made once
        self._supported = _supported()                               # the labors a god supports, made once
        self.traits = [TRAIT_START] * len(TRAITS)                    # setup.1
        self.epic = 0                                                # setup.2
        self.favor = [0] * players                                   # setup.3, gap.20
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.draw_pile: list[str] = sorted(self.cards)
        self.adventure_pile: list[str] = []                          # top card last
        self.labor_pile: list[str] = sorted(self.labor_defs)
        self.labor_discard: list[str] = []
        self.on_region: list[str | None] = [None] * len(REGIONS)
        self.hero_tokens = [Counter() for _ in REGIONS]               # per region: player -> tokens
        self.adv_tokens = [0] * len(REGIONS)
        self.player = 0                                              # gap.19: seat 1 starts
        self.turns = 0
        self.attempts: list[tuple[str, bool]] = []
        self.end_bonus = [0] * players
        self._queue: list[tuple] = [("labor", r) for r in range(len(REGIONS))]          # setup.4
        self._queue += [("deal", p) for _ in range(OPENING_HAND) for p in range(players)]   # setup.5
        self._queue += [("start",)]                                                     # setup.6
        self._over = False
        self.choices: list[tuple] = _NO_CHOICE  # the options _advance found at the step it stopped at (below)
        # Given an rng, _advance draws every card itself (the card draw_chance would draw, in the same order)
        # and stops only at a player's choice or the end: no chance node is ever met.
        self.rng = rng
        self._advance()

    # ---- protocol
    def current_player(self) -> int:
        """Player to act, CHANCE or TERMINAL."""
        if self._over:
            return TERMINAL
        return CHANCE if self._queue[0][0] in _CHANCE_STEPS else self._queue[0][1]

    def is_chance_node(self) -> bool:
        """True when the next step draws a card."""
        return not self._over and self._queue[0][0] in _CHANCE_STEPS

    def is_terminal(self) -> bool:
        """True once the game has ended (end.1)."""
        return self._over

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Card ids that may be drawn, uniformly."""
        if self._over or not self.is_chance_node():
            return []
        pile = self._pile()
        p = 1 / len(pile)
        return [(c, p) for c in pile]

    def sample_chance(self, rng) -> str:
        """One chance outcome drawn with `rng`: a card of the pile, each equally likely (as chance_outcomes)."""
        return pick(self._pile(), rng)

    def _pile(self) -> list[str]:
        """The pile the chance step now draws from: labors, or adventures."""
        return self.labor_pile if self._queue[0][0] == "labor" else self.draw_pile

    def legal_actions(self) -> list[tuple]:
        """Choices open to the player to act (empty at chance and terminal nodes), listed afresh."""
        if self._over or self._queue[0][0] in _CHANCE_STEPS:
            return []
        return self._options(self._queue[0])

    def _turn_options(self, p: int) -> list[tuple]:
        """A turn's choices: draw, play a card, or pass when neither is possible."""
        hand = self.hands[p]
        can_draw = len(hand) < HAND_DRAW_LIMIT and (self.draw_pile or len(self.adventure_pile) > 1)  # draw.2, gap.8
        acts = [("draw",)] if can_draw else []
        acts += map(self._play_move, hand)                                     # ("play", card) for each card
        return acts or [("pass",)]                                                               # gap.9

    def _options(self, step: tuple) -> list[tuple]:
        """The choices of a player's step; a turn always has one (pass, gap.9), other steps may have none."""
        kind, p = step[0], step[1]
        if kind == "turn":
            return self._turn_options(p)
        opts: list[tuple] = []                                       # loops, not comprehensions: 3 regions
        moves = _REGION_MOVES[kind]                                  # (kind, region), made once
        if kind == "calm":                                           # power (gap.14): a region with tokens
            for r, t in enumerate(self.adv_tokens):
                if t:
                    opts.append(moves[r])
            return opts
        if kind == "token":                                          # play.2: a labor the god supports
            supported = self._supported[step[2]]
            for r, lab in enumerate(self.on_region):
                if lab in supported:
                    opts.append(moves[r])
        else:
            assert kind in ("pledge", "bonus"), kind
            for r, lab in enumerate(self.on_region):                 # power / traits.2: any labor
                if lab:
                    opts.append(moves[r])
            if kind == "bonus":
                opts.append(_NO_BONUS)
        here, there, third = self.hero_tokens                        # the three regions (gap.2)
        if opts and here.get(p, 0) + there.get(p, 0) + third.get(p, 0) >= ON_LABORS:  # none left (setup.3)
            return []
        return opts

    def apply_action(self, action) -> None:
        """Apply a choice or a chance outcome; an illegal one raises IllegalMove with the reason."""
        if self._over:
            raise IllegalMove("the game is over", hint="labors-of-herakles.end.1")
        step = self._queue[0]
        if step[0] in _CHANCE_STEPS:
            if action not in self._pile():
                raise IllegalMove(f"card {action!r} cannot be drawn now")
            self._place_at(self._pile().index(action))
            self._advance()
            return
        legal = self._options(step)
        if action not in legal:
            reason = ("you hold ten or more cards (draw.2)" if action == ("draw",) and step[0] == "turn"
                      else f"not legal at step '{step[0]}'")
            raise IllegalMove(f"{action!r}: {reason}", expected=", ".join(map(repr, legal[:8])))
        self.take(action)

    def draw_chance(self, rng) -> None:
        """Settle a chance step with a card drawn with `rng`: the card sample_chance draws, placed as
        apply_action places it (one random number, no search of the pile)."""
        self._place_at(rng=rng)
        self._advance()

    def _place_at(self, i: int | None = None, rng=None) -> None:
        """Take card i (or, given `rng`, the card base.pick(pile, rng) draws: same random number, same
        index) off the pile the chance step draws from and put it where the step sends it."""
        pile = self._pile()
        step = self._queue.pop(0)
        kind = step[0]
        if i is None:
            i = pick_index(len(pile), rng)                         # base.pick's index
        if kind == "deal":                                         # where the drawn card goes
            self.hands[step[1]].append(pile.pop(i))
        elif kind == "labor":
            self.on_region[step[1]] = pile.pop(i)
        else:
            self.adventure_pile.append(pile.pop(i))

    def returns(self) -> list[float]:
        """+1 sole winner, 0 shared win (gap.10), -1 others."""
        if not self._over:
            return [0.0] * self.n
        best = max(self.favor)
        winners = [p for p in range(self.n) if self.favor[p] == best]
        return [(1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0 for p in range(self.n)]

    # ---- helpers
    def levels(self) -> dict[str, int]:
        """Herakles' heroic traits by name."""
        return dict(zip(TRAITS, self.traits))

    def top(self) -> Adventure:
        """The adventure pile's top card (the previous card)."""
        return self.cards[self.adventure_pile[-1]]

    def _raise(self, p: int, i: int, change: int) -> None:
        """Move trait i by `change` for player p (traits.1), who may earn a bonus token (traits.2)."""
        self.traits[i], _, bonus = _TRAIT_MOVES[change][self.traits[i]]   # move_trait (traits.1)
        if bonus:
            self._queue.insert(0, _SEAT_STEPS["bonus"][p])                 # traits.2

    # ---- flow
    def _advance(self) -> None:
        """Run on from the step at the front of the queue without a move (see take)."""
        self.take(None)

    def take(self, action: tuple | None) -> None:
        """Apply a move of `choices` (or one legal_actions() just listed) without checking it again
        (apply_action checks, then comes here); then run automatic steps until a card is to be drawn or a
        player has a choice, skipping choiceless steps. Leaves in `choices` the options of the player's
        step it stops at (legal_actions() afresh, as long as the state changes only through apply_action,
        take and draw_chance), empty at a chance or terminal node."""
        queue = self._queue
        if action is not None:                                             # the move, by its kind
            what = action[0]
            if what == "play":
                p, cid = queue[0][1], action[1]
                value, trait, god, adventure_token, power = self._facts[cid]
                up = _ADVANCES[self._facts[self.adventure_pile[-1]][0]][value]  # advances() on the previous card
                self.hands[p].remove(cid)
                self.adventure_pile.append(cid)                            # play.1
                queue[0] = adventure_token                                 # play.4, after the rest (the turn's place)
                if up:                                                     # play.2
                    self._raise(p, trait, +1)
                    queue.insert(0, ("token", p, god))
                else:                                                      # play.3: the power (gap.14) at once
                    self._raise(p, trait, -1)
                    if power == "draw":
                        queue.insert(0, _SEAT_STEPS["draw_power"][p])      # gap.15: no hand limit
                    elif power == "pledge" or power == "calm":
                        queue.insert(0, _SEAT_STEPS[power][p])
                    else:                                                  # raise another trait
                        self._raise(p, _RAISES[power], +1)
            elif what == "draw":
                queue[0] = _SEAT_STEPS["deal"][queue[0][1]]                # draw.1
            elif what == "calm":                                           # gap.14: an adventure token off
                queue.pop(0)
                self.adv_tokens[action[1]] -= 1
            elif what == "pass":                                           # gap.9
                queue.pop(0)
            else:
                p = queue.pop(0)[1]
                if action[1] is not None:                                  # token, pledge or bonus: on a labor
                    tokens = self.hero_tokens[action[1]]
                    tokens[p] = tokens.get(p, 0) + 1
        while True:
            if not queue:
                if self._over:                                             # _end empties the queue
                    self.choices = _NO_CHOICE
                    return
                p = self.player
                if self.turns:                                             # a new turn
                    p = self.player = (p + 1) % self.n                    # play.6: clockwise
                self.turns += 1
                queue.append(_SEAT_STEPS["turn"][p])
                self.choices = self._turn_options(p)                       # never choiceless (gap.9)
                return
            step = queue[0]
            kind = step[0]
            if kind == "adventure_token":                                  # a play's token, after its choices
                queue.pop(0)
                r = step[1]
                tokens = self.adv_tokens
                tokens[r] += 1                                             # play.4
                if tokens[r] >= TOKENS_TO_END:                             # play.5
                    self._attempt(r)
                    queue = self._queue                                    # _end replaces the queue
                continue
            if kind in _CHANCE_STEPS:                                      # a card to draw
                if kind != "labor" and not self.draw_pile:
                    if len(self.adventure_pile) > 1:                       # gap.8: reshuffle under the top
                        self.draw_pile = sorted(self.adventure_pile[:-1])
                        self.adventure_pile = self.adventure_pile[-1:]
                    else:                                                  # nothing to draw: skipped
                        queue.pop(0)
                        continue
                if self.rng:                                               # the card drawn at once
                    self._place_at(rng=self.rng)
                    continue
                self.choices = _NO_CHOICE
                return
            if kind == "draw_power":                                       # the power's card comes as a deal
                queue[0] = _SEAT_STEPS["deal"][step[1]]
                continue
            if kind == "end":                                              # gap.7: after the last labor card
                queue.pop(0)
                self._end()
                queue = self._queue
                continue
            opts = self._options(step)                                     # a player's step
            if opts:
                self.choices = opts
                return
            queue.pop(0)                                                   # choiceless: skipped

    def _attempt(self, r: int) -> None:
        """labors-of-herakles.labor.1-3, then the end checks (end.1, gap.7)."""
        lab = self.labor_defs[self.on_region[r]]
        ok = labor_succeeds(tuple(self.traits), lab.required)
        self.attempts.append((lab.id, ok))
        if ok:
            for p, t in self.hero_tokens[r].items():
                self.favor[p] += t
            self.epic += 1
        self.hero_tokens[r].clear()
        self.adv_tokens = [0] * len(REGIONS)
        self.labor_discard.append(lab.id)
        self.on_region[r] = None
        if self.epic >= LABORS_TO_WIN:                                     # end.1 (gap.21: either ending)
            return self._end()
        if self.labor_pile:
            self._queue.insert(0, ("labor", r))
            if len(self.labor_pile) == 1:                                  # gap.7: the last card drawn ends it
                self._queue.insert(1, ("end",))

    def _end(self) -> None:
        for p in range(self.n):                                            # end.2
            self.end_bonus[p] = hand_bonus([(self.cards[c].value, self.cards[c].trait) for c in self.hands[p]],
                                           self.levels())
            self.favor[p] += self.end_bonus[p]
        self._over = True
        self._queue = []
