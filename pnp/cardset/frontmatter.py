"""A card set's front matter: the checklist (counted from its components) and the words in frontmatter.yaml.

frontmatter.yaml is optional and untrusted: every value is plain text of bounded length, never markup.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.cardset.load import read_yaml
from pnp.cardset.model import CardSet, Component
from pnp.errors import CardsetError

FILE = "frontmatter.yaml"
MAX_CHARS = 2000      # characters in one text value
MAX_ITEMS = 200       # entries in one list
LIST_KEYS = ("also_need", "assembly", "credits")
KEYS = {"about", "checklist", "rules", *LIST_KEYS}
TYPE_WORDS = {"cards": "cards", "tokens": "tokens", "board": "board", "track": "track", "aid": "player aids"}


@dataclass(frozen=True)
class CheckItem:
    """One line to tick after cutting: how many of a component, what it is, and its parts by kind."""

    count: int
    label: str
    detail: str                                   # size and shape, e.g. "poker cards, 63 x 88 mm"
    parts: tuple[tuple[int, str], ...] = ()       # (copies, kind) when the set names a field to split by


@dataclass(frozen=True)
class RuleSection:
    """A section of the printed rules: its number, heading and numbered statements (id, text)."""

    number: str
    heading: str
    statements: tuple[tuple[str, str], ...]


@dataclass
class FrontMatter:
    """Everything the first pages of a print say about the game, before its sheets."""

    title: str
    author: str
    about: str = ""
    checklist: list[CheckItem] = field(default_factory=list)
    also_need: list[str] = field(default_factory=list)
    assembly: list[str] = field(default_factory=list)
    credits: list[str] = field(default_factory=list)
    rules: list[RuleSection] = field(default_factory=list)
    rules_source: str = ""                        # where the rules come from, said under their heading


def _text(value, file, where: str) -> str:
    """A bounded plain-text value, whitespace folded to single spaces."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise CardsetError(f"{where} must be text", file=str(file), field=where, expected="text",
                           hint=f"write {where}: as a quoted line of text")
    text = " ".join(str(value).split())
    if len(text) > MAX_CHARS:
        raise CardsetError(f"{where} is {len(text)} characters long", file=str(file), field=where,
                           expected=f"at most {MAX_CHARS} characters", hint="shorten it or split it into items")
    return text


def _list(value, file, where: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise CardsetError(f"{where} must be a list", file=str(file), field=where,
                           expected="a list (- item lines)", hint=f"write each {where} entry on a '- ' line")
    if len(value) > MAX_ITEMS:
        raise CardsetError(f"{where} has {len(value)} entries", file=str(file), field=where,
                           expected=f"at most {MAX_ITEMS}", hint="shorten the list")
    return [_text(v, file, f"{where}[{i + 1}]") for i, v in enumerate(value)]


def _size_words(comp: Component) -> str:
    w, h = comp.size
    size = f"{w:g} x {h:g} mm"
    if comp.type == "tokens":
        return f"round tokens, {w:g} mm across" if comp.shape == "round" else f"square tokens, {size}"
    return f"{TYPE_WORDS.get(comp.type, comp.type)}, {size}"


def _declared(cs: CardSet) -> set[str]:
    """Component names the manifest declares (already checked when the set was loaded)."""
    if not cs.manifest:
        return set()
    comps = (read_yaml(cs.manifest) or {}).get("components") or []
    return {str(c.get("name")) for c in comps if isinstance(c, dict) and c.get("name") is not None}


def _checklist(cs: CardSet, spec: dict, file) -> list[CheckItem]:
    """One item per component, counted from the pieces the sheets print; labels and splits from `spec`."""
    if not isinstance(spec, dict):
        raise CardsetError("checklist must be a mapping of component names", file=str(file), field="checklist",
                           expected="component: {label: ..., by: field}", hint="see 'pnp docs cardsets'")
    names = {c.name for c in cs.components} | _declared(cs)  # a caller may print only some components
    for key in spec:
        if str(key) not in names:
            raise CardsetError(f"checklist names no component '{key}'", file=str(file), field=f"checklist.{key}",
                               expected=", ".join(sorted(names)), hint="use a component name from cardset.yaml")
    items = []
    for comp in cs.components:
        entry = spec.get(comp.name) or {}
        if isinstance(entry, str):
            entry = {"label": entry}
        if not isinstance(entry, dict):
            raise CardsetError(f"checklist.{comp.name} must be a label or a mapping", file=str(file),
                               field=f"checklist.{comp.name}", expected="label: TEXT, by: FIELD",
                               hint="e.g. checklist: {coins: {label: coins, by: colour}}")
        label = _text(entry.get("label", comp.name.replace("-", " ").replace("_", " ")), file,
                      f"checklist.{comp.name}.label")
        parts: dict[str, int] = {}
        if entry.get("by") is not None:
            by = _text(entry["by"], file, f"checklist.{comp.name}.by")
            for p in comp.pieces:
                kind = " ".join(str(p.fields.get(by, p.id)).split())[:60]
                parts[kind] = parts.get(kind, 0) + p.copies
        items.append(CheckItem(comp.count, label, _size_words(comp),
                               tuple((n, k) for k, n in parts.items() if n)))
    return items


def _own_rules(value, file) -> list[RuleSection]:
    """rules: written in frontmatter.yaml by a designer: [{heading, text or points}]."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise CardsetError("rules must be a list of sections", file=str(file), field="rules",
                           expected=f"at most {MAX_ITEMS} entries of heading: and points:",
                           hint="e.g. rules: [{heading: Setup, points: [Shuffle the deck.]}]")
    out = []
    for i, sec in enumerate(value):
        where = f"rules[{i + 1}]"
        if not isinstance(sec, dict):
            raise CardsetError(f"{where} must be a mapping", file=str(file), field=where,
                               expected="heading: and points:", hint="indent the section's keys under its '- '")
        heading = _text(sec.get("heading", ""), file, f"{where}.heading")
        points = _list(sec.get("points"), file, f"{where}.points")
        out.append(RuleSection(str(i + 1), heading,
                               tuple((f"{i + 1}.{j + 1}", t) for j, t in enumerate(points))))
    return out


def load_front_matter(cs: CardSet) -> FrontMatter:
    """The card set's own front matter: its checklist always, the rest from frontmatter.yaml.

    The print layer adds the credits and a built-in game's rules.yaml (pnp.print.frontmatter.front_matter)."""
    file = Path(cs.folder) / FILE
    raw = read_yaml(file) if file.is_file() else {}
    raw = raw or {}
    if not isinstance(raw, dict):
        raise CardsetError("front matter must be a mapping", file=str(file), expected="also_need:, assembly:, ...",
                           hint="see 'pnp docs cardsets' (front matter)")
    unknown = sorted(str(k) for k in raw if k not in KEYS)
    if unknown:
        raise CardsetError(f"unknown key '{unknown[0]}' in the front matter", file=str(file), field=unknown[0],
                           expected=", ".join(sorted(KEYS)), hint="remove it or fix its spelling")
    fm = FrontMatter(title=cs.name, author=cs.author, about=_text(raw.get("about", ""), file, "about"),
                     checklist=_checklist(cs, raw.get("checklist") or {}, file),
                     **{k: _list(raw.get(k), file, k) for k in LIST_KEYS})
    fm.rules = _own_rules(raw.get("rules"), file)
    return fm
