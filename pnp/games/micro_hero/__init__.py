"""Micro Hero: Hercules: engine, cards, rulings, save format, policies, simulator and commands.

The rules are in engine.py (the state), pieces.py (fixed numbers, cards, options, a hero's piles) and
spending.py (upgrade phase, Preparation Actions); plan scoring in plans.py.
"""
from pnp.catalog import Game

GAME = Game("micro-hero", "Micro Hero: Hercules", "micro-hero-hercules.cs.txt", "cs", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION", command="cli:micro_hero")
