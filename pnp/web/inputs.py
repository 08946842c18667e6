"""Every value a page takes from a request, read with a size bound and a type check.

A bad value is a `BadInput` (HTTP 400, one line in plain words naming the field); nothing from a
request reaches the library unbounded, repeated where one value is meant, or as a file path.
"""
from __future__ import annotations

import re

from pnp.errors import PnpError, UsageError
from pnp.jsonio import load_json

NAME_CHARS = 200        # a campaign, player, card, deed or rule name or id
TEXT_CHARS = 2000       # one judge form field
CONTENT_BYTES = 64_000  # a pasted or uploaded judge board, in bytes of UTF-8
LIST_ITEMS = 100        # values of one repeated field (cards tapped for a win)
JSON_CHARS = 4000       # a play step sent as JSON (a plan or a choice)
DIGITS = 9              # digits of a whole number
_NUMBER = re.compile(r"[-+]?[0-9]+", re.ASCII)
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")          # all but tab, in a one-line value
_CONTROL_LINES = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # all but tab, CR and LF


class BadInput(UsageError):
    """A request value that is missing, repeated, too long or of the wrong type (HTTP 400)."""

    http_status = 400

    def __init__(self, message: str, field: str, expected: str | None = None):
        super().__init__(message, field=field, expected=expected, hint="correct it, or reload the page and try again")


def _values(src, name: str) -> list:
    return src.getlist(name) if src is not None else []


def text(src, name: str, *, required: bool = True, limit: int = NAME_CHARS, lines: bool = False) -> str | None:
    """One text value (form or query), stripped: refused when repeated, a file, over `limit` or holding control characters."""
    values = _values(src, name)
    if len(values) > 1:
        raise BadInput(f"given {len(values)} times", name, expected="one value")
    value = values[0] if values else None
    if value is not None and not isinstance(value, str):
        raise BadInput("is a file upload", name, expected="text")
    if value is not None and len(value) > limit:
        raise BadInput(f"is {len(value)} characters long, over the limit of {limit}", name, expected="a shorter value")
    if value is not None and (_CONTROL_LINES if lines else _CONTROL).search(value):
        raise BadInput("holds control characters", name, expected="plain text")
    value = value.strip() if value is not None else None
    if required and not value:
        raise BadInput("is missing", name, expected="a value")
    return value or None


def number(src, name: str, lo: int, hi: int, *, required: bool = False) -> int | None:
    """A whole number lo..hi written in ASCII digits with an optional sign (no '٣', '²', exponents or thousands of digits)."""
    value = text(src, name, required=required, limit=DIGITS + 1)
    if value is None:
        return None
    if not _NUMBER.fullmatch(value) or not lo <= int(value) <= hi:
        raise BadInput(f"'{value}' is not a whole number from {lo} to {hi}", name, expected=f"digits 0-9, {lo}..{hi}")
    return int(value)


def texts(src, name: str, *, limit: int = NAME_CHARS, items: int = LIST_ITEMS) -> list[str]:
    """A repeated text field (checkboxes): at most `items` values, each bounded like text()."""
    values = _values(src, name)
    if len(values) > items:
        raise BadInput(f"given {len(values)} times, over the limit of {items}", name, expected=f"at most {items} values")
    out = []
    for v in values:
        if not isinstance(v, str):
            raise BadInput("is a file upload", name, expected="text")
        if len(v) > limit or _CONTROL.search(v):
            raise BadInput(f"has a value over {limit} characters or with control characters", name,
                           expected="short plain text")
        if v.strip():
            out.append(v.strip())
    return out


def upload(src, name: str, limit: int) -> tuple[bytes, str] | None:
    """An uploaded file's bytes (at most `limit`) and its printable name; None when no file was chosen."""
    values = _values(src, name)
    if len(values) > 1:
        raise BadInput(f"given {len(values)} times", name, expected="one file")
    value = values[0] if values else None
    if value is None or isinstance(value, str) or not value.filename:
        return None
    body = value.file.read(limit + 1)
    if len(body) > limit:
        raise BadInput(f"the file is larger than {limit // 1000} kB", name, expected=f"at most {limit // 1000} kB")
    return body, "".join(ch for ch in value.filename[:80] if ch.isprintable())


def json_step(src, name: str, kind: type):
    """A play step sent as JSON: a plan {card: crew 0..99} or a choice [word or null, ...], bounded."""
    raw = text(src, name, limit=JSON_CHARS)
    try:
        value = load_json(raw)
    except PnpError:  # not JSON, nested too deeply, a number too long: the shape check below refuses it
        value = None
    if kind is dict and isinstance(value, dict) and len(value) <= 40 and all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 99 and len(c) <= NAME_CHARS
            for c, n in value.items()):
        return value
    if kind is list and isinstance(value, list) and 0 < len(value) <= 4 and all(
            v is None or (isinstance(v, str) and len(v) <= NAME_CHARS) for v in value):
        return value
    raise BadInput("the step is malformed", name, expected="a button from the play page")
