"""Vector cards near the floor: 500 data-driven cards with justified text and inline icons, pnp against the same
cards drawn with plain reportlab calls, in one run.

Run: python bench/print_bench_vector.py [--runs 7] [--svg]
Both sides draw 500 distinct poker cards (coloured background, rounded panel, centred bold name, a value in
a disc, a kind line, a justified rules paragraph with two inline icons) onto A4 sheets with a shared back,
and write the PDF. With --svg the two icons are SVG files that pnp draws as vectors, and the plain
reportlab side draws the same discs with canvas.circle. Times are in one warm process (reportlab imported and fonts registered once, before
timing), medians of --runs; a fresh-process first render of pnp (import and font loading included) is
printed too.

Figures (CPU time, 7 runs, 2 shared cores at load average 10 to 12, 4 December 2026): --svg 1,786 cards/s,
1.19x reportlab; PNG icons 1,656 to 1,959 cards/s, 1.23x to 1.33x. Before text boxes became one PDF text
object each (a justified line had been one per word), the same load gave 1,313 cards/s, 1.68x (--svg) and
1,190 cards/s, 1.82x (PNG). Wall-clock figures follow the machine's load; compare the CPU column.
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

N = 500
COLOURS = ["#b3261e", "#1f4e9c", "#2e7d32", "#d4a017", "#6a3d9a"]


def card_rows(n: int = N) -> list[dict]:
    """The data both sides draw."""
    return [{"id": f"c{i}", "name": f"Card number {i}", "kind": f"Kind {i % 7}", "colour": COLOURS[i % 5],
             "value": str(i % 10),
             "power": f"Gain {i % 4} :laurel: laurels and move {i % 3} :ship: spaces along the coast; then draw "
                      f"a card if you can and discard one at the end of the round."} for i in range(n)]


ICON_COLOURS = (("laurel", (40, 140, 40)), ("ship", (30, 60, 160)))


def write_deck(folder: Path, svg: bool = False) -> Path:
    """The pnp card set: manifest, layouts, data and two icons (PNG, or SVG discs drawn as vectors)."""
    from PIL import Image, ImageDraw
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "icons").mkdir(exist_ok=True)
    for name, colour in ICON_COLOURS:
        if svg:
            (folder / "icons" / f"{name}.svg").write_text(
                f'<svg viewBox="0 0 48 48"><path fill="#{bytes(colour).hex()}" d="M4 24a20 20 0 1 0 40 0a20 20 0 1 0-40 0z"/></svg>')
            continue
        im = Image.new("RGB", (48, 48), "white")
        ImageDraw.Draw(im).ellipse((4, 4, 44, 44), fill=colour)
        im.save(folder / "icons" / f"{name}.png")
    ext = "svg" if svg else "png"
    (folder / "cardset.yaml").write_text(
        "name: Bench vector\nbleed: 3\nlayouts: layouts.yaml\n"
        f"icons: {{laurel: icons/laurel.{ext}, ship: icons/ship.{ext}}}\n"
        "components:\n  - {name: deck, size: poker, data: cards.csv, layout: card, back: {layout: back}}\n")
    (folder / "layouts.yaml").write_text(
        "card:\n  background: '{{ colour }}'\n  boxes:\n"
        "    panel: {x: 3, y: 3, w: 57, h: 82, shape: rect, fill: '#fbf6e9', stroke: '#222222', radius: 3}\n"
        "    name: {x: 5, y: 5, w: 53, h: 8, text: '{{ name }}', font: bold, size: 11, align: center}\n"
        "    disc: {x: 5, y: 14, w: 10, h: 10, shape: ellipse, fill: '{{ colour }}'}\n"
        "    value: {x: 5, y: 16, w: 10, h: 8, text: '{{ value }}', size: 12, align: center}\n"
        "    kind: {x: 18, y: 16, w: 40, h: 6, text: '{{ kind }}', size: 8}\n"
        "    body: {x: 6, y: 50, w: 51, h: 30, text: '<b>{{ kind }}.</b> {{ power }}', size: 8, align: justify}\n"
        "back:\n  background: '#2b2118'\n  boxes:\n"
        "    t: {x: 6, y: 40, w: 51, h: 8, text: 'BENCH', size: 14, align: center, color: '#ffffff'}\n")
    rows = card_rows()
    keys = list(rows[0])
    lines = [",".join(keys)] + [",".join(r[k] for k in keys) for r in rows]
    (folder / "cards.csv").write_text("\n".join(lines) + "\n")
    return folder


def _justified(c, words, x, top, width, size, leading, icons):
    """Plain reportlab: greedy wrap with stringWidth, word spacing for justification, drawImage for icons."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def wide(w):
        return size if w in icons else stringWidth(w, w.startswith("\x01") and "DejaVuSans-Bold" or "DejaVuSans",
                                                   size)

    space = stringWidth(" ", "DejaVuSans", size)
    lines, line, line_w = [], [], 0.0
    for w in words:
        ww = wide(w)
        if line and line_w + space + ww > width:
            lines.append((line, line_w))
            line, line_w = [], 0.0
        line_w += (space if line else 0.0) + ww
        line.append(w)
    lines.append((line, line_w))
    y = top - size * 0.93
    t = c.beginText(x, y)
    font = None
    for n, (line, line_w) in enumerate(lines):
        extra = (width - line_w) / (len(line) - 1) if n < len(lines) - 1 and len(line) > 1 else 0.0
        t.setWordSpace(extra)
        t.setTextOrigin(x, y)
        cx = x
        for i, w in enumerate(line):
            if i:
                t.textOut(" ")
                cx += space + extra
            if w in icons and isinstance(icons[w], tuple):  # --svg: the same disc as a vector
                c.setFillColorRGB(*(v / 255 for v in icons[w]))
                c.circle(cx + size / 2, y + size * 0.35, size * 20 / 48, stroke=0, fill=1)
                c.setFillColorRGB(0, 0, 0)
                cx += size
                t.setTextOrigin(cx, y)
            elif w in icons:
                c.drawImage(icons[w], cx, y + size * 0.35 - size / 2, size, size)
                cx += size
                t.setTextOrigin(cx, y)
            else:
                face = "DejaVuSans-Bold" if w.startswith("\x01") else "DejaVuSans"
                if face != font:
                    t.setFont(face, size)
                    font = face
                t.textOut(w.lstrip("\x01"))
                cx += wide(w)
        y -= leading
    c.drawText(t)


