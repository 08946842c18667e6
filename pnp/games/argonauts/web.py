"""The Argonauts pages of `pnp serve` (campaigns, Player card, deck, win, history, table play): thin calls
into the game's campaign and table modules, declared to the web shell by `pages()` (Game.web).

Builders take (store, request) and return the template's context; doers take (store, form) and
return where to go next. Campaign names from forms are lookup keys only, never file names.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

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

def campaigns(store, request) -> dict:
    """The campaign list: wins, losses, which is current (kept while the store is unchanged: pnp.web.memo)."""
    return dict(memo.while_unchanged(store, "argonauts campaigns", service.campaigns))


def use(store, form) -> str:
    service.use(store, _field(form, "name", "campaign name"))
    return "/campaign"


def new(store, form) -> str:
    service.new(store, _field(form, "name", "campaign name"), _field(form, "player", "player name"))
    return "/campaign"


def player(store, request) -> dict:
    """The Player card: deeds, rewards, wins and losses, and the last record."""
    card = service.player_card(store)
    return {"s": card["status"], "last": card["last"]}


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
    name, state, data = service.current_state(store)
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
    name, state, data = service.current_state(store)
    cards = [data.card(c) for c in state.deck if data.card(c).has_track]
    refused = getattr(request.state, "form", None)  # a refused POST: keep what was tapped
    picked = inputs.texts(refused if refused is not None else request.query_params, "card")
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
    service.win(store, _field(form, "campaign", "campaign"), inputs.texts(form, "card"),
                inputs.text(form, "deed", required=False))
    return "/campaign"


def loss(store, form) -> str:
    service.loss(store, _field(form, "campaign", "campaign"))
    return "/campaign"


def undo(store, form) -> str:
    service.undo(store, _field(form, "campaign", "campaign"))
    return "/campaign"


def history(store, request) -> dict:
    status = service.status(store)
    return {"campaign": status["campaign"], "rows": list(reversed(service.history(store, status["campaign"])))}


def export(store, request) -> Response:
    doc = service.export(store)
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
    name = service.status(store)["campaign"]
    only = set(changed_by_last_game(store, name))
    with tempfile.TemporaryDirectory(prefix="pnp-serve-") as tmp:
        result = print_campaign(store, name, tmp, only=only)
        pdf = Path(result["files"][0]).read_bytes()
    return Response(pdf, media_type="application/pdf",
                    headers={"content-disposition": f'attachment; filename="{campaign_slug(name)}-changed.pdf"'})


# ---- play ------------------------------------------------------------------------------------------

def play(store, request) -> dict:
    """The table game of the current campaign, as the play page shows it."""
    status = service.status(store)
    game = table.load(store, status["campaign"])
    return {"campaign": status["campaign"], "player": status["player"], "crew_start": status["crew"],
            "g": table.view(game, store) if game else None}


def play_start(store, form) -> str:
    table.start(store, _field(form, "campaign", "campaign"))
    return "/play"


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
    return "/play"


def _count(form, key: str) -> int:
    """Crew placed on one card (an empty box is 0)."""
    return inputs.number(form, key, 0, 99) or 0


def play_back(store, form) -> str:
    table.back(store, _field(form, "campaign", "campaign"), _version(form))
    return "/play"


def play_finish(store, form) -> str:
    table.finish(store, _field(form, "campaign", "campaign"), inputs.text(form, "deed", required=False), _version(form))
    return "/campaign"


def play_abandon(store, form) -> str:
    table.abandon(store, _field(form, "campaign", "campaign"))
    return "/play"


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
            ("GET", "/campaign", player, T + "player.html"),
            ("GET", "/deck", deck, T + "deck.html"),
            ("GET", "/win", win_form, T + "win.html"),
            ("POST", "/win", win, T + "win.html", win_form),
            ("POST", "/loss", loss, T + "player.html", player),
            ("POST", "/undo", undo, T + "player.html", player),
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
