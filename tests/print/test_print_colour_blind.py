"""Never colour alone: the pieces whose colour carries a rule stay distinguishable to deuteranopes, protanopes
and tritanopes. Each distinct piece is printed, rastered, and passed through the Machado et al. (2009)
dichromacy matrices (severity 1, linear RGB); two pieces pass when their simulated colours differ by a
CIELAB distance a player can see, or when each carries its own printed letter or word in ink that still
contrasts with its background."""
from __future__ import annotations

import itertools

import numpy as np
import pypdfium2 as pdfium
import pytest

from pnp.cardset.load import load_cardset
from pnp.paths import cardsets_root
from pnp.print.imposition import fit_grid
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf

DPI = 100
MM_PER_PX = 25.4 / DPI
DELTA_E = 20.0       # CIELAB distance two swatches need to be told apart by colour alone at the table
CONTRAST = 3.0       # WCAG contrast ratio between a piece's ink and its background for its mark to count

MACHADO = {  # Machado, Oliveira and Fernandes 2009, severity 1.0, applied to linear RGB
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}

# game/component whose colours carry a rule: player or owner colours, card colours matched in play
RULE_COLOURS = ["later-years/coins", "twelve-labors/markers", "twelve-labors/deck", "verb-adjective-noun/markers",
                "labors-of-herakles/tokens", "by-jove/pawns"]


def linear(rgb: np.ndarray) -> np.ndarray:
    c = rgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def simulate(rgb: np.ndarray, kind: str) -> np.ndarray:
    """Linear RGB as a dichromat of `kind` sees it (values in 0..1)."""
    return np.clip(linear(rgb) @ np.array(MACHADO[kind]).T, 0.0, 1.0)


def lab(lin: np.ndarray) -> np.ndarray:
    """CIELAB (D65) of linear RGB colours."""
    xyz = lin @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]).T
    xyz = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def contrast(l1: float, l2: float) -> float:
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def pieces_as_printed(key: str, tmp_path) -> list[tuple[str, np.ndarray, str]]:
    """(piece id, trimmed RGB raster, printed text) of one copy of each distinct piece of a component."""
    game, name = key.split("/")
    cs = load_cardset(cardsets_root() / game)
    comp = next(c for c in cs.components if c.name == name)
    for p in comp.pieces:
        p.copies = 1
    cs.components[:] = [comp]
    options = PrintOptions(calibration=False, backs="none", cut="none", bleed=0, layout="gutters", gap=2)
    out = tmp_path / f"{game}-{name}.pdf"
    render_pdf(cs, out, options)
    grid = fit_grid(options.paper, options.margins, comp.size, 0.0, 2.0, layout="gutters")
    doc = pdfium.PdfDocument(str(out))
    found = []
    rasters = {}  # each page rendered once, for all the pieces on it
    for i, piece in enumerate(comp.pieces):
        page = doc[i // grid.per_sheet]
        slot = grid.slots[i % grid.per_sheet]
        if i // grid.per_sheet not in rasters:
            rasters[i // grid.per_sheet] = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"))
        img = rasters[i // grid.per_sheet]
        x0, y0 = int(slot.x / MM_PER_PX) + 1, int(slot.y / MM_PER_PX) + 1
        x1, y1 = int(slot.right / MM_PER_PX) - 1, int(slot.bottom / MM_PER_PX) - 1
        crop = img[y0:y1, x0:x1].astype(float)
        if comp.shape == "round":  # only the disc: the corners of a round token's box are paper
            yy, xx = np.mgrid[0:crop.shape[0], 0:crop.shape[1]]
            r = min(crop.shape[:2]) / 2
            crop = crop[(yy - crop.shape[0] / 2) ** 2 + (xx - crop.shape[1] / 2) ** 2 < (0.92 * r) ** 2]
        else:
            crop = crop.reshape(-1, 3)
        ph = page.get_size()[1]
        text = page.get_textpage().get_text_bounded(slot.x / 25.4 * 72, ph - slot.bottom / 25.4 * 72,
                                                    slot.right / 25.4 * 72, ph - slot.y / 25.4 * 72)
        found.append((piece.id, crop, "".join(text.split())))
    doc.close()
    return found


def swatch_and_ink(pixels: np.ndarray, kind: str) -> tuple[np.ndarray, float]:
    """The piece's dominant simulated colour (linear RGB) and its ink's contrast against it."""
    sim = simulate(pixels, kind)
    luminance = sim @ np.array([0.2126, 0.7152, 0.0722])
    background = np.median(sim, axis=0)
    bl = float(background @ np.array([0.2126, 0.7152, 0.0722]))
    ink = max(np.percentile(luminance, 99), np.percentile(luminance, 1), key=lambda v: contrast(v, bl))
    return background, contrast(float(ink), bl)


@pytest.mark.parametrize("key", RULE_COLOURS)
def test_rule_colours_stay_distinguishable_to_colour_blind_players(tmp_path, key):
    printed = pieces_as_printed(key, tmp_path)
    problems = []
    for kind in MACHADO:
        seen = {pid: (*swatch_and_ink(px, kind), text) for pid, px, text in printed}
        for a, b in itertools.combinations(seen, 2):
            (ca, ink_a, ta), (cb, ink_b, tb) = seen[a], seen[b]
            by_colour = float(np.linalg.norm(lab(ca) - lab(cb))) >= DELTA_E
            by_mark = ta != tb and ink_a >= CONTRAST and ink_b >= CONTRAST
            if not (by_colour or by_mark):
                problems.append(f"{kind}: {a} ({ta}) and {b} ({tb})")
    assert problems == [], f"{len(problems)} pairs told apart by colour alone: " + "; ".join(problems[:4])


def test_the_simulation_merges_red_and_green_for_a_deuteranope():
    """The check can fail: Later Years' red and green coin colours fall within DELTA_E of each other when
    simulated, though a trichromat sees them far apart."""
    red, green = np.array([[0xc0, 0x39, 0x2b]], float), np.array([[0x2e, 0x7d, 0x32]], float)
    seen = float(np.linalg.norm(lab(simulate(red, "deuteranopia")) - lab(simulate(green, "deuteranopia"))))
    normal = float(np.linalg.norm(lab(linear(red)) - lab(linear(green))))
    assert seen < DELTA_E < normal


def test_twelve_labors_board_names_each_labors_border_colour(tmp_path):
    """The board's labour borders carry their colour's name, one per labour, besides the colour itself."""
    cs = load_cardset(cardsets_root() / "twelve-labors")
    board = next(c for c in cs.components if c.name == "board")
    cs.components[:] = [board]
    out = tmp_path / "board.pdf"
    render_pdf(cs, out, PrintOptions(calibration=False, backs="none", paper=(330.0, 450.0)))
    doc = pdfium.PdfDocument(str(out))
    words = " ".join(page.get_textpage().get_text_range() for page in doc).split()
    doc.close()
    labors = board.pieces[0].fields["labors"]
    for colour in {lab["colour"] for lab in labors}:
        assert words.count(colour.upper()) == sum(lab["colour"] == colour for lab in labors), colour
