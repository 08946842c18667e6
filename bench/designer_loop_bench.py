"""Designer's loop benchmark: a --watch rebuild of a 50-card set and a one-card `pnp preview` (medians).

Run: python bench/designer_loop_bench.py [--runs 7]. Targets: rebuild < 1 s, preview well under 1 s.
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def fifty_card_set(folder: Path) -> Path:
    """50 distinct cards: a title, a marked-up body with an icon, a frame and a back."""
    from PIL import Image

    from print_fixtures import write_set
    folder = write_set(folder, manifest={"icons": {"star": "star.png"}},
                       cards="id,name,text,copies\n" + "".join(
                           f"c{i},Card {i},Deal {i} damage :star:. <b>Then</b> <i>draw</i> a card.,1\n"
                           for i in range(50)),
                       layouts={"front": {"background": "#eeeeee", "boxes": {
                           "f": {"x": 2, "y": 2, "w": 59, "h": 84, "shape": "rect", "stroke": "#222", "radius": 2},
                           "t": {"x": 5, "y": 5, "w": 53, "h": 10, "text": "{{ name }}", "font": "bold", "size": 11},
                           "b": {"x": 5, "y": 20, "w": 53, "h": 40, "text": "{{ text|safe }}", "min_size": 6}}},
                           "back": {"boxes": {"x": {"x": 0, "y": 0, "w": 63, "h": 88, "shape": "rect",
                                                    "fill": "#0000c0"}}}})
    Image.new("RGB", (32, 32), "#c08000").save(folder / "star.png")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    from pnp.cardset.load import load_cardset
    from pnp.print.preview import preview
    from pnp.print.watch import rebuild

    with tempfile.TemporaryDirectory() as tmp:
        folder = fifty_card_set(Path(tmp) / "fifty")
        out = Path(tmp) / "out"
        rebuild(folder, out, {}, [])  # first build: imports, font registration
        watch = []
        for _ in range(args.runs):
            (folder / "cards.csv").write_text((folder / "cards.csv").read_text().replace("damage", "harm", 1))
            watch.append(rebuild(folder, out, {}, ["cards.csv"]).seconds)
        lib = []
        for _ in range(args.runs):
            t = time.perf_counter()
            preview(load_cardset(folder), ["c7"], out / "pv", dpi=150)
            lib.append(time.perf_counter() - t)
        cli, cpu = [], []
        for _ in range(args.runs):
            t, used = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "pnp", "preview", str(folder), "c7", "-o", str(out / "pv")],
                           check=True, capture_output=True)
            cli.append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
    print(f"watch rebuild, 50 cards (validate + PDF): median {statistics.median(watch):.3f} s over {args.runs}")
    print(f"preview one card, in process:              median {statistics.median(lib):.3f} s")
    print(f"preview one card, whole `pnp preview` run: median {statistics.median(cli):.3f} s wall, "
          f"{statistics.median(cpu):.3f} s CPU (wall includes waiting for a busy machine)")


if __name__ == "__main__":
    main()
