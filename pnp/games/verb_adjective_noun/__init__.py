"""Verb the Adjective Noun: engine, rulings, simulator and their commands (rules in engine.py)."""
from pnp.catalog import Game

GAME = Game("verb-adjective-noun", "Verb the Adjective Noun", "verb-the-adjective-noun.txt", "en", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION")
