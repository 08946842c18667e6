"""Micro Hero: Hercules' judge situations, declared once: chain scoring, best order, upgrade plans, Wounds."""
from __future__ import annotations

from pnp.games.micro_hero.cards import catalog
from pnp.judge.situation import Flag, Int, Param, Situation, Situations, Text


def _cards() -> list[str]:
    """Card kinds (completion)."""
    return list(catalog().kinds)


def _score(play):
    from pnp.games.micro_hero.rulings import score  # lazy: start-up time (numpy, loaded only when asked)
    return score(play)


def _best_order(hand, need_attack, need_defence):
    from pnp.games.micro_hero.rulings import best_order  # lazy: start-up time (numpy, loaded only when asked)
    return best_order(hand, need_attack, need_defence)


def _upgrade(xp, plan, discard, round_no):
    from pnp.games.micro_hero.rulings import upgrade_plan  # lazy: start-up time (numpy, loaded only when asked)
    return upgrade_plan(xp, plan, discard, round_no)


def _wound(wounds_left, taking, attack, defence, blood):
    from pnp.games.micro_hero.rulings import wound_check  # lazy: start-up time (numpy, loaded only when asked)
    return wound_check(wounds_left, taking, attack, defence, blood)


SITUATIONS = Situations("micro-hero", "Micro Hero: Hercules", (
    Situation(
        "score", "Rule the attack, defence and XP a play order gives, card by card.",
        (Param("play", "Cards in the order played", Text(_cards, many=True),
               help='Cards in the order played; "+" marks an upgraded card.'),),
        _score, 'pnp judge micro-hero score --play "strike,block+,training,wound,strike"'),
    Situation(
        "best-order", "Rule the play order that meets the needs and then gives the most XP.",
        (Param("hand", "The cards in hand", Text(_cards, many=True), help="The cards in hand, comma-separated."),
         Param("need_attack", "Attack points needed", Int(0), default=0, help="Attack points needed."),
         Param("need_defence", "Defence points needed", Int(0), default=0, help="Defence points needed.")),
        _best_order, 'pnp judge micro-hero best-order --hand "strike,strike,block,training,training" --need-defence 4'),
    Situation(
        "upgrade", "Rule whether an upgrade-phase plan is legal, and the XP left.",
        (Param("xp", "XP gained this turn", Int(0), help="XP gained this turn."),
         Param("plan", "Your plan", Text(), help='Actions separated by ";": buy CARD, upgrade, foresee.'),
         Param("discard", "Your discard pile, top card first", Text(_cards, many=True), default=None,
               help="Your discard pile, top card first (needed to upgrade it)."),
         Param("round_no", "Round (Trial) number", Int(1, 12), default=2, flag="--round",
               help="Round (Trial) number, 1-12.")),
        _upgrade, 'pnp judge micro-hero upgrade --xp 12 --plan "buy strike; upgrade; foresee"'),
    Situation(
        "wound", "Rule whether taking Wounds loses the game.",
        (Param("wounds_left", "Wound cards left in the supply", Int(0), help="Wound cards left in the supply."),
         Param("taking", "Wounds due now", Int(0), default=None, help="Wounds due now (default 1)."),
         Param("attack", "The Trial's Attack", Int(0), default=None,
               help="The Trial's Attack (with your Defence: Wounds due)."),
         Param("defence", "Your Defence against it", Int(0), default=None, help="Your Defence against it."),
         Param("blood", "Playing with Blood and Bruises", Flag(),
               help="Playing with Blood and Bruises (a Wound per point over).")),
        _wound, "pnp judge micro-hero wound --wounds-left 0 --attack 7 --defence 1"),
))
