"""Access token (for --lan), CSRF tokens and the request-size limit for `pnp serve`, as one ASGI middleware."""
from __future__ import annotations

import hmac
import secrets
from urllib.parse import parse_qs, urlencode

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse

ACCESS_COOKIE = "pnp_access"
CSRF_COOKIE = "pnp_csrf"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
WRITES = ("POST", "PUT", "PATCH", "DELETE")
MAX_BODY = 2 * 1024 * 1024  # bytes a request may carry: an export of a long campaign is tens of kB
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


def new_token() -> str:
    """A random URL-safe token (32 bytes of entropy)."""
    return secrets.token_urlsafe(32)


def same(a: str | None, b: str | None) -> bool:
    """Constant-time equality of two tokens; a missing token never matches."""
    return bool(a) and bool(b) and hmac.compare_digest(a.encode(), b.encode())


def form_csrf(body: bytes, content_type: str) -> str | None:
    """The CSRF field of a urlencoded or multipart form body."""
    if content_type.startswith("application/x-www-form-urlencoded"):
        return (parse_qs(body.decode("utf-8", "replace")).get(CSRF_FIELD) or [None])[0]
    if content_type.startswith("multipart/form-data"):
        at = body.find(f'name="{CSRF_FIELD}"'.encode())
        if at >= 0:
            start = body.find(b"\r\n\r\n", at) + 4
            return body[start:body.find(b"\r\n", start)].decode("ascii", "replace")
    return None


def _deny(status: int, text: str):
    return PlainTextResponse(f"{status}: {text}", status_code=status)


def _replay(body: bytes, receive):
    """An ASGI receive that hands the app the body already read, then the real channel."""
    done = False

    async def again():
        nonlocal done
        if done:
            return await receive()
        done = True
        return {"type": "http.request", "body": body, "more_body": False}
    return again


class Guard:
    """ASGI middleware: access token, CSRF and body size.

    Without a token (local use) a request must name a loopback host, so a web page that re-points
    its own domain at 127.0.0.1 (DNS rebinding) gets 403. With an access token set (--lan), a
    request without it answers 403. The token arrives once in
    the URL (`?token=`), is moved into an HttpOnly cookie and the browser is sent to the same URL
    without it. Every write must echo this browser's CSRF cookie in the form field `csrf` (or the
    X-CSRF-Token header); otherwise 403. Bodies over MAX_BODY answer 413 before the app sees them.
    """

    def __init__(self, app, token: str | None):
        self.app = app
        self.token = token

    def _local(self, request: Request) -> bool:
        host = request.headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in LOOPBACK

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        if self.token is None and not self._local(request):
            return await _deny(403, "pnp serve answers only to 127.0.0.1 or localhost; use --lan for other devices")(
                scope, receive, send)
        if self.token is not None:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            if same((query.get("token") or [None])[0], self.token):
                rest = {k: v for k, v in query.items() if k != "token"}
                resp = RedirectResponse(scope["path"] + ("?" + urlencode(rest, doseq=True) if rest else ""), 303)
                resp.set_cookie(ACCESS_COOKIE, self.token, httponly=True, samesite="strict")
                return await resp(scope, receive, send)
            if not same(request.cookies.get(ACCESS_COOKIE), self.token):
                return await _deny(403, "open the address `pnp serve --lan` printed; it carries the access token")(
                    scope, receive, send)
        csrf = request.cookies.get(CSRF_COOKIE) or ""
        fresh = not (20 <= len(csrf) <= 64)
        if fresh:
            csrf = new_token()
        scope.setdefault("state", {})["csrf"] = csrf
        if scope["method"] in WRITES:
            declared = request.headers.get("content-length")
            if declared and declared.isdigit() and int(declared) > MAX_BODY:
                return await _deny(413, f"the request is larger than {MAX_BODY // 1024} kB")(scope, receive, send)
            body, more = b"", True
            while more:
                message = await receive()
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > MAX_BODY:
                    return await _deny(413, f"the request is larger than {MAX_BODY // 1024} kB")(scope, receive, send)
            sent = request.headers.get(CSRF_HEADER) or form_csrf(body, request.headers.get("content-type", ""))
            if fresh or not same(sent, csrf):
                return await _deny(403, "this form is stale or comes from another site (CSRF token missing); "
                                        "reload the page and try again")(scope, receive, send)
            receive = _replay(body, receive)

        async def send_with_cookie(message):
            if fresh and message["type"] == "http.response.start":
                cookie = f"{CSRF_COOKIE}={csrf}; Path=/; SameSite=Strict; HttpOnly"
                message.setdefault("headers", []).append((b"set-cookie", cookie.encode()))
            await send(message)
        await self.app(scope, receive, send_with_cookie)
