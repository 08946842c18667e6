"""A full table of phones: 20 concurrent clients against a real `pnp serve` on loopback, GET `/` and rules searches.

Target (issue 26, item 7): with 20 concurrent clients on 2 cores, GET `/` and a rules search (`/rules?q=…`,
every game's rules and cards) stay under 50 ms p95, measured as the client's round trip.
Each run sends a bounded number of requests per page, spread over the clients (each keeps its
connection, as a phone does); a search run cycles through varied players' queries (plain, misspelt,
card names), so no one query's words are the only ones measured. --questions searches instead for the
302 players' questions of tests/questions (longer: five words and more), each run with one word in
three misspelt afresh (a new seed per run), so nearly every request is a query the server has not seen
and its typo corrections are worked out anew. The server keeps no page or result per query.
Printed per run and as the median over the runs: round-trip p50/p95; the server's own Server-Timing
(`app`: wall time inside the app, from the request's arrival at the app to its response: queueing
behind other requests only for pages built in a worker thread; `cpu`: CPU time building and rendering
the page); and `srv/req`, the server process's whole CPU time (HTTP, middleware, page) divided by the
requests of the run, read from /proc (Linux): the cost that, with one process holding the GIL, sets
the round trip at a full table (about clients x srv/req when the server is the bottleneck).
The clients speak raw HTTP/1.1 over kept-alive sockets by default (cheap, so they take little of the
2 cores from the server); --httpx sends the same requests through httpx, as bench/serve_bench.py does.
Run: python bench/companion_bench.py [--requests 400] [--clients 20] [--runs 3] [--questions] [--httpx]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import asyncio
import itertools
import os
import random
import statistics
import time
from pathlib import Path
from urllib.parse import quote_plus

import httpx

from serve_bench import pct, serving, setup, timing

TARGET_MS = 50.0
QUERIES = ["what happens on a natural six", "wrath reveals two more", "harpies", "can I ignore a monster",
           "how much crew on a treasure", "what does the wraht of the sirenz do", "medea charm",
           "who goes first", "what if the deck runs out", "can the statue be attacked", "taxes space",
           "how much xp does an upgrade cost"]
QUESTIONS = Path(__file__).resolve().parents[1] / "tests" / "questions"  # players' questions, per game


def questions(seed: int) -> list[str]:
    """The players' questions of every game, shuffled by seed, one word (of four letters or more) in three
    misspelt by swapping two of its inner letters, as a thumb on a phone does."""
    import yaml
    rng = random.Random(seed)
    out = []
    for f in sorted(QUESTIONS.glob("*.yaml")):
        for entry in yaml.safe_load(f.read_text(encoding="utf-8")):
            words = entry["q"].split()
            long = [i for i, w in enumerate(words) if len(w) >= 4 and w.isalpha()]
            if long and rng.random() < 1 / 3:
                i = rng.choice(long)
                w, j = words[i], rng.randrange(1, len(words[i]) - 2)
                words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2:]
            out.append(" ".join(words))
    rng.shuffle(out)
    return out


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds a process has used so far (Linux /proc), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class RawClient:
    """One keep-alive HTTP/1.1 connection speaking just enough to GET a page, keeping its session cookie
    as a phone does: it costs a tenth of httpx's CPU per request, which on a 2-core machine would
    otherwise be taken from the server measured."""

    def __init__(self, base: str):
        host, _, port = base.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port)
        self.reader = self.writer = None
        self.cookie = ""

    async def get(self, path: str) -> tuple[int, dict[str, str]]:
        """(status, headers) of GET path; the body is read and dropped."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{self.cookie}\r\n".encode())
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {name.lower(): value for name, _, value in (line.partition(": ") for line in head[1:]) if value}
        if "set-cookie" in headers:
            self.cookie = f"Cookie: {headers['set-cookie'].split(';')[0]}\r\n"
        await self.reader.readexactly(int(headers["content-length"]))
        return int(head[0].split()[1]), headers

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            await self.writer.wait_closed()


