"""Hera and Zeus (two-player duel of hidden cards) as code, in the open_spiel shape.

Rules in brief (ids in cardsets/hera-zeus/rules.yaml, rulings in gaps.yaml):
* Each player has a 43-card deck; 9 cards are dealt, the hostage (Io for Hera, Argus for Zeus) is
  shuffled back and replaced (setup.4, gap.11). Each then lays 3 cards face down, one at the front
  of each column (battlefield.1, gap.30). Each side of the battlefield is 3 columns by 4 rows.
* A turn gives one action point per column held at its start, or 4 while the player's statue stands
  (flow.2-3, statue.8); the Hera/Zeus card is free and makes the turn's total 4 (statue.1, gap.15).
  Every point must be spent (flow.5): draw (hand limit 12), place (insert in a column, cards shift
  back), challenge (front card against the facing front card, never in one's first turn), or cast.
* A challenge turns both cards face up: higher strength wins, a tie discards both, the loser's column
  closes up. Medusa stones her challenger except a Hero/Amazon; Pandora wipes the whole column of
  both players; Pythia beats Poseidon/Nemesis when she challenges them.
* Pegasus raids the hand, strikes a front card or statue, or stands as strength 1; Pythia reads the
  hand or turns a column face up; Sirens, Hades and Persephone take cards back; Dionysus rearranges.
* The game is won by challenging the enemy hostage, snatching it (or Pandora with it) by Pegasus, or
  challenging Pandora where it stands; it is lost by starting a turn without cards or being unable
  to spend one's points (end.1-8).
Modules: cards (deck data), moves (move syntax, move codes, candidate moves), legality (why a move is
illegal), effects (what each move does), state (the game: setup, chance, turn flow), position (a state
from a written position), sim (policies and simulation), rulings (judge situations).
"""
import importlib

from pnp.catalog import Game

GAME = Game("hera-zeus", "Hera and Zeus", "hera-and-zeus.zh.txt", "zh", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION")

__all__ = ["HERA", "ZEUS", "SIDES", "Card", "all_cards", "deck", "token_of", "State", "parse_move",
           "COLUMNS", "ROWS", "HAND_LIMIT"]

_FROM = {"cards": ["HERA", "ZEUS", "SIDES", "Card", "all_cards", "deck", "token_of"],
         "moves": ["parse_move", "COLUMNS", "ROWS"], "legality": ["HAND_LIMIT"], "state": ["State"]}


def __getattr__(name: str):
    for module, names in _FROM.items():  # imported on first use, so finding the games stays fast
        if name in names:
            return getattr(importlib.import_module(f"pnp.games.hera_zeus.{module}"), name)
    raise AttributeError(name)
