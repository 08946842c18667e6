"""(Your Name Here) and the Argonauts as code.

A solo game: each turn reveal three cards (argonauts.quest.1), two more for every Wrath
(argonauts.quest.4); place crew on Monsters and Treasures, never on Blessings or Wraths
(argonauts.assignment.3); resolve the cards in any order (argonauts.combat.1): d6 + crew + treasure
modifiers against the current difficulty, a natural 6 always succeeds, no crew means failure
(argonauts.combat.3, .5, .12, .17). Beaten Monsters go to the victory pile, recovered Treasures to
you; failed Monsters kill crew of your choice at once (argonauts.combat.13-15). Win by clearing the
deck with crew alive, lose when all crew are dead (argonauts.winning.1, argonauts.losing.1).
Modules: cards (data and track reading), dice (the dice rule, stated once), odds (one card's
chance with treasures), turn (the exact solver of one combat phase), state (the game), policies
(advise, greedy, random), fast (greedy whole-game loop), sim (simulation), play (the terminal
game), rulings (judge situations), cli (`pnp argonauts …` and its entry points); and its
campaign: campaign (records in the event log), campaign_model (state, ticks, deeds, rewards),
campaign_cards (card data), campaign_print and campaign_printdata (the campaign's cards printed),
campaign_cli (`pnp campaign`), table (a game at the table), web (the companion's pages).
"""
from pnp.catalog import Game

GAME = Game("argonauts", "(Your Name Here) and the Argonauts", "argonauts.txt", "en", __name__,
            situations="situations:SITUATIONS", simulate="simulation:SIMULATION", command="cli:argonauts",
            campaign="campaign", commands={"campaign": "campaign_cli:campaign"}, web="web:pages")
