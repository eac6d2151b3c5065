"""Chaos (marker `chaos`, `make test-chaos`): a few thousand mixed requests through the real
`promptlint proxy` while its writer is killed or frozen and its store is frozen, at random
points, over several runs of the proxy — then every request the client saw succeed is in
the store, or was counted lost (and said at stop); what the store holds for a request is
what the upstream billed it. Bounded: loopback only, a fixed number of requests, a seeded
random schedule."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fake_upstream import ThreadedUpstream
from harness import ANTHROPIC_KEY, OPENAI_KEY, writer_child

pytestmark = pytest.mark.chaos

ROUNDS = 3
PER_ROUND = 600
CLIENTS = 6


def start_proxy(tmp: Path, upstream: str) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("promptlint")),
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            upstream,
            "--store",
            f"sqlite:///{tmp / 'chaos.db'}",
            "--state-dir",
            str(tmp / "state"),
            "--record-bodies",
            "full",
            "--write-timeout",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    port = int(line.split("listening on http://127.0.0.1:", 1)[1].split()[0])
    return proc, port


def stop_proxy(proc: subprocess.Popen[str]) -> int:
    """SIGTERM, then the losses the proxy says at stop."""
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate(timeout=10)
        pytest.fail(f"the proxy did not stop in 120 s: {err[-3000:]}")
    assert proc.returncode == 0, err
    said = re.search(r"^promptlint proxy: (\d+) records lost, \d+ waiting in", err, re.M)
    return int(said.group(1)) if said else 0


def one_request(port: int, n: int) -> tuple[str, dict[str, int]] | None:
    """One request (the kind by n); (marker, the usage the client was billed) on success."""
    marker = f"chaos-{n}"
    anthropic = n % 2 == 1
    if anthropic:
        path = "/v1/messages"
        body = {
            "model": "claude-sonnet-4-5",
            "max_tokens": 64,
            "messages": [{"role": "user", "content": f"{marker} please answer"}],
        }
        headers = {"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01"}
    else:
        path = "/v1/chat/completions"
        body = {"model": "gpt-4o", "messages": [{"role": "user", "content": f"{marker} hi"}]}
        headers = {"Authorization": f"Bearer {OPENAI_KEY}"}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(
            "POST", path, json.dumps(body), {**headers, "Content-Type": "application/json"}
        )
        resp = conn.getresponse()
        data = resp.read()
    except OSError:
        return None
    finally:
        conn.close()
    if resp.status != 200:
        return None
    u = json.loads(data)["usage"]
    if anthropic:
        usage = {
            "uncached_input_tokens": u["input_tokens"],
            "cache_read_tokens": u.get("cache_read_input_tokens", 0),
            "cache_write": u.get("cache_creation_input_tokens", 0),
            "output_tokens": u["output_tokens"],
        }
    else:
        cached = (u.get("prompt_tokens_details") or {}).get("cached_tokens", 0)
        usage = {
            "uncached_input_tokens": u["prompt_tokens"] - cached,
            "cache_read_tokens": cached,
            "cache_write": 0,
            "output_tokens": u["completion_tokens"],
        }
    return marker, usage


def chaos(tmp: Path, proxy_pid: int, rng: random.Random) -> list[str]:
    """Each fault once, in a random order at random moments: kill -9 the writer, freeze
    it (SIGSTOP), freeze the store (an exclusive lock)."""
    actions = ["kill-writer", "freeze-writer", "freeze-store"]
    rng.shuffle(actions)
    for action in actions:
        time.sleep(rng.uniform(0.3, 1.0))
        pid = writer_child(proxy_pid)
        if action == "kill-writer" and pid:
            os.kill(pid, signal.SIGKILL)
        elif action == "freeze-writer" and pid:
            os.kill(pid, signal.SIGSTOP)
            time.sleep(rng.uniform(0.5, 1.5))
            os.kill(pid, signal.SIGCONT)
        elif action == "freeze-store":
            con = sqlite3.connect(tmp / "chaos.db", isolation_level=None, timeout=5)
            try:
                con.execute("BEGIN EXCLUSIVE")
                time.sleep(rng.uniform(0.5, 2.0))
            finally:
                con.close()
    return actions


def stored(tmp: Path) -> Iterator[tuple[str, dict[str, int]]]:
    with sqlite3.connect(tmp / "chaos.db") as con:
        rows = con.execute(
            "SELECT body, uncached_input_tokens, cache_read_tokens,"
            " cache_write_5m_tokens + cache_write_1h_tokens, output_tokens FROM requests"
        ).fetchall()
    for body, uncached, read, write, output in rows:
        text = json.loads(body)["request"]["messages"][0]["content"]  # --record-bodies full
        usage = {
            "uncached_input_tokens": uncached,
            "cache_read_tokens": read,
            "cache_write": write,
            "output_tokens": output,
        }
        yield text.split()[0], usage


def test_chaos_every_success_is_recorded_or_counted(tmp_path: Path) -> None:
    rng = random.Random(20261201)
    succeeded: dict[str, dict[str, int]] = {}
    lost = 0
    faults: list[str] = []
    with ThreadedUpstream() as up:
        n = 0
        for _ in range(ROUNDS):
            proc, port = start_proxy(tmp_path, up.fake.url)
            monkey = ThreadPoolExecutor(1).submit(chaos, tmp_path, proc.pid, rng)
            with ThreadPoolExecutor(CLIENTS) as pool:
                # At least PER_ROUND requests, and more while the faults are still coming.
                sent = 0
                while sent < PER_ROUND or (not monkey.done() and sent < 10 * PER_ROUND):
                    batch = range(n + sent, n + sent + 100)
                    for result in pool.map(one_request, [port] * len(batch), batch):
                        if result is not None:
                            succeeded[result[0]] = result[1]
                    sent += len(batch)
            n += sent
            faults += monkey.result(60)
            lost += stop_proxy(proc)
        # One more start replays whatever the runs left in the spill file.
        proc, port = start_proxy(tmp_path, up.fake.url)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/-/health")
            health: dict[str, Any] = json.loads(conn.getresponse().read())
            conn.close()
            if health["spill_pending"] == 0 and health["store"] == "ok":
                break
            time.sleep(0.2)
        lost += stop_proxy(proc)
    records = dict(stored(tmp_path))
    missing = set(succeeded) - set(records)
    print(
        f"chaos: {len(succeeded)} of {n} requests succeeded, {len(records)} recorded,"
        f" {len(missing)} missing, {lost} counted lost; faults {sorted(set(faults))}"
        f" x{len(faults)}"
    )
    assert len(succeeded) == n  # the proxy forwards whatever happens to its writer and store
    assert sorted(faults) == sorted(["kill-writer", "freeze-writer", "freeze-store"] * ROUNDS)
    # nothing lost without being counted and said
    assert len(missing) <= lost
    # what the store holds for each request is what the upstream billed it
    for marker, usage in records.items():
        assert usage == succeeded[marker], marker
    totals = {k: sum(u[k] for u in records.values()) for k in next(iter(records.values()))}
    billed = {k: sum(succeeded[m][k] for m in records) for k in totals}
    assert totals == billed
