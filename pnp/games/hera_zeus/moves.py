"""Hera and Zeus moves: their written syntax, the move codes policies index by (MOVES, SURE) with the
tables that list them, and a State's candidate moves and indexed hand (the MoveLists mixin)."""
from __future__ import annotations

from bisect import bisect_left, insort
from functools import lru_cache

from pnp.errors import UsageError
from pnp.games.hera_zeus.cards import PLACEABLE, all_cards, token_of

COLUMNS, ROWS = 3, 4          # hera-zeus.battlefield.3

ACTION_FORMS = (
    "draw", "place TOKEN COL ROW", "challenge COL", "statue COL", "pegasus hand", "pegasus front COL",
    "pythia hand", "pythia column COL", "sirens", "hades TOKEN", "persephone", "dionysus",
    "move COL.ROW COL", "swap COL.ROW COL.ROW", "done", "put COL", "top TOKEN")
_FILLER = {"col", "row", "at", "in", "to", "into", "on"}


@lru_cache(maxsize=4096)
def parse_move(text: str) -> tuple[str, ...]:
    """A move as a tuple of words, lower-cased, filler words ('col', 'row', 'at') dropped, card names as tokens."""
    words = [w for w in str(text).lower().replace(",", " ").split() if w not in _FILLER]
    if not words:
        return ()
    if words[0] in ("place", "hades", "top") and len(words) > 1:
        words[1] = token_of(words[1])
    return tuple(words)


_SHAPES = {  # verb -> accepted argument patterns: C column, R row, T token, S col.row spot, or a literal word
    "draw": [()], "place": [("T", "C", "R")], "challenge": [("C",)], "statue": [("C",)],
    "pegasus": [("hand",), ("front", "C")], "pythia": [("hand",), ("column", "C")], "sirens": [()],
    "hades": [("T",)], "persephone": [()], "dionysus": [()], "move": [("S", "C")], "swap": [("S", "S")],
    "done": [()], "put": [("C",)], "top": [("T",)]}


def check_syntax(text: str) -> tuple[str, ...]:
    """Parse a move and check its shape and ranges; UsageError naming the bad word (unknown card, column 4)."""
    m = parse_move(text)
    forms = f"one of: {', '.join(ACTION_FORMS)}"
    if not m or m[0] not in _SHAPES:
        raise UsageError(f"unknown move '{text}'", field="--move", expected=forms)
    verb, args = m[0], m[1:]
    for shape in _SHAPES[verb]:
        if len(shape) == len(args) and all(k in "TCRS" or k == a for k, a in zip(shape, args)):
            for k, a in zip(shape, args):
                if k == "C" and not (a.isdigit() and 1 <= int(a) <= COLUMNS):
                    raise UsageError(f"column '{a}' is out of range in '{text}'", field="--move",
                                     expected=f"a column 1-{COLUMNS}")
                if k == "R" and not (a.isdigit() and 1 <= int(a) <= ROWS):
                    raise UsageError(f"row '{a}' is out of range in '{text}'", field="--move", expected=f"a row 1-{ROWS}")
                if k == "S":
                    c, _, r = a.partition(".")
                    if not (c.isdigit() and r.isdigit() and 1 <= int(c) <= COLUMNS and 1 <= int(r) <= ROWS):
                        raise UsageError(f"place '{a}' is out of range in '{text}'", field="--move",
                                         expected=f"COL.ROW with column 1-{COLUMNS} and row 1-{ROWS}")
            return m
    raise UsageError(f"malformed move '{text}'", field="--move", expected=forms)


_COLUMN_OF = {str(c + 1): c for c in range(COLUMNS)}        # column words as written in moves
_COLS = tuple(_COLUMN_OF)
_ROW_WORDS = tuple(str(r) for r in range(ROWS + 2))           # _ROW_WORDS[r] == str(r)
_CS = tuple(range(COLUMNS))


MOVES: list[tuple[str, ...]] = []
"""Move code -> the move it stands for (a word tuple). Candidates are listed as codes (State.move_codes), so a
policy can keep what it works out about a move in a list indexed by code. A place move has one code per fill
of its column it is listed from (the _OFFERS entry), so whatever depends on that column's fill is fixed by
the code; every other move has one code."""


