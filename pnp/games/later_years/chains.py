"""The Later Years' chains: the most coin chains one player's coins make across the board (later-years.victory.4,
gap.3-4), each coin in one chain only; a search over disjoint paths within a node budget."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


Cell = tuple[int, int]   # (action row, object column)


def _neighbours(cell: Cell, rows: int, cols: int):
    """Side-sharing spaces (later-years.gap.3)."""
    r, c = cell
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield (r + dr, c + dc)


@lru_cache(maxsize=None)
def _adjacent(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """Each space's side-sharing spaces, listed once per board size (in _neighbours' order)."""
    return {(r, c): tuple(_neighbours((r, c), rows, cols)) for r in range(rows) for c in range(cols)}


def disjoint_paths(cap: dict[Cell, int], sources: set[Cell], sinks: set[Cell],
                   rows: int, cols: int) -> list[list[Cell]]:
    """Most paths from sources to sinks using each cell at most cap[cell] times.

    Edmonds-Karp max-flow on the node-split graph (cell-in -> cell-out with capacity cap),
    then the flow decomposed into paths (later-years.victory.5, later-years.gap.5).
    """
    live = {cell for cell, k in cap.items() if k > 0}
    if live.isdisjoint(sources) or live.isdisjoint(sinks) or not _linked(live, sources, sinks, rows, cols):
        return []                                   # no run of coins joins the two sides: no path at all
    cells = [cell for cell, k in cap.items() if k > 0]
    node = {cell: 2 * i for i, cell in enumerate(cells)}   # node 2i is cell i's way in, 2i + 1 its way out
    S, T = -1, -2
    res: dict = {}

    def arc(u, v, c):
        out, back = res.setdefault(u, {}), res.setdefault(v, {})
        out[v] = out.get(v, 0) + c
        back.setdefault(u, 0)

    big, adjacent = sum(cap.values()) + 1, _adjacent(rows, cols)
    for cell in cells:
        i = node[cell]
        arc(i, i + 1, cap[cell])
        if cell in sources:
            arc(S, i, big)
        if cell in sinks:
            arc(i + 1, T, big)
        for nb in adjacent[cell]:
            if nb in node:
                arc(i + 1, node[nb], big)
    if S not in res or T not in res:
        return []
    orig = {u: dict(vs) for u, vs in res.items()}
    flow = 0
    while True:
        parent = {S: None}
        queue = [S]
        for u in queue:
            for v, c in res[u].items():
                if c > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if T not in parent:
            break
        v, aug = T, big
        while parent[v] is not None:
            aug = min(aug, res[parent[v]][v])
            v = parent[v]
        v = T
        while parent[v] is not None:
            res[parent[v]][v] -= aug
            res[v][parent[v]] += aug
            v = parent[v]
        flow += aug
    used = {u: {v: orig[u][v] - res[u][v] for v in orig[u] if orig[u][v] - res[u][v] > 0} for u in orig}
    paths = []
    for _ in range(flow):
        u, path = S, []
        while u != T:
            v = next(iter(used[u]))
            used[u][v] -= 1
            if not used[u][v]:
                del used[u][v]
            if v >= 0 and not v & 1:                # a cell's way in
                path.append(cells[v >> 1])
            u = v
        paths.append(_shortcut(path))
    return paths


def _linked(live: set[Cell], sources: set[Cell], sinks: set[Cell], rows: int, cols: int) -> bool:
    """Whether side-sharing live cells join a source to a sink (a flood fill: the flow is 0 when not)."""
    reach = [cell for cell in live if cell in sources]
    seen, adjacent = set(reach), _adjacent(rows, cols)
    for cell in reach:
        if cell in sinks:
            return True
        for nb in adjacent[cell]:
            if nb in live and nb not in seen:
                seen.add(nb)
                reach.append(nb)
    return False


def _shortcut(path: list[Cell]) -> list[Cell]:
    """Drop loops from a decomposed flow path (a cell visited twice)."""
    out: list[Cell] = []
    for cell in path:
        if cell in out:
            out = out[:out.index(cell)]
        out.append(cell)
    return out


def _simple_paths(cap, sources, sinks, rows, cols, limit=20000) -> list[tuple[Cell, ...]]:
    """Simple side-to-side paths through cells with cap > 0, touching each side once."""
    out, adjacent = [], _adjacent(rows, cols)

    def walk(path, seen):
        if len(out) >= limit:
            return
        here = path[-1]
        if here in sinks:
            out.append(tuple(path))
            return
        for nb in adjacent[here]:
            if cap.get(nb, 0) > 0 and nb not in seen and nb not in sources:
                seen.add(nb)
                path.append(nb)
                walk(path, seen)
                path.pop()
                seen.discard(nb)

    for s in sorted(sources):
        if cap.get(s, 0) > 0:
            walk([s], {s})
    return out


@lru_cache(maxsize=None)
def _sides(rows: int, cols: int) -> tuple[frozenset[Cell], ...]:
    """The board's top, bottom, left and right edge cells, where chains start and end (later-years.gap.4)."""
    return (frozenset((0, c) for c in range(cols)), frozenset((rows - 1, c) for c in range(cols)),
            frozenset((r, 0) for r in range(rows)), frozenset((r, cols - 1) for r in range(rows)))


