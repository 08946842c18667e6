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

from jinja2 import ChoiceLoader, Environment, PackageLoader, PrefixLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from pnp.catalog import games
from pnp.errors import PnpError
from pnp.plural import counted
from pnp.web import judge, pages
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
    static = {name: (resources.files("pnp.web").joinpath("static", f).read_bytes(), mime)
              for name, (f, mime) in STATIC.items()}

    def render(request: Request, template: str, status: int = 200, **ctx) -> HTMLResponse:
        html = env.get_template(template).render(csrf=request.state.csrf, csrf_field=CSRF_FIELD, nav=nav,
                                                 path=request.url.path, **ctx)
        return HTMLResponse(html, status_code=status)

    def page(builder, template):
        """A GET page: builder(store, request) -> context; a library error shows as the page's error."""
        def build(request):
            start = time.thread_time()
            try:
                return builder(store, request), None
            except PnpError as exc:
                return None, exc
            finally:
                request.state.cpu = time.thread_time() - start

        async def endpoint(request: Request):
            if request.method == "POST":  # a form too large for an address (a pasted judge board)
                request.state.form = await request.form(max_files=4, max_fields=200, max_part_size=MAX_BODY)
            ctx, exc = await run_in_threadpool(build, request)
            start = time.thread_time()
            if exc is not None:
                status = getattr(exc, "http_status", 400 if exc.exit_code == 1 else 422)
                resp = render(request, "error.html", status, error=exc.one_line())
            else:
                resp = ctx if isinstance(ctx, Response) else render(request, template, **ctx)
            request.state.cpu += time.thread_time() - start
            return resp
        return endpoint

    def action(doer, template: str, builder):
        """A POST: doer(store, form) -> the page to go to; on a library error, the form's page again with it."""
        async def endpoint(request: Request):
            form = await request.form(max_files=1, max_fields=200, max_part_size=MAX_BODY)
            try:
                target = await run_in_threadpool(doer, store, form)
            except PnpError as exc:
                request.state.form = form  # the page again, as the player filled it in
                status = getattr(exc, "http_status", 400)
                try:
                    ctx = await run_in_threadpool(builder, store, request)
                except PnpError:
                    return render(request, "error.html", status, error=exc.one_line())
                return render(request, template, status, error=exc.one_line(), **ctx)
            return RedirectResponse(target, status_code=303)
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
            routes.append(Route(path, action(fn, template, builder[0]) if method == "POST" else page(fn, template),
                                methods=[method]))
    app = Starlette(routes=routes)
    app.add_middleware(Guard, token=token)
    app.add_middleware(ServerTiming)
    return app


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
