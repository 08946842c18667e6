"""By Jove (1983): a roll-and-move race around a 40-space loop of Greek myth.

Each turn a player rolls two dice and moves clockwise, then plays the space: the Beginning pays
3 coins (1 for a Hero owner) for passing; gods send a double to Hades and grant any other throw a
Protected Turn; Hero spaces are claimed or cost their owner's fee; Perils are fought with one die
against up to three throws (Hercules 3, other Heroes 2, a Mere Mortal 1) for a VAP award; Oracle and
Potluck cards; the Labyrinth and the Quest of the Golden Fleece are one-die side adventures that earn
their awards; Taxes take half your coins; Helen of Troy starts a dice war; Hades holds a player for up
to three turns; the Lotus Eaters cost a turn. Landing on another pawn lets you bounce it home or
take a coin. The first to hold 16 coins, 8 VAP awards and both adventure awards wins; a time-limit
game (and any game reaching the round cap) is won on points. Rules data: cardsets/by-jove/.
"""
from pnp.catalog import Game

GAME = Game("by-jove", "By Jove", "by-jove.txt", "en", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION")

__all__ = ["State"]


def __getattr__(name: str):
    if name == "State":  # imported on first use, so finding the games stays fast
        from pnp.games.by_jove.engine import State
        return State
    raise AttributeError(name)
