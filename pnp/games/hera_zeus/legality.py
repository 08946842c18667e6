"""Hera and Zeus legality: why a move is illegal now, with the rule it breaks (the Legality mixin of State)."""
from __future__ import annotations

from pnp.games.hera_zeus.cards import NEVER_CHALLENGE, SIDES
from pnp.games.hera_zeus.moves import ACTION_FORMS, COLUMNS, ROWS, open_rows, parse_move

HAND_LIMIT = 12               # hera-zeus.draw.2


class Legality:
    """why_illegal and the checks of each move (mixed into State)."""

    def why_illegal(self, action: str) -> str | None:
        """Why a move is illegal now (with the rule id), or None if it is legal."""
        if self.winner is not None:
            return "the game is over"
        if self.chance:
            return "a card is being dealt or drawn at random; no player move is possible"
        return self._why(parse_move(action))

    def _why(self, m: tuple[str, ...]) -> str | None:
        p, o = self.to_move, 1 - self.to_move
        if not m:
            return f"empty move; expected one of: {', '.join(ACTION_FORMS)}"
        verb, args = m[0], m[1:]
        if self.phase != "turn":
            if self.phase == "opening":
                return self._why_opening(p, verb, args)
            if self.phase == "put":
                return self._why_put(o, verb, args)
            if self.phase == "order":
                tokens = {self.cards[c].token for c in self.pending["order"][0][1]}
                if verb != "top" or len(args) != 1 or args[0] not in tokens:
                    return (f"first choose which discarded card lies on top: 'top TOKEN' with one of "
                            f"{', '.join(sorted(tokens))} (hera-zeus.pandora.2)")
                return None
            if self.phase == "rearrange":
                return self._why_rearrange(p, verb, args)
        if verb in ("move", "swap", "done", "put", "top"):
            return f"'{verb}' is only possible right after Dionysus, a Pegasus raid or Pandora"
        if self.ap_left() <= 0 and verb != "statue":
            return "no action points left (hera-zeus.challenge.2, hera-zeus.flow.5)"
        check = CHECKS.get(verb)
        if check is None:
            return f"unknown move '{verb}'; expected one of: {', '.join(ACTION_FORMS)}"
        return check(self, p, o, args)

    def _why_opening(self, p, verb, args) -> str | None:
        if verb != "place" or len(args) != 3:
            return "during the opening each player places cards face down: 'place TOKEN COL 1' (hera-zeus.battlefield.1)"
        token, c = args[0], self._col(args[1])
        if c is None:
            return f"column must be 1-{COLUMNS}, not '{args[1]}'"
        if args[2] != "1" or self.field[p][c]:
            return "the opening cards go one to the front of each column (hera-zeus.battlefield.1)"
        card = self._in_hand(p, token)
        if card is None:
            return f"no '{token}' in hand"
        if not self.cards[card].placeable:
            return f"{self.cards[card].name} cannot be placed on the battlefield (hera-zeus.cards.4, hera-zeus.gap.7)"
        return None

    def _why_put(self, o, verb, args) -> str | None:
        if verb != "put" or len(args) != 1:
            return "the card taken by Pegasus must be put in a column first: 'put COL' (hera-zeus.pegasus.5)"
        c = self._col(args[0])
        if c is None:
            return f"column must be 1-{COLUMNS}, not '{args[0]}'"
        if self.statue[o] == c:
            return "it may not go in front of a statue (hera-zeus.pegasus.6)"
        if self.slots(o, c) >= ROWS:
            return f"column {c + 1} already holds four cards (hera-zeus.pegasus.6)"
        return None

    def _why_rearrange(self, p, verb, args) -> str | None:
        if verb == "done":
            return None
        if self.pending.get("left", 0) <= 0:
            return "the rearrangement is complete; only 'done' remains"
        if verb == "move" and len(args) == 2:
            src, t = self._spot(p, args[0]), self._col(args[1])
            if src is None or t is None:
                return "expected 'move COL.ROW COL' naming one of your cards and a column 1-3"
            c, _ = src
            if t != c and self.slots(p, t) >= ROWS:
                return f"column {t + 1} is full (hera-zeus.dionysus.2)"
            if t != c and self.statue[p] == c and len(self.field[p][c]) == 1:
                return "the statue's column must keep a card (hera-zeus.gap.17)"
            return None
        if verb == "swap" and len(args) == 2:
            a, b = self._spot(p, args[0]), self._spot(p, args[1])
            if a is None or b is None or a == b:
                return "expected 'swap COL.ROW COL.ROW' naming two of your cards"
            return None
        return "during Dionysus: 'move COL.ROW COL', 'swap COL.ROW COL.ROW' or 'done' (hera-zeus.dionysus.1)"

    def _why_draw(self, p, o, args) -> str | None:
        if len(self.hand[p]) >= HAND_LIMIT:
            return f"the hand already holds {HAND_LIMIT} cards (hera-zeus.draw.2)"
        if not self.pile[p]:
            return "the draw pile is empty (hera-zeus.gap.29)"
        return None

    def _why_place(self, p, o, args) -> str | None:
        if len(args) != 3:
            return "expected 'place TOKEN COL ROW'"
        token, c = args[0], self._col(args[1])
        if c is None:
            return f"column must be 1-{COLUMNS}, not '{args[1]}' (hera-zeus.battlefield.3)"
        if not args[2].isdigit() or not 1 <= int(args[2]) <= ROWS:
            return f"row must be 1-{ROWS}, not '{args[2]}' (hera-zeus.battlefield.3)"
        row = int(args[2])
        card = self._in_hand(p, token)
        if card is None:
            return f"no '{token}' in hand"
        if not self.cards[card].placeable:
            return f"{self.cards[card].name} cannot be placed on the battlefield (hera-zeus.cards.4, hera-zeus.gap.7)"
        offered = open_rows(self.statue[p] == c, len(self.field[p][c]), True)   # the one statement of the rows
        if offered is None:
            return f"column {c + 1} already holds four (hera-zeus.place.3)"
        if row - 1 < offered.start:
            return "the statue keeps the front place; place behind it (hera-zeus.statue.4, hera-zeus.gap.17)"
        if row - 1 >= offered.stop:
            return (f"column {c + 1} has {offered.stop - 1} place(s) taken, so row {row} would leave a gap; "
                    f"use row {offered.stop} or less (hera-zeus.gap.10)")
        return None

    def _why_challenge(self, p, o, args) -> str | None:
        c = self._col(args[0]) if len(args) == 1 else None
        if c is None:
            return f"expected 'challenge COL' with a column 1-{COLUMNS}"
        if self.first_turn:
            return "no challenges in a player's first turn (hera-zeus.attack.2)"
        mine = self.front(p, c)
        if mine is None:
            return f"you have no card in column {c + 1} (hera-zeus.challenge.1)"
        if mine == "statue":
            return "your statue stands in front of that column; only a front-row card challenges (hera-zeus.challenge.3)"
        if self.cards[mine].kind in NEVER_CHALLENGE:
            return f"{self.cards[mine].name} never challenges (hera-zeus.challenge.4)"
        theirs = self.front(o, c)
        if theirs is None:
            return f"the opponent has no card in column {c + 1}; no diagonal challenges (hera-zeus.challenge.1)"
        if theirs == "statue":
            return "a statue and the card behind it cannot be challenged (hera-zeus.statue.5, hera-zeus.gap.4)"
        return None

    def _why_statue(self, p, o, args) -> str | None:
        if len(args) != 1 or self._col(args[0]) is None:
            return f"expected 'statue COL' with a column 1-{COLUMNS}"
        c = self._col(args[0])
        if self._in_hand(p, "god") is None:
            return f"no {SIDES[p].capitalize()} card in hand (hera-zeus.statue.1)"
        if self.statue[p] is not None:
            return "your statue already stands; there is only one (hera-zeus.gap.16)"
        if not self.field[p][c]:
            return "the statue may not go into an empty column (hera-zeus.statue.3)"
        if len(self.field[p][c]) >= ROWS:
            return "the statue may not go into a column of four cards (hera-zeus.statue.3)"
        return None

    def _why_pegasus(self, p, o, args) -> str | None:
        if self._in_hand(p, "pegasus") is None:
            return "no Pegasus in hand"
        if self.first_turn:
            return "Pegasus's attacks are challenges, barred in your first turn (hera-zeus.attack.2, hera-zeus.gap.12)"
        if args == ("hand",):
            return None if self.hand[o] else "the opponent's hand is empty (hera-zeus.gap.29)"
        if len(args) == 2 and args[0] == "front" and self._col(args[1]) is not None:
            c = self._col(args[1])
            return None if self.front(o, c) else f"the opponent has nothing in column {c + 1} (hera-zeus.pegasus.7)"
        return "expected 'pegasus hand' or 'pegasus front COL' (placing Pegasus is 'place pegasus COL ROW')"

    def _why_pythia(self, p, o, args) -> str | None:
        if self._in_hand(p, "pythia") is None:
            return "no Pythia in hand"
        if args == ("hand",):
            return None
        if len(args) == 2 and args[0] == "column" and self._col(args[1]) is not None:
            c = self._col(args[1])
            return None if self.field[o][c] else f"the opponent has no cards in column {c + 1} (hera-zeus.pythia.7)"
        return "expected 'pythia hand' or 'pythia column COL'"

    def _why_sirens(self, p, o, args) -> str | None:
        if self._in_hand(p, "sirens") is None:
            return "no Sirens in hand"
        if not self.discard[o]:
            return "the opponent's discard pile is empty (hera-zeus.sirens.3)"
        top = self.cards[self.discard[o][-1]]
        if top.strength is None or not 1 <= top.strength <= 7:
            return f"the top of the opponent's discard pile ({top.name}) has no strength 1-7 (hera-zeus.sirens.3, hera-zeus.gap.20)"
        return None

    def _why_hades(self, p, o, args) -> str | None:
        if self._in_hand(p, "hades") is None:
            return "no Hades in hand"
        if len(args) != 1:
            return "expected 'hades TOKEN' naming a card in your own discard pile (hera-zeus.gap.3)"
        if args[0] == "hades":
            return "Hades may not take a Hades (hera-zeus.gap.21)"
        if not any(self.cards[c].token == args[0] for c in self.discard[p]):
            return f"no '{args[0]}' in your own discard pile (hera-zeus.hades.1, hera-zeus.gap.3)"
        return None

    def _why_persephone(self, p, o, args) -> str | None:
        return None if self._in_hand(p, "persephone") else "no Persephone in hand"

    def _why_dionysus(self, p, o, args) -> str | None:
        if self._in_hand(p, "dionysus") is None:
            return "no Dionysus in hand"
        return None if any(self.field[p]) else "you have no cards on the battlefield to rearrange"


CHECKS = {"draw": Legality._why_draw, "place": Legality._why_place, "challenge": Legality._why_challenge,
          "statue": Legality._why_statue, "pegasus": Legality._why_pegasus, "pythia": Legality._why_pythia,
          "sirens": Legality._why_sirens, "hades": Legality._why_hades, "persephone": Legality._why_persephone,
          "dionysus": Legality._why_dionysus}   # a turn move's verb -> its check (self, p, o, args)
