"""Safe YAML parsing: libyaml's C loader when available, alias expansion and nesting bounded, and no
silent garbage (a key twice in one mapping, a binary, set or pairs value, control characters, a huge value)."""
from __future__ import annotations

import copy

import yaml

from pnp import limits
from pnp.errors import CardsetError, PnpError
from pnp.textfile import control_char

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
STR = "tag:yaml.org,2002:str"
MERGE = "tag:yaml.org,2002:merge"
# tags whose values print as Python reprs (b'...', {...} in a random order, [(k, v)]): not card text
REFUSED_TAGS = {"tag:yaml.org,2002:binary": "binary data (!!binary)", "tag:yaml.org,2002:set": "a set (!!set)",
                "tag:yaml.org,2002:omap": "an ordered map (!!omap)", "tag:yaml.org,2002:pairs": "pairs (!!pairs)"}
_PARSED: dict[tuple, object] = {}  # load_yaml's values by (text, the limits in force when it was checked)
PARSED_CACHE_SIZE = 256  # texts kept; emptied when full, so a long `pnp serve` stays bounded
PARSED_TEXT_MAX = 1 << 20  # characters: a longer text is parsed each time, not kept
_MISSING = object()


def _expanded_size(node, depth: int, sizes: dict, file) -> int:
    """Nodes the document holds once every alias is expanded (memoised per node); depth is bounded."""
    if id(node) in sizes:
        return sizes[id(node)]
    if depth > limits.NESTING.value:
        limits.NESTING.check(depth, file=file)
    total = 1
    if isinstance(node, yaml.SequenceNode):
        total += sum(_expanded_size(n, depth + 1, sizes, file) for n in node.value)
    elif isinstance(node, yaml.MappingNode):
        total += sum(_expanded_size(k, depth + 1, sizes, file) + _expanded_size(v, depth + 1, sizes, file)
                     for k, v in node.value)
    sizes[id(node)] = total
    if total > limits.YAML_NODES.value:
        limits.YAML_NODES.check(total, file=file)
    return total


def _plain(text: str):
    """A plain scalar's value (1 for `0x1`, True for `yes`), to compare keys as the loader will; else the text."""
    try:
        value = yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
        return value if isinstance(value, (int, float, bool, type(None))) else text
    except yaml.YAMLError:
        return text


def _check_values(root, file, error: type[PnpError]) -> None:
    """Refuse duplicate keys, binary/set/pairs values, control characters and over-long text, naming line and field."""
    seen, stack = set(), [(root, "")]
    cell = limits.CELL_CHARS.value
    while stack:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        where = f"{file}:{node.start_mark.line + 1}" if file is not None else f"line {node.start_mark.line + 1}"
        field = path or None
        if node.tag in REFUSED_TAGS:
            raise error(f"{REFUSED_TAGS[node.tag]} where text or a number belongs", file=where, field=field,
                        expected="text, a number, true/false, a list or a mapping",
                        hint="write the value as plain text (remove the !! tag)")
        if isinstance(node, yaml.ScalarNode):
            if node.tag == STR:
                if len(node.value) > cell:
                    limits.CELL_CHARS.check(len(node.value), file=where, field=field)
                bad = control_char(node.value)
                if bad:
                    raise error(f"control character {bad} in the text", file=where, field=field,
                                expected="printable text (tabs and line breaks are fine)",
                                hint="remove the control character (often pasted from another program)")
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((n, f"{path}[{i}]") for i, n in enumerate(node.value))
        elif isinstance(node, yaml.MappingNode):
            keys: dict = {}
            for k, v in node.value:
                name = str(k.value)[:80] if isinstance(k, yaml.ScalarNode) else "?"
                if isinstance(k, yaml.ScalarNode) and k.tag != MERGE:
                    line = k.start_mark.line + 1
                    ident = (k.tag, k.value if k.tag == STR else _plain(k.value))  # `yes` and `true` are one key
                    if ident in keys:
                        at = f"{file}:{line}" if file is not None else f"line {line}"
                        raise error(f"key '{name}' appears twice in one mapping (lines {keys[ident]} and "
                                    f"{line}); the second would silently win", file=at,
                                    field=f"{path}.{name}" if path else name, expected="each key once",
                                    hint="remove or rename one of them")
                    keys[ident] = line
                stack.append((k, path))
                stack.append((v, f"{path}.{name}" if path else name))


def load_yaml(text: str, file=None, *, error: type[PnpError] = CardsetError):
    """Parse YAML text safely (no arbitrary objects); alias bombs and deep nesting raise LimitError, and
    garbage values (duplicate keys, !!binary/!!set/!!omap/!!pairs, control characters) raise `error`.

    A text parsed before under the same limits gives a copy of its value without parsing again (a card set
    read again by a print, `pnp watch` or `pnp serve`); a refused text is never kept, so it is refused again.
    """
    key = (text, limits.NESTING.value, limits.YAML_NODES.value, limits.CELL_CHARS.value)
    kept = _PARSED.get(key, _MISSING)  # one look (another thread of `pnp serve` may empty the cache meanwhile)
    if kept is not _MISSING:
        try:
            return copy.deepcopy(kept)  # callers may change what they get; the kept value stays as parsed
        except RecursionError:  # a value nested too deep to copy from this deep in the stack: parsed afresh
            pass
    value = _parse(text, file, error)
    if len(text) <= PARSED_TEXT_MAX:
        try:
            kept = copy.deepcopy(value)
        except RecursionError:  # nested deeper than a copy can go (the parse itself went deeper): not kept
            return value
        if len(_PARSED) >= PARSED_CACHE_SIZE:
            _PARSED.clear()
        _PARSED[key] = kept
    return value


def _parse(text: str, file, error: type[PnpError]):
    """load_yaml's parse and checks, uncached."""
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if "&" in text:  # anchors, so aliases to expand: count the expanded size first
            _expanded_size(node, 0, {}, file)
        _check_values(node, file, error)
        return loader.construct_document(node)
    except RecursionError:
        limits.NESTING.check(limits.NESTING.value + 1, file=file)
    finally:
        loader.dispose()
