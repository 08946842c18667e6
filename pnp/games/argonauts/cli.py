"""`pnp argonauts …`: exact odds, best crew assignment, and a whole game at the terminal."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json
from pnp.games.argonauts.campaign import names_in_store
from pnp.games.argonauts.campaign_cards import card_ids, treasure_ids


@click.group(name="argonauts")
def argonauts():
    """Play companion for (Your Name Here) and the Argonauts.

    Example: pnp argonauts advise --revealed "harpies,scylla,calm-seas" --crew 12
    """


@argonauts.command()
@click.option("--crew", type=int, required=True, help="Crew alive (with --assign), or crew on the card.")
@click.option("--difficulty", type=int, default=None, help="The card's current difficulty.")
@click.option("--modifier", type=int, default=0, show_default=True, help="Treasure roll modifiers.")
@click.option("--assign", "assignment", default=None, help='A whole assignment: "harpies:3,talos:2".')
@click.option("--treasure", "treasures", multiple=True, shell_complete=complete(treasure_ids),
              help="A treasure held (repeatable).")
@click.option("--kind", type=click.Choice(["monster", "treasure"]), default="monster", show_default=True,
              help="The kind of the one card rolled for (treasures may apply to one kind only).")
@click.option("--campaign", default=None, shell_complete=complete(names_in_store),
              help="Read card levels from this campaign.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def odds(crew, difficulty, modifier, assignment, treasures, kind, campaign, as_json):
    """Exact chance a card resolves, or the crew-death distribution of a whole assignment.

    Example: pnp argonauts odds --crew 3 --difficulty 8 --modifier 1
    """
    from pnp.errors import UsageError
    from pnp.games.argonauts.odds import odds_for
    if assignment is None and difficulty is None:
        raise UsageError("give --difficulty (one card) or --assign (a whole assignment)", field="difficulty")
    res = odds_for(crew, difficulty, modifier, assignment, list(treasures), campaign, kind)
    if as_json:
        emit_json(res)
    elif "chance" in res:
        note = "; no crew means no roll and a failure (argonauts.gap.4)" if res["crew"] == 0 else ""
        held = f", holding {', '.join(res['treasures'])}" if res["treasures"] else ""
        click.echo(f"{res['chance']} = {res['percent']:.2f}% ({res['crew']} crew + {res['modifier']} "
                   f"against {res['difficulty']}{held}{note})")
    else:
        click.echo(f"Assignment {res['assignment']} with {res['crew']} crew:")
        click.echo(f"  survive the turn {res['p_survive']:.4f}, expected crew left {res['crew_left']:.3f}")
        for d in res["deaths"]:
            click.echo(f"  {d['deaths']:>2} deaths: {d['p']:.4f}")


@argonauts.command()
@click.option("--revealed", required=True, shell_complete=complete(card_ids, many=True),
              help='The cards on the field: "harpies,scylla,calm-seas".')
@click.option("--crew", type=int, required=True, help="Crew alive.")
@click.option("--treasure", "treasures", multiple=True, shell_complete=complete(treasure_ids),
              help="A treasure held (repeatable).")
@click.option("--campaign", default=None, shell_complete=complete(names_in_store),
              help="Read card levels from this campaign.")
@click.option("--levels", default=None, help='Ticked boxes per card instead: "harpies:3".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def advise(revealed, crew, treasures, campaign, levels, as_json):
    """The exact best crew assignment for this turn and two runners-up.

    Example: pnp argonauts advise --revealed "harpies,scylla,lyre-of-orpheus" --crew 12
    """
    from pnp.games.argonauts.odds import advise_turn
    res = advise_turn(revealed, crew, list(treasures), campaign, levels)
    if as_json:
        emit_json(res)
        return
    for i, p in enumerate(res["plans"], 1):
        tag = "best" if i == 1 else f"runner-up {i - 1}"
        click.echo(f"{tag}: {p['assignment_text']}  survive {p['p_survive']:.4f}, crew left {p['crew_left']:.3f}, "
                   f"cards won {p['cards_won']:.3f}")


@argonauts.command()
@click.option("--campaign", default=None, shell_complete=complete(names_in_store),
              help="Play this campaign's current deck and record the result.")
@click.option("--seed", type=int, default=None, help="Shuffle seed (printed when chosen for you).")
@click.option("--new", "fresh", is_flag=True, help="Start afresh even if a saved game exists.")
@click.option("--table", "at_table", is_flag=True,
              help="Follow your physical deck: type each revealed card and die (the campaign's, default current).")
def play(campaign, seed, fresh, at_table):
    """Play a whole game at the terminal, advice as the default; saved after every step.

    With --table it follows the cards and dice on your table instead (pnp argonauts play --table).

    Example: pnp argonauts play --seed 7
    """
    if at_table:
        from pnp.games.argonauts.table_play import run_table
        run_table(None, campaign, fresh)
        return
    from pnp.games.argonauts.play import run
    run(campaign, seed, fresh)
