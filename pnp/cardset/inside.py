"""Paths named by a card set resolve inside the set's folder (symlinks followed), or are refused by name."""
from __future__ import annotations

from pathlib import Path

from pnp.errors import CardsetError


def inside(folder: Path, value, *, file, field: str, card: str | None = None, what: str = "file") -> Path:
    """folder/value resolved; refused when it leaves the folder, loops through symlinks or is not a path."""
    text = str(value)
    a_what = f"{'an' if what[0] in 'aeiou' else 'a'} {what}"
    try:
        root = Path(folder).resolve()
        path = (root / text).resolve()
    except (RuntimeError, OSError, ValueError) as exc:  # a symlink loop, a NUL byte, a name too long
        raise CardsetError(f"{what} '{text}' cannot be resolved ({exc})", file=str(file), card=card, field=field,
                           expected=f"{a_what} inside {folder}", hint="fix the path (no symlink loops)") from None
    if not path.is_relative_to(root):
        raise CardsetError(f"{what} '{text}' is outside the card set's folder", file=str(file), card=card,
                           field=field, expected=f"{a_what} inside {folder}",
                           hint="copy it into the card set's folder and name it from there")
    return path
