"""Did-you-mean suggestions for misspelt names: the one matcher of pnp.names, under the older names."""
from __future__ import annotations

from pnp.names import suggest as _suggest
from pnp.names import unknown_message as unknown_choice

__all__ = ["closest", "unknown_choice"]


def closest(name: str, choices, n: int = 1) -> list[str]:
    """The choices nearest to name, best first (pnp.names: case, punctuation, plurals, typos)."""
    return _suggest(name, list(choices), n=n)
