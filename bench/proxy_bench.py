"""What the recording proxy costs: added latency, throughput, memory.

Three processes on loopback: the fake upstream (tests/proxy/fake_upstream.py, the same
server the tests use), `promptlint proxy` (the real command, SQLite store, Analyzer on),
and this client. Every figure is a comparison in the same run: each proxied request is
paired with a direct request to the same upstream, interleaved, so machine noise hits
both sides alike. No timed asserts: this prints figures.

Run: .venv/bin/python bench/proxy_bench.py [--quick] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
KEY = "sk-bench-0123456789"
HEADERS = {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}


def _spawn(cmd: list[str], pattern: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(pattern, line)
    if not match:
        proc.kill()
        raise SystemExit(f"could not start {cmd[0]}: {line!r}")
    return proc, match.group(1)


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _children(pid: int) -> list[int]:
    kids: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        kids += [int(k) for k in text]
    return kids


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (its threads included, its children not)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_tree_kib(pid: int) -> tuple[int, int]:
    """(the proxy process, its writer process and any other children)."""
    return _rss_kib(pid), sum(_rss_kib(k) for k in _children(pid))


def _body(size: str, stream: bool, i: int) -> bytes:
    # A conversation that grows, as an agent's does: a fixed system prompt, then turns.
    system = "You are the support agent for ACME Corp. Answer briefly. " * (
        1 if size == "small" else 880
    )
    messages = [{"role": "system", "content": system}]
    for turn in range(i % 4):
        messages.append({"role": "user", "content": f"question {turn}"})
        messages.append({"role": "assistant", "content": f"answer {turn}"})
    messages.append({"role": "user", "content": f"question {i}"})
    body: dict[str, Any] = {"model": "gpt-4o", "messages": messages}
    if stream:
        body |= {"stream": True, "stream_options": {"include_usage": True}}
    return json.dumps(body).encode()


async def _one(session: aiohttp.ClientSession, url: str, body: bytes) -> tuple[float, float]:
    """(seconds to the first body byte, seconds to the last)."""
    t0 = time.perf_counter()
    async with session.post(url + "/v1/chat/completions", data=body, headers=HEADERS) as resp:
        first = None
        async for _ in resp.content.iter_any():
            if first is None:
                first = time.perf_counter()
        assert resp.status == 200, resp.status
    end = time.perf_counter()
    return (first or end) - t0, end - t0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def latency(direct: str, proxy: str, n: int) -> list[dict[str, Any]]:
    rows = []
    conn = dict(limit=1, force_close=False)
    async with (
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(**conn)) as d,
        aiohttp.ClientSession(  # type: ignore[arg-type]
            connector=aiohttp.TCPConnector(**conn)  # type: ignore[arg-type]
        ) as p,
    ):
        for size in ("small", "50kB"):
            for stream in (False, True):
                for i in range(max(10, n // 10)):  # warm-up: connections, caches, imports
                    await _one(d, direct, _body(size, stream, i))
                    await _one(p, proxy, _body(size, stream, i))
                dl, pl, diffs = [], [], []
                for i in range(n):
                    body = _body(size, stream, i)
                    # Alternate which goes first so neither side always gets a warm cache.
                    if i % 2:
                        a = await _one(d, direct, body)
                        b = await _one(p, proxy, body)
                    else:
                        b = await _one(p, proxy, body)
                        a = await _one(d, direct, body)
                    dl.append(a[1])
                    pl.append(b[1])
                    diffs.append(b[1] - a[1])
                rows.append(
                    {
                        "prompt": size,
                        "body_bytes": len(_body(size, stream, 0)),
                        "streamed": stream,
                        "requests": n,
                        "direct_median_ms": statistics.median(dl) * 1e3,
                        "proxy_median_ms": statistics.median(pl) * 1e3,
                        "added_median_ms": (statistics.median(pl) - statistics.median(dl)) * 1e3,
                        "added_paired_median_ms": statistics.median(diffs) * 1e3,
                        "direct_p95_ms": _pct(dl, 0.95) * 1e3,
                        "proxy_p95_ms": _pct(pl, 0.95) * 1e3,
                        "added_p95_ms": (_pct(pl, 0.95) - _pct(dl, 0.95)) * 1e3,
                    }
                )
    return rows


async def throughput(url: str, total: int, clients: int, stream: bool) -> float:
    counter = iter(range(total))

    async def worker(session: aiohttp.ClientSession) -> None:
        for i in counter:
            await _one(session, url, _body("small", stream, i))

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=clients)) as s:
        t0 = time.perf_counter()
        await asyncio.gather(*(worker(s) for _ in range(clients)))
        return total / (time.perf_counter() - t0)


async def memory(url: str, pid: int, total: int, clients: int) -> list[tuple[int, int, int]]:
    samples = [(0, *_rss_tree_kib(pid))]
    done = 0
    step = total // 5
    while done < total:
        counter = iter(range(done, done + step))

        async def worker(session: aiohttp.ClientSession, it: Any = counter) -> None:
            for i in it:
                await _one(session, url, _body("small", i % 2 == 0, i))

        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=clients)) as s:
            await asyncio.gather(*(worker(s) for _ in range(clients)))
        done += step
        samples.append((done, *_rss_tree_kib(pid)))
    return samples


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer requests (a smoke run)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    n = 60 if args.quick else 400
    tput_n = 400 if args.quick else 3000
    mem_n = 1000 if args.quick else 10_000

    tmp = Path(tempfile.mkdtemp(prefix="promptlint-bench-"))
    fake, fake_url = _spawn(
        [sys.executable, str(ROOT / "tests/proxy/fake_upstream.py")], r"listening on (\S+)"
    )
    proxy, proxy_url = _spawn(
        [
            str(Path(sys.executable).parent / "promptlint"),
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            fake_url,
            "--store",
            f"sqlite:///{tmp / 'bench.db'}",
            "--state-dir",
            str(tmp / "state"),
        ],
        r"listening on (\S+)",
    )
    out: dict[str, Any] = {}
    try:
        rows = asyncio.run(latency(fake_url, proxy_url, n))
        out["latency"] = rows
        print(f"added latency, {n} paired requests each (ms; total time to the last byte)")
        print(
            f"{'prompt':>7} {'stream':>6} | {'direct med':>10} {'proxy med':>9} {'added med':>9} "
            f"{'paired med':>10} | {'direct p95':>10} {'proxy p95':>9} {'added p95':>9}"
        )
        for r in rows:
            cells = [
                f"{r['prompt']:>7}",
                f"{('yes' if r['streamed'] else 'no'):>6} |",
                f"{r['direct_median_ms']:10.2f}",
                f"{r['proxy_median_ms']:9.2f}",
                f"{r['added_median_ms']:9.2f}",
                f"{r['added_paired_median_ms']:10.2f} |",
                f"{r['direct_p95_ms']:10.2f}",
                f"{r['proxy_p95_ms']:9.2f}",
                f"{r['added_p95_ms']:9.2f}",
            ]
            print(" ".join(cells))
        out["throughput"] = []
        for stream in (False, True):
            ds, ps, cpu = [], [], []
            for _ in range(3):  # alternate rounds: load from elsewhere hits both sides
                ds.append(asyncio.run(throughput(fake_url, tput_n, 32, stream)))
                c0 = _cpu_seconds(proxy.pid)
                ps.append(asyncio.run(throughput(proxy_url, tput_n, 32, stream)))
                cpu.append((_cpu_seconds(proxy.pid) - c0) / tput_n * 1e6)
            d, p = statistics.median(ds), statistics.median(ps)
            cpu_us = statistics.median(cpu)
            out["throughput"].append(
                {
                    "streamed": stream,
                    "clients": 32,
                    "requests": tput_n,
                    "direct_rps": d,
                    "proxy_rps": p,
                    "ratio": p / d,
                    "proxy_cpu_us_per_request": cpu_us,
                }
            )
            print(
                f"throughput, 32 clients, {tput_n} small "
                f"{'streamed' if stream else 'plain'} requests: direct {d:.0f} req/s, "
                f"via proxy {p:.0f} req/s (ratio {p / d:.2f}); proxy process CPU "
                f"{cpu_us:.0f} µs per request (the writer process not included)"
            )
        asyncio.run(_drain(proxy_url))
        samples = asyncio.run(memory(proxy_url, proxy.pid, mem_n, 32))
        t0 = time.perf_counter()
        backlog = asyncio.run(_health(proxy_url))["queue_depth"]
        asyncio.run(_drain(proxy_url))
        drain_s = time.perf_counter() - t0
        samples.append((-1, *_rss_tree_kib(proxy.pid)))
        out["memory_rss_kib"] = samples
        out["writer_backlog_after_load"] = backlog
        out["writer_drain_records_per_s"] = backlog / drain_s if drain_s > 0.05 else None
        print(f"RSS over {mem_n} requests (32 clients, half streamed), proxy + writer process:")
        for k, a, b in samples:
            label = "drained" if k < 0 else f"{k:>6}"
            print(f"  {label}: {a / 1024:6.1f} MiB + {b / 1024:6.1f} MiB")
        print(
            f"writer backlog when the load stopped: {backlog} records, "
            f"drained in {drain_s:.1f} s ({out['writer_drain_records_per_s'] or 0:.0f} records/s)"
        )
        health = asyncio.run(_health(proxy_url))
        out["health"] = health
        print(
            f"proxy health after the run: requests {health['requests']}, "
            f"records lost {health['records_lost']}, queue {health['queue_depth']}, "
            f"store {health['store']}"
        )
    finally:
        proxy.terminate()
        fake.terminate()
        proxy.wait(60)
        fake.wait(10)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")


async def _drain(url: str, timeout: float = 600) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (await _health(url))["queue_depth"] == 0:
            return
        await asyncio.sleep(0.1)


async def _health(url: str) -> dict[str, Any]:
    async with aiohttp.ClientSession() as s, s.get(url + "/-/health") as r:
        data: dict[str, Any] = await r.json()
        return data


if __name__ == "__main__":
    main()
