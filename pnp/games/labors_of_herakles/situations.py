"""The Labors of Herakles' judge situations, declared once: plays, labor attempts, trait limits, the end bonus."""
from __future__ import annotations

from pnp.games.labors_of_herakles import rulings
from pnp.games.labors_of_herakles.engine import GODS, TRAIT_MAX, TRAIT_MIN, TRAITS, labor_cards
from pnp.judge.situation import Choice, Int, Param, Situation, Situations, Text


def _labors() -> dict[str, str]:
    """Labor card id -> name."""
    return {lid: lab.name for lid, lab in labor_cards().items()}


def _labor(levels, required, name):
    return rulings.labor(levels, required, name)


SITUATIONS = Situations("labors-of-herakles", "The Labors of Herakles", (
    Situation(
        "play", "What happens when an Adventure card is played on the previous one.",
        (Param("value", "Value of the card played", Int(rulings.VALUE_MIN, rulings.VALUE_MAX),
               help="Value of the card played (1-10)."),
         Param("previous", "Value of the previous card", Int(rulings.VALUE_MIN, rulings.VALUE_MAX),
               help="Value of the previous card on the adventure pile."),
         Param("trait", "The card's heroic trait", Choice(TRAITS, "heroic trait"),
               help="The card's heroic trait: strength, courage, cunning, endurance."),
         Param("level", "Herakles' level in that trait", Int(TRAIT_MIN, TRAIT_MAX),
               help="Herakles' current level in that trait (1-10)."),
         Param("god", "The card's god", Choice(GODS, "god"), default=None,
               help="The card's god, to name where the hero token may go.")),
        rulings.play, "pnp judge labors-of-herakles play --value 4 --previous 4 --trait strength --level 8"),
    Situation(
        "labor", "Whether Herakles succeeds at a labor (strictly greater on every trait).",
        (Param("levels", "Herakles' traits", Text(), help="Herakles' traits: '7,6,5,6' or 'strength:7,courage:6,...'."),
         Param("required", "The labor's requirements", Text(), default=None, help="The labor's requirements, same form."),
         Param("name", "Or the labor card", Choice(_labors, "labor"), default=None, flag="--labor",
               help="Or the labor card by name or id.")),
        _labor, 'pnp judge labors-of-herakles labor --levels "7,6,5,6" --labor "nemean lion"'),
    Situation(
        "trait", "A trait moved by one: ignored past the limits, and the bonus token at 9 or 10.",
        (Param("level", "The trait's level now", Int(TRAIT_MIN, TRAIT_MAX), help="The trait's current level (1-10)."),
         Param("change", "The change", Int(-1, 1), help="+1 or -1.")),
        rulings.trait, "pnp judge labors-of-herakles trait --level 8 --change +1"),
    Situation(
        "endgame", "The favor a hand earns at the end of the game.",
        (Param("hand", "Cards left in hand", Text(), help="Cards left in hand: 'strength:3,cunning:7' or card ids."),
         Param("levels", "Herakles' traits", Text(), help="Herakles' traits: '7,6,5,6' or 'strength:7,...'.")),
        rulings.endgame,
        'pnp judge labors-of-herakles endgame --hand "strength:3,cunning:7,courage:6" --levels "7,6,5,6"'),
))
