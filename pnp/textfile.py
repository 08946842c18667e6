"""Read a user's text file: bounded size, UTF-8 or a refusal that says so, no NUL bytes."""
from __future__ import annotations

import re
from pathlib import Path

from pnp import limits
from pnp.errors import CardsetError, PnpError


def decode(data: bytes, file, *, error: type[PnpError] = CardsetError, field: str | None = None) -> str:
    """Bytes as UTF-8 text (a BOM is dropped); other encodings and NUL bytes are refused by name."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise error(f"not UTF-8 (byte 0x{data[exc.start]:02x} on line {line})", file=str(file), field=field,
                    expected="UTF-8 text", hint="save it as UTF-8 (in a spreadsheet: CSV UTF-8)") from None
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        raise error(f"contains a NUL byte on line {line} (a binary file?)", file=str(file), field=field,
                    expected="plain UTF-8 text", hint="remove the NUL bytes or give the right file")
    return text


CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # C0 (but tab, newline, CR), DEL, C1


def control_char(text: str) -> str | None:
    """The first control character in text as 'U+0007', or None (tab, newline and CR are allowed)."""
    found = CONTROL.search(text)
    return None if found is None else f"U+{ord(found.group(0)):04X}"


def read_text(path: Path, *, error: type[PnpError] = CardsetError, field: str | None = None) -> str:
    """The file's text, checked by decode(); over-large files and unreadable paths are one-line errors."""
    path = Path(path)
    try:
        if path.is_dir():
            raise error("is a folder, not a file", file=str(path), field=field, hint="give the file's path")
        if path.exists() and not path.is_file():  # a pipe or device would block or never end
            raise error("is not a regular file", file=str(path), field=field, hint="give a plain text file")
        size = path.stat().st_size
        limits.FILE_BYTES.check(size, file=path, field=field)
        data = path.read_bytes()
    except (OSError, ValueError, RuntimeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise error(f"cannot read file: {reason}", file=str(path), field=field, hint="check the path") from None
    return decode(data, path, error=error, field=field)
