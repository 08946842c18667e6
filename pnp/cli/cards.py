"""`pnp cards GAME [NAME]`: a game's card reference, every card's text (Argonauts: level track and unlocks)."""
from __future__ import annotations

import click

from pnp.catalog import game as find_game
from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json


def _boxes(values) -> str:
    """A level track's six boxes as printed, a blank box as '-'."""
    return " ".join("-" if v is None else str(v) for v in values)


def show_card(card, full: bool) -> None:
    """A card as text: name, kind and text; full=True adds its track, what it adds, earns and what unlocks it."""
    click.echo(f"{card.name}  ({card.kind}{', reserve' if card.reserve else ''})")
    if card.text:
        click.echo(f"  {card.text}")
    if not full:
        return
    for label, track in (("difficulty", card.difficulty), ("deadliness", card.deadliness)):
        if track:
            click.echo(f"  {label + ':':<12} {_boxes(track)}   (boxes 1-6)")
    for box, name in card.adds:
        click.echo(f"  ticking box {box} adds {name} to the deck")
    if card.deed:
        click.echo(f"  defeating it earns the deed: {card.deed}")
    for source in card.unlocked_by:
        click.echo(f"  joins the deck by {source}")


@click.command()
@click.argument("game", shell_complete=complete("game"))
@click.argument("name", required=False, shell_complete=complete("card"))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def cards(game, name, as_json):
    """Every card of GAME with its text; with NAME, one card (typed loosely) and, for the Argonauts,
    its level track, the cards it adds, the deed it earns and what brings it into the deck.

    \b
    Examples:
      pnp cards argonauts               every card, one line each
      pnp cards argonauts harpy         one card in full
      pnp cards hera-zeus --json        the reference as JSON
    """
    from pnp.rules.cards import find, reference  # lazy: start-up time (the card set loader)
    slug = find_game(game).slug
    if name is not None:
        card = find(slug, name)
        if as_json:
            emit_json(card.to_dict())
        else:
            show_card(card, full=True)
        return
    every = reference(slug)
    if as_json:
        emit_json({"game": slug, "cards": [c.to_dict() for c in every]})
        return
    if not every:
        click.echo(f"no cards in {slug}'s card set")
    for c in every:
        show_card(c, full=False)
