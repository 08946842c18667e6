"""Race pnp against cartuli 0.1.0b3 on the same image cards (poker, 3 mm bleed, A4, duplex, one shared back).

Run: python bench/print_bench_cartuli.py [--runs 3] [--cards 45]
45 cards fill 5 sheets; cartuli takes about 0.6 s of CPU per card, so the defaults finish in about three
minutes (the old 200 cards x 5 runs took over ten). Both sides get the same deck, page and output, and the
figures are per-run medians, so the ratio is like for like; pass --cards 200 --runs 5 for the long race.
cartuli runs in its own venv: set CARTULI_PYTHON to its interpreter (default /work/venvs/cartuli/bin/python;
make it with `python3 -m venv /work/venvs/cartuli && /work/venvs/cartuli/bin/pip install cartuli==0.1.0b3`).
Without it, pnp is timed alone and the script says cartuli was skipped.
Each run is a fresh subprocess timing imports, card loading, layout and PDF writing (not interpreter
start-up); both sides import from bytecode (cartuli's venv has its .pyc files; pnp's are written to a
temporary cache by one untimed run, as PYTHONDONTWRITEBYTECODE may be set). Medians are printed, with the
ratio and peak memory (VmHWM); then pnp's --png 300 export of the deck.

Figures (defaults, 2 shared cores, 4 December 2026), two runs: at load average 7 to 11, pnp 1.14 s CPU /
2.2 s wall, cartuli 25.4 s CPU / 49 s wall: 22.4x in CPU time, 21.8x on the wall clock; at load 8, pnp 1.16 s
CPU / 3.3 s wall, cartuli 26.3 s CPU / 55 s wall: 22.6x CPU, 16.4x wall. 5 sheets each.
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from print_bench import PEAK_MB, png_export  # bench/ is on sys.path when run as a script

DEFAULT_CARTULI = "/work/venvs/cartuli/bin/python"

PNP_CHILD = PEAK_MB + r"""
from pathlib import Path
t, cpu = time.perf_counter(), time.process_time()
from pnp.cardset.load import load_cardset
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
res = render_pdf(load_cardset(Path(sys.argv[1])), Path(sys.argv[2]),
                 PrintOptions(paper=(210.0, 297.0), backs="duplex-long", calibration=False))
dt = time.perf_counter() - t
print(json.dumps({"seconds": dt, "cpu": time.process_time() - cpu, "sheets": res.sheets,
                  "bytes": Path(sys.argv[2]).stat().st_size,
                  "peak_mb": peak_mb()}))
"""

CARTULI_CHILD = PEAK_MB + r"""
from pathlib import Path
t, cpu = time.perf_counter(), time.process_time()
from cartuli.card import Card, CardImage
from cartuli.measure import A4, mm, Size
from cartuli.output import sheet_pdf_output
from cartuli.sheet import Sheet
folder, out = Path(sys.argv[1]), Path(sys.argv[2])
size = Size(63 * mm, 88 * mm)
back = CardImage(folder / "back.png", size, bleed=3 * mm)
cards = [Card(CardImage(p, size, bleed=3 * mm), back) for p in sorted((folder / "fronts").glob("*.png"))]
sheet = Sheet(cards, size=A4, print_margin=5 * mm, padding=0)
sheet_pdf_output(sheet, out)
dt = time.perf_counter() - t
print(json.dumps({"seconds": dt, "cpu": time.process_time() - cpu, "sheets": sheet.pages,
                  "bytes": out.stat().st_size,
                  "peak_mb": peak_mb()}))
