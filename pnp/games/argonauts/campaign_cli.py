"""`pnp campaign` (declared by the Argonauts folder, mounted by the CLI shell): the Argonauts campaign tracker (Player card, level tracks, deck and reserve)."""
from __future__ import annotations

import functools
from pathlib import Path

import click

from pnp.campaign.doctor import doctor as run_doctor
from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json
from pnp.games.argonauts import campaign as service
from pnp.games.argonauts import campaign_print as printing
from pnp.games.argonauts.campaign import names_in_store
from pnp.games.argonauts.campaign_cards import card_ids, deed_ids
from pnp.plural import counted
from pnp.termtext import shown

RECORDED_NO_BACKUP = 3  # exit code: the record was committed, but no backup holds it (a warning says why)


def _say(text: str) -> None:
    """Print a line holding stored or imported text (names, deeds), its control and escape codes removed."""
    click.echo(shown(text))


def _warn(result: dict) -> None:
    """A record that was committed but not backed up: print the warning and exit 3 (not a failure: never retry)."""
    if result.get("warning"):
        click.echo(shown(f"warning: {result['warning']}"), err=True)
        raise click.exceptions.Exit(RECORDED_NO_BACKUP)


def _common(fn=None, *, select=True):
    """--store and --json on every command, and --campaign on those that act on a campaign."""
    def deco(fn):
        @click.option("--store", metavar="PATH", help="Store file (default: $PNP_STORE or the user data directory).")
        @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
        @functools.wraps(fn)
        def wrapper(**kw):
            return fn(**kw)
        if select:
            wrapper = click.option("--campaign", "campaign_name", metavar="NAME", shell_complete=complete(names_in_store),
                                   help="Campaign to act on (default: the current one, see 'campaign use').")(wrapper)
        return wrapper
    return deco(fn) if fn else deco


def _status_text(s: dict) -> None:
    ticked = sum(d["ticked"] for d in s["deeds"])
    _say(f"{s['campaign']} ({s['player']}): {counted(s['wins'], 'win')}, {counted(s['losses'], 'loss')}; "
               f"crew {s['crew']}; deck {counted(s['deck_size'], 'card')}, reserve {s['reserve_left']} left; "
               f"deeds {ticked}/{len(s['deeds'])}")
    for d in s["deeds"]:
        _say(f"  [{'x' if d['ticked'] else ' '}] {d['name']}")
    for r in s["rewards"]:
        _say(f"  reward {'granted' if r['granted'] else 'locked '}: {r['reward']} (needs {', '.join(r['needs'])})")
    if s["complete"]:
        _say(f"Campaign complete! Final score: {s['score']} (total losses; lower is better)")


def _record_text(result: dict) -> None:
    _say(f"Recorded on campaign '{result['campaign']}' ({result['status']['player']}): {result['summary']}")
    if result["status"]["complete"]:
        _say(f"Campaign complete! Final score: {result['status']['score']} (total losses; lower is better)")
    _say("Before your next game:")
    for step in result["next_game"]:
        _say(f"  [ ] {step['do']} ({step['rule']})")


def _show_record(result: dict, as_json: bool) -> None:
    """A recording command's result as JSON or in words, then its warning (exit 3) if it was not backed up."""
    emit_json(result) if as_json else _record_text(result)
    _warn(result)


@click.group(name="campaign")
def campaign():
    """Track an Argonauts campaign between games: deeds, losses, level tracks, deck and reserve.

    Commands that record (new, use, win, loss, undo, import) exit 0 when the record is committed and
    backed up, 1 (or 2 for bad usage) when nothing was recorded, and 3 when the record was committed
    but no backup holds it (a warning says why): after exit 3 do not record it again.

    Example: pnp campaign new --player Jason --name first-voyage
    """


@campaign.command()
@click.option("--player", required=True, help="The hero's name (your name on the Player card).")
@click.option("--name", "new_name", required=True, help="A name for the new campaign.")
@_common(select=False)
def new(player, new_name, store, as_json):
    """Start a campaign: the 30 starting cards at level 1, the reserve set aside; it becomes the current one.

    Example: pnp campaign new --player Medea --name second-voyage
    """
    s = service.new(store, new_name, player)
    if as_json:
        emit_json(s)
    else:
        _say(f"Started campaign '{s['campaign']}'; it is now the current campaign.")
        _status_text(s)
    _warn(s)


