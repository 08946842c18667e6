"""Text from imports and stores made safe for a terminal: control characters and escape sequences removed.

One place for both jobs: `shown()` strips what a terminal would obey (colour codes, cursor moves,
window-title and hyperlink sequences, bidirectional overrides) from text pnp prints; `check_plain()`
refuses such characters in text that is about to be stored, naming the field.
"""
from __future__ import annotations

import re
import unicodedata

from pnp.errors import PnpError

# ESC sequences whole (CSI, OSC, DCS/SOS/PM/APC strings, two-character escapes) and the C1 CSI form,
# so that no printable remainder such as "[31m" is left behind.
_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"
    r"|\x1b[ -~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*[\x07\x9c]?")
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def _unsafe(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc" or ch in _BIDI


def shown(text) -> str:
    """Text as it may be printed: escape sequences and control characters removed (a tab becomes a space)."""
    text = _SEQUENCES.sub("", str(text)).replace("\t", " ")
    return "".join(ch for ch in text if not _unsafe(ch))


def check_plain(text, *, field: str, file=None, error: type[PnpError] = PnpError, max_chars: int = 200) -> str:
    """The text unchanged when it is a string of at most max_chars with no control characters; else an error
    naming the field, the first bad character and its position."""
    if not isinstance(text, str):
        raise error(f"'{field}' must be text, not {type(text).__name__}", file=None if file is None else str(file),
                    field=field, hint="give plain text")
    if len(text) > max_chars:
        raise error(f"'{field}' is {len(text)} characters long, over {max_chars}", file=None if file is None
                    else str(file), field=field, hint=f"shorten it to {max_chars} characters or fewer")
    bad = next((i for i, ch in enumerate(text) if _unsafe(ch)), None)
    if bad is not None:
        code = f"U+{ord(text[bad]):04X}"
        raise error(f"'{field}' holds a control character ({code} at position {bad + 1})",
                    file=None if file is None else str(file), field=field,
                    expected="plain text without control characters or terminal escape codes",
                    hint="remove the control characters")
    return text
