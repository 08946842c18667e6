"""Nothing a player must read prints below 6 pt: every character of every built-in game's PDF is read back
with pdfium, which reports each character's size as printed (text matrix and transforms applied)."""
from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest

from pnp.cardset.find import builtin_sets
from pnp.cardset.load import load_cardset
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import SHARED_PRINTS, printed_builtin

SMALLEST_PT = 6.0


def small_runs(pdf) -> list[tuple[int, float, str]]:
    """(page, size, text) of every run of visible characters printed below SMALLEST_PT."""
    doc = pdfium.PdfDocument(str(pdf))
    found: dict[tuple[int, float], str] = {}
    for number, page in enumerate(doc, 1):
        text = page.get_textpage()
        for i in range(text.count_chars()):
            size = pdfium_raw.FPDFText_GetFontSize(text.raw, i)
            if size >= SMALLEST_PT - 0.01:  # the size first: reading the character is the slow call
                continue
            char = text.get_text_range(i, 1)
            if char.strip():
                key = (number, round(size, 2))
                found[key] = found.get(key, "") + char
    doc.close()
    return [(page, size, run) for (page, size), run in found.items()]


@SHARED_PRINTS
@pytest.mark.parametrize("folder", builtin_sets(), ids=lambda p: p.name)
def test_no_text_below_6_pt(tmp_path_factory, folder):
    # the game as a user prints it (PrintOptions()): front matter, every front and, on their own pages, every back
    out = printed_builtin(tmp_path_factory, folder)
    doc = pdfium.PdfDocument(str(out))
    assert len(doc) > 1
    doc.close()
    small = small_runs(out)
    assert small == [], "; ".join(f"page {p}: {s:g} pt '{t[:40]}'" for p, s, t in small[:5])


def test_the_check_sees_small_text(tmp_path):
    """The reader is not blind: a 5 pt word is found, with its size, on its page."""
    from print_fixtures import write_set
    layouts = {"front": {"boxes": {"tiny": {"x": 5, "y": 5, "w": 50, "h": 5, "text": "{{ name }}", "size": 5}}}}
    folder = write_set(tmp_path / "s", layouts=layouts,
                       manifest={"components": [{"name": "deck", "size": "poker", "data": "cards.csv",
                                                 "layout": "front"}]})
    out = tmp_path / "s.pdf"
    render_pdf(load_cardset(folder), out, PrintOptions(backs="none", calibration=False))
    assert (1, 5.0, "AlphaCardAlphaCardAlphaCardAlphaCardAlphaCardBetaCardBetaCardBetaCardBetaCard") in small_runs(out)
