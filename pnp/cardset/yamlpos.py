"""Where a value sits in a YAML file: 'file:line' of a key path, for error messages."""
from __future__ import annotations

from pathlib import Path

import yaml


def _node_line(node, keys) -> int | None:
    line = node.start_mark.line + 1 if node is not None else None
    for key in keys:
        if isinstance(node, yaml.MappingNode):
            match = next(((k, v) for k, v in node.value if k.value == str(key)), None)
            if match is None:
                return line
            line, node = match[0].start_mark.line + 1, match[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            node = node.value[key]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def located(file, *keys) -> str:
    """'file:line' of the deepest node found along keys (mapping keys or list indexes); file alone if unreadable."""
    try:
        root = yaml.compose(Path(file).read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return str(file)
    line = _node_line(root, keys)
    return f"{file}:{line}" if line else str(file)