class HttpxClient:
    """The same GETs through httpx (as bench/serve_bench.py measures): more client CPU per request."""

    def __init__(self, base: str):
        self.client = httpx.AsyncClient(base_url=base, timeout=30)

    async def get(self, path: str) -> tuple[int, dict[str, str]]:
        r = await self.client.get(path)
        return r.status_code, r.headers

    async def close(self) -> None:
        await self.client.aclose()


async def hammer(base: str, paths: list[str], requests: int, clients: int, kind=RawClient) -> dict[str, list[float]]:
    """{trip, app, cpu} ms for `requests` GETs (cycling through paths) spread over `clients` concurrent clients."""
    out = {"trip": [], "app": [], "cpu": []}
    todo = itertools.islice(itertools.cycle(paths), requests)

    async def client():
        c = kind(base)
        try:
            for path in todo:  # shared iterator: each request is taken by whichever client is free
                t = time.perf_counter()
                status, headers = await c.get(path)
                out["trip"].append((time.perf_counter() - t) * 1000)
                if status != 200:
                    raise SystemExit(f"{path}: HTTP {status}")
                server = timing(headers["server-timing"])
                out["app"].append(server["app"])
                out["cpu"].append(server.get("cpu", server["app"]))
        finally:
            await c.close()
    await asyncio.gather(*(client() for _ in range(clients)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=400, help="requests per page and run")
    ap.add_argument("--clients", type=int, default=20, help="concurrent clients")
    ap.add_argument("--runs", type=int, default=3, help="runs per page (medians reported)")
    ap.add_argument("--questions", action="store_true",
                    help="search for the players' questions of tests/questions, misspelt afresh each run")
    ap.add_argument("--httpx", action="store_true", help="clients through httpx instead of raw sockets")
    args = ap.parse_args()
    kind = HttpxClient if args.httpx else RawClient

    def searches(run: int) -> list[str]:
        texts = questions(run) if args.questions else QUERIES
        return [f"/rules?q={quote_plus(q)}" for q in texts]
    pages = {"/": lambda run: ["/"], "rules search": searches}
    with serving(setup) as (proc, _, base):
        for paths in pages.values():  # warm up: imports, indexes, templates (seed 0: never a measured run's)
            asyncio.run(hammer(base, paths(0)[:12], 24, 2, kind))
        print(f"{args.clients} concurrent {kind.__name__}s, {args.requests} requests per run, {args.runs} runs, "
              f"{'players questions misspelt afresh' if args.questions else f'{len(QUERIES)} queries'}, "
              f"{os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f}); ms")
        print(f"{'page':<14} {'run':>4} {'trip p50':>9} {'p95':>7} {'app p50':>8} {'p95':>7} "
              f"{'cpu p50':>8} {'p95':>6} {'srv/req':>8}")
        worst = 0.0
        widths = (9, 7, 8, 7, 8, 6, 8)
        for name, paths in pages.items():
            rows = []
            for run in range(1, args.runs + 1):
                before = cpu_seconds(proc.pid)
                m = asyncio.run(hammer(base, paths(run), args.requests, args.clients, kind))
                after = cpu_seconds(proc.pid)
                row = [f(m[k]) for k in ("trip", "app", "cpu") for f in (statistics.median, lambda v: pct(v, .95))]
                row.append((after - before) * 1000 / args.requests if before is not None else float("nan"))
                rows.append(row)
                print(f"{name:<14} {run:>4} " + " ".join(f"{v:>{w}.1f}" for v, w in zip(row[:6], widths))
                      + f" {row[6]:>8.2f}")
            med = [statistics.median(col) for col in zip(*rows)]
            worst = max(worst, med[1])
            print(f"{name:<14} {'med':>4} " + " ".join(f"{v:>{w}.1f}" for v, w in zip(med[:6], widths))
                  + f" {med[6]:>8.2f}")
        verdict = "met" if worst < TARGET_MS else "NOT met"
        print(f"worst round-trip p95 (median of runs): {worst:.1f} ms; target < {TARGET_MS:.0f} ms {verdict}")


if __name__ == "__main__":
    main()
