"""Fast YAML parsing: libyaml's C loader when available, the pure-Python safe loader otherwise."""
from __future__ import annotations

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str):
    """Parse YAML text safely (no arbitrary objects)."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