"""


def image_deck(folder: Path, n: int) -> Path:
    """n distinct 300-dpi RGB PNG fronts (69 x 94 mm with bleed, painted-looking: smooth colour fields with
    grain, about 1.5 MB each like scanned art) and one PNG back, as a pnp image deck."""
    import numpy as np
    from PIL import Image, ImageDraw
    rng = np.random.default_rng(14)
    (folder / "fronts").mkdir(parents=True, exist_ok=True)
    w, h = 815, 1110
    textures = []
    for _ in range(8):
        base = Image.fromarray(rng.integers(0, 256, (28, 20, 3), dtype=np.uint8), "RGB").resize((w, h),
                                                                                                Image.BICUBIC)
        grain = rng.integers(-10, 11, (h, w, 1), dtype=np.int16)
        textures.append(Image.fromarray(np.clip(np.asarray(base) + grain, 0, 255).astype(np.uint8), "RGB"))
    for i in range(n):
        im = textures[i % len(textures)].copy()
        draw = ImageDraw.Draw(im)
        draw.rectangle((40, 40, w - 40, 160), fill=((i * 37) % 255, (i * 91) % 255, (i * 53) % 255))
        draw.text((60, 80), f"Card {i}", fill=(255, 255, 255))
        im.save(folder / "fronts" / f"{i:03d}.png", compress_level=3)
    Image.new("RGB", (w, h), (40, 30, 20)).save(folder / "back.png")
    (folder / "cardset.yaml").write_text(
        "name: Bench images\nbleed: 3\ncomponents:\n"
        "  - {name: deck, size: poker, images: fronts, back: {image: back.png}}\n")
    return folder


def _once(python: str, child: str, folder: Path, env=None) -> dict:
    with tempfile.TemporaryDirectory() as out:
        proc = subprocess.run([python, "-c", child, str(folder), str(Path(out) / "x.pdf")],
                              capture_output=True, text=True, env=env)
        if proc.returncode:
            raise SystemExit(f"{python} failed:\n{proc.stderr[-2000:]}")
        return json.loads(proc.stdout.strip().splitlines()[-1])


def summary(samples: list[dict]) -> dict:
    return {"median_s": statistics.median(s["seconds"] for s in samples),
            "cpu_s": statistics.median(s["cpu"] for s in samples),
            "peak_mb": statistics.median(s["peak_mb"] for s in samples),
            "max_peak_mb": max(s["peak_mb"] for s in samples),
            "sheets": samples[0]["sheets"], "mb": samples[0]["bytes"] / 2**20}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cards", type=int, default=45)
    args = ap.parse_args()
    cartuli = os.environ.get("CARTULI_PYTHON", DEFAULT_CARTULI)
    with tempfile.TemporaryDirectory() as tmp:
        folder = image_deck(Path(tmp) / "deck", args.cards)
        png = png_export(folder, max(1, args.runs // 2))
        have_cartuli = Path(cartuli).exists()
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        # like an installed package (cartuli's venv has its .pyc files): pnp imports from bytecode, written
        # once to a temporary cache by an untimed run, which also reads the art into the page cache
        pnp_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        pnp_env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        _once(sys.executable, PNP_CHILD, folder, pnp_env)
        pnp_runs, car_runs = [], []
        for _ in range(args.runs):  # interleaved, so machine noise hits both alike
            pnp_runs.append(_once(sys.executable, PNP_CHILD, folder, pnp_env))
            if have_cartuli:
                car_runs.append(_once(cartuli, CARTULI_CHILD, folder, env))
        pnp = summary(pnp_runs)
        print(f"{args.cards} image cards (300-dpi PNG art, poker, 3 mm bleed, A4, duplex, shared back), "
              f"median of {args.runs} runs")
        print(f"pnp     : {pnp['median_s']:7.3f} s wall, {pnp['cpu_s']:7.3f} s CPU  {pnp['sheets']} sheets  "
              f"PDF {pnp['mb']:.1f} MB  "
              f"peak {pnp['peak_mb']:.0f} MB (max {pnp['max_peak_mb']:.0f} MB)")
        print(f"pnp --png 300 of the same deck: {png['median_s']:.1f} s  {png['pngs']} PNGs  "
              f"peak {png['peak_mb']:.0f} MB (max {png['max_peak_mb']:.0f} MB)")
        if not have_cartuli:
            print(f"cartuli : skipped, no interpreter at {cartuli} (set CARTULI_PYTHON to a python "
                  f"with cartuli==0.1.0b3 installed)")
            return
        car = summary(car_runs)
        print(f"cartuli : {car['median_s']:7.3f} s wall, {car['cpu_s']:7.3f} s CPU  {car['sheets']} sheets  "
              f"PDF {car['mb']:.1f} MB  "
              f"peak {car['peak_mb']:.0f} MB")
        print(f"pnp is {car['median_s'] / pnp['median_s']:.1f}x faster than cartuli on the wall clock, "
              f"{car['cpu_s'] / pnp['cpu_s']:.1f}x in CPU time (ratios of medians)")


if __name__ == "__main__":
    main()
