"""Live pages: from a record made elsewhere to every open page holding the new page, against a real `pnp serve`.

Target (issue 26, item 4): open pages update within a second when another phone or the CLI records.
A page is one event stream (`/events`, as live.js opens it) plus the GET of the page it then makes; each of
--pages streams waits for the change, then fetches /campaign, and the time from the record's commit (the
library call the CLI makes, another connection to the store) to the last page's answer is one sample.
Printed: median and p95 over --records records, per page and for the last of them.
Run: python bench/live_bench.py [--pages 6] [--records 20]
"""
from __future__ import annotations

import checkout  # noqa: F401  (first: measure this checkout, not an installed pnp)
import argparse
import asyncio
import os
import statistics
import time
from pathlib import Path

from serve_bench import pct, serving

TARGET_S = 1.0


async def page(host: str, port: int, ready: asyncio.Event, changed: asyncio.Queue) -> None:
    """One open page: an event stream, and after each change the page fetched again on a second connection."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET /events HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    fetch_r, fetch_w = await asyncio.open_connection(host, port)
    first = True
    while True:
        block = await reader.readuntil(b"\n\n")
        if b"event: change" not in block:
            continue
        if first:  # the stream's opening change id: the page is listening
            first = False
            ready.set()
            continue
        fetch_w.write(f"GET /campaign HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        head = await fetch_r.readuntil(b"\r\n\r\n")
        length = int(next(v for k, _, v in (ln.partition(b": ") for ln in head.split(b"\r\n"))
                          if k.lower() == b"content-length"))
        await fetch_r.readexactly(length)
        await changed.put(time.perf_counter())


async def run(base: str, store: Path, pages: int, records: int) -> tuple[list[float], list[float]]:
    """(seconds to each page's answer, seconds to the last page's answer) over the records."""
    from pnp.games.argonauts import campaign as service
    host, _, port = base.removeprefix("http://").partition(":")
    changed: asyncio.Queue = asyncio.Queue()
    readies = [asyncio.Event() for _ in range(pages)]
    tasks = [asyncio.create_task(page(host, int(port), r, changed)) for r in readies]
    await asyncio.gather(*(r.wait() for r in readies))
    each, last = [], []
    for _ in range(records):
        start = time.perf_counter()
        await asyncio.to_thread(service.loss, store, "voyage")
        got = [await changed.get() - start for _ in range(pages)]
        each += got
        last.append(max(got))
    for t in tasks:
        t.cancel()
    return each, last


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=6, help="open pages (phones) listening")
    ap.add_argument("--records", type=int, default=20, help="records made, one after another")
    args = ap.parse_args()
    from pnp.games.argonauts import campaign as service
    with serving(lambda store: service.new(store, "voyage", "Jason")) as (_, store, base):
        each, last = asyncio.run(run(base, store, args.pages, args.records))
    load = os.getloadavg()[0]
    print(f"{args.pages} open pages, {args.records} records from another connection, "
          f"{os.cpu_count()} cores (load average {load:.1f}); seconds from the record to the page's new copy")
    print(f"each page     : median {statistics.median(each):.3f}  p95 {pct(each, .95):.3f}")
    print(f"last of them  : median {statistics.median(last):.3f}  p95 {pct(last, .95):.3f}  max {max(last):.3f}")
    print(f"target < {TARGET_S:.0f} s for every page: {'met' if max(last) < TARGET_S else 'NOT met'}")


if __name__ == "__main__":
    main()
