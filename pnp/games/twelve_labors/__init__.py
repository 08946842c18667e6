"""The Twelve Labors: engine, rulings, simulator and their commands (rules in engine.py)."""
from pnp.catalog import Game

GAME = Game("twelve-labors", "The Twelve Labors", "the-twelve-labors.txt", "en", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION")
