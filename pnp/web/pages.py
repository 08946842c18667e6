"""The web shell's own pages of `pnp serve`: rules search and statements, and the judge situations' forms.

A game's pages (its campaign, its table play) live in its folder and are mounted through the
registry (Game.web, see pnp/web/app.py). Builders take (store, request) and return the template's context.
"""
from __future__ import annotations

import contextlib
import io
import json
import threading

from pnp.errors import UsageError
from pnp.web import inputs
from pnp.web.inputs import BadInput

# ---- rules -----------------------------------------------------------------------------------------

def _game(slug: str):
    from pnp.catalog import game
    if len(slug) > inputs.NAME_CHARS:
        raise BadInput(f"is {len(slug)} characters long, over the limit of {inputs.NAME_CHARS}", "game")
    return game(slug)


def rules(store, request) -> dict:
    """Search every game's rules (FTS5, pnp.rules.search) for the query."""
    from pnp.catalog import GAMES
    from pnp.rules.search import search
    q = inputs.text(request.query_params, "q", required=False) or ""
    results = []
    if q:
        for slug, g in GAMES.items():
            hits = search(slug, q, 5)
            if hits:
                results.append({"game": slug, "title": g.title, "hits": [h.to_dict() for h in hits]})
    return {"q": q, "results": results, "games": [(s, g.title) for s, g in GAMES.items()]}


def cards(store, request) -> dict:
    """A game's card reference (pnp.rules.cards): every card, or the ones a typed name fits (?game=&q=)."""
    from pnp.catalog import GAMES
    from pnp.rules.cards import lookup, reference
    default = next((s for s, g in GAMES.items() if g.web), next(iter(GAMES)))  # the game whose pages are served
    slug = _game(inputs.text(request.query_params, "game", required=False) or default).slug
    q = inputs.text(request.query_params, "q", required=False) or ""
    return {"game": slug, "title": GAMES[slug].title, "q": q, "games": [(s, g.title) for s, g in GAMES.items()],
            "cards": lookup(slug, q) if q else reference(slug)}


def statement(store, request) -> dict:
    """One rule statement or gap, with its section."""
    from pnp.rules.book import load
    slug, rid = _game(request.path_params["game"]).slug, request.path_params["rule"]
    if len(rid) > inputs.NAME_CHARS:
        raise BadInput(f"is {len(rid)} characters long, over the limit of {inputs.NAME_CHARS}", "rule")
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

    from pnp.cli.content import FileText
    out = []
    for p in cmd.params:
        if not isinstance(p, click.Option) or p.name == "as_json":
            continue
        kind = ("content" if isinstance(p.type, FileText) else "file" if isinstance(p.type, (click.Path, click.File))
                else "flag" if p.is_flag else "multi" if p.multiple else "choice" if isinstance(p.type, click.Choice)
                else "int" if isinstance(p.type, click.types.IntParamType) else "text")
        out.append({"name": p.name, "flag": max(p.opts, key=len), "kind": kind, "required": p.required,
                    "help": p.help or "", "default": None if p.default is None or callable(p.default) else p.default,
                    "choices": list(p.type.choices) if kind == "choice" else []})
    return out


def _value(given, f: dict, posted: bool) -> str:
    """One judge form field from the request, bounded and type-checked by its kind; '' when absent."""
    name = f["name"]
    if f["kind"] == "int":
        n = inputs.number(given, name, -(10 ** inputs.DIGITS - 1), 10 ** inputs.DIGITS - 1)
        return "" if n is None else str(n)
    if f["kind"] == "content":  # pasted text, or an uploaded file (a POSTed form) which wins over it
        got = inputs.upload(given, name + "_file", inputs.CONTENT_BYTES) if posted else None
        if got is None:
            text = inputs.text(given, name, required=False, limit=inputs.CONTENT_BYTES, lines=True) or ""
            if len(text.encode()) > inputs.CONTENT_BYTES:
                raise BadInput(f"is over {inputs.CONTENT_BYTES // 1000} kB", name)
            return text
        try:
            return got[0].decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BadInput("the uploaded file is not UTF-8 text", name + "_file", expected="a YAML or JSON file") from None
    return inputs.text(given, name, required=False, limit=inputs.TEXT_CHARS, lines=f["kind"] == "multi") or ""


def judge_form(store, request) -> dict:
    """A situation's form built from its own options; with values given, the ruling it computes (--json).

    A situation reading a file takes it pasted or uploaded (a POSTed form), never as a path: a
    request never names a file on this machine. Options typed as plain paths stay at the terminal.
    """
    import click

    from pnp.cli.content import Content
    groups, ctx = _situations()
    game, name = request.path_params["game"], request.path_params["situation"]
    group = groups.get(game)
    cmd = group.get_command(ctx, name) if group and len(name) <= inputs.NAME_CHARS else None
    if cmd is None:
        raise UsageError(f"no judge situation '{game[:inputs.NAME_CHARS]} {name[:inputs.NAME_CHARS]}'",
                         hint="pick one from the Rulings list")
    fields = _fields(cmd)
    posted = getattr(request.state, "form", None)
    given = posted if posted is not None else request.query_params
    values = {f["name"]: _value(given, f, posted is not None) for f in fields}
    ruling, error = None, None
    files = [f["flag"] for f in fields if f["kind"] == "file"]
    if files:  # a path option: such situations stay at the terminal
        error = (f"this situation reads a file ({', '.join(files)}); run it at the terminal: "
                 f"pnp judge {game} {name} --help")
    elif inputs.text(given, "go", required=False, limit=5):
        args, pasted = [], {}
        for f in fields:
            v = values[f["name"]]
            if f["kind"] == "flag":
                args += [f["flag"]] if v else []
            elif f["kind"] == "content":
                if v.strip():
                    pasted[f["name"]] = Content(v, f"the pasted {f['flag'].lstrip('-')}")
            elif f["kind"] == "multi":  # a repeatable option: one value per line
                for line in v.splitlines():
                    args += [f["flag"], line.strip()] if line.strip() else []
            elif v:
                args += [f["flag"], v]
        out = io.StringIO()
        try:
            with _JUDGE_LOCK, contextlib.redirect_stdout(out):
                cmd.main(args + ["--json"], prog_name=f"pnp judge {game} {name}", standalone_mode=False,
                         default_map=pasted)
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
            "values": values, "ruling": ruling, "error": error,
            "post": any(f["kind"] == "content" for f in fields)}
