"""A tap counts once: one-time form tokens and POST-redirect-GET for every write of `pnp serve`.

Every writing form carries a one-time token (`once`), made for it when the page is drawn and signed
for the browser's session (HMAC with a secret made when the server starts, so a restarted server
refuses old pages as out of date). The first submit of a token runs; a repeat (a double tap, a
reload, a replay) waits for the first to finish and gets its answer: a 303 to the same page, nothing
recorded again. Every write answers 303: on success to the page that shows the record, on a refusal
to the form's page, which shows the error in player words (pnp.web.words) with the values entered,
kept server-side under an id in the address, so reload and back never resubmit.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections import OrderedDict
from urllib.parse import urlencode

from markupsafe import Markup
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse

from pnp.errors import PnpError
from pnp.web import inputs, words
from pnp.web.security import CSRF_FIELD

ONCE_FIELD = "once"
REFUSED_PARAM = "refused"
ANSWERS_KEPT = 10_000   # answered tokens remembered (the oldest is forgotten first): bounded memory
REFUSALS_KEPT = 1_000   # refused forms kept for their page to show again
KEPT_CHARS = 20_000     # characters of entered values kept per refused form
OUT_OF_DATE = "This page was out of date, so nothing was recorded. Here it is as it stands now; tap again."


def with_query(url: str, **params) -> str:
    """The address with these query parameters added (None values left out)."""
    extra = urlencode({k: v for k, v in params.items() if v is not None})
    return url + ("&" if "?" in url else "?") + extra if extra else url


class Forms:
    """One-time tokens (issued, answered) and refused forms, for one running server."""

    def __init__(self):
        self.secret = secrets.token_bytes(32)
        self.answers: OrderedDict[str, str] = OrderedDict()   # token -> where its first submit went
        self.running: dict[str, asyncio.Event] = {}            # token -> set when its first submit is answered
        self.refusals: OrderedDict[str, tuple] = OrderedDict()  # id -> (session, error, [(field, value)])

    def _sign(self, session: str, nonce: str) -> str:
        return hmac.new(self.secret, f"once|{session}|{nonce}".encode(), hashlib.sha256).hexdigest()[:32]

    def field(self, session: str) -> Markup:
        """A hidden input holding a new one-time token for one form of this session's page."""
        nonce = secrets.token_urlsafe(12)
        return Markup(f'<input type="hidden" name="{ONCE_FIELD}" value="{nonce}.{self._sign(session, nonce)}">')

    def _valid(self, session: str, token: str | None) -> bool:
        nonce, _, sig = (token or "").partition(".")
        return bool(nonce) and hmac.compare_digest(sig.encode(), self._sign(session, nonce).encode())

    def _remember(self, store: OrderedDict, key: str, value, limit: int) -> None:
        store[key] = value
        while len(store) > limit:
            store.popitem(last=False)

    async def write(self, request, form: FormData, run, back: str) -> RedirectResponse:
        """Run a write once per token: run() -> the page to show the record (a coroutine); on a
        refusal (a PnpError, a missing or forged token) the form's page `back` with the error."""
        session = request.state.csrf
        try:
            token = inputs.text(form, ONCE_FIELD, required=False, limit=100)
        except PnpError as exc:
            return self._refuse(session, form, back, words.say(exc))
        if not self._valid(session, token):
            return self._refuse(session, form, back, OUT_OF_DATE)
        while token in self.running:  # a repeat while the first submit runs: wait for its answer
            await self.running[token].wait()
        if token in self.answers:
            return RedirectResponse(self.answers[token], 303)
        done = self.running[token] = asyncio.Event()
        try:
            try:
                target = await run()
            except PnpError as exc:
                target = self._refused_at(session, form, back, words.say(exc))
            self._remember(self.answers, token, target, ANSWERS_KEPT)
        finally:
            del self.running[token]
            done.set()
        return RedirectResponse(target, 303)

    def _refused_at(self, session: str, form: FormData, back: str, error: str) -> str:
        """Keep the refusal and the values entered (text only, bounded); the address that shows them."""
        kept, size = [], 0
        for key, value in form.multi_items():
            if isinstance(value, str) and key not in (CSRF_FIELD, ONCE_FIELD) and size + len(value) <= KEPT_CHARS:
                kept.append((key, value))
                size += len(value)
        rid = secrets.token_urlsafe(12)
        self._remember(self.refusals, rid, (session, error, kept), REFUSALS_KEPT)
        return with_query(back, **{REFUSED_PARAM: rid})

    def _refuse(self, session, form, back, error) -> RedirectResponse:
        return RedirectResponse(self._refused_at(session, form, back, error), 303)

    def refused(self, request) -> tuple[str, FormData] | None:
        """The error and the values entered of the refused form this page is shown for (its id in the address)."""
        rid = request.query_params.get(REFUSED_PARAM)
        got = self.refusals.get(rid) if rid and len(rid) <= 40 else None
        if got is None or not hmac.compare_digest(got[0].encode(), request.state.csrf.encode()):
            return None
        return got[1], FormData(got[2])

