"""The Argonauts game as an open_spiel-shaped State: quest, assignment, combat, clean-up.

Every rule is cited by its id in cardsets/argonauts/rules.yaml (or gaps.yaml). Actions are tuples:
("assign", card) adds one crew to a card, ("done",) ends the assignment (or ("assign", None,
{card: crew}) places a whole assignment at once), ("resolve", card),
("ignore", card, treasure|None), ("use", treasure), ("accept",), ("kill", card|"free").
Chance outcomes are a card id (a reveal) or an int 1..6 (a die roll).
"""
from __future__ import annotations

import json
import random

from pnp.errors import IllegalMove
from pnp.games.argonauts.cards import FIGHTABLE, Stats, deck_stats, load_cards, starting_deck
from pnp.games.argonauts.dice import succeeds
from pnp.games.base import CHANCE, TERMINAL

STARTING_CREW = 12  # argonauts.includes.4


class State:
    """One solo game in progress."""

    def __init__(self, stats: dict[str, Stats], deck: list[str], crew: int = STARTING_CREW):
        self.stats = stats
        self.deck = list(deck)           # face down; reveals are chance outcomes
        self.field: list[str] = []       # revealed this turn, in reveal order
        self.discard: list[str] = []
        self.victory: list[str] = []
        self.treasures: list[str] = []   # held: continuous and unspent single-use
        self.crew = crew                 # alive, assigned or not
        self.on: dict[str, int] = {}     # crew placed on each unresolved card
        self.unresolved: list[str] = []
        self.phase = "quest"
        self.to_reveal = min(3, len(self.deck))  # argonauts.quest.1
        self.rolling: str | None = None
        self.roll: int | None = None
        self.pending_deaths = 0
        self.turn = 1
        self.result = 0
        self.resolved_count: dict[str, int] = {}
        self.log: list[str] = []

    # -- open_spiel protocol -------------------------------------------------------------------
    def current_player(self) -> int:
        """0 for the player, CHANCE while revealing or rolling, TERMINAL when over."""
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self.phase in ("quest", "roll") else 0

    def is_chance_node(self) -> bool:
        """True while cards are being revealed or a die is being rolled."""
        return self.phase in ("quest", "roll")

    def is_terminal(self) -> bool:
        """True once the game is won or lost."""
        return self.phase == "over"

    def returns(self) -> list[float]:
        """[+1] for a win, [-1] for a loss, [0] while unfinished."""
        return [float(self.result)]

    def chance_outcomes(self) -> list[tuple]:
        """Each face-down card equally likely to be next, or each die face 1/6."""
        if self.phase == "quest":
            return [(c, 1 / len(self.deck)) for c in self.deck]
        if self.phase == "roll":
            return [(r, 1 / 6) for r in range(1, 7)]
        return []

    def legal_actions(self) -> list[tuple]:
        """The player's legal actions now (empty at chance and terminal nodes)."""
        if self.phase == "assign":
            free = self.crew - sum(self.on.values())
            acts = [("assign", c) for c in self.unresolved if free > 0]  # argonauts.assignment.1, .3
            for c in self.unresolved:  # a single-use ignore fits any time before the card is rolled (argonauts.gap.8)
                acts += [("ignore", c, t) for t in self._ignorers(c)]
            return acts + [("done",)] + self._uses()
        if self.phase == "combat":
            acts = [("resolve", c) for c in self.unresolved]  # argonauts.combat.1
            for c in self.unresolved:
                if self.stats[c].ignorable:
                    acts.append(("ignore", c, None))  # argonauts.combat.4, argonauts.gap.23
                acts += [("ignore", c, t) for t in self._ignorers(c)]
            return acts + self._uses()
        if self.phase == "after":
            acts = [("accept",)]
            card = self.stats[self.rolling]
            for t in self.treasures:
                s = self.stats[t]
                if s.use == "single" and s.effect.type == "reroll":
                    acts.append(("use", t))  # argonauts.gap.8
                elif s.use == "single" and s.effect.type == "modifier" and s.effect.fits(card.kind):
                    acts.append(("use", t))
            return acts
        if self.phase == "deaths":
            acts = [("kill", "free")] if self.crew - sum(self.on.values()) > 0 else []
            return acts + [("kill", c) for c in self.unresolved if self.on.get(c, 0) > 0]  # argonauts.combat.14
        return []

    def apply_action(self, action) -> None:
        """Apply a player action or chance outcome; raises IllegalMove with the reason."""
        if self.phase == "over":
            raise IllegalMove("the game is over")
        if self.phase == "quest":
            return self._reveal(action)
        if self.phase == "roll":
            if action not in range(1, 7):
                raise IllegalMove(f"a die shows 1 to 6, not {action!r}", expected="1..6")
            return self._rolled(int(action))
        action = tuple(action) if isinstance(action, (list, tuple)) else (action,)
        if action[0] == "assign" and len(action) == 3:
            return self._assign_all(dict(action[2]) if not isinstance(action[2], dict) else action[2])
        if action not in self.legal_actions():
            raise IllegalMove(self._why_illegal(action))
        kind = action[0]
        if kind == "assign":
            self.on[action[1]] = self.on.get(action[1], 0) + 1
        elif kind == "done":
            self.phase = "combat"
            self._maybe_cleanup()
        elif kind == "use":
            self._use(action[1])
        elif kind == "resolve":
            self._resolve(action[1])
        elif kind == "ignore":
            self._ignore(action[1], action[2])
        elif kind == "accept":
            self._settle(self._success())
        elif kind == "kill":
            self._kill(action[1])

    # -- helpers ---------------------------------------------------------------------------------
    def free_crew(self) -> int:
        """Crew alive and not sitting on an unresolved card."""
        return self.crew - sum(self.on.values())

    def modifier(self, kind: str) -> int:
        """Continuous roll modifiers from treasures held for a card of this kind (argonauts.combat.3)."""
        return sum(self.stats[t].effect.amount for t in self.treasures
                   if self.stats[t].use == "continuous" and self.stats[t].effect.type == "modifier"
                   and self.stats[t].effect.fits(kind))

    def _uses(self) -> list[tuple]:
        return [("use", t) for t in self.treasures
                if self.stats[t].use == "single" and self.stats[t].effect.type == "crew"]

    def _ignorers(self, card: str) -> list[str]:
        kind = self.stats[card].kind
        return [t for t in self.treasures if self.stats[t].use == "single"
                and self.stats[t].effect.type == "ignore" and self.stats[t].effect.fits(kind)]

    def _why_illegal(self, action) -> str:
        if action[0] == "assign" and len(action) > 1:
            card = action[1]
            if card in self.field and self.stats[card].kind not in FIGHTABLE:
                return f"no crew may be placed on a {self.stats[card].kind} card (argonauts.assignment.3)"
            if self.phase == "assign" and self.free_crew() <= 0:
                return "all your crew are already placed"
        return f"{action!r} is not legal in the {self.phase} phase; legal: {self.legal_actions()}"

    def assignment_problems(self, assignment: dict[str, int]) -> list[IllegalMove]:
        """Every reason this whole assignment is illegal now (empty when it is legal)."""
        if self.phase != "assign":
            return [IllegalMove(f"crew are assigned only in the assignment phase, not {self.phase}")]
        out = []
        for card, n in assignment.items():
            if card not in self.field:
                out.append(IllegalMove(f"'{card}' is not on the field", card=card, expected=", ".join(self.unresolved)))
            elif self.stats[card].kind not in FIGHTABLE and n:
                out.append(IllegalMove(f"{n} crew on {self.stats[card].name}, a {self.stats[card].kind}: no crew may "
                                       f"be placed on it", card=card, hint="see argonauts.assignment.3"))
            if n < 0:
                out.append(IllegalMove("crew counts cannot be negative", card=card))
        if sum(assignment.values()) > self.crew:
            out.append(IllegalMove(f"{sum(assignment.values())} crew assigned but only {self.crew} alive",
                                   hint="assign no more crew than you have (argonauts.assignment.2)"))
        return out

    def _assign_all(self, assignment: dict[str, int]) -> None:
        problems = self.assignment_problems(assignment)
        if problems:
            raise problems[0]
        self.on = {c: n for c, n in assignment.items() if n}
        self.phase = "combat"
        self._maybe_cleanup()

    def _reveal(self, card) -> None:
        if card not in self.deck:
            raise IllegalMove(f"'{card}' is not in the adventure deck")
        self.deck.remove(card)
        self.field.append(card)
        self.to_reveal -= 1
        kind = self.stats[card].kind
        if kind == "wrath":  # argonauts.quest.4, argonauts.gap.2, argonauts.gap.28: two for each Wrath
            self.to_reveal += 2
        elif kind in FIGHTABLE:
            self.unresolved.append(card)  # a Blessing just takes its place (argonauts.quest.3, argonauts.gap.24)
        self.to_reveal = min(self.to_reveal, len(self.deck))  # argonauts.gap.3
        self.log.append(f"revealed {self.stats[card].name}")
        if self.to_reveal == 0:
            self.phase = "assign"  # argonauts.turn.1
            if not self.unresolved:
                self.phase = "combat"
                self._maybe_cleanup()

    def _use(self, t: str) -> None:
        eff = self.stats[t].effect
        self.treasures.remove(t)
        self.victory.append(t)  # argonauts.combat.11
        self.log.append(f"spent {self.stats[t].name}")
        if eff.type == "crew":
            self.crew += eff.amount
        elif eff.type == "modifier":
            self.roll_bonus += eff.amount
            if self._success():
                self._settle(True)
        elif eff.type == "reroll":
            self.phase = "roll"  # argonauts.gap.16: the new roll counts, natural 6 included

    def _resolve(self, card: str) -> None:
        self.rolling = card
        self.roll_bonus = 0
        if self.on.get(card, 0) == 0:  # argonauts.combat.12, argonauts.gap.4
            self.roll = None
            self._settle(False)
        else:
            self.phase = "roll"  # argonauts.combat.2

    def _rolled(self, r: int) -> None:
        self.roll = r
        ok = self._success()
        self.log.append(f"rolled {r} for {self.stats[self.rolling].name}")
        self.phase = "after"  # a failing roll may be saved by a single-use treasure (argonauts.gap.8)
        if ok or len(self.legal_actions()) == 1:
            self._settle(ok)

    def _success(self) -> bool:
        s = self.stats[self.rolling]
        crew = self.on.get(self.rolling, 0)
        return self.roll is not None and succeeds(self.roll, crew, self.modifier(s.kind) + self.roll_bonus, s.difficulty)

    def _settle(self, ok: bool) -> None:
        card, s = self.rolling, self.stats[self.rolling]
        self.resolved_count[card] = self.resolved_count.get(card, 0) + 1
        self.unresolved.remove(card)
        self.field.remove(card)
        self.on.pop(card, None)  # its crew are free again
        self.rolling = None
        self.phase = "combat"
        if ok and s.kind == "monster":
            self.victory.append(card)  # argonauts.combat.6
            self.log.append(f"defeated {s.name}")
        elif ok:
            self.treasures.append(card)  # argonauts.combat.7, argonauts.combat.8
            self.log.append(f"recovered {s.name}")
            if s.use == "continuous" and s.effect and s.effect.type == "crew":
                self.crew += s.effect.amount  # argonauts.combat.9, argonauts.gap.14
        else:
            self.discard.append(card)  # argonauts.combat.13, argonauts.combat.16
            self.log.append(f"failed {s.name}")
            if s.kind == "monster" and s.deadliness:
                self.pending_deaths = min(s.deadliness, self.crew)
                if self.pending_deaths >= self.crew:
                    self.crew = 0
                    self.pending_deaths = 0
                    self.log.append("the whole crew is dead")
                    return self._lose()  # argonauts.losing.1, argonauts.gap.6
                self._auto_deaths()
                return
        self._maybe_cleanup()

    def _auto_deaths(self) -> None:
        """Deaths from free crew need no choice; only deaths cutting into placed crew are asked."""
        free = self.free_crew()
        if self.pending_deaths <= free or not any(self.on.get(c, 0) for c in self.unresolved):
            self.crew -= self.pending_deaths  # argonauts.combat.15
            self.log.append(f"{self.pending_deaths} crew died")
            self.pending_deaths = 0
            self._maybe_cleanup()
        else:
            self.phase = "deaths"

    def _kill(self, where: str) -> None:
        if where != "free":
            self.on[where] -= 1
            if not self.on[where]:
                del self.on[where]
        self.crew -= 1
        self.pending_deaths -= 1
        if self.pending_deaths == 0:
            self.phase = "combat"
            self._maybe_cleanup()

    def _ignore(self, card: str, by: str | None) -> None:
        if by is not None:
            self.treasures.remove(by)
            self.victory.append(by)  # argonauts.combat.11
        self.resolved_count[card] = self.resolved_count.get(card, 0) + 1
        self.unresolved.remove(card)
        self.field.remove(card)
        self.on.pop(card, None)
        self.discard.append(card)  # argonauts.combat.4, argonauts.gap.9
        self.log.append(f"ignored {self.stats[card].name}")
        self._maybe_cleanup()

    def _maybe_cleanup(self) -> None:
        if self.phase != "combat" or self.unresolved:
            return
        self.discard += self.field  # only Blessings and Wraths are left (argonauts.cleanup.1)
        self.field = []
        self.on = {}
        if self.crew <= 0:
            return self._lose()
        if not self.deck:  # argonauts.cleanup.2, argonauts.winning.1
            self.victory += self.treasures  # argonauts.winning.2
            self.treasures = []
            self.phase, self.result = "over", 1
            self.log.append("the deck is done: you win")
            return
        self.turn += 1
        self.phase = "quest"
        self.to_reveal = min(3, len(self.deck))

    def _lose(self) -> None:
        self.phase, self.result = "over", -1  # argonauts.losing.1; the cards stay put (argonauts.gap.1)
        self.on = {}
        self.log.append("all crew lost: you lose")

    # -- whole-state helpers -------------------------------------------------------------------
    def all_cards(self) -> list[str]:
        """Every card in the game, wherever it is (for the no-card-lost invariant)."""
        return self.deck + self.field + self.discard + self.victory + self.treasures

    def to_json(self) -> str:
        """Serialise the state (card numbers included) for save and resume."""
        d = {k: v for k, v in self.__dict__.items() if k != "stats"}
        d["stats"] = {c: [s.difficulty, s.deadliness] for c, s in self.stats.items()}
        return json.dumps(d)

    @classmethod
    def from_json(cls, text: str, cards=None) -> "State":
        """Rebuild a saved state."""
        d = json.loads(text)
        cards = cards or load_cards()
        stats = {c: Stats(c, cards[c].name, cards[c].kind, v[0], v[1], cards[c].ignorable, cards[c].use, cards[c].effect)
                 for c, v in d.pop("stats").items()}
        st = cls(stats, [])
        st.__dict__.update(d)
        return st


def new_game(levels: dict[str, int] | None = None, deck: list[str] | None = None, crew: int = STARTING_CREW,
             seed: int | None = None, cards=None) -> State:
    """A new game: the deck (default: the starting deck) at the campaign's levels, shuffled by seed."""
    cards = cards or load_cards()
    ids = list(deck) if deck is not None else starting_deck(cards)
    rng = random.Random(seed)
    rng.shuffle(ids)  # argonauts.setup.4; before every game, argonauts.gap.29
    return State(deck_stats(ids, levels, cards), ids, crew)
