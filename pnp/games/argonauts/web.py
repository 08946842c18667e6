"""The Argonauts pages of `pnp serve` (campaigns, Player card, deck, win, history, table play): thin calls
into the game's campaign and table modules, declared to the web shell by `pages()` (Game.web).

Builders take (store, request) and return the template's context; doers take (store, form) and
return where to go next. Campaign names from forms are lookup keys only, never file names.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from urllib.parse import urlencode

from starlette.responses import Response

from pnp.errors import UsageError
from pnp.games.argonauts import campaign as service
from pnp.games.argonauts import campaign_model as model
from pnp.games.argonauts import table
from pnp.games.argonauts.campaign_print import campaign_slug, changed_by_last_game, print_campaign
from pnp.web import inputs, memo
from pnp.web.inputs import BadInput
from pnp.web.security import MAX_BODY


def _field(form, name: str, what: str) -> str:
    """A required form field (bounded, one value, plain text), or a one-line error naming it."""
    value = inputs.text(form, name, required=False)
    if not value:
        raise UsageError(f"the form has no {what}", field=name, hint="reload the page and try again")
    return value


def _version(form) -> int | None:
    """The game version the screen showed (ASCII digits), or None when the form has none."""
    return inputs.number(form, "version", 0, 10 ** inputs.DIGITS - 1)


# ---- campaigns -------------------------------------------------------------------------------------

def _shown(request) -> str | None:
    """The campaign a page was asked for (?campaign=, as a record's page links it), else None: the current one."""
    return inputs.text(request.query_params, "campaign", required=False) if request is not None else None


def _at(path: str, campaign: str, **params) -> str:
    """A page's address for this campaign (the one a form was made for), with more parameters."""
    return path + "?" + urlencode({"campaign": campaign, **params})


def _unsaved(record: dict) -> dict:
    """?nobackup=1 when the record was kept but its backup failed (pnp.store.db.backup_after_commit): the page
    then says so, as the CLI does with exit code 3, so nobody records it again."""
    return {"nobackup": 1} if record.get("warning") else {}


def campaigns(store, request) -> dict:
    """The campaign list: wins, losses, which is current (kept while the store is unchanged: pnp.web.memo);
    after a rename or a delete, which one."""
    q = request.query_params if request is not None else {}
    renamed = inputs.text(q, "renamed", required=False) if request is not None else None
    return {**memo.while_unchanged(store, "argonauts campaigns", service.campaigns),
            "name_chars": service.NAME_CHARS, "renamed": renamed, "renamed_to": _shown(request) if renamed else None,
            "deleted": inputs.text(q, "deleted", required=False) if request is not None else None,
            "restored": inputs.text(q, "restored", required=False) if request is not None else None,
            "saved": service.deleted(store)}


def use(store, form) -> str:
    service.use(store, _field(form, "name", "campaign name"))
    return "/campaign"


def new(store, form) -> str:
    service.new(store, _field(form, "name", "campaign name"), _field(form, "player", "player name"))
    return "/campaign"


def rename(store, form) -> str:
    r = service.rename(store, _field(form, "campaign", "campaign"), _field(form, "new_name", "new name"))
    return _at("/", r["campaign"], renamed=r["was"])


def delete_form(store, request) -> dict:
    """The confirmation step before a delete: the campaign's counts, and what brings it back."""
    card = service.player_card(store, _shown(request))
    return {"s": card["status"]}


def delete(store, form) -> str:
    name = _field(form, "campaign", "campaign")
    if inputs.text(form, "confirm", required=False) != "yes":
        raise UsageError("the delete was not confirmed", field="confirm")
    service.delete(store, name)
    return "/?" + urlencode({"deleted": name})


def restore(store, form) -> str:
    r = service.restore(store, _field(form, "key", "deleted campaign"))
    return "/?" + urlencode({"restored": r["campaign"]})


def player(store, request) -> dict:
    """The Player card: deeds, rewards, wins and losses, the last record, and with ?done=N the
    confirmation of record N with Undo (or Redo) and what to do on the table before the next game."""
    seq = inputs.number(request.query_params, "done", 1, 10 ** inputs.DIGITS - 1) if request is not None else None
    card = service.player_card(store, _shown(request), seq)
    return {"s": card["status"], "last": card["last"], "current": card["current"], "undo": card["undo"],
            "redo": card["redo"], "shown": card["shown"], "next_game": card["next_game"],
            "nobackup": bool(request is not None and request.query_params.get("nobackup"))}


def _track(card, level: int | None, data) -> dict:
    """The level track as printed, row by row: ticks, numbers under some boxes, ADD tags (argonauts.reading.1-4)."""
    def row(values):
        return ["" if v is None else str(v) for v in values] if values else None
    return {"ticks": [level is not None and i < level for i in range(6)], "difficulty": row(card.difficulty),
            "deadliness": row(card.deadliness) if card.kind == "monster" else None,
            "add": ["ADD" if i in card.add else "" for i in range(6)] if card.add else None,
            "adds": [(box + 1, data.card(target).name) for box, target in sorted(card.add.items())]}


def deck(store, request) -> dict:
    """Every deck card with its track drawn, and the reserve cards still locked with what unlocks them."""
    name, state, data = service.current_state(store, _shown(request))
    source = {}
    for c in data.cards:
        for box, target in c.add.items():
            source[target] = f"ADD at box {box + 1} of {c.name}"
    for r in data.rewards:
        if r.add:
            source[r.add] = "a reward for deeds " + " + ".join(data.deed(d).name for d in r.needs)

    def row(cid, locked):
        c = data.card(cid)
        level = state.levels.get(cid)
        diff, dead = model.current(c, level) if c.has_track and level else (None, None)
        return {"id": cid, "name": c.name, "kind": c.kind, "level": level, "difficulty": diff, "deadliness": dead,
                "track": _track(c, level, data) if c.has_track else None, "text": c.text,
                "deed": data.deed(c.deed).name if c.deed else None, "ignorable": c.ignorable,
                "locked": locked, "source": source.get(cid)}
    return {"campaign": name, "player": state.player, "deck": [row(c, False) for c in state.deck],
            "reserve": [row(c, True) for c in state.reserve]}


def win_form(store, request) -> dict:
    """The cards that may be in the victory pile (deck Monsters and Treasures) and the deeds still open.

    Cards already tapped (?card=…, sent by htmx as they are tapped) mark the deeds they grant in this
    win, which cannot also be the chosen deed (argonauts.gap.25).
    """
    name, state, data = service.current_state(store, _shown(request))
    cards = [data.card(c) for c in state.deck if data.card(c).has_track]
    refused = getattr(request.state, "form", None)  # a refused POST: keep what was tapped
    try:
        picked = inputs.texts(refused if refused is not None else request.query_params, "card")
    except BadInput:
        if refused is None:
            raise
        picked = []  # the refused form's own bad value (its error is shown): the taps start afresh
    tapped = set(picked) & {c.id for c in cards}
    grants, now = {}, {}
    for c in cards:
        if c.deed:
            grants.setdefault(c.deed, []).append(c.name)
            if c.id in tapped:
                now.setdefault(c.deed, []).append(c.name)
    deeds = [{"id": d.id, "name": d.name, "granted_by": grants.get(d.id, []), "granted_now": now.get(d.id, [])}
             for d in data.deeds if d.id not in state.deeds]
    return {"campaign": name, "player": state.player, "deeds": deeds,
            "cards": [{"id": c.id, "name": c.name, "kind": c.kind, "level": state.levels.get(c.id),
                       "tapped": c.id in tapped} for c in cards]}


def win(store, form) -> str:
    r = service.win(store, _field(form, "campaign", "campaign"), inputs.texts(form, "card"),
                    inputs.text(form, "deed", required=False))
    return _at("/campaign", r["campaign"], done=r["seq"], **_unsaved(r))


def loss(store, form) -> str:
    r = service.loss(store, _field(form, "campaign", "campaign"))
    return _at("/campaign", r["campaign"], done=r["seq"], **_unsaved(r))


def undo(store, form) -> str:
    """Undo the record the page showed (?seq=; without it, the last in effect)."""
    r = service.undo(store, _field(form, "campaign", "campaign"), _seq(form))
    return _at("/campaign", r["campaign"], done=r["seq"], **_unsaved(r))


def redo(store, form) -> str:
    r = service.redo(store, _field(form, "campaign", "campaign"), _seq(form))
    return _at("/campaign", r["campaign"], done=r["seq"], **_unsaved(r))


def _seq(form) -> int | None:
    return inputs.number(form, "seq", 1, 10 ** inputs.DIGITS - 1)


def history(store, request) -> dict:
    view = service.history_view(store, _shown(request))
    return {"campaign": view["campaign"], "rows": list(reversed(view["rows"])), "undo": view["undo"],
            "redo": view["redo"]}


def export(store, request) -> Response:
    doc = service.export(store, _shown(request))
    return Response(service.export_text(doc), media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="{campaign_slug(doc["name"])}.json"'})


def import_(store, form) -> str:
    """Import an uploaded export: size-limited, parsed in memory, checked exactly as `campaign import` does."""
    name = inputs.text(form, "name", required=False)
    got = inputs.upload(form, "file", MAX_BODY)
    if got is None:
        raise UsageError("choose an export file to import", field="file", hint="a .json file from Export")
    body, filename = got
    source = "upload " + filename
    service.import_(store, service.parse_export(body, source), name, source=source)
    return "/"


def reprint(store, request) -> Response:
    """The PDF of the cards the last game changed (its ticked Adventure cards) and the Player card."""
    name = service.status(store, _shown(request))["campaign"]
    only = set(changed_by_last_game(store, name))
    with tempfile.TemporaryDirectory(prefix="pnp-serve-") as tmp:
        result = print_campaign(store, name, tmp, only=only)
        pdf = Path(result["files"][0]).read_bytes()
    return Response(pdf, media_type="application/pdf",
                    headers={"content-disposition": f'attachment; filename="{campaign_slug(name)}-changed.pdf"'})


# ---- play ------------------------------------------------------------------------------------------

def play(store, request) -> dict:
    """The table game of the campaign asked for (else the current one), as the play page shows it."""
    status = service.status(store, _shown(request))
    game = table.load(store, status["campaign"])
    current = memo.while_unchanged(store, "argonauts campaigns", service.campaigns)["current"]
    return {"campaign": status["campaign"], "player": status["player"], "crew_start": status["crew"],
            "g": table.view(game, store) if game else None, "current": current}


def play_start(store, form) -> str:
    name = _field(form, "campaign", "campaign")
    table.start(store, name)
    return _at("/play", name)


def play_step(store, form) -> str:
    """One tap: a revealed card, a die, an assignment (advised or counted) or a choice."""
    name = _field(form, "campaign", "campaign")
    version = _version(form)
    if inputs.text(form, "card", required=False):
        step = inputs.text(form, "card")
    elif inputs.text(form, "die", required=False):
        step = inputs.number(form, "die", 1, 6)
    elif inputs.text(form, "plan", required=False, limit=inputs.JSON_CHARS):
        step = inputs.json_step(form, "plan", dict)
    elif inputs.text(form, "action", required=False, limit=inputs.JSON_CHARS):
        step = inputs.json_step(form, "action", list)
    elif inputs.text(form, "counted", required=False):
        crew = sorted({key for key in form if key.startswith("crew:")})
        if len(crew) > inputs.LIST_ITEMS:
            raise BadInput(f"{len(crew)} cards, over the limit of {inputs.LIST_ITEMS}", "crew")
        step = {key[5:]: _count(form, key) for key in crew}
    else:
        raise UsageError("the form has no step", hint="reload the page and tap again")
    table.act(store, name, version, step)
    return _at("/play", name)


def _count(form, key: str) -> int:
    """Crew placed on one card (an empty box is 0)."""
    return inputs.number(form, key, 0, 99) or 0


def play_back(store, form) -> str:
    name = _field(form, "campaign", "campaign")
    table.back(store, name, _version(form))
    return _at("/play", name)


def play_finish(store, form) -> str:
    r = table.finish(store, _field(form, "campaign", "campaign"), inputs.text(form, "deed", required=False),
                     _version(form))
    return _at("/campaign", r["campaign"], done=r["seq"], **_unsaved(r))


def play_abandon(store, form) -> str:
    name = _field(form, "campaign", "campaign")
    table.abandon(store, name)
    return _at("/play", name)


T = "argonauts/"  # this folder's templates, as the web shell finds them (under the game's slug)


def pages() -> dict:
    """What the web shell mounts: nav links (the shell's own placed by path) and routes.

    A route is (method, path, function, template) for a page, or (method, path, doer, template, builder)
    for a form: on a refused form the builder's page is shown again with the error.
    """
    return {
        "nav": [("/", "Campaigns"), ("/campaign", "Player"), ("/deck", "Deck"), ("/play", "Play"), ("/rules", "Rules"),
                ("/history", "History")],
        "routes": [
            ("GET", "/", campaigns, T + "campaigns.html"),
            ("POST", "/use", use, T + "campaigns.html", campaigns),
            ("POST", "/new", new, T + "campaigns.html", campaigns),
            ("POST", "/rename", rename, T + "campaigns.html", campaigns),
            ("GET", "/delete", delete_form, T + "delete.html"),
            ("POST", "/restore", restore, T + "campaigns.html", campaigns),
            ("POST", "/delete", delete, T + "delete.html", delete_form),
            ("GET", "/campaign", player, T + "player.html"),
            ("GET", "/deck", deck, T + "deck.html"),
            ("GET", "/win", win_form, T + "win.html"),
            ("POST", "/win", win, T + "win.html", win_form),
            ("POST", "/loss", loss, T + "player.html", player),
            ("POST", "/undo", undo, T + "player.html", player),
            ("POST", "/redo", redo, T + "player.html", player),
            ("GET", "/history", history, T + "history.html"),
            ("GET", "/export", export, "error.html"),
            ("POST", "/import", import_, T + "campaigns.html", campaigns),
            ("GET", "/reprint", reprint, "error.html"),
            ("GET", "/play", play, T + "play.html"),
            ("POST", "/play/start", play_start, T + "play.html", play),
            ("POST", "/play/step", play_step, T + "play.html", play),
            ("POST", "/play/back", play_back, T + "play.html", play),
            ("POST", "/play/finish", play_finish, T + "play.html", play),
            ("POST", "/play/abandon", play_abandon, T + "play.html", play),
        ],
    }
