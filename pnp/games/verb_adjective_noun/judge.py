"""`pnp judge verb-adjective-noun …`: adding cards, complete trials, auctions, scoring and burning."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.judge import situations_group
from pnp.cli.output import emit_ruling


def _cards(ctx) -> list[str]:
    """Card ids (completion)."""
    from pnp.games.verb_adjective_noun.engine import cards
    return list(cards())


@situations_group("verb-adjective-noun")
def situations():
    """Rulings for Verb the Adjective Noun.

    Example: pnp judge verb-adjective-noun add --trial "tickle, sulky" --card "cyclops"
    """


@situations.command()
@click.option("--trial", default="", shell_complete=complete(_cards, many=True),
              help="Cards already in the trial, comma-separated (empty: a new trial).")
@click.option("--card", required=True, shell_complete=complete(_cards), help="The card to add.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def add(trial, card, as_json):
    """Whether a card may join a trial: kinds, adjacency and matching edges.

    Example: pnp judge verb-adjective-noun add --trial "tickle, sulky" --card "cyclops"
    """
    from pnp.games.verb_adjective_noun.rulings import add_ruling
    emit_ruling(add_ruling(trial, card), as_json)


@situations.command()
@click.option("--cards", required=True, shell_complete=complete(_cards, many=True),
              help="The trial's cards, comma-separated.")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def trial(cards, as_json):
    """Whether a trial is complete (Verb, Adjective and Noun) and what it is worth.

    Example: pnp judge verb-adjective-noun trial --cards "tickle, sulky, cyclops, before breakfast"
    """
    from pnp.games.verb_adjective_noun.rulings import trial_ruling
    emit_ruling(trial_ruling(cards), as_json)


@situations.command()
@click.option("--markers", required=True, help="Markers on the auction card per player: 'red:3, blue:2'.")
@click.option("--player", default=None, help="Whose turn is starting (optional).")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def auction(markers, player, as_json):
    """Who wins an auction card (the most markers, alone; a tie wins nothing), and when.

    Example: pnp judge verb-adjective-noun auction --markers "red:3, blue:3, green:1"
    """
    from pnp.games.verb_adjective_noun.rulings import auction_ruling
    emit_ruling(auction_ruling(markers, player), as_json)


@situations.command()
@click.option("--trial", required=True, shell_complete=complete(_cards, many=True),
              help="The trial's cards, comma-separated.")
@click.option("--markers", required=True, help="Markers on the trial per player: 'red:2, blue:1'.")
@click.option("--turn", default=None, help="Whose turn is starting (optional).")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def score(trial, markers, turn, as_json):
    """Who scores a complete trial and how many laurels each gains (ties score in full).

    Example: pnp judge verb-adjective-noun score --trial "tickle, sulky, cyclops" --markers "red:1, blue:1, green:1"
    """
    from pnp.games.verb_adjective_noun.rulings import score_ruling
    emit_ruling(score_ruling(trial, markers, turn), as_json)


@situations.command()
@click.option("--cards", required=True, shell_complete=complete(_cards, many=True),
              help="Cards burnt, comma-separated.")
@click.option("--removed", type=int, default=None, help="Your markers now removed from the game (caps the refund).")
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
def burn(cards, removed, as_json):
    """How many removed markers burning these cards recovers.

    Example: pnp judge verb-adjective-noun burn --cards "shampoo, blindfolded" --removed 5
    """
    from pnp.games.verb_adjective_noun.rulings import burn_ruling
    emit_ruling(burn_ruling(cards, removed), as_json)
