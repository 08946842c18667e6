"""Access token (for --lan), server-signed sessions and CSRF tokens, Origin checks and request-size
limits for `pnp serve`, as one ASGI middleware."""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import time
from collections import OrderedDict
from urllib.parse import parse_qs, urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse

SESSION_COOKIE = "pnp_session"
SECURE_COOKIE = "__Host-pnp_session"  # over https: Secure, so it never travels to a plain-http server on this host
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
WRITES = ("POST", "PUT", "PATCH", "DELETE")
MAX_BODY = 2 * 1024 * 1024  # bytes a request may carry: an export of a long campaign is tens of kB
MAX_QUERY = 8 * 1024        # bytes of a URL's query string (the judge forms' fields are at most 2,000 characters)
LOOPBACK_NAMES = ("localhost",)
FAILURES = 10               # wrong tokens one client address may send per window before it is refused
FAILURE_WINDOW = 60.0       # seconds
FAILURE_CLIENTS = 1024      # client addresses remembered (the oldest is forgotten first): bounded memory


def new_token() -> str:
    """A random URL-safe token (32 bytes of entropy)."""
    return secrets.token_urlsafe(32)


def same(a: str | None, b: str | None) -> bool:
    """Constant-time equality of two tokens; a missing token never matches."""
    return bool(a) and bool(b) and hmac.compare_digest(a.encode(), b.encode())


