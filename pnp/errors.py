"""Library errors: each names where the problem is, what was expected and how to fix it."""
from __future__ import annotations


class PnpError(Exception):
    """Base error; the CLI turns it into a one-line message and a non-zero exit."""

    exit_code = 1

    def __init__(self, message: str, *, file: str | None = None, card: str | None = None,
                 field: str | None = None, expected: str | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.card = card
        self.field = field
        self.expected = expected
        self.hint = hint

    def one_line(self) -> str:
        """The whole error as one line: where, what, expected, fix."""
        where = [p for p in (self.file, f"card {self.card}" if self.card else None,
                             f"field '{self.field}'" if self.field else None) if p]
        parts = [": ".join(where + [self.message]) if where else self.message]
        if self.expected:
            parts.append(f"expected {self.expected}")
        if self.hint:
            parts.append(f"fix: {self.hint}")
        return "; ".join(parts)

    def to_dict(self) -> dict:
        """JSON form of the error."""
        return {"error": self.message, "file": self.file, "card": self.card, "field": self.field,
                "expected": self.expected, "hint": self.hint}


class CardsetError(PnpError):
    """A card set's manifest, data, layout or template is wrong."""


class RenderError(PnpError):
    """A render could not be completed (paper too small, unwritable output, ...)."""


class UsageError(PnpError):
    """Bad command-line value: unknown game, situation or id, a value out of range (exit 2)."""

    exit_code = 2


class CampaignError(PnpError):
    """A campaign command cannot be carried out; nothing was changed."""


class IllegalMove(PnpError):
    """A game engine rejected an action; the message gives the reason."""


class LimitError(PnpError):
    """Input asks for more work than a named limit allows (pnp.limits); the hint says how to raise it."""


class OutputError(PnpError):
    """An output file or folder cannot be written where it goes (a link or non-file there, a full disk, no permission)."""
