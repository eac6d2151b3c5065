"""Chaos (marker `chaos`, `make test-chaos`): a few thousand mixed requests (plain and
streamed) through the real `promptlint proxy` while the proxy itself is killed (kill -9,
then started again on the same state dir and port), its writer is killed or frozen, and
its store is frozen, at random points, over several runs of the proxy — then every
request the client saw succeed is in the store, or was counted lost (and said), exactly;
what the store holds for a request is what the upstream billed it. Bounded: loopback
only, a fixed number of requests, a seeded random schedule."""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import signal
import socket
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

USAGE_KEYS = ("uncached_input_tokens", "cache_read_tokens", "cache_write", "output_tokens")

ROUNDS = 3
PER_ROUND = 600
CLIENTS = 6


FAULTS = ["kill-proxy", "kill-writer", "freeze-writer", "freeze-store"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def start_proxy(tmp: Path, upstream: str, port: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("promptlint")),
            "proxy",
            "--listen",
            f"127.0.0.1:{port}",
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
    assert f"listening on http://127.0.0.1:{port}" in line, line
    return proc


LOGS: list[str] = []  # what each proxy (and the writer of each killed one) said


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
    LOGS.append(f"-- proxy {proc.pid}, stopped:\n{err}")
    said = re.search(r"^promptlint proxy: (\d+) records lost, \d+ waiting in", err, re.M)
    return said_lost(err, int(said.group(1)) if said else 0)


def said_lost(err: str, lost: int) -> int:
    """`lost`, after showing the log lines that say why."""
    if lost:
        print(*(line for line in err.splitlines() if "lost" in line), sep="\n")
    return lost


def killed_proxy_losses(proc: subprocess.Popen[str]) -> int:
    """The losses the writer of a killed proxy says once it has written what it held
    (it keeps the proxy's stderr open until then)."""
    try:
        _, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("the writer of a killed proxy did not finish in 120 s")
    LOGS.append(f"-- proxy {proc.pid}, killed:\n{err}")
    assert "the proxy is gone" in err, err
    said = re.search(r"the proxy's last records are settled: (\d+) lost", err)
    assert said, err
    return said_lost(err, int(said.group(1)))


class Proxy:
    """The running proxy, replaced by a new one on the same port when it is killed."""

    def __init__(self, tmp: Path, upstream: str) -> None:
        self.tmp, self.upstream, self.port = tmp, upstream, free_port()
        self.proc = start_proxy(tmp, upstream, self.port)
        self.killed: list[subprocess.Popen[str]] = []

    def kill_and_restart(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self.killed.append(self.proc)
        self.proc = start_proxy(self.tmp, self.upstream, self.port)


Result = tuple[str, dict[str, int] | None]


def one_request(port: int, n: int) -> Result:
    """One request (the kind by n): its marker and, on success, the usage the client was
    billed. A refused connection (the proxy is being started again) is tried again: that
    request never reached the proxy."""
    deadline = time.monotonic() + 20
    while True:
        try:
            return request_once(port, n)
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def request_once(port: int, n: int) -> Result:
    marker = f"chaos-{n}"
    anthropic = n % 3 == 1
    streamed = n % 3 == 2
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
        if streamed:
            body |= {"stream": True, "stream_options": {"include_usage": True}}
        headers = {"Authorization": f"Bearer {OPENAI_KEY}"}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.connect()
    except (ConnectionRefusedError, ConnectionResetError) as exc:
        # Reset while connecting: the kernel had queued the connection on the socket of a
        # proxy killed before accepting it. Nothing was sent, as with a refused one.
        conn.close()
        raise ConnectionRefusedError(str(exc)) from exc
    try:
        conn.request(
            "POST", path, json.dumps(body), {**headers, "Content-Type": "application/json"}
        )
        resp = conn.getresponse()
        data = resp.read()
    except (OSError, http.client.HTTPException):
        return marker, None
    finally:
        conn.close()
    if resp.status != 200:
        return marker, None
    if streamed:
        events = [line[6:] for line in data.decode().splitlines() if line.startswith("data: ")]
        if not events or events[-1] != "[DONE]":
            return marker, None
        u = next(json.loads(e)["usage"] for e in reversed(events[:-1]) if '"usage"' in e)
    else:
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


def chaos(tmp: Path, proxy: Proxy, rng: random.Random) -> list[str]:
    """Each fault once, in a random order at random moments: kill -9 the proxy (and start
    it again), kill -9 the writer, freeze it (SIGSTOP), freeze the store (an exclusive
    lock)."""
    actions = list(FAULTS)
    rng.shuffle(actions)
    for action in actions:
        time.sleep(rng.uniform(0.3, 1.0))
        if action == "kill-proxy":
            proxy.kill_and_restart()
            continue
        pid = writer_child(proxy.proc.pid)
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
    failed: set[str] = set()
    lost = 0
    faults: list[str] = []
    with ThreadedUpstream() as up:
        n = 0
        for _ in range(ROUNDS):
            proxy = Proxy(tmp_path, up.fake.url)
            monkey = ThreadPoolExecutor(1).submit(chaos, tmp_path, proxy, rng)
            with ThreadPoolExecutor(CLIENTS) as pool:
                # At least PER_ROUND requests, and more while the faults are still coming.
                sent = 0
                while sent < PER_ROUND or (not monkey.done() and sent < 10 * PER_ROUND):
                    batch = range(n + sent, n + sent + 100)
                    for marker, usage in pool.map(one_request, [proxy.port] * 100, batch):
                        if usage is None:
                            failed.add(marker)
                        else:
                            succeeded[marker] = usage
                    sent += len(batch)
            n += sent
            faults += monkey.result(60)
            lost += stop_proxy(proxy.proc)
            lost += sum(map(killed_proxy_losses, proxy.killed))
        # One more start replays whatever the runs left in the spill file.
        port = free_port()
        proc = start_proxy(tmp_path, up.fake.url, port)
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
    cut = failed & set(records)
    print(
        f"chaos: {len(succeeded)} of {n} requests succeeded, {len(records)} recorded,"
        f" {len(missing)} missing, {lost} counted lost; {len(failed)} cut off by a kill of"
        f" the proxy ({len(cut)} of them recorded); faults {sorted(set(faults))}"
        f" x{len(faults)}"
    )
    assert sorted(faults) == sorted(FAULTS * ROUNDS)
    # Only a kill of the proxy fails a request: those it had in flight (each client has
    # one at a time) and those that reached its socket while it went down.
    assert len(failed) <= 4 * CLIENTS * ROUNDS
    assert len(succeeded) + len(failed) == n
    # nothing lost without being counted and said, and nothing counted that is not lost
    assert len(missing) == lost, "\n".join(LOGS)[-20000:]
    # what the store holds for each request is what the upstream billed it; a request cut
    # off may be recorded (it was handed over before its client saw the end)
    assert set(records) <= set(succeeded) | failed
    for marker in set(records) & set(succeeded):
        assert records[marker] == succeeded[marker], marker
    totals = {k: sum(records[m][k] for m in set(records) - failed) for k in USAGE_KEYS}
    billed = {k: sum(u[k] for m, u in succeeded.items() if m not in missing) for k in USAGE_KEYS}
    assert totals == billed