def is_loopback(host: str) -> bool:
    """Whether a host name or address (no port) is this machine only: localhost, 127.0.0.0/8, ::1."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """A host (a name or an IP address) as a URL writes it: IPv6 in brackets (host_name's inverse)."""
    return f"[{host}]" if ":" in host else host


def cookie_name(scope) -> str:
    """The session cookie's name: its own for https, so an http and an https server on one host never clash."""
    return SECURE_COOKIE if scope.get("scheme") == "https" else SESSION_COOKIE


def host_name(header: str) -> str:
    """The host of a Host header value, without its port ('[::1]:80' -> '::1')."""
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


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


class Failures:
    """Wrong tokens per client address in a fixed window; at most FAILURE_CLIENTS addresses kept."""

    def __init__(self):
        self.seen: OrderedDict[str, tuple[int, float]] = OrderedDict()

    def _current(self, client: str) -> int:
        count, since = self.seen.get(client, (0, 0.0))
        if count and time.monotonic() - since >= FAILURE_WINDOW:
            del self.seen[client]
            return 0
        return count

    def blocked(self, client: str) -> bool:
        """Whether this address sent FAILURES wrong tokens within the window."""
        return self._current(client) >= FAILURES

    def add(self, client: str) -> None:
        """Count one wrong token from this address."""
        count = self._current(client)
        since = self.seen.pop(client, (0, time.monotonic()))[1]
        self.seen[client] = (count + 1, since)
        while len(self.seen) > FAILURE_CLIENTS:
            self.seen.popitem(last=False)


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


def _origin(request: Request) -> str | None:
    """Where a write says it comes from: the Origin header, else the Referer's scheme://host[:port]."""
    origin = request.headers.get("origin")
    if origin is None and request.headers.get("referer"):
        parts = urlsplit(request.headers["referer"])
        origin = f"{parts.scheme}://{parts.netloc}"
    return origin


class Guard:
    """ASGI middleware: who may ask (loopback or the access token), sessions, CSRF, Origin and sizes.

    Without a token (local use) a request must come from a loopback address and name a loopback
    host, so a web page that re-points its own domain at 127.0.0.1 (DNS rebinding) gets 403, and so
    does any other machine whatever Host it claims. With an access token (--lan), a request needs
    a session: the token arrives once in the URL (`?token=`, compared in constant time), the
    browser gets a session cookie signed by the server and is sent to the same URL without the
    token. A client address that sends FAILURES wrong tokens in FAILURE_WINDOW seconds gets 429.
    Every write must carry the CSRF token the server derived from this session (HMAC with a secret
    made at start), in the form field `csrf` or the X-CSRF-Token header, and an Origin (or Referer)
    naming this server if it names one; otherwise 403. Query strings over MAX_QUERY answer 414,
    bodies over MAX_BODY 413, before the app sees them.
    """

    def __init__(self, app, token: str | None):
        self.app = app
        self.token = token
        self.secret = secrets.token_bytes(32)
        self.failures = Failures()

    def _sign(self, purpose: str, sid: str) -> str:
        holder = hashlib.sha256((self.token or "").encode()).hexdigest()  # bound to the token it was issued for
        return hmac.new(self.secret, f"{purpose}|{holder}|{sid}".encode(), hashlib.sha256).hexdigest()

    def _new_session(self) -> str:
        sid = secrets.token_urlsafe(24)
        return f"{sid}.{self._sign('session', sid)}"

    def _session(self, cookie: str | None) -> str | None:
        """The session id of a cookie this server signed, else None."""
        sid, _, sig = (cookie or "").partition(".")
        return sid if sid and len(cookie) <= 200 and same(sig, self._sign("session", sid)) else None

    def csrf_for(self, sid: str) -> str:
        """The CSRF token of a session: only this server can make it, and only for that session."""
        return self._sign("csrf", sid)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        deny = None
        if len(scope.get("query_string", b"")) > MAX_QUERY:
            deny = _deny(414, f"the address is longer than {MAX_QUERY // 1024} kB; shorten the values in the form")
        client = (scope.get("client") or ("", 0))[0] or ""
        name, secure = cookie_name(scope), "; Secure" if scope.get("scheme") == "https" else ""
        cookie = request.cookies.get(name)
        sid = self._session(cookie)
        fresh = None
        if deny is None and self.token is None:
            if not (is_loopback(client) and is_loopback(host_name(request.headers.get("host", "")))):
                deny = _deny(403, "pnp serve answers only to this computer (127.0.0.1 or localhost); "
                                  "use --lan for other devices")
            elif sid is None:
                fresh = self._new_session()
                sid = fresh.partition(".")[0]
        elif deny is None:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            offered = (query.get("token") or [None])[0]
            if self.failures.blocked(client):
                deny = _deny(429, "too many wrong access tokens from this address; wait a minute, then open "
                                  "the address `pnp serve` printed")
            elif offered is not None and same(offered, self.token):
                rest = {k: v for k, v in query.items() if k != "token"}
                resp = RedirectResponse(scope["path"] + ("?" + urlencode(rest, doseq=True) if rest else ""), 303)
                # Lax, not Strict: a phone arriving from another site (the http page of `serve --https` that
                # gives it the certificate is another site to the https companion) must get its session on
                # this very redirect; cross-site writes still lack the CSRF token and a matching Origin
                resp.set_cookie(name, self._new_session(), httponly=True, samesite="lax", secure=bool(secure))
                return await resp(scope, receive, send)
            elif offered is not None:
                self.failures.add(client)
                deny = _deny(403, "wrong access token; open the address `pnp serve --lan` printed")
            elif sid is None:
                deny = _deny(403, "open the address `pnp serve --lan` printed; it carries the access token")
        if deny is not None:
            return await deny(scope, receive, send)
        scope.setdefault("state", {})["csrf"] = self.csrf_for(sid)
        if scope["method"] in WRITES:
            origin = _origin(request)
            if origin is not None and origin.lower() != f"{scope.get('scheme', 'http')}://" \
                                                        f"{request.headers.get('host', '')}".lower():
                return await _deny(403, "this form comes from another site (its Origin is not this server); "
                                        "open the page from pnp serve and try again")(scope, receive, send)
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
            if fresh or not same(sent, self.csrf_for(sid)):
                return await _deny(403, "this form is stale or comes from another site (CSRF token missing); "
                                        "reload the page and try again")(scope, receive, send)
            receive = _replay(body, receive)

        async def send_with_cookie(message):
            if fresh and message["type"] == "http.response.start":
                cookie = f"{name}={fresh}; Path=/; SameSite=Strict; HttpOnly{secure}"
                message.setdefault("headers", []).append((b"set-cookie", cookie.encode()))
            await send(message)
        await self.app(scope, receive, send_with_cookie)
