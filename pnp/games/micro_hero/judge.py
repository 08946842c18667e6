"""`pnp judge micro-hero SITUATION`: play-order, upgrade and Wound rulings for Micro Hero: Hercules."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling
from pnp.games.micro_hero.cards import catalog


def _cards(ctx) -> list[str]:
    """Card kinds (completion)."""
    return list(catalog().kinds)


@situations_group("micro-hero")
def situations():
    """Micro Hero: Hercules rulings (chain scoring, best order, upgrade plans, Wounds).

    Example: pnp judge micro-hero score --play "strike,block+,training,wound,strike"
    """


@situations.command()
@click.option("--play", required=True, shell_complete=complete(_cards, many=True),
              help='Cards in the order played; "+" marks an upgraded card.')
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def score(play, as_json):
    """Rule the attack, defence and XP a play order gives, card by card.

    Example: pnp judge micro-hero score --play "strike,block+,training,wound,strike"
    """
    from pnp.games.micro_hero.rulings import score as rule  # numpy: loaded only when asked (start-up time)
    emit_ruling(rule(play), as_json)


@situations.command(name="best-order")
@click.option("--hand", required=True, shell_complete=complete(_cards, many=True),
              help="The cards in hand, comma-separated.")
@click.option("--need-attack", type=int, default=0, show_default=True, help="Attack points needed.")
@click.option("--need-defence", type=int, default=0, show_default=True, help="Defence points needed.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def best_order(hand, need_attack, need_defence, as_json):
    """Rule the play order that meets the needs and then gives the most XP.

    Example: pnp judge micro-hero best-order --hand "strike,strike,block,training,training" --need-defence 4
    """
    from pnp.games.micro_hero.rulings import best_order as rule  # numpy: loaded only when asked (start-up time)
    emit_ruling(rule(hand, need_attack, need_defence), as_json)


@situations.command()
@click.option("--xp", type=int, required=True, help="XP gained this turn.")
@click.option("--plan", required=True, help='Actions separated by ";": buy CARD, upgrade, foresee.')
@click.option("--discard", default=None, help="Your discard pile, top card first (needed to upgrade it).")
@click.option("--round", "round_no", type=int, default=2, show_default=True, help="Round (Trial) number, 1-12.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def upgrade(xp, plan, discard, round_no, as_json):
    """Rule whether an upgrade-phase plan is legal, and the XP left.

    Example: pnp judge micro-hero upgrade --xp 12 --plan "buy strike; upgrade; foresee"
    """
    from pnp.games.micro_hero.rulings import upgrade_plan  # numpy: loaded only when asked (start-up time)
    emit_ruling(upgrade_plan(xp, plan, discard, round_no), as_json)


@situations.command()
@click.option("--wounds-left", type=int, required=True, help="Wound cards left in the supply.")
@click.option("--taking", type=int, default=None, help="Wounds due now (default 1).")
@click.option("--attack", type=int, default=None, help="The Trial's Attack (with --defence: Wounds due).")
@click.option("--defence", type=int, default=None, help="Your Defence against it.")
@click.option("--blood", is_flag=True, help="Playing with Blood and Bruises (a Wound per point over).")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def wound(wounds_left, taking, attack, defence, blood, as_json):
    """Rule whether taking Wounds loses the game.

    Example: pnp judge micro-hero wound --wounds-left 0 --attack 7 --defence 1
    """
    from pnp.games.micro_hero.rulings import wound_check  # numpy: loaded only when asked (start-up time)
    emit_ruling(wound_check(wounds_left, taking, attack, defence, blood), as_json)
