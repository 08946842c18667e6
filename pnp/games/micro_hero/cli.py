"""`pnp micro-hero save|resume|status`: keep a Micro Hero game between Trials in the store."""
from __future__ import annotations

import click

from pnp.cli.choice import LooseChoice
from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json
from pnp.games.micro_hero.cards import catalog
from pnp.termtext import shown


def _say(text: str) -> None:
    """Print a line holding stored text (game names, notes), its control and escape codes removed."""
    click.echo(shown(text))


def _cards(ctx) -> list[str]:
    """Card kinds (completion)."""
    return list(catalog().kinds)


def _trials(ctx) -> list[str]:
    """Trial ids (completion)."""
    return list(catalog().trials)


@click.group(name="micro-hero")
def micro_hero():
    """Save and resume Micro Hero: Hercules between Trials (instead of stacking the cards).

    Example: pnp micro-hero save --deck "strike,block,training,training,strike,block,training,block,strike,training" --supply "training,strike,block,wrestle,dodge,study,wound:3"
    """


@micro_hero.command()
@click.option("--deck", required=True, shell_complete=complete(_cards, many=True),
              help='Deck, top card first; "+" marks an upgraded card.')
@click.option("--supply", required=True, shell_complete=complete(_cards, many=True),
              help='Supply as NAME or NAME:COUNT, e.g. "strike,block,wound:3".')
@click.option("--beaten", default="", shell_complete=complete(_trials, many=True),
              help="Trials beaten so far, in order.")
@click.option("--stance", default="hercules:A", show_default=True, help="STANCE:SIDE (hercules or omphale, A or B).")
@click.option("--difficulty", type=LooseChoice(["normal", "heroic", "mythic"], "difficulty"), default="normal",
              show_default=True)
@click.option("--expansions", default="", help="Comma-separated: blood, athena, hera, calm, omphale.")
@click.option("--shield", type=int, default=0, show_default=True, help="Athena's Shield value.")
@click.option("--lifecard", default=None, help="Calm and Wrath: the special Life card in use.")
@click.option("--revenge", default="", help="Hera's Revenge: cards revealed so far, in pile order.")
@click.option("--name", default="default", show_default=True, help="Name of the saved game.")
@click.option("--note", default="", help="A note kept with this save.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def save(deck, supply, beaten, stance, difficulty, expansions, shield, lifecard, revenge, name, note, as_json):
    """Save the game between two Trials (every save is kept).

    Example: pnp micro-hero save --deck "strike+,block,training,training,strike,block,training,block,strike,training" --supply "training,strike,block,wrestle,dodge,study,wound:3,lion-skin" --beaten nemean-lion
    """
    from pnp.games.micro_hero.save import parse_snapshot, save as do_save  # numpy: loaded only when run (start-up time)
    snap = parse_snapshot(deck, supply, beaten, stance, difficulty, expansions, shield, lifecard, revenge)
    out = do_save(snap, name=name, note=note)
    if as_json:
        emit_json(out)
    else:
        _say(f"saved '{out['game']}' #{out['save']}: {len(out['beaten'])} Trials beaten, next is round "
             f"{out['next_round']}; deck {len(out['deck'])} cards, {out['wounds_left']} Wounds left")
    if out.get("warning"):  # saved, but no backup holds it: exit 3, so it is not saved again
        click.echo(f"warning: {out['warning']}", err=True)
        raise click.exceptions.Exit(3)


@micro_hero.command()
@click.option("--name", default=None, help="Saved game (default: the most recently used).")
@click.option("--at", "seq", type=int, default=None, help="Resume an earlier save by its number.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def resume(name, seq, as_json):
    """Show how to lay the table out again from a save.

    Example: pnp micro-hero resume --name default
    """
    from pnp.games.micro_hero.save import resume as do_resume  # numpy: loaded only when run (start-up time)
    out = do_resume(name, seq)
    if as_json:
        emit_json(out)
        return
    _say(f"'{out['game']}' save #{out['save']}: round {out['snapshot']['next_round']} of 12")
    for i, step in enumerate(out["steps"], 1):
        click.echo(f"  {i}. {step}")


@micro_hero.command()
@click.option("--name", default=None, help="Saved game (default: the most recently used).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def status(name, as_json):
    """Show a saved game's progress and its save history.

    Example: pnp micro-hero status --json
    """
    from pnp.games.micro_hero.save import status as do_status  # numpy: loaded only when run (start-up time)
    out = do_status(name)
    if as_json:
        emit_json(out)
        return
    _say(f"'{out['game']}': {out['beaten']} of 12 Trials beaten, next round {out['next_round']} "
         f"({out['difficulty']}); deck {out['deck_size']}, Wounds left {out['wounds_left']}, "
         f"stance {out['stance']}; expansions: {', '.join(out['expansions']) or 'none'}")
    for h in out["history"]:
        _say(f"  #{h['save']} {h['saved_at']}: {h['beaten']} beaten, deck {h['deck_size']}, "
             f"Wounds {h['wounds_left']}{' — ' + h['note'] if h['note'] else ''}")
