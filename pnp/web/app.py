"""`pnp serve`: the table-side companion as a Starlette app (Jinja2 pages, htmx, assets served by pnp).

Every write goes through the same library calls as the CLI (pnp.campaign.service, and the table
module that the campaign's game declares in its catalog entry). A writing form names the campaign
the page showed, so a switch made meanwhile in another tab or the terminal can never redirect it. Nothing from a request becomes a
file path: static files are a fixed table read from the package, uploads are parsed in memory, and
every value a page takes is bounded and type-checked (pnp.web.inputs).
"""
from __future__ import annotations

import time
from importlib import resources

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from pnp.errors import PnpError
from pnp.web import judge, pages
from pnp.web.security import CSRF_FIELD, MAX_BODY, Guard

STATIC = {  # URL name -> (package file, media type); the only files the server ever reads for a request
    "htmx.min.js": ("htmx.min.js", "text/javascript"),
    "htmx-LICENSE.txt": ("htmx-LICENSE.txt", "text/plain; charset=utf-8"),
    "app.css": ("app.css", "text/css"),
}
NAV = [("/", "Campaigns"), ("/campaign", "Player"), ("/deck", "Deck"), ("/play", "Play"), ("/rules", "Rules"),
       ("/history", "History")]


def _env() -> Environment:
    """The pages' Jinja2 environment: templates from the package, HTML autoescaped."""
    return Environment(loader=PackageLoader("pnp.web", "templates"), autoescape=select_autoescape(["html"]),
                       trim_blocks=True, lstrip_blocks=True)


def create_app(store=None, token: str | None = None) -> Starlette:
    """The companion app over a store; with `token`, every request needs it (see pnp.web.security)."""
    env = _env()
    static = {name: (resources.files("pnp.web").joinpath("static", f).read_bytes(), mime)
              for name, (f, mime) in STATIC.items()}

    def render(request: Request, template: str, status: int = 200, **ctx) -> HTMLResponse:
        html = env.get_template(template).render(csrf=request.state.csrf, csrf_field=CSRF_FIELD, nav=NAV,
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
        Route("/", page(pages.campaigns, "campaigns.html")),
        Route("/use", action(pages.use, "campaigns.html", pages.campaigns), methods=["POST"]),
        Route("/new", action(pages.new, "campaigns.html", pages.campaigns), methods=["POST"]),
        Route("/campaign", page(pages.player, "player.html")),
        Route("/deck", page(pages.deck, "deck.html")),
        Route("/win", page(pages.win_form, "win.html")),
        Route("/win", action(pages.win, "win.html", pages.win_form), methods=["POST"]),
        Route("/loss", action(pages.loss, "player.html", pages.player), methods=["POST"]),
        Route("/undo", action(pages.undo, "player.html", pages.player), methods=["POST"]),
        Route("/history", page(pages.history, "history.html")),
        Route("/export", page(pages.export, "error.html")),
        Route("/import", action(pages.import_, "campaigns.html", pages.campaigns), methods=["POST"]),
        Route("/reprint", page(pages.reprint, "error.html")),
        Route("/play", page(pages.play, "play.html")),
        Route("/play/start", action(pages.play_start, "play.html", pages.play), methods=["POST"]),
        Route("/play/step", action(pages.play_step, "play.html", pages.play), methods=["POST"]),
        Route("/play/back", action(pages.play_back, "play.html", pages.play), methods=["POST"]),
        Route("/play/finish", action(pages.play_finish, "play.html", pages.play), methods=["POST"]),
        Route("/play/abandon", action(pages.play_abandon, "play.html", pages.play), methods=["POST"]),
        Route("/rules", page(pages.rules, "rules.html")),
        Route("/rules/{game}/gaps", page(pages.gaps, "gaps.html")),
        Route("/rules/{game}/{rule}", page(pages.statement, "statement.html")),
        Route("/judge", page(judge.judge_list, "judge.html")),
        Route("/judge/{game}/{situation}", page(judge.judge_form, "judge_form.html"), methods=["GET", "POST"]),
        Route("/static/{name}", asset),
    ]
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
