"""Generate the By Jove board's layout boxes (mm) from board.yaml into the set's layouts.yaml.

Run `python -m pnp.games.by_jove.board_layout` after changing the number or kinds of spaces; the
card layouts above the GENERATED marker in layouts.yaml are kept as written.
"""
from __future__ import annotations

import yaml

from pnp.games.by_jove import data
from pnp.paths import cardsets_root

CELL = 40.0          # mm per outer space
MARGIN = 5.0         # mm around the loop
SIDE = 11            # cells per side: 40 spaces around an 11 x 11 square
SIZE = SIDE * CELL + 2 * MARGIN
INNER = 30.0         # mm per maze or route space
MARKER = "# ---- GENERATED board layout (python -m pnp.games.by_jove.board_layout); do not edit below ----"


def cell(i: int) -> tuple[int, int]:
    """(column, row) of outer space i: clockwise from the Beginning in the bottom-right corner."""
    if i <= 10:
        return 10 - i, 10
    if i <= 20:
        return 0, 20 - i
    if i <= 30:
        return i - 20, 0
    return 10, i - 30


INK = "#3b2a1a"       # paths, arrows and labels
GAP = 6.0            # mm between maze and route spaces: room for the arrow that links them
ROUTE = 26.0         # mm wide route spaces, so the arrows between them fit
HEADS = {"right": "\u25b6", "left": "\u25c0", "up": "\u25b2", "down": "\u25bc"}


def turn_of(col: int, row: int) -> int:
    """How far an outer space's text turns (degrees clockwise) to face the player on its side."""
    if col in (0, 10) and row in (0, 10):
        return 0            # corners read from the bottom
    if row == 0:
        return 180
    if col == 0:
        return 90
    if col == 10:
        return 270
    return 0


def place(x: float, y: float, size: float, turn: int, u: float, v: float, w: float, h: float) -> dict:
    """A sub-box given in a square space's reading frame (u, v, w, h) as board coordinates and its turn."""
    if turn == 90:
        return {"x": x + size - v - h, "y": y + u, "w": h, "h": w, "rotate": 90}
    if turn == 270:
        return {"x": x + v, "y": y + size - u - w, "w": h, "h": w, "rotate": 270}
    if turn == 180:
        return {"x": x + size - u - w, "y": y + size - v - h, "w": w, "h": h, "rotate": 180}
    return {"x": x + u, "y": y + v, "w": w, "h": h}


def _space_boxes(key: str, ref: str, x: float, y: float, w: float, h: float, turn: int = 0,
                 note: bool = False) -> dict:
    kind = f"{ref}.kind"
    ink = f"{{{{ ink.get({kind}, '#222222') }}}}"
    boxes = {
        f"{key}_bg": {"x": x, "y": y, "w": w, "h": h, "shape": "rect", "fill": f"{{{{ palette[{kind}] }}}}",
                      "stroke": INK, "stroke_width": 0.8},
        f"{key}_name": {**place(x, y, w, turn, 1.5, 1.5, w - 3, h * 0.5 - 1.5),
                        "text": f"<b>{{{{ {ref}.name }}}}</b>", "size": 8, "min_size": 6, "align": "center",
                        "valign": "middle", "color": ink},
    }
    if note:
        boxes[f"{key}_name"].update(place(x, y, w, turn, 1.5, 1.5, w - 3, h * 0.3))
        boxes[f"{key}_note"] = {**place(x, y, w, turn, 1.5, h * 0.6, w - 3, h * 0.4 - 2.5),
                                "text": f"{{{{ {ref}.note }}}}", "size": 6.5, "min_size": 6, "align": "center",
                                "valign": "middle", "color": ink}
    # The space's kind as a silhouette too (a hero's own), so its colour never carries it alone.
    top, tall = (h * 0.3 + 2, h * 0.3 - 3) if note else (h * 0.5 + 1, h * 0.25 if key[0] == "m" else h * 0.4)
    boxes[f"{key}_icon"] = {**place(x, y, w, turn, 2, top, w - 4, tall),
                            "icon": f"{{{{ {ref}.name | lower if {kind} == 'hero' else emblem.get({kind}, '') }}}}",
                            "color": ink}
    return boxes


