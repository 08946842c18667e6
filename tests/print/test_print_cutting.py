"""Paper and cutting: small components share sheets, round tokens are common punch sizes with a tinted cut
circle, and cards whose edge colour the game reads never share a cut line."""
from __future__ import annotations

import itertools

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.cardset.find import builtin_sets
from pnp.cardset.load import load_cardset
from pnp.paths import cardsets_root
from pnp.print.imposition import fit_grid
from pnp.print.options import PrintOptions
from pnp.print.render import effective_options, render_pdf
from print_fixtures import write_set

PUNCH_MM = (12.7, 15.875, 19.05, 25.4, 31.75, 38.1, 50.8)  # circle punches sold for crafts: 1/2 to 2 inch


def test_micro_hero_fits_its_55_cards_on_7_sheets(tmp_path):
    cs = load_cardset(cardsets_root() / "micro-hero")
    assert len(cs.components) == 8 and cs.count == 55
    res = render_pdf(cs, tmp_path / "mh.pdf", PrintOptions(calibration=False))
    assert res.sheets == 7  # ceil(55 / 9): no component starts a sheet of its own


def test_small_components_of_one_size_share_a_sheet(tmp_path):
    comps = [{"name": n, "size": "poker", "data": "cards.csv", "layout": "front", "back": {"layout": "back"}}
             for n in ("one", "two")]
    folder = write_set(tmp_path / "s", manifest={"components": comps},
                       cards="id,name,copies\nalpha,Alpha Card,2\nbeta,Beta Card,2\n")
    out = tmp_path / "s.pdf"
    res = render_pdf(load_cardset(folder), out, PrintOptions(calibration=False, backs="none"))
    assert res.sheets == 1 and res.cards == 8
    doc = pdfium.PdfDocument(str(out))
    text = doc[0].get_textpage().get_text_range()
    doc.close()
    assert text.count("Alpha Card") == 4 and text.count("Beta Card") == 4


@pytest.mark.parametrize("folder", builtin_sets(), ids=lambda p: p.name)
def test_round_tokens_are_a_common_punch_size(folder):
    for comp in load_cardset(folder).components:
        if comp.shape == "round":
            w, h = comp.size
            assert w == h and any(abs(w - p) < 0.05 for p in PUNCH_MM), f"{comp.name}: {w:g} mm across"


def test_a_round_tokens_cut_circle_is_tinted_not_black(tmp_path):
    folder = write_set(tmp_path / "t", manifest={"components": [
        {"name": "t", "type": "tokens", "shape": "round", "size": [25.4, 25.4], "data": "cards.csv",
         "layout": "blank"}]}, layouts={"blank": {"background": "#ffffff", "boxes": {}}},
        cards="id,copies\nt,1\n")
    out = tmp_path / "t.pdf"
    options = PrintOptions(calibration=False, backs="none", bleed=0, cut="lines")
    render_pdf(load_cardset(folder), out, options)
    grid = fit_grid(options.paper, options.margins, (25.4, 25.4), 0.0)
    slot = grid.slots[0]
    doc = pdfium.PdfDocument(str(out))
    img = np.asarray(doc[0].render(scale=300 / 72).to_pil().convert("RGB")).astype(int)
    doc.close()
    px = 25.4 / 300
    cx, cy, r = (slot.x + slot.w / 2) / px, (slot.y + slot.h / 2) / px, slot.w / 2 / px
    ring = [img[int(round(cy + r * np.sin(t))), int(round(cx + r * np.cos(t)))] for t in np.linspace(0.3, 1.2, 40)]
    darkest = min(ring, key=lambda c: c.sum())
    assert darkest.sum() < 3 * 235, "no cut circle printed"
    assert darkest[2] - darkest[0] > 30 and darkest.max() > 120, f"cut circle {darkest} is not a tint"


def test_verb_the_adjective_noun_never_butts_two_edge_colours(tmp_path):
    """The game matches cards by edge colour: by default every card keeps its own bleed, so no cut line is
    shared by two cards; asking for packed still packs."""
    cs = load_cardset(cardsets_root() / "verb-adjective-noun")
    comp = next(c for c in cs.components if c.name == "challenges")
    options = effective_options(cs, PrintOptions())
    grid = fit_grid(options.paper, options.margins, comp.size, cs.bleed, options.gap, layout=options.layout)
    assert grid.layout == "gutters" and grid.per_sheet >= 8
    for a, b in itertools.combinations(grid.slots, 2):
        apart_x = max(a.x - b.right, b.x - a.right)
        apart_y = max(a.y - b.bottom, b.y - a.bottom)
        assert max(apart_x, apart_y) >= 2 * cs.bleed - 1e-6, "two cards share a cut line"
    packed = effective_options(cs, PrintOptions(layout="packed"), explicit={"layout"})
    assert packed.layout == "packed"
