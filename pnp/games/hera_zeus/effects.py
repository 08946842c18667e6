"""Hera and Zeus effects: what each turn move, a Pegasus raid, Pandora's order and Dionysus do to a State
(the Effects mixin of State), and the table from a turn move's verb to its effect."""
from __future__ import annotations

from pnp.games.hera_zeus.cards import HERA, SIDES, ZEUS
from pnp.games.hera_zeus.legality import HAND_LIMIT
from pnp.games.hera_zeus.moves import COLUMNS

STATUE_AP = 4                 # hera-zeus.flow.3, hera-zeus.statue.1
NAMES = tuple(side.capitalize() for side in SIDES)           # side names as written in events


class Effects:
    """Each move's effect once it is found legal, the cards it moves and the notes it logs (mixed into State)."""

    def _discard_from_field(self, p: int, c: int, card: str) -> None:
        self.field[p][c].remove(card)                        # hera-zeus.challenge.8: column closes up
        self.face_up.discard(card)
        self.discard[p].append(card)                         # hera-zeus.gap.19: controller's pile

    def _discard_from_hand(self, p: int, card: str) -> None:
        self._take(p, card)
        self.discard[p].append(card)                         # hera-zeus.cast.1, hera-zeus.gap.19

    def _do_draw(self, p, o, move) -> None:
        self.chance = ("draw", p)                              # hera-zeus.draw.1

    def _do_place(self, p, o, move) -> None:
        card, c, row = self._in_hand(p, move[1]), self._col(move[2]), int(move[3])
        self._take(p, card)
        index = row - (2 if self.statue[p] == c else 1)
        self.field[p][c].insert(index, card)                   # hera-zeus.place.1, hera-zeus.place.2
        if self._log is not None:
            self._note("{} places a card face down in column {}, row {}", "hera-zeus.place.1", NAMES[p], c + 1, row)

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
        self._note("{} puts {} on top of the discard pile", "hera-zeus.pandora.2", NAMES[q], self.cards[card].name)
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
                self._note("{}'s statue has no card left behind it and is set aside", "hera-zeus.gap.17", NAMES[q])

    def _do_statue(self, p, o, move) -> None:
        c = self._col(move[1])
        self._discard_from_hand(p, self._in_hand(p, "god"))
        self.statue[p] = c                                     # hera-zeus.statue.2: the cards shift back
        self.ap_total = STATUE_AP                              # hera-zeus.statue.1, hera-zeus.gap.15
        self._note("{}'s statue stands in front of column {}; {} action points this turn", "hera-zeus.statue.1",
                   NAMES[p], c + 1, STATUE_AP)

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
                       "hera-zeus.pegasus.10", NAMES[o])
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


EFFECTS = {"draw": Effects._do_draw, "place": Effects._do_place, "challenge": Effects._do_challenge,
           "statue": Effects._do_statue, "pegasus": Effects._do_pegasus, "pythia": Effects._do_pythia,
           "sirens": Effects._do_sirens, "hades": Effects._do_hades, "persephone": Effects._do_persephone,
           "dionysus": Effects._do_dionysus}   # a turn move's verb -> its effect (self, p, o, move)
