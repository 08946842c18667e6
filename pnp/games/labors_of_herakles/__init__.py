"""The Labors of Herakles: engine, rulings, simulator and their commands (rules in engine.py)."""
from pnp.catalog import Game

GAME = Game("labors-of-herakles", "The Labors of Herakles", "the-labors-of-herakles.txt", "en", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION")