SURE: list[bool] = []
"""By move code: a place the pruned candidates (MoveLists._codes) list, legal whenever an action point is left:
the rows open_rows offers for a column, of a token in hand, are those Legality._why_place allows, as it asks
open_rows (tests check it at every decision); the places listed without pruning, like every other move, must be
checked (Legality._why)."""


def _coded(moves, sure: bool = False) -> tuple[int, ...]:
    """New codes for these moves, in order (see MOVES and SURE)."""
    start = len(MOVES)
    MOVES.extend(moves)
    SURE.extend([sure] * (len(MOVES) - start))
    return tuple(range(start, len(MOVES)))


def open_rows(behind_statue: bool, cards: int, prune: bool) -> slice | None:
    """Which of a token's place moves in a column (rows 1 to ROWS + 1, as slice indices from 0) are open:
    rows from 1 (2 behind a statue: hera-zeus.statue.4, gap.17) to one past the places taken
    (hera-zeus.gap.10); none in a full column (hera-zeus.place.3, battlefield.3). _why_place checks a
    place against the pruned answer; without prune, a full column's rows are listed for _why to refuse."""
    slots = cards + behind_statue
    return None if prune and slots >= ROWS else slice(1 if behind_statue else 0, slots + 1)


_OFFERS = [open_rows(s, n, prune) for prune in (True, False) for s in (False, True) for n in range(ROWS + 1)]
_OPEN_ROWS, _ALL_ROWS = ({s: [[c * len(_OFFERS) + k if _OFFERS[k] else None      # [statue's column][column][cards]:
                               for k in range(start + (ROWS + 1) * (s == c), start + (ROWS + 1) * (s == c) + ROWS + 1)]
                              for c in _CS] for s in (None, *_CS)}        # index into a token's _PLACINGS list
                         for start in (0, 2 * (ROWS + 1)))
_UNBLOCKED = {s: {t: tuple(c != s and c != t for c in _CS) for t in (None, *_CS)} for s in (None, *_CS)}
"""[mover's statue column][opponent's]: by column, whether no statue stands there (hera-zeus.challenge.3, statue.5)."""
_BLOCKED = (False,) * COLUMNS                                 # no challenge at all


