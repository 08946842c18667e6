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


def _space_boxes(key: str, ref: str, x: float, y: float, w: float, h: float, rotate: int = 0) -> dict:
    kind = f"{ref}.kind"
    fill = f"{{{{ palette[{kind}] }}}}"
    ink = f"{{{{ ink.get({kind}, '#222222') }}}}"
    boxes = {
        f"{key}_bg": {"x": x, "y": y, "w": w, "h": h, "shape": "rect", "fill": fill, "stroke": "#3b2a1a",
                      "stroke_width": 0.8},
        f"{key}_name": {"x": x + 1.5, "y": y + (h * 0.45 if rotate else 1.5), "w": w - 3, "h": h * 0.5 - 1.5,
                        "text": f"<b>{{{{ {ref}.name }}}}</b>", "size": 8, "min_size": 6, "align": "center",
                        "valign": "middle", "color": ink},
    }
    if rotate:
        boxes[f"{key}_name"]["rotate"] = 180
    return boxes


def layout(board: data.Board | None = None) -> dict:
    """The board layout: every outer, maze and route space plus the title, deck places and goal."""
    board = board or data.board()
    boxes: dict[str, dict] = {}
    for i, _ in enumerate(board.spaces):
        col, row = cell(i)
        x, y = MARGIN + col * CELL, MARGIN + row * CELL
        rot = 180 if row == 0 and col not in (0, 10) else 0   # top row reads from the far side
        ref = f"spaces[{i}]"
        boxes.update(_space_boxes(f"s{i:02d}", ref, x, y, CELL, CELL, rot))
        note = {"x": x + 1.5, "y": y + (1.5 if rot else CELL * 0.5), "w": CELL - 3, "h": CELL * 0.5 - 2.5,
                "text": f"{{{{ {ref}.note }}}}", "size": 6.5, "min_size": 6, "align": "center",
                "valign": "middle", "color": f"{{{{ ink.get({ref}.kind, '#222222') }}}}"}
        if rot:
            note["rotate"] = 180
        boxes[f"s{i:02d}_note"] = note
    # The maze: a ring of 6 beside the Labyrinth, counterclockwise (bottom row out, top row back).
    _, lab_row = cell(board.index("labyrinth"))
    mx, my = MARGIN + CELL + 6, MARGIN + lab_row * CELL - INNER * 0.5
    ring = [(0, 1), (1, 1), (2, 1), (2, 0), (1, 0), (0, 0)]
    for k, (c, r) in enumerate(ring):
        x, y = mx + c * (INNER + 3), my + r * (INNER + 3)
        ref = f"maze[{k}]"
        boxes.update(_space_boxes(f"m{k + 1}", ref, x, y, INNER, INNER))
        boxes[f"m{k + 1}_no"] = {"x": x + 1, "y": y + INNER - 8, "w": INNER - 2, "h": 6, "text": f"maze {k + 1}",
                                 "size": 7, "align": "center", "color": "#3b2a1a"}
    boxes["maze_label"] = {"x": mx, "y": my - 9, "w": 3 * INNER + 6, "h": 8, "size": 7, "align": "center",
                           "text": "<b>THE LABYRINTH</b>: one die, counterclockwise; exact throw to leave"}
    # The Quest route: 5 spaces under the top row from the Quest space towards Scylla and Charybdis.
    q_col, _ = cell(board.index("quest"))
    s_col, _ = cell(board.index("scylla"))
    step = (s_col - q_col) * CELL / len(board.route)
    for k, _ in enumerate(board.route):
        x, y = MARGIN + q_col * CELL + k * step + (step - INNER) / 2 + CELL / 2, MARGIN + CELL + 6
        boxes.update(_space_boxes(f"q{k + 1}", f"route[{k}]", x, y, INNER, INNER))
    boxes["quest_label"] = {"x": MARGIN + q_col * CELL, "y": MARGIN + CELL + 6 + INNER + 1,
                            "w": (s_col - q_col + 1) * CELL, "h": 8, "size": 7, "align": "center",
                            "text": "<b>THE QUEST</b>: one die towards Scylla and Charybdis; any big throw reaches it"}
    mid = MARGIN + SIDE * CELL / 2
    boxes["title"] = {"x": mid - 100, "y": mid - 30, "w": 200, "h": 30, "text": "<b>{{ title }}</b>", "font": "bold",
                      "size": 40, "align": "center", "valign": "middle", "color": "#3b2a1a"}
    boxes["goal"] = {"x": mid - 100, "y": mid + 2, "w": 200, "h": 16, "size": 9, "align": "center",
                     "text": "First to hold 16 gold coins, 8 VAP awards, a Labyrinth award and a Quest award wins."}
    for k, (name, colour) in enumerate((("ORACLE", "#f5f0e1"), ("POTLUCK", "#f0a04b"))):
        x, y = mid + 30 + k * 75, MARGIN + 7 * CELL - 20
        boxes[f"deck{k}"] = {"x": x, "y": y, "w": 63, "h": 88, "shape": "rect", "fill": colour,
                             "stroke": "#3b2a1a", "stroke_width": 1, "radius": 3}
        boxes[f"deck{k}_label"] = {"x": x + 3, "y": y + 36, "w": 57, "h": 14, "text": f"<b>{name}</b>",
                                   "size": 12, "align": "center", "valign": "middle", "color": "#3b2a1a"}
    return {"background": "#e9dcbc", "boxes": boxes}


def write() -> None:
    """Rewrite the generated part of cardsets/by-jove/layouts.yaml."""
    path = cardsets_root() / "by-jove" / "layouts.yaml"
    text = path.read_text(encoding="utf-8").split(MARKER)[0].rstrip() + "\n\n" + MARKER + "\n"
    text += yaml.safe_dump({"board": layout()}, sort_keys=False, allow_unicode=True, width=120)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write()
