"""Print-engine benchmark: cards/s, peak memory and PDF size for a 500-card vector deck and a 200-card image deck,
and the PNG export of the image deck at 300 dpi (time, peak memory, files written).

Run: python bench/print_bench.py [--runs 5]. Each run is a fresh subprocess; medians are printed.
Also times `pnp --help` (start-up without reportlab). See also print_bench_cartuli.py and print_bench_vector.py.
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

PEAK_MB = r"""
import json, resource, sys, time
def peak_mb():
    # this process's own peak RSS (VmHWM); ru_maxrss would count the parent's memory at fork
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
"""

CHILD = PEAK_MB + r"""
from pathlib import Path
from pnp.cardset.load import load_cardset
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
folder, out = Path(sys.argv[1]), Path(sys.argv[2])
t = time.perf_counter()
cs = load_cardset(folder)
res = render_pdf(cs, out, PrintOptions(backs="duplex-long"))
dt = time.perf_counter() - t
t = time.perf_counter()
render_pdf(load_cardset(folder), out, PrintOptions(backs="duplex-long"))
warm = time.perf_counter() - t
print(json.dumps({"seconds": dt, "warm": warm, "cards": res.cards, "pages": res.pages, "bytes": out.stat().st_size,
                  "peak_mb": peak_mb()}))
"""

PNG_CHILD = PEAK_MB + r"""
from pathlib import Path
from pnp.cardset.load import load_cardset
from pnp.print.exports import export_pngs
from pnp.print.options import PrintOptions
t = time.perf_counter()
files = export_pngs(load_cardset(Path(sys.argv[1])), PrintOptions(), Path(sys.argv[2]), 300)
dt = time.perf_counter() - t
print(json.dumps({"seconds": dt, "pngs": sum(1 for f in files if f.suffix == ".png"),
                  "peak_mb": peak_mb()}))
"""


def png_export(folder: Path, runs: int) -> dict:
    samples = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            proc = subprocess.run([sys.executable, "-c", PNG_CHILD, str(folder), out],
                                  capture_output=True, text=True, check=True)
            samples.append(json.loads(proc.stdout))
    return {"median_s": statistics.median(s["seconds"] for s in samples), "pngs": samples[0]["pngs"],
            "peak_mb": statistics.median(s["peak_mb"] for s in samples),
            "max_peak_mb": max(s["peak_mb"] for s in samples)}


def vector_deck(folder: Path, n: int = 500) -> Path:
    """A 500-card data deck: every card distinct, several text boxes, shapes and a background."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cardset.yaml").write_text(
        "name: Bench vector\nlayouts: layouts.yaml\ncomponents:\n"
        "  - {name: deck, size: poker, data: cards.csv, layout: card, back: {layout: back}}\n")
    (folder / "layouts.yaml").write_text(
        "card:\n  background: '{{ colour }}'\n  boxes:\n"
        "    panel: {x: 3, y: 3, w: 57, h: 82, shape: rect, fill: '#fbf6e9', stroke: '#222222', radius: 3}\n"
        "    name: {x: 5, y: 5, w: 53, h: 8, text: '{{ name }}', font: bold, size: 11, align: center}\n"
        "    cost: {x: 5, y: 14, w: 10, h: 10, shape: ellipse, fill: '{{ colour }}'}\n"
        "    value: {x: 5, y: 16, w: 10, h: 8, text: '{{ value }}', size: 12, align: center}\n"
        "    kind: {x: 18, y: 16, w: 40, h: 6, text: '{{ kind }}', size: 8}\n"
        "    body: {x: 6, y: 50, w: 51, h: 30, text: '<b>{{ kind }}.</b> {{ power }}', size: 8}\n"
        "back:\n  background: '#2b2118'\n  boxes:\n"
        "    t: {x: 6, y: 40, w: 51, h: 8, text: 'BENCH', size: 14, align: center, color: '#ffffff'}\n")
    colours = ["#b3261e", "#1f4e9c", "#2e7d32", "#d4a017", "#6a3d9a"]
    rows = ["id,name,kind,colour,value,power"]
    for i in range(n):
        rows.append(f"c{i},Card number {i},Kind {i % 7},{colours[i % 5]},{i % 10},"
                    f"Gain {i % 4} laurels and move {i % 3} spaces; then draw a card if you can.")
    (folder / "cards.csv").write_text("\n".join(rows) + "\n")
    return folder


def image_deck(folder: Path, n: int = 200) -> Path:
    """A 200-card image deck: 200 distinct JPEG fronts (poker at 150 dpi) and one back."""
    from PIL import Image, ImageDraw
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        im = Image.new("RGB", (372, 520), ((i * 37) % 255, (i * 91) % 255, (i * 53) % 255))
        ImageDraw.Draw(im).ellipse((60, 120, 312, 372), fill=(250, 245, 230))
        im.save(folder / f"{i:03d}.jpg", quality=85)
    Image.new("RGB", (372, 520), (40, 30, 20)).save(folder / "back.jpg", quality=85)
    return folder


def run(folder: Path, runs: int) -> dict:
    samples = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            proc = subprocess.run([sys.executable, "-c", CHILD, str(folder), str(Path(out) / "x.pdf")],
                                  capture_output=True, text=True, check=True)
            samples.append(json.loads(proc.stdout))
    med = statistics.median(s["seconds"] for s in samples)
    warm = statistics.median(s["warm"] for s in samples)
    return {"median_s": med, "cards_per_s": samples[0]["cards"] / med, "warm_cards_per_s": samples[0]["cards"] / warm, "cards": samples[0]["cards"],
            "pages": samples[0]["pages"], "pdf_mb": samples[0]["bytes"] / 2**20,
            "peak_mb": statistics.median(s["peak_mb"] for s in samples)}


def help_time(runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pnp", "--help"], capture_output=True, check=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        v = run(vector_deck(Path(tmp) / "vector"), args.runs)
        i = run(image_deck(Path(tmp) / "images"), args.runs)
        png = png_export(Path(tmp) / "images", max(1, args.runs // 2))
    print("first render in a fresh process (reportlab import and font loading included); then a second render")
    print(f"500-card vector deck : {v['cards_per_s']:8.0f} cards/s  median {v['median_s']:.3f} s  "
          f"(second render {v['warm_cards_per_s']:.0f} cards/s)  peak {v['peak_mb']:.0f} MB  "
          f"PDF {v['pdf_mb']:.2f} MB  ({v['pages']} pages)")
    print(f"200-card image deck  : {i['cards_per_s']:8.0f} cards/s  median {i['median_s']:.3f} s  "
          f"(second render {i['warm_cards_per_s']:.0f} cards/s)  peak {i['peak_mb']:.0f} MB  "
          f"PDF {i['pdf_mb']:.2f} MB  ({i['pages']} pages, duplex backs)")
    print(f"--png 300, image deck: median {png['median_s']:.2f} s  {png['pngs']} PNGs (shared back once)  "
          f"peak {png['peak_mb']:.0f} MB (max {png['max_peak_mb']:.0f} MB)")
    print(f"pnp --help           : median {help_time(args.runs):.3f} s")


if __name__ == "__main__":
    main()
