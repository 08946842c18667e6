"""Verb the Adjective Noun's challenge cards as printed, read back from the PDF's text positions: the names of a
card's two edge colours stay clear of its bottom corner index's panel (centred on the card, the longer pairs
ran into it)."""
from __future__ import annotations

from print_fixtures import glyphs, printed_component

CLEAR = 1.0  # mm: the least room between the colour names and the panel, on the line they share


def test_the_edge_colours_names_end_left_of_the_bottom_corner_index(tmp_path):
    out, grid, cs, sequence, sheets = printed_component(tmp_path, "verb-adjective-noun", "challenges")
    read = 0
    for page in range(sheets):
        chars = glyphs(out, page)
        for slot, piece in zip(grid.slots, sequence[page * grid.per_sheet:(page + 1) * grid.per_sheet]):
            panel = next(b for b in cs.layouts[piece.layout].boxes if b.name == "index_tab2")
            on_card = [c for c in chars
                       if slot.x <= c[1] and c[3] <= slot.right and slot.y <= c[2] and c[4] <= slot.bottom]
            bar = [c for c in on_card if c[0] == "|"]
            assert len(bar) == 1, f"{piece.id}: {len(bar)} colour lines"
            middle = (bar[0][2] + bar[0][4]) / 2
            line = sorted((c for c in on_card if abs((c[2] + c[4]) / 2 - middle) < 0.8), key=lambda c: c[1])
            fields = piece.fields
            assert "".join(c[0] for c in line) == f"{fields['left']}|{fields['right']}".replace(" ", ""), piece.id
            assert slot.y + panel.y < line[-1][4] and line[-1][2] < slot.y + panel.y + panel.h  # side by side
            gap = slot.x + panel.x - max(c[3] for c in line)
            assert gap >= CLEAR, f"{piece.id}: '{fields['left']} | {fields['right']}' ends {gap:.1f} mm from the panel"
            read += 1
    assert read == len(sequence)