def _placings(token: str) -> list[tuple[int, ...]]:
    """The place moves of a token as codes, by column and _OFFERS entry (index column * len(_OFFERS) + entry):
    the rows that entry offers (a column's moves are then one ready tuple)."""
    out = []
    for col in _COLS:
        rows = [("place", token, col, _ROW_WORDS[r]) for r in range(1, ROWS + 2)]
        out += [_coded(rows[sl], k < len(_OFFERS) // 2) if sl else () for k, sl in enumerate(_OFFERS)]  # pruned first
    return out


_PLACINGS = {card.token: _placings(card.token) for card in all_cards().values() if card.placeable}   # by token


DRAW = _coded([("draw",)])[0]
_CHALLENGES = _coded(("challenge", c) for c in _COLS)
_STATUES = _coded(("statue", c) for c in _COLS)
_PEGASUS = _coded([("pegasus", "hand")] + [("pegasus", "front", c) for c in _COLS])
_PYTHIA = _coded([("pythia", "hand")] + [("pythia", "column", c) for c in _COLS])
_TOKENS = sorted({c.token for c in all_cards().values()})
_HADES_OF = dict(zip(_TOKENS, _coded(("hades", t) for t in _TOKENS)))   # token -> the move bringing it back
_HADES = {card.id: _HADES_OF[card.token] for card in all_cards().values()}   # card id -> that of its token
_SIRENS, _PERSEPHONE, _DIONYSUS = _coded([("sirens",), ("persephone",), ("dionysus",)])
_PUTS = _coded(("put", c) for c in _COLS)
_TOPS = dict(zip(_TOKENS, _coded(("top", t) for t in _TOKENS)))     # token -> the move putting it on top
_SPOTS = [f"{c}.{r}" for c in _COLS for r in range(1, ROWS + 2)]       # a card's place in a rearrangement
_DONE = _coded([("done",)])[0]
_REARRANGING = [("move", a, t) for a in _SPOTS for t in _COLS] + [("swap", a, b) for a in _SPOTS for b in _SPOTS]
_REARRANGE = dict(zip(_REARRANGING, _coded(_REARRANGING)))    # a Dionysus move or swap -> its code
_ALL_KINDS = frozenset({"god", "pegasus", "pythia", "sirens", "persephone", "dionysus", "hades"})  # cards moves need

# card id -> (its token, its kind if moves ask for that kind by a name other than the token (the god card), the
# place moves of the token if it may stand on the battlefield (see _PLACINGS), else None): how a hand indexes it
_LISTED = {c.id: (c.token, c.kind if c.kind in _ALL_KINDS and c.kind != c.token else None,
                  _PLACINGS[c.token] if c.kind in PLACEABLE else None) for c in all_cards().values()}


class MoveLists:
    """A State's moves worth checking (as codes), its hand indexed by name, and move words read as board
    places (mixed into State)."""

    def _in_hand(self, p: int, name: str) -> str | None:
        """The first card (by id) in p's hand with this token, or of this kind for a kind that moves ask for
        (_ALL_KINDS; 'god': Hera's or Zeus's own card)."""
        ids = self._indexed(p)[2].get(name)
        return ids[0] if ids else None

    def _indexed(self, p: int) -> list:
        """p's hand indexed: [the hand list, its length, names -> their card ids in order (see _LISTED), the
        same dict again (read as kinds), the place moves of its placeable tokens (see _PLACINGS), those tokens in
        order]. _give and _take keep it up to date; a hand list replaced or changed from outside is indexed
        afresh."""
        index = self._hands[p]
        hand = self.hand[p]
        if index[0] is not hand or index[1] != len(hand):
            names: dict[str, list[str]] = {}
            placeable = set()
            for c in sorted(hand):
                token, kind, placing = _LISTED[c]
                names.setdefault(token, []).append(c)
                if kind is not None:
                    names.setdefault(kind, []).append(c)
                if placing is not None:
                    placeable.add(token)
            tokens = sorted(placeable)
            index = self._hands[p] = [hand, len(hand), names, names, [_PLACINGS[t] for t in tokens], tokens]
        return index

    def _give(self, p: int, card: str) -> None:
        """Put a card into p's hand, keeping its index up to date."""
        hand = self.hand[p]
        index = self._hands[p]
        n = len(hand)
        hand.append(card)
        if index[0] is hand and index[1] == n:
            index[1] = n + 1
            token, kind, placing = _LISTED[card]
            names = index[2]
            ids = names.get(token)
            if ids is None:
                names[token] = [card]
                if placing is not None:                      # a new token to place, in token order
                    i = bisect_left(index[5], token)
                    index[5].insert(i, token)
                    index[4].insert(i, placing)
            else:
                insort(ids, card)
            if kind is not None:                             # also listed by its kind
                ids = names.get(kind)
                if ids is None:
                    names[kind] = [card]
                else:
                    insort(ids, card)

    def _take(self, p: int, card: str) -> None:
        """Take a card out of p's hand, keeping its index up to date."""
        hand = self.hand[p]
        index = self._hands[p]
        n = len(hand)
        hand.remove(card)
        if index[0] is hand and index[1] == n:
            index[1] = n - 1
            token, kind, placing = _LISTED[card]
            names = index[2]
            ids = names[token]
            if len(ids) > 1:
                ids.remove(card)
            else:
                del names[token]
                if placing is not None:                      # no more of this token to place
                    i = index[5].index(token)
                    del index[5][i]
                    del index[4][i]
            if kind is not None:
                ids = names[kind]
                if len(ids) > 1:
                    ids.remove(card)
                else:
                    del names[kind]

    def _col(self, word: str) -> int | None:
        c = _COLUMN_OF.get(word)
        if c is None and word.isdigit() and 1 <= int(word) <= COLUMNS:
            c = int(word) - 1
        return c

    def _candidates(self, prune: bool = True) -> list[tuple[str, ...]]:
        """Every move worth checking now, as word tuples (legal ones are kept by legal_actions); see _codes."""
        return list(map(MOVES.__getitem__, self._codes(prune)))

    def _codes(self, prune: bool = True) -> list[int]:
        """Every move worth checking now, as codes (see MOVES).

        With prune, moves that need a card the hand lacks (a spell, a Pegasus, the god card), places in a
        full column, challenges and Pegasus attacks in a first turn, challenges where no two cards face each
        other, and a second statue are left out: they could never pass _why (tests compare with prune=False)."""
        p = self.to_move
        if self.phase != "turn":
            return self._phase_codes(p)
        index = self._indexed(p)
        kinds, placings = index[3], index[4]
        out = [DRAW]
        field, statue = self.field[p], self.statue[p]
        theirs, their_statue = self.field[1 - p], self.statue[1 - p]
        by_cards = (_OPEN_ROWS if prune else _ALL_ROWS)[statue]
        unblocked = _UNBLOCKED[statue][their_statue] if prune and not self.first_turn else _BLOCKED   # attack.2
        fights = []
        for c in _CS:
            mine = field[c]
            k = by_cards[c][len(mine)]
            if k is not None:
                for by_offer in placings:
                    out += by_offer[k]
            if unblocked[c] and mine and theirs[c]:           # face to face, as _why_challenge (challenge.1)
                fights.append(_CHALLENGES[c])
        out += fights                                         # after the places
        if not prune:
            kinds = _ALL_KINDS
            out += _CHALLENGES
        if "god" in kinds and (statue is None or not prune):   # one statue only, as _why_statue (gap.16)
            out += _STATUES
        if "pegasus" in kinds and not (prune and self.first_turn):   # no first-turn attack, _why_pegasus (attack.2)
            out += _PEGASUS
        if "pythia" in kinds:
            out += _PYTHIA
        if "sirens" in kinds:
            out.append(_SIRENS)
        if "persephone" in kinds:
            out.append(_PERSEPHONE)
        if "dionysus" in kinds:
            out.append(_DIONYSUS)
        if "hades" in kinds:                                  # each token in the discard pile once, in token order
            out += sorted(set(map(_HADES.__getitem__, self.discard[p])))
        return out

    def _phase_codes(self, p: int) -> list[int]:
        """The moves worth checking outside the turn phase, as codes: the opening, a raid's put, Pandora's order,
        Dionysus."""
        cards, hand = self.cards, self.hand[p]
        if self.phase == "opening":                           # row 1 of each column, as many cards as it holds
            toks = sorted({cards[c].token for c in hand if cards[c].placeable})
            field = self.field[p]
            return [_PLACINGS[t][_ALL_ROWS[None][c][len(field[c])]][0] for t in toks for c in _CS]
        if self.phase == "put":
            return list(_PUTS)
        if self.phase == "order":
            return [_TOPS[t] for t in sorted({cards[c].token for c in self.pending["order"][0][1]})]
        spots = [f"{c + 1}.{r}" for c in range(COLUMNS) for r in self._rows_of(p, c)]   # rearrange
        out = [_DONE]
        out += [_REARRANGE["move", a, t] for a in spots for t in _COLS]
        out += [_REARRANGE["swap", a, b] for i, a in enumerate(spots) for b in spots[i + 1:]]
        return out

    def _rows_of(self, p: int, c: int) -> list[int]:
        start = 2 if self.statue[p] == c else 1
        return list(range(start, start + len(self.field[p][c])))

    def _spot(self, p: int, word: str) -> tuple[int, int] | None:
        """'col.row' -> (column, index into the column's card list), if a card is there."""
        parts = word.split(".")
        if len(parts) != 2 or not all(x.isdigit() for x in parts):
            return None
        c, r = int(parts[0]) - 1, int(parts[1])
        if not 0 <= c < COLUMNS:
            return None
        i = r - (2 if self.statue[p] == c else 1)
        return (c, i) if 0 <= i < len(self.field[p][c]) else None
