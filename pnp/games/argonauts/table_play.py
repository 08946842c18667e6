"""`pnp argonauts play --table`: the terminal twin of the play page, following the physical deck.

It asks for each card as it is revealed (with name completion) and each die as it is read, shows
the exact best assignment, and records the end of the game on the campaign. The game is the one
kept in the store by pnp.games.argonauts.table, so the phone and the terminal continue each other.
"""
from __future__ import annotations

from contextlib import contextmanager

import click

from pnp.errors import PnpError
from pnp.games.argonauts import table
from pnp.games.argonauts.play import parse_assign

BACK = "back"
QUIT = "quit"  # stops; the game stays kept, and the same command (or the phone) picks it up
WORDS = (BACK, QUIT)


def completer(names: list[str]):
    """A readline completer over card names (case-insensitive prefix, then substring)."""
    def complete(text: str, i: int):
        low = text.lower()
        hits = [n for n in names if n.lower().startswith(low)] or [n for n in names if low in n.lower()]
        return hits[i] if i < len(hits) else None
    return complete


@contextmanager
def completion(names: list[str]):
    """Tab completion of these names while prompting, where the terminal offers readline."""
    try:
        import readline  # only here: importing it changes how input() reads lines, and not every system has it
    except ImportError:  # e.g. Windows without pyreadline: typing still works, matched forgivingly
        yield
        return
    old, delims = readline.get_completer(), readline.get_completer_delims()
    readline.set_completer(completer(names))
    readline.set_completer_delims("")
    readline.parse_and_bind("tab: complete")
    try:
        yield
    finally:
        readline.set_completer(old)
        readline.set_completer_delims(delims)


def _show(v: dict) -> None:
    click.echo(f"-- turn {v['turn']}: crew {v['crew']}, deck {len(v['deck'])}, victory {len(v['victory'])}, "
               f"discard {len(v['discard'])}, treasures: {', '.join(c['name'] for c in v['treasures']) or 'none'}")
    for c in v["field"]:
        nums = (f", difficulty {c['difficulty']}" if c["difficulty"] is not None else "") + (
            f", deadliness {c['deadliness']}" if c["deadliness"] else "")
        click.echo(f"   {c['name']} ({c['kind']}{nums})" + (f": {c['crew']} crew" if c["crew"] else ""))


def _pick(prompt: str, n: int) -> int | str:
    """A number 1..n, 'back' or 'quit'."""
    while True:
        text = click.prompt(prompt, default="1").strip().lower()
        if text in WORDS:
            return text
        if text.isdigit() and 1 <= int(text) <= n:
            return int(text) - 1
        click.echo(f"  not accepted: type a number from 1 to {n}, '{BACK}' or '{QUIT}'")


def _step(v: dict, store):
    """Ask for the next step of the game shown in `v`: what table.act takes, or 'back'."""
    if v["phase"] == "quest":
        names = [c["name"] for c in v["deck"]]
        with completion(names):
            text = click.prompt(f"Card revealed ({v['to_reveal']} to go; Tab completes)").strip()
        return text.lower() if text.lower() in WORDS else text
    if v["phase"] == "assign":
        for i, p in enumerate(v["plans"], 1):
            click.echo(f"  {i}) {p['text']}: survive {p['survive']}, crew left {p['crew_left']:.2f}")
        text = click.prompt("Assignment (a number, or card:n,...)", default="1").strip()
        if text.lower() in WORDS:
            return text.lower()
        if text.isdigit() and 1 <= int(text) <= len(v["plans"]):
            return v["plans"][int(text) - 1]["assignment"]
        return parse_assign(text, table.state_of(table.load(store, v["campaign"])))
    if v["phase"] == "roll":
        r = v["rolling"]
        text = click.prompt(f"Die for {r['name']} ({r['crew']} crew, difficulty {r['difficulty']}; 1-6)").strip()
        return text.lower() if text.lower() in WORDS else text
    for i, ch in enumerate(v["choices"], 1):
        click.echo(f"  {i}) {ch['label']}" + ("  (advised)" if ch["advised"] else ""))
    i = _pick("Choose", len(v["choices"]))
    return i if i in WORDS else v["choices"][i]["action"]


def _stopped(v: dict) -> None:
    """Say the game is kept and how to go on (after 'quit')."""
    click.echo(f"Stopped; the game stays kept on campaign '{v['campaign']}': 'pnp argonauts play --table' "
               "(or the play page on a phone) carries on from here.")


def run_table(store=None, campaign: str | None = None, fresh: bool = False) -> dict | None:
    """Play the campaign's game at the table from the terminal; returns the record made at the end
    (None when the player typed 'quit': the game stays kept)."""
    game = None if fresh else table.load(store, campaign)
    if game is None:
        game = table.start(store, campaign, replace=fresh)
        click.echo(f"New game on campaign '{game['campaign']}': shuffle your deck and reveal three cards.")
    else:
        click.echo(f"Resuming the game on campaign '{game['campaign']}' (step {game['steps']}).")
    while True:
        v = table.view(game, store)
        if v["phase"] == "over":
            break
        if v["phase"] in ("quest", "assign"):
            _show(v)
        step = _step(v, store)
        if step == QUIT:
            _stopped(v)
            return None
        try:
            game = (table.back(store, v["campaign"], v["version"]) if step == BACK
                    else table.act(store, v["campaign"], v["version"], step))
        except PnpError as exc:
            click.echo(f"  not accepted: {exc.one_line()}")
    click.echo(("You won" if v["result"] > 0 else "You lost") + f" with {v['crew']} crew left.")
    deed = None
    if v["result"] > 0 and v["open_deeds"]:
        for i, d in enumerate(v["open_deeds"], 1):
            click.echo(f"  {i}) {d['name']}")
        while (i := _pick("Heroic Deed to tick", len(v["open_deeds"]))) == BACK:
            pass
        if i == QUIT:
            _stopped(v)
            return None
        deed = v["open_deeds"][i]["id"]
    res = table.finish(store, v["campaign"], deed, v["version"])
    click.echo(f"Recorded on campaign '{res['campaign']}': {res['summary']}")
    return res