@campaign.command()
@click.argument("name")
@_common(select=False)
def use(name, store, as_json):
    """Make NAME the current campaign: commands without --campaign act on it from now on.

    Example: pnp campaign use first-voyage
    """
    s = service.use(store, name)
    emit_json(s) if as_json else _say(f"Current campaign: '{s['campaign']}' ({s['player']}), "
                                      f"{counted(s['wins'], 'win')}, {counted(s['losses'], 'loss')}.")
    _warn(s)


@campaign.command(name="list")
@_common(select=False)
def list_cmd(store, as_json):
    """Every campaign with its wins and losses; the current one is marked with '*'.

    Example: pnp campaign list
    """
    r = service.campaigns(store)
    if as_json:
        emit_json(r)
        return
    if not r["campaigns"]:
        _say("No campaigns yet: start one with 'pnp campaign new --player NAME --name CAMPAIGN'.")
    for c in r["campaigns"]:
        _say(f"{'*' if c['current'] else ' '} {c['name']:<24} {c['player']:<16} {counted(c['wins'], 'win'):>8} "
                   f"{counted(c['losses'], 'loss'):>10}  {counted(c['deeds'], 'deed')}")
    if r["campaigns"] and r["current"] is None:
        _say("No campaign is current: choose one with 'pnp campaign use NAME'.")


@campaign.command()
@_common
def status(campaign_name, store, as_json):
    """Losses, deeds, crew, deck size, reserve left, and whether the campaign is complete.

    Example: pnp campaign status --campaign first-voyage
    """
    s = service.status(store, campaign_name)
    emit_json(s) if as_json else _status_text(s)


@campaign.command()
@_common
def deck(campaign_name, store, as_json):
    """Every card in the adventure deck with its level, difficulty and deadliness now.

    Example: pnp campaign deck --json
    """
    cards = service.deck(store, campaign_name)
    if as_json:
        emit_json(cards)
        return
    for c in cards:
        vals = "" if c["level"] is None else f"level {c['level']}  difficulty {c['difficulty']}" + (
            f"  deadliness {c['deadliness']}" if c["deadliness"] is not None else "")
        _say(f"{c['name']:<26} {c['kind']:<9} {vals}")


@campaign.command()
@click.option("--victory", required=True, metavar="CARDS", shell_complete=complete(card_ids, many=True),
              help="Comma-separated cards in the victory pile (defeated monsters, treasures held or used).")
@click.option("--deed", metavar="DEED", shell_complete=complete(deed_ids),
              help="The Heroic Deed you choose to tick (name or id).")
@_common
def win(victory, deed, campaign_name, store, as_json):
    """Record a won game: tick victory-pile tracks, bring in ADD cards, tick deeds, grant rewards.

    Example: pnp campaign win --victory "Harpies, Birds of Ares, Cyzican Armour" --deed homecoming
    """
    _show_record(service.win(store, campaign_name, victory, deed), as_json)


@campaign.command()
@_common
def loss(campaign_name, store, as_json):
    """Record a lost game: one more loss on the back of the Player card, no card changes.

    Example: pnp campaign loss
    """
    _show_record(service.loss(store, campaign_name), as_json)


@campaign.command()
@_common
def history(campaign_name, store, as_json):
    """Every record in order, each with exactly what it changed.

    Example: pnp campaign history --campaign first-voyage
    """
    rows = service.history(store, campaign_name)
    if as_json:
        emit_json(rows)
        return
    for h in rows:
        mark = " (undone)" if h["undone"] else ""
        _say(f"{h['seq']:>3}. {h['created']} {h['kind']}{mark}: {h['summary']}")


@campaign.command()
@_common
def undo(campaign_name, store, as_json):
    """Revert the last record completely (the log keeps both).

    Example: pnp campaign undo --campaign first-voyage
    """
    _show_record(service.undo(store, campaign_name), as_json)


@campaign.command()
@_common
def redo(campaign_name, store, as_json):
    """Record again the record undone last (only while nothing new was recorded after the undo).

    \b
    Example: pnp campaign undo --campaign first-voyage
             pnp campaign redo --campaign first-voyage
    """
    _show_record(service.redo(store, campaign_name), as_json)


@campaign.command()
@click.argument("new_name", metavar="NEW_NAME")
@_common
def rename(new_name, campaign_name, store, as_json):
    """Give a campaign another name (its records and whether it is current stay).

    Example: pnp campaign rename voyage-two --campaign second-voyage
    """
    r = service.rename(store, campaign_name, new_name)
    emit_json(r) if as_json else _say(f"Renamed campaign '{r['was']}' to '{r['campaign']}'")
    _warn(r)