def plain_reportlab(folder: Path, out: Path, svg: bool = False) -> None:
    """The same cards with plain reportlab calls: fixed 3 x 3 portrait A4 grid, 3 mm bleed, shared back form."""
    from reportlab.lib import colors
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    icons = {f":{name}:": colour if svg else str(folder / "icons" / f"{name}.png") for name, colour in ICON_COLOURS}
    c = Canvas(str(out), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    w, h, b = 63 * mm, 88 * mm, 3 * mm
    x0, y0 = (210 * mm - 3 * w) / 2, (297 * mm - 3 * h) / 2
    c.beginForm("back", 0, 0, w + 2 * b, h + 2 * b)
    c.setFillColor(colors.HexColor("#2b2118"))
    c.rect(0, 0, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.setFont("DejaVuSans", 14)
    c.drawCentredString(b + w / 2, b + h - 46 * mm, "BENCH")
    c.endForm()
    rows = card_rows()
    for start in range(0, len(rows), 9):
        chunk = rows[start:start + 9]
        for k, r in enumerate(chunk):
            col, row = k % 3, k // 3
            x, y = x0 + col * w, y0 + (2 - row) * h
            c.saveState()
            p = c.beginPath()
            p.rect(x - (b if col == 0 else 0), y - (b if row == 2 else 0), w + (b if col in (0, 2) else 0),
                   h + (b if row in (0, 2) else 0))
            c.clipPath(p, stroke=0, fill=0)
            colour = colors.HexColor(r["colour"])
            c.setFillColor(colour)
            c.rect(x - b, y - b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
            c.setFillColor(colors.HexColor("#fbf6e9"))
            c.setStrokeColor(colors.HexColor("#222222"))
            c.setLineWidth(0.5)
            c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 3 * mm, stroke=1, fill=1)
            c.setFillColor(colors.black)
            c.setFont("DejaVuSans-Bold", 11)
            c.drawCentredString(x + w / 2, y + h - 5 * mm - 10, r["name"])
            c.setFillColor(colour)
            c.ellipse(x + 5 * mm, y + h - 24 * mm, x + 15 * mm, y + h - 14 * mm, stroke=0, fill=1)
            c.setFillColor(colors.black)
            c.setFont("DejaVuSans", 12)
            c.drawCentredString(x + 10 * mm, y + h - 16 * mm - 11, r["value"])
            c.setFont("DejaVuSans", 8)
            c.drawString(x + 18 * mm, y + h - 16 * mm - 7.5, r["kind"])
            kind = r["kind"].split()
            words = ["\x01" + kind[0], "\x01" + kind[1] + "."] + r["power"].split()
            _justified(c, words, x + 6 * mm, y + h - 50 * mm, 51 * mm, 8, 9.6, icons)
            c.restoreState()
        c.showPage()
        for k, _ in enumerate(chunk):
            col, row = k % 3, k // 3
            c.saveState()
            c.translate(210 * mm - (x0 + (col + 1) * w) - b, y0 + (2 - row) * h - b)
            c.doForm("back")
            c.restoreState()
        c.showPage()
    c.save()


def pnp_render(folder: Path, out: Path) -> int:
    from pnp.cardset.load import load_cardset
    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf
    res = render_pdf(load_cardset(folder), out, PrintOptions(calibration=False))
    return res.sheets


FRESH = r"""
import json, sys, time
from pathlib import Path
t = time.perf_counter()
from pnp.cardset.load import load_cardset
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
render_pdf(load_cardset(Path(sys.argv[1])), Path(sys.argv[2]), PrintOptions(calibration=False))
print(json.dumps({"seconds": time.perf_counter() - t}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--svg", action="store_true", help="SVG icons drawn as vectors (reportlab: circles)")
    args = ap.parse_args()
    from pnp.print.fonts import register_fonts
    register_fonts()
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_deck(Path(tmp) / "deck", args.svg)
        out_pnp, out_rl = Path(tmp) / "pnp.pdf", Path(tmp) / "rl.pdf"
        pnp_render(folder, out_pnp)          # warm-up: imports, fonts, image headers
        plain_reportlab(folder, out_rl, args.svg)
        pnp_times, rl_times, pnp_cpu, rl_cpu = [], [], [], []
        for _ in range(args.runs):           # interleaved, so machine noise hits both alike
            t, cpu = time.perf_counter(), time.process_time()
            sheets = pnp_render(folder, out_pnp)
            pnp_times.append(time.perf_counter() - t)
            pnp_cpu.append(time.process_time() - cpu)
            t, cpu = time.perf_counter(), time.process_time()
            plain_reportlab(folder, out_rl, args.svg)
            rl_times.append(time.perf_counter() - t)
            rl_cpu.append(time.process_time() - cpu)
        fresh = []
        for _ in range(max(3, args.runs // 2)):
            proc = subprocess.run([sys.executable, "-c", FRESH, str(folder), str(Path(tmp) / "f.pdf")],
                                  capture_output=True, text=True, check=True)
            fresh.append(json.loads(proc.stdout)["seconds"])
        pnp_s, rl_s = statistics.median(pnp_times), statistics.median(rl_times)
        pnp_c, rl_c = statistics.median(pnp_cpu), statistics.median(rl_cpu)
        kind = "SVG icons as vectors" if args.svg else "inline icons"
        print(f"{N} data-driven cards, justified text with {kind}, duplex A4, median of {args.runs} runs")
        print("                    wall clock                 CPU time (what a shared machine leaves out)")
        print(f"pnp               : {N / pnp_s:7.0f} cards/s ({pnp_s:.3f} s)   {N / pnp_c:7.0f} cards/s ({pnp_c:.3f} s)"
              f"   {sheets} sheets, PDF {out_pnp.stat().st_size / 2**20:.2f} MB")
        print(f"plain reportlab   : {N / rl_s:7.0f} cards/s ({rl_s:.3f} s)   {N / rl_c:7.0f} cards/s ({rl_c:.3f} s)"
              f"   PDF {out_rl.stat().st_size / 2**20:.2f} MB")
        print(f"pnp / reportlab   : {pnp_s / rl_s:.2f}x the time (wall), {pnp_c / rl_c:.2f}x (CPU)")
        print(f"pnp fresh process : {N / statistics.median(fresh):7.0f} cards/s  "
              f"({statistics.median(fresh):.3f} s incl. import, fonts and card-set loading)")


if __name__ == "__main__":
    main()
