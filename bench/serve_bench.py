"""`pnp serve` page times: every page, 20 concurrent HTTP clients against a running server.

Target (issue 16): every page renders in under 50 ms on the server (median). The server reports in
its Server-Timing header the CPU time it spent building and rendering each page (`cpu`) and the wall
time from receiving the request to starting the response (`app`, which includes waiting behind the
other 19 clients' requests); the client's round trip is printed too.
Not timed: /reprint, a download that runs the print engine (a PDF, about a second), not a page.
Run: python bench/serve_bench.py [--requests 200] [--clients 20]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

PAGES = ["/", "/campaign", "/deck", "/win", "/history", "/play", "/export", "/rules?q=wrath+reveals+two+more",
         "/rules/argonauts/argonauts.quest.4", "/rules/argonauts/gaps", "/judge", "/judge/argonauts/roll",
         "/judge/argonauts/roll?go=1&die=4&crew=3&difficulty=7", "/static/htmx.min.js"]


def setup(store: Path) -> None:
    """A campaign with a few games recorded and a table game waiting for its crew assignment."""
    from pnp.games.argonauts import campaign as service
    from pnp.games.argonauts import table
    service.new(store, "voyage", "Jason")
    service.win(store, "voyage", "Harpies, Amycus, Birds of Ares", "rocks")
    service.loss(store, "voyage")
    service.win(store, "voyage", "Scylla, Charybdis", "homecoming")
    game = table.start(store, "voyage")
    for card in ("harpies", "scylla", "talos" if "talos" in table.state_of(game).deck else "amycus"):
        game = table.act(store, "voyage", game["version"], card)


@contextmanager
def serving(fill: Callable[[Path], None]) -> Iterator[tuple[subprocess.Popen, Path, str]]:
    """`pnp serve`, run from this checkout at a free port, on a fresh store in a temporary directory that `fill`
    fills first: (its process, the store, its base URL)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "bench.db"
        fill(store)
        proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--store", str(store), "--port", "0",
                                 "--json"], stdout=subprocess.PIPE, text=True)
        try:
            yield proc, store, json.loads(proc.stdout.readline())["url"].rstrip("/")
        finally:
            proc.terminate()
            proc.wait()


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of the values, nearest rank."""
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def timing(header: str) -> dict[str, float]:
    """{'app': ms, 'cpu': ms} from a Server-Timing header."""
    out = {}
    for part in header.split(","):
        name, _, dur = part.strip().partition(";dur=")
        out[name] = float(dur)
    return out


async def hammer(base: str, path: str, requests: int, clients: int) -> dict[str, list[float]]:
    """{cpu, app, trip} ms lists for `requests` GETs of one page spread over `clients` concurrent clients."""
    out = {"cpu": [], "app": [], "trip": []}
    queue = asyncio.Queue()
    for _ in range(requests):
        queue.put_nowait(None)

    async def client():
        async with httpx.AsyncClient(base_url=base) as c:
            while not queue.empty():
                queue.get_nowait()
                t = time.perf_counter()
                r = await c.get(path)
                out["trip"].append((time.perf_counter() - t) * 1000)
                assert r.status_code == 200, (path, r.status_code)
                t = timing(r.headers["server-timing"])
                out["app"].append(t["app"])
                out["cpu"].append(t.get("cpu", t["app"]))  # static files: no page to build
    await asyncio.gather(*(client() for _ in range(clients)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=200, help="requests per page")
    ap.add_argument("--clients", type=int, default=20, help="concurrent clients")
    args = ap.parse_args()
    with serving(setup) as (_, _, base):
        asyncio.run(hammer(base, "/", 20, 2))  # warm up: imports, rules index, templates
        print(f"{args.clients} concurrent clients, {args.requests} requests per page (ms)")
        print(f"{'page':<54} {'render cpu p50':>14} {'p95':>6} {'server wall p50':>15} {'p95':>6} "
              f"{'round trip p50':>14} {'p95':>6}")
        medians = []
        for path in PAGES:
            m = asyncio.run(hammer(base, path, args.requests, args.clients))
            medians.append(statistics.median(m["cpu"]))
            print(f"{path:<54} {statistics.median(m['cpu']):>14.2f} {pct(m['cpu'], .95):>6.2f} "
                  f"{statistics.median(m['app']):>15.2f} {pct(m['app'], .95):>6.2f} "
                  f"{statistics.median(m['trip']):>14.2f} {pct(m['trip'], .95):>6.2f}")
        print(f"slowest page's render median: {max(medians):.2f} ms (target < 50 ms); wall times include "
              f"queueing behind {args.clients - 1} other clients on {os.cpu_count()} shared cores")


if __name__ == "__main__":
    main()
