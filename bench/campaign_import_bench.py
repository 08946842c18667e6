"""Print the median wall time (s) of `campaign import` of a 2,000-event log, in-process, into fresh stores.

The export is built by pnp.games.argonauts.campaign_synthetic (a new campaign, two wins, then losses each undone).
Also times reading the imported campaign back (`status`, which replays and checks the whole log).
Target: an import under 1 s.

Usage: python bench/campaign_import_bench.py [--runs N] [--events N]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import statistics
import tempfile
import time
from pathlib import Path

from pnp.games.argonauts import campaign as service
from pnp.games.argonauts.campaign_synthetic import long_export

TARGET_S = 1.0


def main() -> None:
    """Run the bench and print medians."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--events", type=int, default=2000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "export.json"
        service.write_export(long_export(args.events), path)
        imports, reads = [], []
        for i in range(args.runs):
            store = Path(tmp) / f"s{i}.sqlite3"
            start = time.perf_counter()
            service.import_(store, service.read_export(path), source=str(path))
            imports.append(time.perf_counter() - start)
            start = time.perf_counter()
            service.status(store)
            reads.append(time.perf_counter() - start)
    med = statistics.median(imports)
    print(f"campaign import, {args.events} events: median {med:.3f} s over {args.runs} runs "
          f"(min {min(imports):.3f}, max {max(imports):.3f}); target < {TARGET_S:g} s: {'ok' if med < TARGET_S else 'MISSED'}")
    print(f"campaign status of the imported log: median {statistics.median(reads):.3f} s")


if __name__ == "__main__":
    main()
