"""Diagnosing recorded requests: the Analyzer per request, against parsing the body alone.

Traffic: 40 interleaved conversations with one ~50 kB system prompt and tools, each
growing by one message per request (so bodies grow from ~60 kB to ~80 kB), with usage.
Prints median/p95 per request, the ratio to `json.loads` of the same body, and the
memory the Analyzer holds (its index is bounded). No timed asserts anywhere.

Run: .venv/bin/python bench/bench_analyzer.py [REQUESTS]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from datetime import datetime, timedelta, timezone
from typing import Any

from promptlint.diagnosis.analyzer import Analyzer
from promptlint.diagnosis.exchange import Exchange

RULE = (
    "Rule {i}: when a customer asks about topic {i}, check the account status first, "
    "quote the policy section verbatim, and never promise what you cannot verify.\n"
)
SYSTEM = "".join(RULE.format(i=i) for i in range(300))  # ~50 kB
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": f"tool_{k}",
            "description": f"Tool number {k}.",
            "parameters": {"type": "object", "properties": {"arg": {"type": "string"}}},
        },
    }
    for k in range(8)
]
T0 = datetime(2026, 11, 29, tzinfo=timezone.utc)


def bodies(n: int) -> list[bytes]:
    out = []
    for k in range(n):
        conv, turns = k % 40, k // 40 + 1
        msgs: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}]
        for t in range(turns):
            role = "user" if t % 2 == 0 else "assistant"
            msgs.append({"role": role, "content": f"conversation {conv} turn {t} " * 30})
        out.append(json.dumps({"model": "gpt-4o", "messages": msgs, "tools": TOOLS}).encode())
    return out


def exchange(k: int, raw: bytes) -> Exchange:
    usage = {"prompt_tokens": 14_000, "prompt_tokens_details": {"cached_tokens": 12_800}}
    return Exchange(
        request_id=f"r{k}",
        ts=T0 + timedelta(seconds=k),
        api="openai-chat",
        path="/v1/chat/completions",
        request_body=raw,
        request_headers={},
        key_hash="bench",
        status=200,
        streamed=False,
        latency_ms=1.0,
        usage_raw=usage,
        response_model=None,
    )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    raws = bodies(n)
    analyzer = Analyzer()
    analyzer.tokens.for_model("gpt-4o", "openai")  # load the encoding outside the timing
    parse, analyze = [], []
    for k, raw in enumerate(raws):
        t = time.perf_counter()
        json.loads(raw)
        parse.append(time.perf_counter() - t)
        ex = exchange(k, raw)
        t = time.perf_counter()
        analyzer.analyze(ex)
        analyze.append(time.perf_counter() - t)
    tracemalloc.start()
    held = Analyzer()
    for k, raw in enumerate(raws):
        held.analyze(exchange(k, raw))
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    med, p95 = statistics.median(analyze), sorted(analyze)[int(len(analyze) * 0.95)]
    base = statistics.median(parse)
    size = sum(len(r) for r in raws) / len(raws) / 1024
    print(f"requests: {n}, mean body {size:.0f} kB, 40 interleaved conversations")
    print(f"analyze per request: median {med * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms")
    print(f"json.loads per body: median {base * 1e3:.3f} ms; ratio {med / base:.0f}x")
    print(f"memory held by the Analyzer after {n} requests: {current / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