def arrow(key: str, x1: float, y1: float, x2: float, y2: float) -> dict:
    """A path from (x1, y1) to (x2, y2) (level or upright, mm) with an arrowhead at its end."""
    if abs(y1 - y2) < 1e-9:
        line = {"x": min(x1, x2), "y": y1 - 0.05, "w": abs(x2 - x1), "h": 0.1}
        way = "right" if x2 > x1 else "left"
    else:
        line = {"x": x1 - 0.05, "y": min(y1, y2), "w": 0.1, "h": abs(y2 - y1)}
        way = "down" if y2 > y1 else "up"
    return {f"{key}_path": {**line, "shape": "line", "stroke": INK, "stroke_width": 1.2},
            f"{key}_head": {"x": x2 - 3, "y": y2 - 3, "w": 6, "h": 6, "text": HEADS[way], "size": 11, "leading": 11,
                            "align": "center", "valign": "middle", "color": INK}}


def layout(board: data.Board | None = None) -> dict:
    """The board layout: every outer, maze and route space, the paths and arrows between them, the
    direction of travel, the title, deck places and goal."""
    board = board or data.board()
    boxes: dict[str, dict] = {}
    for i, _ in enumerate(board.spaces):
        col, row = cell(i)
        x, y = MARGIN + col * CELL, MARGIN + row * CELL
        boxes.update(_space_boxes(f"s{i:02d}", f"spaces[{i}]", x, y, CELL, CELL, turn_of(col, row), note=True))
    lo, hi = MARGIN + CELL, MARGIN + (SIDE - 1) * CELL    # the inner edge of the loop
    # Travel is clockwise from the Beginning: a path just inside the loop on every side, and a start arrow.
    for k, (x1, y1, x2, y2) in enumerate(((hi - 8, hi - 3.5, lo + 8, hi - 3.5), (lo + 3.5, hi - 8, lo + 3.5, lo + 8),
                                          (lo + 8, lo + 3.5, hi - 8, lo + 3.5), (hi - 3.5, lo + 8, hi - 3.5, hi - 8))):
        boxes.update(arrow(f"loop{k}", x1, y1, x2, y2))
    bx, by = MARGIN + (SIDE - 1) * CELL, MARGIN + (SIDE - 1) * CELL
    boxes["start_way"] = {"x": bx + 1.5, "y": by + 14, "w": CELL - 3, "h": 6, "size": 7, "align": "center",
                          "valign": "middle", "color": INK, "text": "<b>\u25c0 start: go clockwise</b>"}
    # The maze: a ring of 6 beside the Labyrinth, counterclockwise (bottom row out, top row back).
    _, lab_row = cell(board.index("labyrinth"))
    lab_y = MARGIN + lab_row * CELL
    mx, my = MARGIN + CELL + 8, lab_y - 20   # the way in and out both meet the Labyrinth space
    ring = [(0, 1), (1, 1), (2, 1), (2, 0), (1, 0), (0, 0)]
    spot = []
    for k, (c, r) in enumerate(ring):
        x, y = mx + c * (INNER + GAP), my + r * (INNER + GAP)
        spot.append((x, y))
        boxes.update(_space_boxes(f"m{k + 1}", f"maze[{k}]", x, y, INNER, INNER))
        boxes[f"m{k + 1}_no"] = {"x": x + 1, "y": y + INNER - 8, "w": INNER - 2, "h": 6, "text": f"maze {k + 1}",
                                 "size": 7, "align": "center", "color": INK}
    mid = INNER / 2
    boxes.update(arrow("maze_in", MARGIN + CELL, lab_y + 30, spot[0][0], lab_y + 30))
    for k in range(5):
        (ax, ay), (bx2, by2) = spot[k], spot[k + 1]
        if ay == by2:
            step = 1 if bx2 > ax else -1
            x1 = ax + INNER if step > 0 else ax
            boxes.update(arrow(f"maze{k + 1}", x1, ay + mid, x1 + step * GAP, ay + mid))
        else:
            boxes.update(arrow(f"maze{k + 1}", ax + mid, ay, ax + mid, by2 + INNER))
    boxes.update(arrow("maze_round", spot[5][0] + mid, spot[5][1] + INNER, spot[0][0] + mid, spot[0][1]))
    boxes.update(arrow("maze_out", spot[5][0], lab_y + 5, MARGIN + CELL, lab_y + 5))
    boxes["maze_label"] = {"x": mx, "y": my - 9, "w": 3 * INNER + 2 * GAP, "h": 8, "size": 7, "align": "center",
                           "text": "<b>THE LABYRINTH</b>: one die, counterclockwise; exact throw to leave"}
    # The Quest route: 5 spaces under the top row from the Quest space towards Scylla and Charybdis.
    q_col, _ = cell(board.index("quest"))
    s_col, _ = cell(board.index("scylla"))
    step = (s_col - q_col) * CELL / len(board.route)
    top = MARGIN + CELL + 9
    xs = [MARGIN + q_col * CELL + CELL / 2 - ROUTE / 2 + k * step for k in range(len(board.route))]
    for k, x in enumerate(xs):
        boxes.update(_space_boxes(f"q{k + 1}", f"route[{k}]", x, top, ROUTE, INNER))
        if k:
            boxes.update(arrow(f"route{k}", xs[k - 1] + ROUTE, top + INNER / 2, x, top + INNER / 2))
    boxes.update(arrow("route_in", xs[0] + ROUTE / 2, MARGIN + CELL, xs[0] + ROUTE / 2, top))
    s_mid = MARGIN + s_col * CELL + CELL / 2
    boxes.update(arrow("route_out", xs[-1] + ROUTE, top + INNER / 2, s_mid, top + INNER / 2))
    boxes.update(arrow("route_end", s_mid, top + INNER / 2, s_mid, MARGIN + CELL))
    boxes["quest_label"] = {"x": MARGIN + q_col * CELL, "y": top + INNER + 1,
                            "w": (s_col - q_col + 1) * CELL, "h": 8, "size": 7, "align": "center",
                            "text": "<b>THE QUEST</b>: one die towards Scylla and Charybdis; any big throw reaches it"}
    mid = MARGIN + SIDE * CELL / 2
    boxes["title"] = {"x": mid - 100, "y": mid - 30, "w": 200, "h": 30, "text": "<b>{{ title }}</b>", "font": "bold",
                      "size": 40, "align": "center", "valign": "middle", "color": INK}
    boxes["goal"] = {"x": mid - 100, "y": mid + 2, "w": 200, "h": 16, "size": 9, "align": "center",
                     "text": "First to hold 16 gold coins, 8 VAP awards, a Labyrinth award and a Quest award wins."}
    for k, (name, colour) in enumerate((("ORACLE", "#f5f0e1"), ("POTLUCK", "#f0a04b"))):
        x, y = mid + 30 + k * 75, MARGIN + 7 * CELL - 20
        boxes[f"deck{k}"] = {"x": x, "y": y, "w": 63, "h": 88, "shape": "rect", "fill": colour,
                             "stroke": INK, "stroke_width": 1, "radius": 3}
        boxes[f"deck{k}_icon"] = {"x": x + 16.5, "y": y + 8, "w": 30, "h": 26, "icon": name.lower(), "color": INK}
        boxes[f"deck{k}_label"] = {"x": x + 3, "y": y + 36, "w": 57, "h": 14, "text": f"<b>{name}</b>",
                                   "size": 12, "align": "center", "valign": "middle", "color": INK}
    return {"background": "#e9dcbc", "boxes": boxes}


def write() -> None:
    """Rewrite the generated part of cardsets/by-jove/layouts.yaml."""
    path = cardsets_root() / "by-jove" / "layouts.yaml"
    text = path.read_text(encoding="utf-8").split(MARKER)[0].rstrip() + "\n\n" + MARKER + "\n"
    text += yaml.safe_dump({"board": layout()}, sort_keys=False, allow_unicode=True, width=120)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write()
