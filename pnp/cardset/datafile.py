"""A game's data file beside its card set (rules.yaml, gaps.yaml, card lists) read through a pydantic model.

The first problem pydantic finds becomes pnp's one-line CardsetError: the file and line, the dotted field,
what was expected and how to fix it.
"""
from __future__ import annotations

import functools
import re
import reprlib
import typing
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, RootModel, ValidationError, create_model, model_validator

from pnp.cardset.csvrows import read_csv
from pnp.cardset.yamlpos import located
from pnp.errors import CardsetError
from pnp.names import suggest
from pnp.textfile import read_text
from pnp.yamlio import load_yaml

READABLE = {"dict_type": "a mapping (key: value lines)", "model_type": "a mapping (key: value lines)",
            "model_attributes_type": "a mapping (key: value lines)", "list_type": "a list (- item lines or [a, b])",
            "string_type": "text", "int_type": "a whole number", "int_parsing": "a whole number",
            "float_type": "a number", "float_parsing": "a number", "bool_type": "true or false",
            "bool_parsing": "true or false"}
M = TypeVar("M", bound=BaseModel)
ORDER = {"extra_forbidden": 0, "literal_error": 1, "missing": 2}  # the most readable problem is told first


class Strict(BaseModel):
    """A game data model: unknown keys refused, no inf or nan."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, frozen=True)


class Row(BaseModel):
    """A row of card data a game reads: its fields checked, the ones only the print layouts use let through."""

    model_config = ConfigDict(extra="ignore", allow_inf_nan=False, frozen=True)


class CsvRow(Row):
    """A row of a CSV card file: a blank cell is a field left out (its default)."""

    @model_validator(mode="before")
    @classmethod
    def _blank_is_default(cls, data):
        return {k: v for k, v in data.items() if v != ""} if isinstance(data, dict) else data


R = TypeVar("R", bound=BaseModel)


@functools.cache
def _rows_model(row: type[BaseModel]) -> type[Strict]:
    """The model of a card data file: `cards:`, a list of rows."""
    return create_model(f"{row.__name__}s", __base__=Strict, cards=(list[row], ...))


def read_rows(path: Path, row: type[R]) -> list[R]:
    """The `cards:` rows of a card data file, each checked against row."""
    return read_model(path, _rows_model(row)).cards


def read_list(path: Path, row: type[R], items: str = "cards") -> list[R]:
    """The rows of a data file that is a plain YAML list, each checked against row (items: what they are)."""
    return read_model(path, RootModel[list[row]], items).root


def read_csv_rows(path: Path, row: type[R]) -> list[R]:
    """The rows of a CSV card file (pnp.cardset.csvrows), each checked against row; an error names the card."""
    raw = read_csv(path)
    return check_model(raw, path, RootModel[list[row]], "cards").root


def read_model(path: Path, model: type[M], items: str | None = None) -> M:
    """The YAML file at path checked against model; an empty file counts as an empty mapping."""
    raw = load_yaml(read_text(path), file=str(path))
    return check_model(raw if raw is not None else {}, path, model, items)


def check_model(raw, path: Path, model: type[M], items: str | None = None) -> M:
    """raw (parsed from path) checked against model; the first problem as a one-line CardsetError at its line."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise _error(exc, raw, path, model, items) from None


def expected_words(err: dict) -> str:
    """What a pydantic error expected, in words: "a whole number", "less than or equal to 7"."""
    return READABLE.get(err["type"]) or re.sub(r"^(Input|List|Value|Dictionary) should (be |have )?", "", err["msg"])


def _where(raw, loc: tuple, items: str | None) -> tuple[str, str | None, int]:
    """Words for what holds the last key of loc ("gap 'argonauts.gap.3'", "the card", "'effect'"), the card
    it lies in (a row of a card list, by id) and where the field's path starts in loc (after that card)."""
    words, card, start, node, parent = "the file", None, 0, raw, items
    for i, key in enumerate(loc[:-1]):
        if isinstance(key, int) and isinstance(node, list) and key < len(node):
            item = node[key]
            name = (item.get("id") or item.get("key") or item.get("name")) if isinstance(item, dict) else None
            kind = str(parent).removesuffix("s") if parent else "row"
            card, start = (str(name), i + 1) if kind == "card" and name else (None, 0)
            words = "the card" if card else f"{kind} '{name}'" if name else f"{kind} {key + 1}"
            node = item
        elif isinstance(node, dict) and key in node:
            node, parent = node[key], key
            if not isinstance(node, list):
                words = f"'{key}'"
        else:
            break
    return words, card, start


def _model_at(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model owning the last key of loc (to list its valid keys), following fields through lists."""
    current = model
    for key in ("root", *loc[:-1]) if issubclass(model, RootModel) else loc[:-1]:
        if isinstance(key, int):
            continue
        field = current.model_fields.get(key)
        if field is None:
            return None
        ann = field.annotation
        while typing.get_origin(ann) is not None:
            args = [a for a in typing.get_args(ann) if a is not type(None)]
            ann = args[-1] if args else None
        if not (isinstance(ann, type) and issubclass(ann, BaseModel)):
            return None
        current = ann
    return current


def _error(exc: ValidationError, raw, path: Path, model: type[BaseModel], items: str | None) -> CardsetError:
    err = min(exc.errors(), key=lambda e: (ORDER.get(e["type"], 3), len(e["loc"])))
    loc = tuple(k for k in err["loc"] if isinstance(k, int) or not (k[:1].isupper() or "[" in k or k in
                                                                       ("str", "int", "float", "bool")))
    key = loc[-1] if loc else None
    where, card, start = _where(raw, loc, items)
    at = located(path, *loc) if path.suffix in (".yaml", ".yml") else str(path)
    field = ".".join(map(str, loc[start:])) or None
    if err["type"] == "missing":
        return CardsetError(f"{where} has no '{key}'", file=at, card=card, field=field, hint=f"add '{key}:' to {where}")
    if err["type"] == "extra_forbidden":
        owner = _model_at(model, loc)
        valid = sorted(owner.model_fields) if owner else []
        near = suggest(str(key), valid, n=1) if valid else []
        return CardsetError(f"unknown key '{key}' in {where}", file=at, card=card, field=field,
                            expected=f"one of {', '.join(valid)}" if valid else None,
                            hint=f"did you mean '{near[0]}'?" if near else f"rename or remove '{key}'")
    if err["type"] == "literal_error":
        choices = [c.strip(" '") for c in err["ctx"]["expected"].replace(" or ", ",").split(",") if c.strip()]
        near = suggest(str(err["input"]), choices, n=1) if isinstance(err["input"], str) else []
        return CardsetError(f"{where} has {key} {reprlib.repr(err['input'])}", file=at, card=card, field=field,
                            expected=f"one of {', '.join(choices)}",
                            hint=f"did you mean '{near[0]}'?" if near else f"set {key} to one of them")
    expected = expected_words(err)
    if isinstance(key, int):  # a list item: say which list
        key = f"item {key + 1} of {loc[-2]}" if len(loc) > 1 else f"item {key + 1}"
    elif key is None:
        key = "content"
    return CardsetError(f"{where}: bad {key} {reprlib.repr(err.get('input'))}", file=at, card=card, field=field,
                        expected=expected, hint=f"fix {key}" + (" (see 'pnp docs rules-data')" if
                                                                   path.name in ("rules.yaml", "gaps.yaml") else ""))
