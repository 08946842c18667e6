"""Safe YAML parsing: libyaml's C loader when available, alias expansion and nesting bounded."""
from __future__ import annotations

import yaml

from pnp import limits

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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


def load_yaml(text: str, file=None):
    """Parse YAML text safely (no arbitrary objects); alias bombs and deep nesting raise LimitError."""
    if "&" not in text:  # no anchors, so no aliases to expand: the plain fast path
        try:
            return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
        except RecursionError:
            limits.NESTING.check(limits.NESTING.value + 1, file=file)
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _expanded_size(node, 0, {}, file)
        return loader.construct_document(node)
    except RecursionError:
        limits.NESTING.check(limits.NESTING.value + 1, file=file)
    finally:
        loader.dispose()
