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

import importlib
import time
from importlib import resources
from urllib.parse import urlencode

from jinja2 import ChoiceLoader, Environment, PackageLoader, PrefixLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from pnp.campaign.store import NoCampaign
from pnp.catalog import games
from pnp.errors import PnpError
from pnp.plural import counted
from pnp.web import inputs, judge, pages, words
from pnp.web.forms import Forms
from pnp.web.security import CSRF_FIELD, MAX_BODY, Guard

STATIC = {  # URL name -> (package file, media type); the only files the server ever reads for a request
    "htmx.min.js": ("htmx.min.js", "text/javascript"),
    "htmx-LICENSE.txt": ("htmx-LICENSE.txt", "text/plain; charset=utf-8"),
    "app.css": ("app.css", "text/css"),
}
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

    def render(request: Request, template: str, status: int = 200, **ctx) -> HTMLResponse:
        html = env.get_template(template).render(csrf=request.state.csrf, csrf_field=CSRF_FIELD, nav=nav,
                                                 path=request.url.path, once=lambda: forms.field(request.state.csrf),
                                                 kept=getattr(request.state, "form", None) or {}, **ctx)
        return HTMLResponse(html, status_code=status)

    def page(builder, template):
        """A GET page: builder(store, request) -> context; a library error shows as the page's error, in
        player words; with no campaign to show, the campaigns page (200) says so and offers to start one."""
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
            ctx, exc = await run_in_threadpool(build, request)
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
            target = back + ("?" + urlencode({"campaign": campaign}) if campaign else "")
            return await forms.write(request, form, lambda: run_in_threadpool(doer, store, form), target)
        return endpoint

    async def asset(request: Request):
        name = request.path_params["name"]
        if name not in static:
            return Response("404: no such file", status_code=404, media_type="text/plain")
        body, mime = static[name]
        return Response(body, media_type=mime, headers={"cache-control": "max-age=3600"})

    routes = [
        Route("/rules", page(pages.rules, "rules.html")),
        Route("/cards", page(pages.cards, "cards.html")),
        Route("/rules/{game}/gaps", page(pages.gaps, "gaps.html")),
        Route("/rules/{game}/{rule}", page(pages.statement, "statement.html")),
        Route("/judge", page(judge.judge_list, "judge.html")),
        Route("/judge/{game}/{situation}", page(judge.judge_form, "judge_form.html"), methods=["GET", "POST"]),
        Route("/static/{name}", asset),
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
    app = Starlette(routes=routes)
    app.add_middleware(Guard, token=token)
    app.add_middleware(ServerTiming)
    return app


def _to(target: str):
    """A GET endpoint that sends the browser on to `target` (303): never a bare "Method Not Allowed"."""
    async def endpoint(request: Request):
        return RedirectResponse(target, status_code=303)
    return endpoint


class ServerTiming:
    """Adds `Server-Timing`: `app` the wall time from receiving a request to starting its response
    (waiting behind other requests included), `cpu` the CPU time spent building and rendering the page."""

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
