"""Layers point down: pnp's import graph (every import, including those inside functions) has no
circle and no arrow from a lower layer to a higher one (docs/architecture.md draws the layers)."""
from __future__ import annotations

import ast
import functools
from fnmatch import fnmatchcase
from pathlib import Path

import pnp

ROOT = Path(pnp.__file__).parent

# The one statement of the layers, lowest first. A module belongs to the longest pattern that it or one of
# its packages below pnp matches (fnmatch patterns). Each layer may import its own layer and those below.
LAYERS: dict[str, tuple[str, ...]] = {
    # pnp.games itself is only the namespace the registry (pnp.catalog) lists game folders from
    "ground": ("pnp", "pnp.errors", "pnp.names", "pnp.paths", "pnp.limits", "pnp.yamlio", "pnp.textfile",
               "pnp.leftovers", "pnp.catalog", "pnp.store", "pnp.print_values", "pnp.games", "pnp.jsonio",
               "pnp.termtext", "pnp.outpath", "pnp.docs", "pnp.plural"),
    "format": ("pnp.cardset",),
    "services": ("pnp.print", "pnp.rules", "pnp.judge", "pnp.campaign", "pnp.simulate", "pnp.config"),
    "games": ("pnp.games.*",),
    # a game's click commands live in its folder but are adapters: `pnp GAME` (cli.py), its terminal play
    # (play.py, table_play.py, click prompts), and a campaign game's `pnp campaign` (campaign_cli.py) and
    # companion pages (web.py); the registry names the commands and pages as strings. Judge situations and
    # simulations are library declarations (situations.py, simulation.py, games layer) that pnp/cli/
    # (judge.py, simulate.py) and pnp/web/judge.py build commands and forms from.
    "adapters": ("pnp.cli", "pnp.web", "pnp.__main__",
                 "pnp.games.*.cli", "pnp.games.*.play", "pnp.games.*.table_play", "pnp.games.*.campaign_cli",
                 "pnp.games.*.web"),
}

def module_name(path: Path) -> str:
    """pnp/print/face.py -> pnp.print.face; pnp/print/__init__.py -> pnp.print."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@functools.cache
def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _target(name: str, known: dict[str, Path]) -> str | None:
    """The deepest pnp module a dotted import name refers to (pnp.print.face.draw -> pnp.print.face)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


@functools.cache
def _imported_names(path: Path) -> tuple[tuple[int, str], ...]:
    """(relative level, dotted name) of every import statement in a source file, parsed once."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(0, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found += [(node.level, f"{node.module or ''}.{a.name}".lstrip(".")) for a in node.names]
    return tuple(found)


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The pnp modules `name` imports anywhere in its source (top, functions, TYPE_CHECKING)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for level, imported in _imported_names(path):
        if level:  # relative: from the package, up level - 1 packages
            imported = ".".join(package[:len(package) - level + 1] + [imported])
        if imported == "pnp" or imported.startswith("pnp."):
            target = _target(imported, known)
            if target and target != name:
                found.add(target)
    return found


@functools.cache
def graph() -> dict[str, set[str]]:
    """Module -> the pnp modules it imports (built once per test run; callers do not change it)."""
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def layer(name: str) -> int:
    """The index of the layer a module belongs to (0 = ground)."""
    parts = name.split(".")
    owners = [".".join(parts[:n]) for n in range(2, len(parts) + 1)] or [name]  # pnp.a, pnp.a.b, ...
    best, rank = "", None
    for i, patterns in enumerate(LAYERS.values()):
        for pattern in patterns:
            if any(fnmatchcase(o, pattern) for o in owners) and len(pattern) > len(best):
                best, rank = pattern, i
    assert rank is not None, f"{name} is in no layer: add it to LAYERS"
    return rank


def upward(g: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Arrows from a module to one in a higher layer."""
    return {(a, b) for a, targets in g.items() for b in targets if layer(b) > layer(a)}


def _game(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" and (ROOT / "games" / parts[2]).is_dir() else None


def across_games(g: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Arrows from one game's folder into another game's folder."""
    return {(a, b) for a, targets in g.items() for b in targets
            if _game(a) and _game(b) and _game(a) != _game(b)}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return sorted(groups)


def test_every_module_is_in_a_layer():
    assert all(layer(name) >= 0 for name in modules())


def test_no_arrow_points_up():
    bad = sorted(upward(graph()))
    assert not bad, "upward imports (lower layer -> higher layer): " + ", ".join(f"{a} -> {b}" for a, b in bad)


def test_only_adapters_import_click():
    """click is an adapter's tool: library modules return results or raise PnpError, never prompt or echo."""
    adapters = list(LAYERS).index("adapters")
    bad = sorted(name for name, path in modules().items() if layer(name) < adapters
                 and any(level == 0 and (n == "click" or n.startswith("click.")) for level, n in _imported_names(path)))
    assert not bad, ", ".join(bad)


def test_no_game_imports_another_game():
    bad = sorted(across_games(graph()))
    assert not bad, ", ".join(f"{a} -> {b}" for a, b in bad)


def test_no_import_circle():
    found = cycles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)

