"""Small card sets written into a temporary folder for print-engine tests."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

TRIM = "#00c000"      # fills exactly the trim box of a front
BLEED = "#c00000"     # the background, running into the bleed
BACK = "#0000c0"      # fills exactly the trim box of a back
MARK = "#e0e000"      # a 10 mm square at the back's top-left corner (shows rotation)
DECK_BLEED = "#808080"  # write_deck: the fronts' bleed
DECK_MARK = "#000000"   # write_deck: an 8 mm square in each back's top-left corner (shows the back reads upright)


def palette(n):
    """n clearly different colours, none grey, white or black."""
    levels = (0, 80, 160, 240)
    out = [(r, g, b) for r in levels for g in levels for b in levels if len({r, g, b}) > 1 and r + g + b > 100]
    assert n <= len(out)
    return ["#%02x%02x%02x" % c for c in out[:n]]


def write_deck(folder, size, count):
    """A deck of `count` cards, card i with front colour i*2 and back colour i*2+1 of the palette."""
    folder.mkdir(parents=True)
    w, h = size
    colours = palette(2 * count)
    rows = "".join(f"c{i},{colours[2 * i]},{colours[2 * i + 1]}\n" for i in range(count))
    (folder / "cards.csv").write_text("id,face,rear\n" + rows)
    layouts = {"front": {"background": DECK_BLEED, "boxes": {
                   "trim": {"x": 0, "y": 0, "w": w, "h": h, "shape": "rect", "fill": "{{ face }}"}}},
               "back": {"background": "#ffffff", "boxes": {
                   "trim": {"x": 0, "y": 0, "w": w, "h": h, "shape": "rect", "fill": "{{ rear }}"},
                   "mark": {"x": 0, "y": 0, "w": 8, "h": 8, "shape": "rect", "fill": DECK_MARK}}}}
    (folder / "layouts.yaml").write_text(yaml.safe_dump(layouts, sort_keys=False))
    (folder / "cardset.yaml").write_text(yaml.safe_dump({
        "name": "Duplex", "slug": "duplex", "bleed": 3, "layouts": "layouts.yaml",
        "components": [{"name": "deck", "type": "cards", "size": [w, h], "data": "cards.csv",
                        "layout": "front", "back": {"layout": "back"}}]}))
    return colours


def write_set(folder: Path, *, manifest: dict | None = None, layouts: dict | None = None,
              cards: str | None = None, files: dict | None = None) -> Path:
    """Write a card set: cardset.yaml, layouts.yaml, cards.csv and extra files."""
    folder.mkdir(parents=True, exist_ok=True)
    base = {"name": "Test Set", "slug": folder.name, "bleed": 3, "layouts": "layouts.yaml",
            "components": [{"name": "deck", "type": "cards", "size": "poker", "data": "cards.csv",
                            "layout": "front", "back": {"layout": "back"}}]}
    base.update(manifest or {})
    (folder / "cardset.yaml").write_text(yaml.safe_dump(base, sort_keys=False))
    lay = {"front": {"background": BLEED, "boxes": {
                "trim": {"x": 0, "y": 0, "w": 63, "h": 88, "shape": "rect", "fill": TRIM},
                "name": {"x": 5, "y": 5, "w": 53, "h": 10, "text": "{{ name }}", "size": 10}}},
           "back": {"background": "#ffffff", "boxes": {
                "trim": {"x": 0, "y": 0, "w": 63, "h": 88, "shape": "rect", "fill": BACK},
                "mark": {"x": 0, "y": 0, "w": 10, "h": 10, "shape": "rect", "fill": MARK}}}}
    if layouts is not None:
        lay = layouts
    (folder / "layouts.yaml").write_text(yaml.safe_dump(lay, sort_keys=False))
    (folder / "cards.csv").write_text(cards if cards is not None else
                                      "id,name,copies\nalpha,Alpha Card,5\nbeta,Beta Card,4\n")
    for name, content in (files or {}).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content)
    return folder


def validate(folder) -> tuple[int, str]:
    """`pnp validate FOLDER`: (exit code, output)."""
    from click.testing import CliRunner

    from pnp.cli.main import main
    res = CliRunner().invoke(main, ["validate", str(folder)])
    return res.exit_code, res.output


def pdf_text(pdf) -> str:
    """All pages' text (pdfium, some 40 times faster than pypdf's extract_text), whitespace folded to single spaces."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf))
    text = " ".join(" ".join(page.get_textpage().get_text_range() for page in doc).split())
    doc.close()
    return text


PT_MM = 25.4 / 72  # mm per PDF point


def glyphs(pdf, page_no: int) -> list[tuple[str, float, float, float, float]]:
    """(char, left, top, right, bottom) in mm from the page's top-left, for every visible character."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf))
    page = doc[page_no]
    ph = page.get_size()[1]
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch.strip():
            left, bottom, right, top = text.get_charbox(i)
            out.append((ch, left * PT_MM, (ph - top) * PT_MM, right * PT_MM, (ph - bottom) * PT_MM))
    doc.close()
    return out


def printed_component(tmp_path, game: str, name: str):
    """A built-in game's component printed alone on A4, no backs or calibration sheet: (pdf, grid, the card set,
    its pieces in print order (each copy once), the number of sheets)."""
    from pnp.cardset.load import load_cardset
    from pnp.paths import cardsets_root
    from pnp.print.imposition import fit_grid
    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf
    cs = load_cardset(cardsets_root() / game)
    comp = next(c for c in cs.components if c.name == name)
    cs.components[:] = [comp]
    options = PrintOptions(calibration=False, backs="none")
    out = tmp_path / f"{game}-{name}.pdf"
    render_pdf(cs, out, options)
    grid = fit_grid(options.paper, options.margins, comp.size, cs.bleed)
    sequence = [p for p in comp.pieces for _ in range(p.copies)]
    return out, grid, cs, sequence, -(-len(sequence) // grid.per_sheet)


_PRINTED: dict[tuple, Path] = {}
# tests reading printed_builtin's PDFs carry this mark, so that in parallel one worker runs them all and prints each once
SHARED_PRINTS = pytest.mark.xdist_group("builtin-prints")


def printed_builtin(tmp_path_factory, folder: Path, **options) -> Path:
    """The PDF of the built-in card set in `folder` printed whole with PrintOptions(**options), rendered once per
    session (per xdist worker) and shared by every test asking for the same set and options: read-only, to be read."""
    key = (str(folder), tuple(sorted(options.items())))
    if key not in _PRINTED:
        from pnp.cardset.load import load_cardset
        from pnp.print.options import PrintOptions
        from pnp.print.render import render_pdf
        out = tmp_path_factory.mktemp("printed") / f"{Path(folder).name}.pdf"
        render_pdf(load_cardset(folder), out, PrintOptions(**options))
        out.chmod(0o444)
        _PRINTED[key] = out
    return _PRINTED[key]
