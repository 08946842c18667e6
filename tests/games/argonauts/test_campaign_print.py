"""Argonauts print: every card in the PDF, 52 + 2 cards, generated data in sync, ticks visible on raster."""
from __future__ import annotations

import re

import pytest
import yaml

from pnp.games.argonauts import campaign as service, campaign_printdata as printdata
from pnp.games.argonauts.campaign_cards import load_cards
from pnp.games.argonauts.campaign_print import print_campaign
from pnp.paths import cardsets_root
from pnp.print.imposition import fit_grid

import pypdfium2 as pdfium

DATA = load_cards()
DPI = 150
BLEED, MARGINS, A4 = 3.0, (5.0, 5.0, 5.0, 5.0), (210.0, 297.0)


def _texts(pdf_path) -> list[str]:
    """Each page's text (pypdfium2: fast), whitespace collapsed."""
    doc = pdfium.PdfDocument(str(pdf_path))
    texts = [re.sub(r"\s+", " ", page.get_textpage().get_text_range()) for page in doc]
    doc.close()
    return texts


def test_generated_print_data_matches_the_card_data():
    folder = cardsets_root() / "argonauts"
    for name, rows in zip(printdata.FILES, (printdata.adventure_rows(DATA), printdata.player_rows(DATA))):
        committed = yaml.safe_load((folder / name).read_text(encoding="utf-8"))["cards"]
        assert committed == rows, f"{name} is stale: run python -m pnp.games.argonauts.campaign_printdata"


@pytest.fixture(scope="module")
def campaign_pdf(tmp_path_factory):
    """A campaign after two wins and a loss, printed as it now stands."""
    tmp = tmp_path_factory.mktemp("print")
    store = tmp / "s.db"
    service.new(store, "voyage", "Jason")
    service.win(store, None, "Harpies, Birds of Ares", "homecoming")
    service.win(store, None, "Harpies", "rocks")
    service.loss(store)
    result = print_campaign(store, None, tmp / "out")
    return result, store


def test_every_card_name_is_printed_and_54_cards(campaign_pdf):
    result, _ = campaign_pdf
    assert result["cards"] == 52 + 2
    text = " ".join(_texts(result["files"][0]))
    for card in DATA.cards:
        assert card.name in text, card.name
    for deed in DATA.deeds:
        assert deed.name in text, deed.name
    assert "HEROIC DEEDS" in text and "LOSSES" in text and "HELLO, I AM" in text
    assert "Hero: Jason" in text


def test_builtin_print_has_all_cards(tmp_path):
    from pnp.print.job import print_sets
    result = print_sets(["argonauts"], False, tmp_path, {}).to_dict()
    assert result["cards"] == 54
    pages = _texts(result["files"][0])
    text = " ".join(pages)
    assert all(c.name in text for c in DATA.cards)
    # one back for deck and reserve (rulebook: reserve cards are told by the symbol on their front only)
    assert not any("RESERVE" in p for p in pages)
    from pnp.cardset.find import resolve_set
    from pnp.cardset.load import load_cardset
    adventure = next(c for c in load_cardset(resolve_set("argonauts")).components if c.name == "adventure")
    assert {p.back_layout for p in adventure.pieces} == {"adventure-back"}
    assert sum(p.fields["reserve"] for p in adventure.pieces) == 22      # ... each with the red R on its front


def _page_image(pdf_path, contains: str):
    """(rendered page, its paper size in mm) of the first page whose text contains `contains`."""
    texts = _texts(pdf_path)
    index = next(i for i, t in enumerate(texts) if contains in t)
    doc = pdfium.PdfDocument(str(pdf_path))
    page = doc[index]
    w_pt, h_pt = page.get_size()
    img = page.render(scale=DPI / 72).to_pil().convert("L")
    return img, (w_pt / 72 * 25.4, h_pt / 72 * 25.4)


def _ink(img, x_mm, y_mm, w_mm, h_mm) -> float:
    """Share of dark pixels inside a box given in page mm (from the top-left)."""
    px = DPI / 25.4
    box = img.crop((round(x_mm * px), round(y_mm * px), round((x_mm + w_mm) * px), round((y_mm + h_mm) * px)))
    data = box.tobytes()
    return sum(v < 110 for v in data) / len(data)


def _slot(paper, size, n=0):
    grid = fit_grid(A4, MARGINS, size, BLEED)
    assert tuple(round(v) for v in grid.paper) == tuple(round(v) for v in paper)
    return grid.slots[n]


def test_ticked_level_boxes_show_on_raster(campaign_pdf):
    result, store = campaign_pdf
    harpies = next(c for c in service.deck(store) if c["id"] == "harpies")
    assert harpies["level"] == 3
    img, paper = _page_image(result["files"][0], "Harpies")
    slot = _slot(paper, (63.0, 88.0))  # Harpies is the first card of the first sheet
    inks = [_ink(img, slot.x + 16 + 7.5 * i + 1.0, slot.y + 45.5 + 1.0, 3.0, 3.0) for i in range(6)]
    assert all(v > 0.08 for v in inks[:3]), inks
    assert all(v < 0.01 for v in inks[3:]), inks
    second = _slot(paper, (63.0, 88.0), 1)  # Clashing Rocks, untouched: only box 1, printed ticked
    clashing = [_ink(img, second.x + 16 + 7.5 * i + 1.0, second.y + 45.5 + 1.0, 3.0, 3.0) for i in range(6)]
    assert clashing[0] > 0.08 and all(v < 0.01 for v in clashing[1:]), clashing


def test_ticked_deeds_and_losses_show_on_raster(campaign_pdf):
    result, _ = campaign_pdf
    img, paper = _page_image(result["files"][0], "HEROIC DEEDS")
    slot = _slot(paper, (70.0, 120.0))
    deeds = [_ink(img, slot.x + 6 + 0.9, slot.y + 24 + 5.6 * i + 0.9, 2.7, 2.7) for i in range(10)]
    ticked = [i for i, v in enumerate(deeds) if v > 0.08]
    assert ticked == [0, 1, 9], deeds  # Harpies (granted), Clashing Rocks and Homecoming (chosen)
    assert all(deeds[i] < 0.01 for i in range(10) if i not in ticked), deeds
    back, paper = _page_image(result["files"][0], "LOSSES")
    # duplex-long: the back sits mirrored left-right behind its front
    bx = paper[0] - slot.x - 70.0
    losses = [_ink(back, bx + 8 + 7 * i + 1.0, slot.y + 30 + 1.0, 3.0, 3.0) for i in range(3)]
    assert losses[0] > 0.08 and losses[1] < 0.01 and losses[2] < 0.01, losses
