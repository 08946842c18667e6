"""The companion's Rulings pages, built from each game's declared situations (pnp.judge.situation): a form
per situation with a widget per parameter, parsed from the request with bounds, and the rule called directly."""
from __future__ import annotations

import importlib
import re

from pnp.catalog import games
from pnp.errors import PnpError, UsageError
from pnp.judge.situation import Choice, Dice, Die, Flag, Int, Lines, Param, Pasted, Situation, Situations
from pnp.web import inputs
from pnp.web.inputs import BadInput

BOUND = 10 ** inputs.DIGITS - 1  # a number field's outer bound before its declared range is checked


def declarations() -> dict[str, Situations]:
    """{game slug: its declared situations}, for every game that has them."""
    out = {}
    for slug, g in games().items():
        if g.situations:
            module, attr = g.entry(g.situations).split(":")
            out[slug] = getattr(importlib.import_module(module), attr)
    return out


def judge_list(store, request) -> dict:
    """Every game's situations, each with its one-line summary."""
    return {"games": [{"game": slug, "title": d.title, "situations": [(s.name, s.summary) for s in d.situations]}
                      for slug, d in declarations().items()]}


def _kind(t) -> str:
    """The widget a parameter type gets (judge_form.html draws one per kind)."""
    return {Die: "die", Dice: "dice", Int: "int", Choice: "choice", Flag: "flag", Lines: "lines", Pasted: "pasted"}.get(type(t), "text")


def _words(value: str) -> str:
    """An id shown as words: 'after-roll' -> 'After roll'; a name already in capitals stays as it is."""
    return value if value != value.lower() else value.replace("-", " ").capitalize()


def field(p: Param) -> dict:
    """What the template needs to draw one parameter: label, widget kind, range or choices, default, help."""
    t, default = p.type, p.value_default()
    shown_help = "" if p.help.rstrip(".").lower() == p.label.lower() else p.help  # no label said twice
    return {"name": p.name, "label": p.label, "kind": _kind(t), "required": p.required, "help": shown_help,
            "min": getattr(t, "min", None), "max": getattr(t, "max", None), "count": getattr(t, "count", 1),
            "choices": [(k, _words(k) if v == k else v) for k, v in t.options().items()] if isinstance(t, Choice) else [],
            "default": "" if default is None or default is False or default == () else str(default)}


def _read(given, p: Param, posted: bool) -> str:
    """One parameter's text from the request, bounded by its kind; '' when absent (hostile values: BadInput)."""
    t = p.type
    if isinstance(t, Int):
        n = inputs.number(given, p.name, -BOUND, BOUND)
        return "" if n is None else str(n)
    if isinstance(t, Dice):  # "5,5" in an address, else one picker per die (NAME.1, NAME.2, ...)
        typed = inputs.text(given, p.name, required=False, limit=inputs.NAME_CHARS)
        if typed:
            return typed
        faces = [inputs.number(given, f"{p.name}.{i}", 1, 6) for i in range(1, t.count + 1)]
        return "" if all(f is None for f in faces) else ",".join("?" if f is None else str(f) for f in faces)
    if isinstance(t, Pasted):  # pasted text, or an uploaded file (a POSTed form) which wins over it
        got = inputs.upload(given, p.name + "_file", inputs.CONTENT_BYTES) if posted else None
        if got is None:
            text = inputs.text(given, p.name, required=False, limit=inputs.CONTENT_BYTES, lines=True) or ""
            if len(text.encode()) > inputs.CONTENT_BYTES:
                raise BadInput(f"is over {inputs.CONTENT_BYTES // 1000} kB", p.name)
            return text
        try:
            return got[0].decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BadInput("the uploaded file is not UTF-8 text", p.name + "_file",
                           expected="a YAML or JSON file") from None
    limit = inputs.NAME_CHARS if isinstance(t, (Choice, Flag)) else inputs.TEXT_CHARS
    return inputs.text(given, p.name, required=False, limit=limit, lines=isinstance(t, Lines)) or ""


def _parse(s: Situation, texts: dict[str, str]) -> dict:
    """The values the rule takes: each given text parsed by its declared type (errors name the label)."""
    values = {}
    for p in s.params:
        text = texts[p.name]
        if isinstance(p.type, Flag):
            values[p.name] = p.type.parse(text, p.label)
        elif text.strip():
            values[p.name] = p.type.parse(text, p.label)
    return values


def _shown(s: Situation, texts: dict[str, str], values: dict) -> dict[str, str]:
    """What each field shows again: the chosen id for a choice typed loosely, a throw as "5,5", else the text as given."""
    def shown(p):
        if p.name in values and isinstance(p.type, Choice):
            return values[p.name]
        if p.name in values and isinstance(p.type, Dice):
            return ",".join(map(str, values[p.name]))
        return texts[p.name]
    return {p.name: shown(p) for p in s.params}


def _in_words(exc: PnpError, s: Situation) -> PnpError:
    """The error with each terminal option it names (field '--helper', 'give --half or --amount') said as the
    form's label for it."""
    labels = {}
    for p in s.params:
        for key in (p.option, p.option[2:], p.name):
            labels.setdefault(key, p.label)
    exc.field = labels.get(exc.field, exc.field)
    options = re.compile(r"(?<![\w-])(" + "|".join(re.escape(p.option) for p in s.params) + r")(?![\w-])")
    for attr in ("message", "expected", "hint"):
        text = getattr(exc, attr)
        if text and s.params:
            setattr(exc, attr, options.sub(lambda m: f"'{labels[m.group(1)]}'", text))
    return exc


def judge_form(store, request) -> dict:
    """A situation's form drawn from its declaration; with `go` given, the ruling its rule computes.

    A parameter that is a file's text is pasted or uploaded (a POSTed form), never named as a path: a
    request never names a file on this machine.
    """
    game, name = request.path_params["game"], request.path_params["situation"]
    declared = declarations().get(game)
    s = declared.get(name) if declared and len(name) <= inputs.NAME_CHARS else None
    if s is None:
        raise UsageError(f"no judge situation '{game[:inputs.NAME_CHARS]} {name[:inputs.NAME_CHARS]}'",
                         hint="pick one from the Rulings list")
    posted = getattr(request.state, "form", None)
    given = posted if posted is not None else request.query_params
    texts = {p.name: _read(given, p, posted is not None) for p in s.params}
    go = bool(inputs.text(given, "go", required=False, limit=5))
    ruling, error, values = None, None, {}
    if go:
        try:
            values = _parse(s, texts)
            ruling = s.run(values).to_dict()
        except PnpError as exc:  # shown on the form, like the CLI's one line, naming fields by their labels
            error = _in_words(exc, s).one_line()
    fields = [field(p) for p in s.params]
    shown = _shown(s, texts, values)
    if not go:  # a fresh form shows each default
        shown = {f["name"]: f["default"] for f in fields}
    return {"game": game, "title": declared.title, "name": name, "help": s.summary, "details": s.details,
            "fields": fields, "values": shown, "go": go, "ruling": ruling, "error": error,
            "post": any(isinstance(p.type, Pasted) for p in s.params)}

