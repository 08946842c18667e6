"""Bounded JSON parsing of untrusted text: nesting depth and number length limited, NaN and Infinity refused."""
from __future__ import annotations

import json
import math

from pnp import limits
from pnp.errors import PnpError

NUMBER_CHARS = limits.Limit("number_chars", 40, "characters in one JSON number")


def _depth(doc) -> int:
    """How deeply lists and objects nest in doc (a bare value is 0), without recursion."""
    deepest, stack = 0, [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= limits.NESTING.value:  # no need to look further down once over the limit
                stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def load_json(text: str, *, file=None, error: type[PnpError] = PnpError):
    """Parse JSON text; one-line errors (never a traceback) for bad syntax, deep nesting and huge numbers.

    Nesting is bounded by limits.NESTING (PNP_LIMIT_NESTING); a number's length by NUMBER_CHARS
    (PNP_LIMIT_NUMBER_CHARS); NaN, Infinity and numbers that overflow a float are refused.
    """
    where = None if file is None else str(file)

    def number(raw: str, kind):
        if len(raw) > NUMBER_CHARS.value:
            raise error(f"a JSON number is {len(raw)} characters long, over the limit of {NUMBER_CHARS.value:g} "
                        f"({NUMBER_CHARS.name})", file=where, hint=f"raise it with {NUMBER_CHARS.env}=N if you "
                        "trust this file")
        value = kind(raw)
        if isinstance(value, float) and not math.isfinite(value):
            raise error(f"a JSON number ({raw[:20]}) is too large", file=where, expected="a finite number")
        return value

    def constant(name: str):
        raise error(f"'{name}' is not a JSON number", file=where, expected="a finite number")

    deep = (f"JSON nested deeper than the limit of {limits.NESTING.value:g} levels ({limits.NESTING.name})")
    deep_hint = f"raise it with {limits.NESTING.env}=N if you trust this file"
    try:
        doc = json.loads(text, parse_int=lambda s: number(s, int), parse_float=lambda s: number(s, float),
                         parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise error(f"not JSON ({exc})", file=where, expected="a JSON document") from None
    except RecursionError:
        raise error(deep, file=where, hint=deep_hint) from None
    if _depth(doc) > limits.NESTING.value:
        raise error(deep, file=where, hint=deep_hint)
    return doc