@campaign.command()
@click.argument("name", shell_complete=complete(names_in_store))
@click.option("--yes", is_flag=True, help="Delete without asking.")
@_common(select=False)
def delete(name, yes, store, as_json):
    """Delete a campaign; its export is saved beside the store's backups first ('campaign import' brings it back).

    \b
    Example: pnp campaign new --player Tiphys --name scratch
             pnp campaign use first-voyage
             pnp campaign delete scratch --yes
    """
    if not yes and not click.confirm(f"Delete campaign '{shown(name)}'? (its export is kept with the backups)"):
        raise click.ClickException("nothing was deleted")
    r = service.delete(store, name)
    if as_json:
        emit_json(r)
    else:
        _say(f"Deleted campaign '{r['campaign']}'; to bring it back: pnp campaign import {r['saved']}")
    _warn(r)


@campaign.command()
@click.option("-o", "--output", metavar="FILE", help="File to write (default: stdout).")
@_common
def export(output, campaign_name, store, as_json):
    """Write the whole campaign (log and state) as JSON; 'import' reads it back exactly.

    Example: pnp campaign export -o voyage.json
    """
    doc = service.export(store, campaign_name)
    if output:
        service.write_export(doc, output)
        emit_json({"file": output}) if as_json else _say(f"wrote {output}")
    else:
        click.echo(service.export_text(doc), nl=False)  # JSON: escapes controls


@campaign.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--name", "new_name", help="Store it under this name (default: the name in the file).")
@_common(select=False)
def import_cmd(file, new_name, store, as_json):
    """Create a campaign from an export file, after replaying and checking its log.

    Example: pnp campaign import voyage.json --name voyage-copy
    """
    s = service.import_(store, service.read_export(file), new_name, source=file)
    if as_json:
        emit_json(s)
    else:
        _say(f"Imported campaign '{s['campaign']}' (the current campaign is unchanged; "
             f"'pnp campaign use {s['campaign']}' to switch to it).")
        _status_text(s)
    _warn(s)


@campaign.command(name="print")
@click.option("-o", "--output", type=click.Path(file_okay=False), help="Folder for the PDF (default: output/).")
@_common
def print_cmd(output, campaign_name, store, as_json):
    """A PDF of the Player card and every card as it now stands, boxes ticked.

    Example: pnp campaign print -o output/
    """
    r = printing.print_campaign(store, campaign_name, output)
    emit_json(r) if as_json else _say(f"wrote {', '.join(r['files'])} ({counted(r['cards'], 'card')})")


@campaign.command()
@click.option("--restore", metavar="BACKUP", help="Put this backup in the store's place ('latest' or a listed name); "
                                                   "the store it replaces is kept, renamed.")
@_common(select=False)
@click.pass_context
def doctor(ctx, restore, store, as_json):
    """Check the store, list its backups with their campaigns and dates, and restore one on request.

    Exits 1 when the store does not check cleanly. Example: pnp campaign doctor --restore latest
    """
    r = run_doctor(store, restore)
    if as_json:
        emit_json(r)
    else:
        s = r["store"]
        if r["restored"]:
            moved = r["restored"]["replaced_store_moved_to"]
            _say(f"restored {r['restored']['from']}" + (f" (the replaced store is kept as {moved})" if moved else ""))
        flag = " (read-only)" if s.get("readonly") else ""
        state = s["problem"] or ("no store yet" if s["state"] == "none yet" else "ok")
        _say(f"store {s['file']}: {state}{flag}")
        for c in s["campaigns"]:
            _say(f"  {c['name']} ({c['player']}): {c['events']} events, last {c['last_event']}"
                       + (f"; PROBLEM: {c['problem']}" if c.get("problem") else ""))
        _say(f"{len(r['backups'])} backup(s), newest last (keeping {r['keep']}; set PNP_STORE_BACKUPS to change):")
        for b in r["backups"]:
            what = ", ".join(f"{c['name']} ({c['events']} events, last {c['last_event']})" for c in b["campaigns"])
            _say(f"  {Path(b['file']).name}  taken {b['taken']}: "
                       + (what or "no campaigns" if b["ok"] else f"DAMAGED ({b['problem']})"))
        for b in r["earlier_stores"]:
            what = ", ".join(f"{c['name']} ({c['events']} events)" for c in b["campaigns"])
            _say(f"  earlier store {Path(b['file']).name}: "
                       + (what or "no campaigns" if b["ok"] else f"DAMAGED ({b['problem']})"))
        if not s["ok"] and s["state"] != "no space" and r["backups"] and not r["restored"]:
            _say("restore one with: pnp campaign doctor --restore latest (or a name above)")
    if not r["ok"]:
        ctx.exit(1)
