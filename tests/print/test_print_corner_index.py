"""Cards held in hand carry a corner index (value and name) within ~4 mm of the top-left corner, and the same
index turned 180 degrees in the bottom-right corner, point-symmetric about the card's centre; read from the
text positions pdfium finds in the printed PDF."""
from __future__ import annotations

import pytest

from print_fixtures import glyphs, printed_component

CORNER = 4.5      # mm: the index's first glyph is at most this far from both edges of its corner
REGION = (25.0, 18.5)  # mm: the corner area read as the index, wide and tall
SYMMETRY = 0.35   # mm: each glyph's twin, turned about the card's centre, lands this close

# game, component, the index's value and name from a card's fields
HANDS = {
    "later-years/deck": lambda f: (f"+{f['draw']}" if f["kind"] == "draw" else str(f["value"]), f["name"]),
    "verb-adjective-noun/challenges": lambda f: (str(f["laurels"]), f["word"]),
    "hera-zeus/decks": lambda f: ("\u2726" if f.get("strength") is None else str(f["strength"]), f["name"]),
    "twelve-labors/deck": lambda f: (str(f["value"]), f["colour"].upper()),
    "twelve-labors/actions": lambda f: (str(f["step"]), f["action"].upper()),
    "labors-of-herakles/adventures": lambda f: (str(f["value"]), f["name"]),
}


@pytest.mark.parametrize("key", sorted(HANDS))
def test_hand_cards_have_a_point_symmetric_corner_index(tmp_path, key):
    out, grid, _, sequence, pages = printed_component(tmp_path, *key.split("/"))
    seen = 0
    for page in range(pages):
        chars = glyphs(out, page)
        for i, slot in enumerate(grid.slots):
            index = page * grid.per_sheet + i
            if index >= len(sequence):
                break
            piece = sequence[index]
            value, name = HANDS[key](piece.fields)
            rw, rh = REGION
            top_left = [c for c in chars if slot.x <= c[1] and c[3] <= slot.x + rw
                        and slot.y <= c[2] and c[4] <= slot.y + rh]
            bottom_right = [c for c in chars if slot.right - rw <= c[1] and c[3] <= slot.right
                            and slot.bottom - rh <= c[2] and c[4] <= slot.bottom]
            assert top_left, f"{piece.id}: no corner index"
            assert min(c[1] for c in top_left) - slot.x <= CORNER, f"{piece.id}: index too far from the left edge"
            assert min(c[2] for c in top_left) - slot.y <= CORNER, f"{piece.id}: index too far from the top edge"
            assert value in "".join(c[0] for c in top_left), f"{piece.id}: no value {value} in the index"
            assert name.replace(" ", "") in "".join(c[0] for c in top_left), f"{piece.id}: no name in the index"
            cx, cy = slot.x + slot.w / 2, slot.y + slot.h / 2
            for ch, left, top, right, bottom in top_left:  # turned about the centre: left<->right, top<->bottom
                twin = (2 * cx - right, 2 * cy - bottom, 2 * cx - left, 2 * cy - top)
                assert any(c[0] == ch and all(abs(a - b) <= SYMMETRY for a, b in zip(c[1:], twin))
                           for c in bottom_right), f"{piece.id}: '{ch}' has no turned twin in the opposite corner"
            seen += 1
    assert seen == len(sequence)  # every card of the deck was read
