"""Hercules: The Later Years: engine, rulings, simulator and their commands (rules in engine.py)."""
from pnp.catalog import Game

GAME = Game("later-years", "Hercules: The Later Years", "hercules-the-later-years.txt", "en", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION")
