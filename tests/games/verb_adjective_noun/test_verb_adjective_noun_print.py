"""Verb the Adjective Noun's challenge cards as printed, read back from the PDF's text positions: the names of a
card's two edge colours stay clear of its bottom corner index's panel (centred on the card, the longer pairs
ran into it)."""
from __future__ import annotations

from pnp.cardset.load import load_cardset
from pnp.paths import cardsets_root
from pnp.print.imposition import fit_grid
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import glyphs

CLEAR = 1.0  # mm: the least room between the colour names and the panel, on the line they share


def test_the_edge_colours_names_end_left_of_the_bottom_corner_index(tmp_path):
    cs = load_cardset(cardsets_root() / "verb-adjective-noun")
    comp = next(c for c in cs.components if c.name == "challenges")
    cs.components[:] = [comp]
    options = PrintOptions(calibration=False, backs="none")
    out = tmp_path / "challenges.pdf"
    render_pdf(cs, out, options)
    grid = fit_grid(options.paper, options.margins, comp.size, cs.bleed)
    sequence = [p for p in comp.pieces for _ in range(p.copies)]
    read = 0
    for page in range(-(-len(sequence) // grid.per_sheet)):
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
