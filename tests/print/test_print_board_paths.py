"""The By Jove board can be followed: a path with an arrowhead joins every space to the next along each route
(the Labyrinth's ring, in and out; the Quest from its space to Scylla and Charybdis), the loop shows its
direction from the Beginning, and the side columns' labels face the players on those sides (read back
from the printed PDF's character angles)."""
from __future__ import annotations

import math

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest

from pnp.cardset.load import load_cardset
from pnp.games.by_jove import board_layout, data
from pnp.paths import cardsets_root
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf

MM = 25.4 / 72
HEAD = {"\u25b6": (1, 0), "\u25c0": (-1, 0), "\u25b2": (0, -1), "\u25bc": (0, 1)}


def arrows(boxes: dict) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    """(start, end) of every path drawn with an arrowhead at its end, by name, in board mm (y down)."""
    out = {}
    for key, head in boxes.items():
        if not key.endswith("_head"):
            continue
        line = boxes[key[:-5] + "_path"]
        end = (head["x"] + head["w"] / 2, head["y"] + head["h"] / 2)
        ends = [(line["x"], line["y"]), (line["x"] + line["w"], line["y"] + line["h"])]
        ends = [(x, y + 0.05) if line["h"] < 1 else (x + 0.05, y) for x, y in ends]
        start = max(ends, key=lambda p: math.dist(p, end))
        dx, dy = HEAD[head["text"]]
        assert (end[0] - start[0]) * dx + (end[1] - start[1]) * dy > 0, f"{key} points against its path"
        out[key[:-5]] = (start, end)
    return out


def rect(boxes: dict, key: str) -> tuple[float, float, float, float]:
    b = boxes[f"{key}_bg"]
    return b["x"], b["y"], b["x"] + b["w"], b["y"] + b["h"]


def on_edge(point, r, tol=0.6) -> bool:
    """The point lies on the rectangle's border (a path starts or ends at a space's edge)."""
    x, y = point
    x0, y0, x1, y1 = r
    inside = x0 - tol <= x <= x1 + tol and y0 - tol <= y <= y1 + tol
    return inside and min(abs(x - x0), abs(x - x1), abs(y - y0), abs(y - y1)) <= tol


def joined(links, a, b) -> bool:
    return any(on_edge(s, a) and on_edge(e, b) for s, e in links)


def test_every_route_is_a_path_of_arrows():
    board = data.board()
    boxes = board_layout.layout(board)["boxes"]
    links = list(arrows(boxes).values())
    outer = lambda name: rect(boxes, f"s{board.index(name):02d}")  # noqa: E731
    maze = [rect(boxes, f"m{k + 1}") for k in range(len(board.maze))]
    route = [rect(boxes, f"q{k + 1}") for k in range(len(board.route))]
    assert joined(links, outer("labyrinth"), maze[0]), "no way into the Labyrinth"
    for a, b in zip(maze, maze[1:] + maze[:1]):  # counterclockwise round the ring, and round again
        assert joined(links, a, b)
    assert joined(links, maze[-1], outer("labyrinth")), "no way out of the Labyrinth"
    assert joined(links, outer("quest"), route[0]), "no way into the Quest"
    for a, b in zip(route, route[1:]):
        assert joined(links, a, b)
    ends = [e for s, e in links if on_edge(s, route[-1])]
    assert any(on_edge(e2, outer("scylla")) for s2, e2 in links for e in ends if math.dist(s2, e) < 0.6), \
        "the Quest does not lead to Scylla and Charybdis"


def test_the_loop_shows_its_direction_from_the_beginning():
    board = data.board()
    boxes = board_layout.layout(board)["boxes"]
    loop = [a for key, a in arrows(boxes).items() if key.startswith("loop")]
    beginning = rect(boxes, f"s{board.index('beginning'):02d}")
    first = board_layout.cell(1)  # the space after the Beginning, clockwise
    way = (first[0] - board_layout.cell(0)[0], first[1] - board_layout.cell(0)[1])
    nearest = min(loop, key=lambda a: math.dist(a[0], (beginning[0], beginning[1])))
    assert (nearest[1][0] - nearest[0][0]) * way[0] + (nearest[1][1] - nearest[0][1]) * way[1] > 0
    assert len(loop) == 4
    assert "start" in boxes["start_way"]["text"] and "\u25c0" in boxes["start_way"]["text"]


@pytest.fixture(scope="module")
def board_pdf(tmp_path_factory):
    cs = load_cardset(cardsets_root() / "by-jove")
    cs.components[:] = [c for c in cs.components if c.name == "board"]
    out = tmp_path_factory.mktemp("board") / "board.pdf"
    render_pdf(cs, out, PrintOptions(calibration=False, backs="none", paper=(470.0, 470.0)))
    return out


def test_side_column_labels_face_outward(board_pdf):
    """Left column: a quarter turn clockwise (read from the left edge); right column: anticlockwise; top row
    upside down; bottom row upright. Read from the printed characters' angles inside each space."""
    board = data.board()
    boxes = board_layout.layout(board)["boxes"]
    doc = pdfium.PdfDocument(str(board_pdf))
    page = doc[0]
    text = page.get_textpage()
    ph = page.get_size()[1]
    offset = (470.0 - board_layout.SIZE) / 2  # the board is centred on the page
    angles: dict[str, set[int]] = {"left": set(), "right": set(), "top": set(), "bottom": set()}
    for i, space in enumerate(board.spaces):
        col, row = board_layout.cell(i)
        if col in (0, 10) and row in (0, 10):
            continue
        side = "left" if col == 0 else "right" if col == 10 else "top" if row == 0 else "bottom"
        x0, y0, x1, y1 = rect(boxes, f"s{i:02d}")
        search = text.search(space.name, match_case=True)
        seen = []
        while (found := search.get_next()) is not None:
            left, bottom, right, top = text.get_charbox(found[0])
            cx, cy = (left + right) / 2 * MM - offset, (ph - (top + bottom) / 2) * MM - offset
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                seen.append(round(math.degrees(pdfium_raw.FPDFText_GetCharAngle(text.raw, found[0]))) % 360)
        assert seen, f"{space.name} not printed in its space"
        angles[side].update(seen)
    doc.close()
    # pdfium's angle turns clockwise as the page is seen: 90 is a quarter turn clockwise
    assert angles == {"left": {90}, "right": {270}, "top": {180}, "bottom": {0}}
