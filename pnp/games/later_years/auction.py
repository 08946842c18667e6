"""The Later Years' Card Auction (later-years.auction.*): seats clockwise, bids that must be made, raises
that take over a stack, the Deadbeat rule."""
from __future__ import annotations

from functools import lru_cache

from pnp.errors import IllegalMove


@lru_cache(maxsize=None)
def _clockwise(seats: tuple) -> dict:
    """Each seat's view of the table: the seats from it on, clockwise (later-years.gap.9)."""
    return {p: seats[i:] + seats[:i] for i, p in enumerate(seats)}


class Auction:
    """One Card Auction (later-years.auction.*): seats clockwise, lots 0..n-1, the last face down."""

    def __init__(self, seats: list, coins: dict, n_lots: int, opener, excluded=()):
        self.seats = list(seats)
        self.coins = dict(coins)
        self.n_lots = n_lots
        self.opener = opener
        self._clockwise = _clockwise(tuple(self.seats))
        self.restart(excluded)

    def restart(self, excluded) -> None:
        """Hold the auction from the start (again, after a deadbeat) without the players in `excluded`
        (later-years.deadbeat.1): no bids, the opener's turn; coins are only paid at the end."""
        self.excluded = set(excluded)
        self.top: dict[int, tuple[object, int]] = {}      # lot -> (player, total)
        self.deadbeat = None
        self.to_bid = self._first_from(self.opener)

    @property
    def bidders(self) -> list:
        """The seats taking part, clockwise: every seat but the deadbeats (later-years.deadbeat.1)."""
        return [p for p in self.seats if p not in self.excluded]

    def _first_from(self, player):
        """The first bidder at or clockwise after `player` holding no winning bid (later-years.gap.9)."""
        excluded = self.excluded
        holders = [p for p, _ in self.top.values()] if self.top else ()
        for p in self._clockwise[player]:                 # the seats from `player` on, clockwise
            if p not in holders and p not in excluded:
                return p
        return None

    def holding(self, player):
        """The lot on which `player` holds the winning bid, or None."""
        for lot, (p, _) in self.top.items():
            if p == player:
                return lot
        return None

    @property
    def done(self) -> bool:
        """True when every bidder holds a winning bid, or a deadbeat cancelled it (later-years.auction.7)."""
        return self.deadbeat is not None or self.to_bid is None

    def bid(self, player, lot: int, add: int) -> None:
        """Put `add` coins on `lot`; raises IllegalMove; an unaffordable total makes a deadbeat."""
        self.check_bid(player, lot, add)
        self.place(player, lot, add)

    def check_bid(self, player, lot: int, add: int) -> None:
        """Raise IllegalMove, with the reason, unless `player` may put `add` coins on `lot` now."""
        if self.done:
            raise IllegalMove("the auction is over", hint="no more bids are taken")
        if player != self.to_bid:
            raise IllegalMove(f"it is {self.to_bid}'s turn to bid, not {player}'s",
                              hint="bids go clockwise among players with no winning bid (later-years.gap.9)")
        if not 0 <= lot < self.n_lots:
            raise IllegalMove(f"no card {lot + 1}", expected=f"a card 1-{self.n_lots}")
        if add < 1:
            raise IllegalMove("a bid must put at least 1 coin on the card", hint="later-years.gap.8")

    def place(self, player, lot: int, add: int) -> None:
        """bid's effect for a bid check_bid allows (one legal_bids lists): the lot's new total, or a deadbeat."""
        total = add + (self.top[lot][1] if lot in self.top else 0)   # later-years.auction.6
        if total > self.coins[player]:                               # later-years.deadbeat.1
            self.deadbeat = player
            return
        self.top[lot] = (player, total)
        self.to_bid = self._first_from(player)

    def bid_limits(self, player) -> list[tuple[int, int]]:
        """(lot, most): `player` may add 1 to `most` coins to the lot, within her coins (later-years.auction.6,
        gap.8); if no lot takes any, the forced smallest overbids, most 1: on each unbid lot, else on
        every lot (deadbeat.1)."""
        coins, top, out = self.coins[player], self.top, []
        if coins > 0:                                  # else no lot takes any (totals are never below 0)
            for lot in range(self.n_lots):             # a loop, not a comprehension: a few lots only
                most = coins - (top[lot][1] if lot in top else 0)
                if most >= 1:
                    out.append((lot, most))
            if out:
                return out
        for lot in range(self.n_lots):
            if lot not in top:
                out.append((lot, 1))
        return out or [(lot, 1) for lot in range(self.n_lots)]

    def legal_bids(self, player) -> list[tuple[int, int]]:
        """(lot, add) pairs within the player's coins; if none, the forced smallest overbids."""
        return [(lot, add) for lot, most in self.bid_limits(player) for add in range(1, most + 1)]
