"""How many copies of each card the Micro Hero box and a solo supply can hold: the limits a judged position obeys."""
from __future__ import annotations

from collections import Counter

from pnp.errors import UsageError
from pnp.games.micro_hero.cards import Kind, catalog

START_DECK = 10            # Techniques in a starting deck (micro-hero.setup-deck.1)
GAMES_MAX = 2              # co-op plays with two games' cards (micro-hero.coop.1, coop-setup.1)


def box_copies(kind: Kind, games: int = 1) -> int:
    """Copies of a card kind in `games` boxes: Techniques and Wounds come with each box (micro-hero.contents.1,
    coop-setup.1, blood.3); each Blessing exists once, as co-op faces one game's 12 Trials (micro-hero.gap.21)."""
    return 1 if kind.kind == "blessing" else kind.copies * games


def technique_supply(games: int = 1) -> int:
    """Techniques the supply holds after setup, and so the most ever bought: 16 less the starting 10 per game
    (micro-hero.setup-supply.1, coop-setup.1); Techniques never go back to the supply."""
    per_game = sum(k.copies for k in catalog().kinds.values() if k.kind == "technique")
    return (per_game - START_DECK) * games


def check_in_box(kinds: list[Kind], option: str, games: int = GAMES_MAX) -> None:
    """Refuse a list of cards holding more copies of a kind than `games` boxes have (UsageError naming the rule)."""
    for kid, n in Counter(k.id for k in kinds).items():
        kind = catalog().kinds[kid]
        most = box_copies(kind, games)
        if n > most:
            if kind.kind == "blessing":
                where, rule = "the game holds", "micro-hero.upgrade.7, micro-hero.gap.21"
            elif games == 1:
                where, rule = "a solo game holds", "micro-hero.contents.1, micro-hero.gap.36"
            else:
                where, rule = (f"even {games} games in co-op hold",
                               "micro-hero.contents.1, micro-hero.coop-setup.1, micro-hero.gap.36")
            raise UsageError(f"{option} lists {n} {kind.name} but {where} {most} ({rule})", field=option,
                             expected=f"at most {most} {kind.name}")


def check_blessings_by_round(kinds: list[Kind], round_no: int, option: str) -> None:
    """Refuse more different Blessings than Trials beaten before this round (micro-hero.upgrade.7)."""
    held = {k.id for k in kinds if k.kind == "blessing"}
    if len(held) > round_no - 1:
        raise UsageError(f"{option} holds {len(held)} Blessing(s) in round {round_no}, but only {round_no - 1} "
                         f"Trial(s) can have turned into a Blessing by then (micro-hero.upgrade.7)", field=option,
                         expected=f"at most {round_no - 1} Blessing(s)")


def why_not_in_supply(kind: Kind, bought: Counter, discard: Counter, round_no: int) -> tuple[str, tuple[str, ...]] | None:
    """Why a solo supply cannot hold one more `kind` to buy now, given this phase's purchases so far and the
    discard pile (card ids counted): (the reason in words, the rule ids it rests on); None when it can."""
    owned = bought[kind.id] + discard[kind.id]
    if kind.kind == "technique":
        if owned >= kind.copies:
            return (f"no {kind.name} left in the supply: the game has {kind.copies} and the discard pile and this "
                    f"plan already hold {owned}", ("micro-hero.setup-supply.1", "micro-hero.gap.27", "micro-hero.gap.36"))
        techniques = sum(n for kid, n in bought.items() if catalog().kinds[kid].kind == "technique")
        if techniques >= technique_supply():
            return (f"no Technique left in the supply: it holds {technique_supply()} (16 less the starting 10) and "
                    "Techniques never return to it",
                    ("micro-hero.setup-supply.1", "micro-hero.setup-deck.1", "micro-hero.gap.27"))
    elif kind.kind == "blessing":
        if owned >= 1:
            return (f"no {kind.name} left in the supply: each Trial turns into one Blessing",
                    ("micro-hero.upgrade.7", "micro-hero.gap.27"))
        blessings = {kid for kid, n in (bought + discard).items() if n and catalog().kinds[kid].kind == "blessing"}
        if len(blessings) >= round_no - 1:
            return (f"no {kind.name} in the supply: by round {round_no} at most {round_no - 1} Trial(s) have turned "
                    f"into a Blessing and {len(blessings)} are already taken", ("micro-hero.upgrade.7",))
    return None
