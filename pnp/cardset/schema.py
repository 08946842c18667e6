"""The shape of cardset.yaml and layouts.yaml as pydantic models: the loader checks with them, `pnp schema` exports them.

Pydantic's errors are turned into pnp's one-line messages at the YAML line, with a did-you-mean.
"""
from __future__ import annotations

import reprlib
import typing
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, RootModel, ValidationError

from pnp.cardset.datafile import expected_words
from pnp.cardset.yamlpos import located
from pnp.errors import CardsetError
from pnp.names import suggest
from pnp.print_values import BACK_MODES, CUT_FILES, CUT_MODES, LAYOUTS, ORNAMENTS

Text = Union[str, int, float]          # a value or a Jinja2 template
Mm = float
Pair = list[float]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, allow_inf_nan=False)


class Repeat(_Strict):
    """Draw a box `count` times, shifted by dx, dy mm each time."""

    count: int = Field(1, ge=1)
    dx: Mm = 0
    dy: Mm = 0


class Box(_Strict):
    """One box of a layout; lengths in mm from the trim's top-left corner, font sizes in points."""

    x: Mm | None = None
    y: Mm | None = None
    w: Mm | None = Field(None, gt=0)
    h: Mm | None = Field(None, gt=0)
    text: Text | None = Field(None, description="inline Jinja2 template rendered to paragraph markup")
    template: str | None = Field(None, description="a Jinja2 file in the set's templates/ or the shared templates/")
    image: Text | None = Field(None, description="image file (template allowed), fitted keeping its aspect ratio")
    icon: Text | None = Field(None, description="an icon named in the set's icons: (template allowed), fitted keeping "
                                                "its aspect ratio; an SVG icon is drawn in `color`")
    ornament: Literal[ORNAMENTS] | None = Field(
        None, description="a border band of this motif just inside the box, in `color`")
    band: Mm | None = Field(None, gt=0, description="mm; width of the ornament band (default 3)")
    shape: Literal["rect", "ellipse", "line"] | None = None
    fill: Text | None = None
    stroke: Text | None = None
    stroke_width: float | None = Field(None, ge=0, description="points")
    radius: Mm | None = Field(None, ge=0)
    font: str | None = Field(None, description="regular, bold, italic, bold-italic, a family of fonts:, or a .ttf")
    size: float | None = Field(None, gt=0, description="points")
    leading: float | None = Field(None, gt=0, description="points")
    min_size: float | None = Field(None, gt=0, description="points; shrink text to fit down to this size")
    align: Literal["left", "center", "right", "justify"] | None = None
    valign: Literal["top", "middle", "bottom"] | None = None
    color: Text | None = None
    rotate: Literal[0, 90, 180, 270] | None = None
    when: Union[bool, Text, None] = Field(None, description="Jinja2 expression; the box is drawn when true")
    repeat: Repeat | None = None


class Layout(_Strict):
    """A named layout: optional parent, background colour (template) and boxes merged key by key."""

    extends: str | None = None
    background: Text | None = None
    boxes: dict[str, Box | None] | None = None


class Layouts(RootModel[dict[str, Union[Layout, None]]]):
    """layouts.yaml: layout name -> layout."""


class Back(_Strict):
    """A component's back: a layout name or an image file."""

    layout: str | None = None
    image: str | None = None


class FontFamily(_Strict):
    """A set's own font family: TTF/OTF files relative to the set folder."""

    regular: str | None = None
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


class PrintDefaults(_Strict):
    """Default print options for the set (command-line flags win)."""

    paper: Union[str, Pair, None] = Field(None, description="a4, letter, a3, 'WxH' or [w, h] mm")
    margins: Union[float, str, list[float], None] = None
    cut: Literal[CUT_MODES] | None = None
    gap: Mm | None = Field(None, ge=0)
    backs: Literal[BACK_MODES] | None = None
    back_offset: Union[str, Pair, None] = None
    ink_saver: bool | None = None
    layout: Literal[LAYOUTS] | None = None
    mark_length: Mm | None = Field(None, ge=0)
    cut_file: Literal[CUT_FILES] | None = None
    corner_radius: Mm | None = Field(None, ge=0)


class Component(_Strict):
    """A group of same-size pieces: cards, tokens, a board, a generated track or player aids."""

    name: str | None = None
    type: Literal["cards", "tokens", "board", "track", "aid"] = "cards"
    size: Union[str, Pair, None] = Field(None, description="poker, bridge, mini, tarot, square, euro, a6, a5 or [w, h]")
    data: Union[str, list[str], None] = Field(None, description=".csv, .yaml, .yml, .xlsx or .ods file(s)")
    fields: dict[str, Any] | None = None
    layout: str | None = None
    back: Back | None = None
    backs: str | None = None
    images: str | None = None
    shape: Literal["round", "square"] | None = None
    overlap: Mm | None = Field(None, ge=0)
    from_: int | None = Field(None, alias="from")
    to: int | None = None
    cell: Union[float, Pair, None] = None
    columns: int | None = Field(None, ge=1)
    labels: dict[Union[int, str], Text] | None = None
    fill: str | None = None


class Manifest(_Strict):
    """cardset.yaml: the card set's manifest."""

    name: str | None = None
    slug: str | None = None
    author: str | None = None
    bleed: Mm | None = Field(None, ge=0)
    safe: Mm | None = Field(None, ge=0)
    icons: dict[str, str] | None = None
    fonts: dict[str, Union[str, FontFamily]] | None = None
    layouts: Union[str, dict[str, Union[Layout, None]], None] = None
    print: PrintDefaults | None = None
    components: list[Component] = Field(..., min_length=1)