SEARCH_BUDGET = 4000   # search nodes before max_chains settles for the best found


@dataclass
class Chains:
    """A player's chains (cells per chain) and whether the count is proven the most possible."""

    paths: list[list[Cell]]
    exact: bool = True


def max_chains(cap: dict[Cell, int], rows: int = 4, cols: int = 4) -> Chains:
    """A largest set of chains for one player's coins, cap[cell] = her coins on that space.

    Chains run top to bottom or left to right (later-years.gap.4); each coin serves one chain
    (later-years.victory.5). One direction is a max-flow (vertex-disjoint paths). A vertical and
    a horizontal chain on a grid always share a space, so both directions together are possible
    only through stacks of her coins: then sets of horizontal chains crossing a stack are
    searched, each completed by a vertical max-flow, within SEARCH_BUDGET nodes (exact=False
    if the budget ran out before the search was complete).
    """
    top, bottom, left, right = _sides(rows, cols)
    held = [cell for cell, k in cap.items() if k > 0]       # a chain crosses every row (or every column)
    vert = disjoint_paths(cap, top, bottom, rows, cols) if len({r for r, _ in held}) == rows else []
    horiz = disjoint_paths(cap, left, right, rows, cols) if len({c for _, c in held}) == cols else []
    best = max(vert, horiz, key=len)
    if not vert or not horiz or all(k <= 1 for k in cap.values()):
        return Chains(best)
    candidates = [p for p in _simple_paths(cap, left, right, rows, cols) if any(cap[x] > 1 for x in p)]
    if len(best) >= sum(cap.values()) // min(rows, cols):
        return Chains(best)
    state = {"best": best, "nodes": 0, "exact": True}
    seen = set()

    def search(c: dict, chosen: list, start: int):
        key = tuple(sorted(c.items()))
        if key in seen:
            return
        seen.add(key)
        state["nodes"] += 1
        if state["nodes"] > SEARCH_BUDGET:
            state["exact"] = False
            return
        v = disjoint_paths(c, top, bottom, rows, cols)
        if not v:
            return
        if len(chosen) + len(v) > len(state["best"]):
            state["best"] = chosen + v
        h_bound = len(disjoint_paths(c, left, right, rows, cols))
        room = sum(c.values()) // min(rows, cols)     # every chain uses at least that many coins
        if len(chosen) + min(h_bound + len(v), room) <= len(state["best"]):
            return
        for i in range(start, len(candidates)):
            p = candidates[i]
            if all(c.get(x, 0) > 0 for x in p):
                c2 = dict(c)
                for x in p:
                    c2[x] -= 1
                search(c2, chosen + [list(p)], i)

    search(dict(cap), [], 0)
    return Chains(state["best"], state["exact"])
