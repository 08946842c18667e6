"""Micro Hero: Hercules: engine, cards, rulings, save format, policies, simulator and commands (rules in engine.py)."""
from pnp.catalog import Game

GAME = Game("micro-hero", "Micro Hero: Hercules", "micro-hero-hercules.cs.txt", "cs", __name__,
            situations="judge:situations", simulate="simulate:command", command="cli:micro_hero")