def json_schemas() -> dict[str, dict]:
    """JSON Schemas (draft 2020-12) for cardset.yaml and layouts.yaml, keyed by file name."""
    out = {}
    for name, model, title in (("cardset.schema.json", Manifest, "pnp card set manifest (cardset.yaml)"),
                               ("layouts.schema.json", Layouts, "pnp card set layouts (layouts.yaml)")):
        schema = model.model_json_schema(by_alias=True)
        schema.update({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title})
        out[name] = schema
    return out


def _fields(model) -> list[str]:
    return sorted(f.alias or n for n, f in model.model_fields.items())


def _value_model(annotation):
    """(model, containers): the pydantic model inside an annotation and how many dict/list levels wrap it."""
    origin = typing.get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, 0
    if origin in (dict, list):
        model, depth = _value_model(typing.get_args(annotation)[-1])
        return model, depth + 1 if model else 0
    for arg in typing.get_args(annotation):
        model, depth = _value_model(arg)
        if model:
            return model, depth
    return None, 0


def _model_at(model, loc: tuple):
    """The model class that owns the last key of loc (for listing valid keys)."""
    current, skip = model, 0
    if issubclass(model, RootModel):
        current, skip = _value_model(model.model_fields["root"].annotation)
    for key in loc[:-1]:
        if skip:
            skip -= 1
            continue
        field = next((f for n, f in current.model_fields.items() if (f.alias or n) == key), None)
        if field is None:
            return None
        current, skip = _value_model(field.annotation)
        if current is None:
            return None
    return current if not skip else None


def _where(loc: tuple, raw, layouts_file: bool) -> str:
    """Words for the thing holding the last key of loc: "component 'deck'", "layout 'hero' box 'title'", ..."""
    owner = list(loc[:-1])
    if not layouts_file:
        if not owner:
            return "cardset.yaml"
        head = owner.pop(0)
        if head == "components" and owner and isinstance(owner[0], int):
            comps = raw.get("components") if isinstance(raw, dict) else None
            comp = comps[owner[0]] if isinstance(comps, list) and owner[0] < len(comps) else None
            name = comp.get("name") if isinstance(comp, dict) else None
            return f"component '{name or owner[0] + 1}'" + (" back" if owner[1:2] == ["back"] else "")
        if head == "fonts" and owner:
            return f"font family '{owner[0]}'"
        if head != "layouts":
            return str(head)
    if not owner:
        return "layouts"
    words = f"layout '{owner[0]}'"
    if len(owner) >= 3 and owner[1] == "boxes":
        words += f" box '{owner[2]}'"
    return words + (" repeat" if "repeat" in owner else "")


def _clean(loc) -> tuple:
    """Pydantic locations without its union-branch labels (e.g. 'Layout', 'str')."""
    return tuple(k for k in loc if isinstance(k, int) or not (k[:1].isupper() or k in
                                                              ("str", "int", "float", "bool", "list[float]")
                                                              or "[" in k))


def _error(exc: ValidationError, raw, file, model, prefix: tuple) -> CardsetError:
    errors = exc.errors()
    # prefer the most specific, most readable error: unknown keys, then wrong choices, then the rest
    order = {"extra_forbidden": 0, "literal_error": 1, "missing": 2}
    err = min(errors, key=lambda e: (order.get(e["type"], 3), -len(e["loc"])))
    loc = _clean(err["loc"])
    key = loc[-1] if loc else None
    where = _where(loc, raw, model is Layouts)
    at = located(file, *prefix, *loc)
    path = ".".join(str(k) for k in loc)  # the dotted field, e.g. print.margins or front.title.repeat.count
    if err["type"] == "extra_forbidden":
        owner = _model_at(model, loc)
        valid = _fields(owner) if owner else []
        near = suggest(str(key), list(valid), n=1) if valid else []
        return CardsetError(f"unknown key '{key}' in {where}", file=at, field=path,
                            expected=f"one of {', '.join(valid)}" if valid else None,
                            hint=f"did you mean '{near[0]}'?" if near else f"rename or remove '{key}'")
    if err["type"] == "literal_error":
        choices = [c.strip(" '") for c in err["ctx"]["expected"].replace(" or ", ",").split(",") if c.strip()]
        near = suggest(str(err["input"]), list(choices), n=1) if isinstance(err["input"], str) else []
        return CardsetError(f"{where} has {key} '{err['input']}'", file=at, field=path,
                            expected=f"one of {', '.join(choices)}",
                            hint=f"did you mean '{near[0]}'?" if near else f"set {key} to a valid value")
    if err["type"] == "missing":
        return CardsetError(f"{where} has no '{key}'", file=at, field=path, hint=f"add {key}:")
    expected = expected_words(err)
    return CardsetError(f"{where}: bad {key} {reprlib.repr(err.get('input'))}", file=at, field=path,
                        expected=expected, hint=f"fix {key} (see 'pnp docs cardsets')")


def check_manifest(raw: dict, file) -> None:
    """Check a manifest's shape against Manifest; the first problem as a one-line CardsetError at its line."""
    try:
        Manifest.model_validate(raw)
    except ValidationError as exc:
        raise _error(exc, raw, str(file), Manifest, ()) from None


def check_layouts(raw, file, prefix: tuple = ()) -> None:
    """Check a layouts mapping against Layouts (prefix: its key path inside file)."""
    try:
        Layouts.model_validate(raw)
    except ValidationError as exc:
        raise _error(exc, raw, str(file), Layouts, prefix) from None
