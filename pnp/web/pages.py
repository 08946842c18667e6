"""What each page of `pnp serve` shows and what each form does: thin calls into the library.

Builders take (store, request) and return the template's context; doers take (store, form) and
return where to go next. Campaign names from forms are lookup keys only, never file names.
"""
from __future__ import annotations

import contextlib
import io
import json
import tempfile
import threading
from pathlib import Path

from starlette.responses import Response

from pnp.campaign import service
from pnp.catalog import table_module
from pnp.errors import CampaignError, UsageError
from pnp.web.security import MAX_BODY


def _field(form, name: str, what: str) -> str:
    """A required form field, or a one-line error naming it."""
    value = form.get(name)
    value = value.strip() if isinstance(value, str) else ""
    if not value:
        raise UsageError(f"the form has no {what}", field=name, hint="reload the page and try again")
    return value


def _version(form) -> int | None:
    text = form.get("version")
    return int(text) if isinstance(text, str) and text.isdigit() else None


# ---- campaigns -------------------------------------------------------------------------------------

def campaigns(store, request) -> dict:
    """The campaign list: wins, losses, which is current."""
    return service.campaigns(store)


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
    from pnp.campaign import model
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
    picked = refused.getlist("card") if refused is not None else request.query_params.getlist("card")
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
    service.win(store, _field(form, "campaign", "campaign"), form.getlist("card"), form.get("deed") or None)
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
    from pnp.campaign.printing import campaign_slug
    doc = service.export(store)
    return Response(service.export_text(doc), media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="{campaign_slug(doc["name"])}.json"'})


def import_(store, form) -> str:
    """Import an uploaded export: size-limited, parsed in memory, checked exactly as `campaign import` does."""
    upload = form.get("file")
    if upload is None or isinstance(upload, str) or not upload.filename:
        raise UsageError("choose an export file to import", field="file", hint="a .json file from Export")
    source = "upload " + "".join(ch for ch in upload.filename[:80] if ch.isprintable())
    body = upload.file.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        raise CampaignError(f"the file is larger than {MAX_BODY // 1024} kB", file=source,
                            hint="import an export made by pnp")
    try:
        doc = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CampaignError(f"malformed campaign export: not JSON ({exc})", file=source,
                            hint="export the campaign again") from None
    service.import_(store, doc, (form.get("name") or "").strip() or None, source=source)
    return "/"


def reprint(store, request) -> Response:
    """The PDF of the cards the last game changed (its ticked Adventure cards) and the Player card."""
    from pnp.campaign.printing import campaign_slug, changed_by_last_game, print_campaign
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
    table = table_module()
    status = service.status(store)
    game = table.load(store, status["campaign"])
    return {"campaign": status["campaign"], "player": status["player"], "crew_start": status["crew"],
            "g": table.view(game, store) if game else None}


def play_start(store, form) -> str:
    table = table_module()
    table.start(store, _field(form, "campaign", "campaign"))
    return "/play"


def play_step(store, form) -> str:
    """One tap: a revealed card, a die, an assignment (advised or counted) or a choice."""
    table = table_module()
    name = _field(form, "campaign", "campaign")
    if form.get("card"):
        step = form["card"]
    elif form.get("die"):
        step = form["die"]
    elif form.get("plan"):
        step = _json(form["plan"], dict)
    elif form.get("action"):
        step = _json(form["action"], list)
    elif form.get("counted"):
        step = {key[5:]: _count(value) for key, value in form.multi_items() if key.startswith("crew:")}
    else:
        raise UsageError("the form has no step", hint="reload the page and tap again")
    table.act(store, name, _version(form), step)
    return "/play"


def _json(text: str, kind: type):
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        value = None
    if not isinstance(value, kind):
        raise UsageError("the form's step is malformed", hint="reload the page and tap again")
    return value


def _count(text: str) -> int:
    if not text.strip().isdigit() or int(text) > 99:
        raise UsageError(f"crew on a card must be a whole number 0-99, not '{text[:20]}'", field="crew")
    return int(text)


def play_back(store, form) -> str:
    table = table_module()
    table.back(store, _field(form, "campaign", "campaign"), _version(form))
    return "/play"


def play_finish(store, form) -> str:
    table = table_module()
    table.finish(store, _field(form, "campaign", "campaign"), form.get("deed") or None, _version(form))
    return "/campaign"


def play_abandon(store, form) -> str:
    table = table_module()
    table.abandon(store, _field(form, "campaign", "campaign"))
    return "/play"


# ---- rules -----------------------------------------------------------------------------------------

def _game(slug: str):
    from pnp.catalog import game
    return game(slug)


def rules(store, request) -> dict:
    """Search every game's rules (FTS5, pnp.rules.search) for the query."""
    from pnp.catalog import GAMES
    from pnp.rules.search import search
    q = request.query_params.get("q", "").strip()[:200]
    results = []
    if q:
        for slug, g in GAMES.items():
            hits = search(slug, q, 5)
            if hits:
                results.append({"game": slug, "title": g.title, "hits": [h.to_dict() for h in hits]})
    return {"q": q, "results": results, "games": [(s, g.title) for s, g in GAMES.items()]}


def statement(store, request) -> dict:
    """One rule statement or gap, with its section."""
    from pnp.rules.book import load
    slug, rid = _game(request.path_params["game"]).slug, request.path_params["rule"]
    book = load(slug)
    title = _game(slug).title
    if ".gap." in rid:
        return {"game": slug, "title": title, "gap": book.gap(rid), "rule": None}
    s = book.statement(rid)
    return {"game": slug, "title": title, "rule": {"id": s.id, "text": s.text, "section": s.section.title},
            "gap": None}


def gaps(store, request) -> dict:
    from pnp.rules.book import load
    slug = _game(request.path_params["game"]).slug
    return {"game": slug, "title": _game(slug).title, "gaps": load(slug).gaps}


_JUDGE_LOCK = threading.Lock()  # the situation commands print; one captures stdout at a time


def _situations():
    """{game: click group of its judge situations} for every game that has them (as `pnp judge` lists)."""
    import click

    from pnp.cli.judge import judge
    ctx = click.Context(judge)
    return {g: judge.get_command(ctx, g) for g in judge.list_commands(ctx)}, ctx


def judge_list(store, request) -> dict:
    groups, ctx = _situations()
    return {"games": [{"game": g, "situations": [(n, grp.get_command(ctx, n).get_short_help_str(80))
                                                 for n in grp.list_commands(ctx)]} for g, grp in groups.items()]}


def _fields(cmd) -> list[dict]:
    """The form fields of a situation: one per click option except --json, typed from the option."""
    import click
    out = []
    for p in cmd.params:
        if not isinstance(p, click.Option) or p.name == "as_json":
            continue
        kind = ("file" if isinstance(p.type, (click.Path, click.File)) else "flag" if p.is_flag else "multi" if p.multiple else "choice" if isinstance(p.type, click.Choice)
                else "int" if isinstance(p.type, click.types.IntParamType) else "text")
        out.append({"name": p.name, "flag": max(p.opts, key=len), "kind": kind, "required": p.required,
                    "help": p.help or "", "default": None if p.default is None or callable(p.default) else p.default,
                    "choices": list(p.type.choices) if kind == "choice" else []})
    return out


def judge_form(store, request) -> dict:
    """A situation's form built from its own options; with values given, the ruling it computes (--json)."""
    import click
    groups, ctx = _situations()
    game, name = request.path_params["game"], request.path_params["situation"]
    group = groups.get(game)
    cmd = group.get_command(ctx, name) if group else None
    if cmd is None:
        raise UsageError(f"no judge situation '{game} {name}'", hint="pick one from the Rulings list")
    fields = _fields(cmd)
    given = request.query_params
    values = {f["name"]: given.get(f["name"], "") for f in fields}
    ruling, error = None, None
    files = [f["flag"] for f in fields if f["kind"] == "file"]
    if files:  # a request never names a file on this machine: such situations stay at the terminal
        error = (f"this situation reads a file ({', '.join(files)}); run it at the terminal: "
                 f"pnp judge {game} {name} --help")
    elif given.get("go"):
        args = []
        for f in fields:
            v = values[f["name"]].strip()[:2000]
            if f["kind"] == "flag":
                args += [f["flag"]] if v else []
            elif f["kind"] == "multi":  # a repeatable option: one value per line
                for line in v.splitlines():
                    args += [f["flag"], line.strip()] if line.strip() else []
            elif v:
                args += [f["flag"], v]
        out = io.StringIO()
        try:
            with _JUDGE_LOCK, contextlib.redirect_stdout(out):
                cmd.main(args + ["--json"], prog_name=f"pnp judge {game} {name}", standalone_mode=False)
            ruling = json.loads(out.getvalue())
        except click.ClickException as exc:
            error = exc.format_message()
        except UsageError as exc:
            error = exc.one_line()
        except Exception as exc:  # a PnpError from the rules code: shown on the form, like the CLI's one line
            if not hasattr(exc, "one_line"):
                raise
            error = exc.one_line()
    return {"game": game, "name": name, "help": (cmd.help or "").split("\n\n")[0], "fields": fields,
            "values": values, "ruling": ruling, "error": error}
