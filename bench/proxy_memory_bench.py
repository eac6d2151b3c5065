"""Peak memory of the proxy for large non-streamed responses, by writer byte budget.

An upstream on loopback answers every chat request with a 12 MiB JSON body; 10 clients
send 100 requests through `promptlint proxy` (the real command, SQLite store, writer
process). Printed per `--max-queue-mib`: the peak resident memory (VmHWM) of the proxy
process and of the proxy plus its children, the records written and the response copies
dropped over the budget (their usage lost, counted). The rows run one after another in
the same run, so machine load hits them alike. No asserts: this prints figures.

Run: .venv/bin/python bench/proxy_memory_bench.py [--budgets 512,64] [--cwd DIR]
(`--cwd` runs the `promptlint` package found in DIR, e.g. an older checkout, as baseline.)
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "proxy"))
from harness import canned_upstream, child_pids  # the test suite's helpers

MIB = 1024 * 1024
REQUEST = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]})
HEADERS = {"Content-Type": "application/json", "Authorization": "Bearer sk-bench-0123456789"}


def _peak_mib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM"):
                return int(line.split()[1]) // 1024
    except FileNotFoundError:
        pass
    return 0


def run(upstream: str, budget: int | None, cwd: str | None, requests: int) -> dict[str, int]:
    state = tempfile.mkdtemp()
    args = [] if budget is None else ["--max-queue-mib", str(budget)]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "promptlint",
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            upstream,
            "--store",
            f"sqlite:///{state}/r.db",
            "--state-dir",
            f"{state}/s",
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    url = proc.stdout.readline().split("listening on ", 1)[1].split()[0]
    port = int(url.rsplit(":", 1)[1])
    peaks: dict[int, int] = {}
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            for pid in (proc.pid, *child_pids(proc.pid)):
                peaks[pid] = max(peaks.get(pid, 0), _peak_mib(pid))
            time.sleep(0.1)

    def one(_: int) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        conn.request("POST", "/v1/chat/completions", body=REQUEST, headers=HEADERS)
        size = len(conn.getresponse().read())
        conn.close()
        return size

    watcher = threading.Thread(target=watch)
    watcher.start()
    with ThreadPoolExecutor(10) as pool:
        sizes = list(pool.map(one, range(requests)))
    for _ in range(240):  # until the writer has settled everything
        health = json.loads(urllib.request.urlopen(url + "/-/health").read())
        if health["queue_depth"] == 0:
            break
        time.sleep(0.5)
    time.sleep(1)
    done.set()
    watcher.join()
    proc.terminate()
    proc.communicate(timeout=120)
    with sqlite3.connect(f"{state}/r.db") as db:
        rows, dropped = db.execute(
            "SELECT count(*), coalesce(sum(error LIKE '%response copy over%'), 0) FROM requests"
        ).fetchone()
    return {
        "complete_responses": sum(1 for s in sizes if s == sizes[0]),
        "proxy_peak_mib": peaks.get(proc.pid, 0),
        "total_peak_mib": sum(peaks.values()),
        "records": rows,
        "copies_dropped": dropped,
        "records_lost": health["records_lost"],
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budgets", default="512,64", help="--max-queue-mib values, MiB")
    ap.add_argument("--cwd", help="run the promptlint package in this directory instead")
    ap.add_argument("--requests", type=int, default=100)
    opts = ap.parse_args()
    body = json.dumps(
        {
            "id": "chatcmpl-bench",
            "object": "chat.completion",
            "model": "gpt-4o-2024-08-06",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "x" * 12 * MIB}}],
            "usage": {"prompt_tokens": 2000, "completion_tokens": 7},
        }
    ).encode()
    print(f"load average {os.getloadavg()[0]:.1f}; {opts.requests} responses of 12 MiB")
    budgets: list[int | None] = [None] if opts.cwd else [int(b) for b in opts.budgets.split(",")]
    with canned_upstream(body) as upstream:
        for budget in budgets:
            figures = run(upstream, budget, opts.cwd, opts.requests)
            label = f"--max-queue-mib {budget}" if budget is not None else f"code in {opts.cwd}"
            print(label, " ".join(f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
