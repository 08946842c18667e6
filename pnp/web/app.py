"""`pnp serve`: the table-side companion as a Starlette app (Jinja2 pages, htmx, assets served by pnp).

The shell (layout, auth, CSRF, static files, rules and judge pages) knows games only through the
registry: each game declaring `web` (pnp.catalog.Game) gives its nav links, its routes and its
templates (its folder's templates/, found as "<slug>/NAME.html"). Every write goes through the same
library calls as the CLI. A writing form names the campaign the page showed, so a switch made
meanwhile in another tab or the terminal can never redirect it. Nothing from a request becomes a
file path: static files are a fixed table read from the package, uploads are parsed in memory, and
every value a page takes is bounded and type-checked (pnp.web.inputs).
"""
from __future__ import annotations

import hashlib
import importlib
import json
import time
from importlib import resources

from jinja2 import ChoiceLoader, Environment, PackageLoader, PrefixLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from pnp.campaign.store import NoCampaign
from pnp.catalog import games
from pnp.errors import PnpError
from pnp.plural import counted
from pnp.store import db
from pnp.web import inputs, judge, pages, words
from pnp.web.forms import Forms, with_query
from pnp.web.live import Changes
from pnp.web.security import CSRF_FIELD, MAX_BODY, Guard

STATIC = {  # URL name -> (package file, media type); the only files the server ever reads for a request
    "htmx.min.js": ("htmx.min.js", "text/javascript"),
    "htmx-LICENSE.txt": ("htmx-LICENSE.txt", "text/plain; charset=utf-8"),
    "app.css": ("app.css", "text/css"),
    "live.js": ("live.js", "text/javascript"),
    "icon-192.png": ("icon-192.png", "image/png"),
    "icon-512.png": ("icon-512.png", "image/png"),
}
STILL = ("/rules", "/judge", "/cards", "/static")  # pages that never show the store: no live refresh
MANIFEST = {"name": "pnp companion", "short_name": "pnp", "description": "Campaign, play-along and rules at the table",
            "start_url": "/", "scope": "/", "display": "standalone", "background_color": "#fbf5e6",
            "theme_color": "#2b1a0e", "icons": [
                {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
                {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
                {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"}]}
SHELL_NAV = [("/rules", "Rules")]  # the shell's own pages in the nav; a game's nav may place them by path


def game_pages() -> dict:
    """Every game's declared pages (Game.web): {slug: (package, {"nav": [...], "routes": [...]})}."""
    found = {}
    for slug, g in games().items():
        if g.web:
            module, attr = g.entry(g.web).split(":")
            found[slug] = (g.package, getattr(importlib.import_module(module), attr)())
    return found


def _nav(pages: dict) -> list[tuple[str, str]]:
    """The nav bar: the games' links in game order, then the shell's own links no game placed."""
    nav = [link for _, declared in pages.values() for link in declared["nav"]]
    return nav + [link for link in SHELL_NAV if link[0] not in {href for href, _ in nav}]


def _env(pages: dict) -> Environment:
    """The pages' Jinja2 environment: the shell's templates, each game's as "<slug>/NAME", HTML autoescaped,
    read once per process, and the `counted` filter ({{ n | counted("loss") }}: "1 loss", "2 losses")."""
    games = PrefixLoader({slug: PackageLoader(package, "templates") for slug, (package, _) in pages.items()})
    env = Environment(loader=ChoiceLoader([PackageLoader("pnp.web", "templates"), games]),
                      autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True,
                      auto_reload=False)  # no stat of the template files for every page
    env.filters["counted"] = counted
    return env


def create_app(store=None, token: str | None = None) -> Starlette:
    """The companion app over a store; with `token`, every request needs it (see pnp.web.security)."""
    declared = game_pages()
    env, nav = _env(declared), _nav(declared)
    forms = Forms()
    gets = {fn: path for _, (_, d) in declared.items() for method, path, fn, *_ in d["routes"] if method == "GET"}
    home = next(((fn, template) for _, (_, d) in declared.items() for method, path, fn, template, *_ in d["routes"]
                 if (method, path) == ("GET", "/")), None)  # where a page with no campaign to show leads
    static = {name: (resources.files("pnp.web").joinpath("static", f).read_bytes(), mime)
              for name, (f, mime) in STATIC.items()}
    changes = Changes(db.store_path(store))
    changes.poll()  # its connection opened now, not in the middle of the first page (which may make the -wal file)

    def live(request: Request) -> bool:
        return not request.url.path.startswith(STILL)

    def render(request: Request, template: str, status: int = 200, **ctx) -> HTMLResponse:
        """The page; a live page carries the store's change id read before its builder read the store (a
        record landing meanwhile gets a later id, whose event then makes the page fetch itself again)."""
        change = getattr(request.state, "change", None) or (changes.current() if live(request) else "")
        html = env.get_template(template).render(csrf=request.state.csrf, csrf_field=CSRF_FIELD, nav=nav,
                                                 path=request.url.path, once=lambda: forms.field(request.state.csrf),
                                                 kept=getattr(request.state, "form", None) or {},
                                                 live=live(request), change=change, **ctx)
        return HTMLResponse(html, status_code=status)

    def page(builder, template, quick=None):
        """A GET page: builder(store, request) -> context; a library error shows as the page's error, in
        player words; with no campaign to show, the campaigns page (200) says so and offers to start one.
        The builder runs in a worker thread, or, when quick(request) says it will only read what the
        process holds in memory, in the event loop itself (no hand-over between threads: a full table's
        searches cost less)."""
        def build(request):
            start = time.thread_time()
            try:
                return builder(store, request), None
            except NoCampaign as exc:
                if home is None:
                    return None, exc
                try:
                    return {"template": home[1], **home[0](store, request)}, exc
                except PnpError as again:
                    return None, again
            except PnpError as exc:
                return None, exc
            finally:
                request.state.cpu = time.thread_time() - start

        async def endpoint(request: Request):
            if request.method == "POST":  # a form too large for an address (a pasted judge board)
                request.state.form = await request.form(max_files=4, max_fields=200, max_part_size=MAX_BODY)
            refused = forms.refused(request)  # the page again after a refused write, as the player filled it in
            if refused is not None:
                request.state.form = refused[1]
            if live(request):
                request.state.change = changes.current()
            ctx, exc = build(request) if quick and quick(request) else await run_in_threadpool(build, request)
            start = time.thread_time()
            error = refused[0] if refused else None
            if ctx is not None and exc is not None:  # no campaign to show: choose or start one
                resp = render(request, ctx.pop("template"), notice=words.say(exc), error=error, **ctx)
            elif exc is not None:
                status = getattr(exc, "http_status", 400 if exc.exit_code == 1 else 422)
                resp = render(request, "error.html", status, error=words.say(exc))
            else:
                resp = ctx if isinstance(ctx, Response) else render(request, template, **{"error": error, **ctx})
            request.state.cpu += time.thread_time() - start
            return resp
        return endpoint

    def action(doer, back: str):
        """A POST write, once per one-time token (pnp.web.forms): doer(store, form) -> the page that shows
        what it did; a refusal goes back to `back` (for the form's campaign) with the error and the values."""
        async def endpoint(request: Request):
            form = await request.form(max_files=1, max_fields=200, max_part_size=MAX_BODY)
            try:
                campaign = inputs.text(form, "campaign", required=False)
            except PnpError:
                campaign = None
            target = with_query(back, campaign=campaign or None)
            return await forms.write(request, form, lambda: run_in_threadpool(doer, store, form), target)
        return endpoint

    async def asset(request: Request):
        name = request.path_params["name"]
        if name not in static:
            return Response("404: no such file", status_code=404, media_type="text/plain")
        body, mime = static[name]
        return Response(body, media_type=mime, headers={"cache-control": "max-age=3600"})

    async def events(request: Request):
        return StreamingResponse(changes.stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    async def manifest(request: Request):
        return Response(json.dumps(MANIFEST), media_type="application/manifest+json",
                        headers={"cache-control": "no-cache"})

    async def worker(request: Request):
        return Response(sw, media_type="text/javascript", headers={"cache-control": "no-cache"})

    routes = [
        Route("/rules", page(pages.rules, "rules.html", quick=pages.searchable)),
        Route("/rules/{game}", page(pages.rulebook, "rulebook.html")),
        Route("/cards", page(pages.cards, "cards.html")),
        Route("/rules/{game}/gaps", page(pages.gaps, "gaps.html")),
        Route("/rules/{game}/{rule}", page(pages.statement, "statement.html")),
        Route("/judge", page(judge.judge_list, "judge.html")),
        Route("/judge/{game}/{situation}", page(judge.judge_form, "judge_form.html"), methods=["GET", "POST"]),
        Route("/static/{name}", asset),
        Route("/events", events),
        Route("/manifest.webmanifest", manifest),
        Route("/sw.js", worker),
    ]
    taken = {(r.path, m) for r in routes for m in r.methods}
    for slug, (_, game_pages_of) in declared.items():
        for method, path, fn, template, *builder in game_pages_of["routes"]:
            if (path, method) in taken:
                raise LookupError(f"game '{slug}' declares the page {method} {path}, which is already taken")
            taken.add((path, method))
            routes.append(Route(path, action(fn, gets[builder[0]]) if method == "POST" else page(fn, template),
                                methods=[method]))
    for slug, (_, game_pages_of) in declared.items():  # a write's address opened, not posted: its form's page
        for method, path, _, _, *builder in game_pages_of["routes"]:
            if method == "POST" and (path, "GET") not in taken:
                taken.add((path, "GET"))
                routes.append(Route(path, _to(gets[builder[0]]), methods=["GET"]))

    async def missing(request: Request, exc):
        return render(request, "error.html", 404, error="There is no page at this address; pick one from the menu.")

    sw = _worker(nav, routes, static)
    app = Starlette(routes=routes, exception_handlers={404: missing})
    app.state.changes = changes
    app.add_middleware(Guard, token=token)
    app.add_middleware(ServerTiming)
    return app


def offline_pages(nav, routes) -> list[str]:
    """The pages a phone keeps for offline use: every page in the menu, the rulings list, the card
    reference when a game has one, and each game's whole rules and gaps register."""
    routed = {r.path for r in routes if "GET" in (r.methods or ())}
    extra = [p for p in ("/judge", "/cards") if p in routed]
    cards = [f"/cards?game={slug}" for slug in games()] if "/cards" in routed else []
    rules = [f"/rules/{slug}{tail}" for slug in games() for tail in ("", "/gaps")]
    return list(dict.fromkeys([href for href, _ in nav] + extra + cards + rules))


def _worker(nav, routes, static: dict) -> bytes:
    """The service worker script: the pages and assets it keeps, and a version that changes with them."""
    core = offline_pages(nav, routes) + ["/manifest.webmanifest"] + [f"/static/{n}" for n in static]
    digest = hashlib.sha256(json.dumps(core).encode())
    for name in sorted(static):
        digest.update(static[name][0])
    head = f"const VERSION = {json.dumps(digest.hexdigest()[:16])};\nconst CORE = {json.dumps(core)};\n"
    return head.encode() + resources.files("pnp.web").joinpath("static", "sw.js").read_bytes()
def _to(target: str):
    """A GET endpoint that sends the browser on to `target` (303): never a bare "Method Not Allowed"."""
    async def endpoint(request: Request):
        return RedirectResponse(target, status_code=303)
    return endpoint


class ServerTiming:
    """Adds `Server-Timing`: `app` the wall time from receiving a request to starting its response
    (waiting for a worker thread behind other requests included; a page built in the event loop waits
    before it is received, so not there), `cpu` the CPU time spent building and rendering the page."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.perf_counter()

        async def timed(message):
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                timing = f"app;dur={ms:.2f}"
                cpu = scope.get("state", {}).get("cpu")
                if cpu is not None:
                    timing += f", cpu;dur={cpu * 1000:.2f}"
                message.setdefault("headers", []).append((b"server-timing", timing.encode()))
            await send(message)
        await self.app(scope, receive, timed)
