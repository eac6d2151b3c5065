"""`make demo`: promptlint's three jobs, offline, on what the repository ships.

1. `promptlint check examples/`: prompt-building code with real cache breakers.
2. A recorded coding-agent conversation (`examples/agent_session/NN.json`, the request
   bodies as the agent sent them) replayed through the real `promptlint proxy` against the
   local stand-in for api.anthropic.com (`tests/proxy/fake_upstream.py`, which speaks the
   Messages API with a prefix cache), recorded into SQLite; then `sessions` and `explain`.
3. `promptlint report` of that recording, as a table and as an HTML file.

Nothing leaves the machine: every connection is to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SESSION = ROOT / "examples" / "agent_session"
UPSTREAM = ROOT / "tests" / "proxy" / "fake_upstream.py"
PROMPTLINT = Path(sys.executable).with_name("promptlint")
# A stand-in key: the local upstream accepts any, and the proxy stores only a salted hash.
DEMO_KEY = "sk-ant-demo-0000000000000000"


def show(title: str) -> None:
    print(f"\n== {title} ==", flush=True)


def promptlint(*args: str, ok: tuple[int, ...] = (0,), echo: bool = True) -> str:
    """Run the installed `promptlint` the way a user would (from the checkout's root)."""
    if echo:
        print(f"$ promptlint {' '.join(args)}", flush=True)
    done = subprocess.run([str(PROMPTLINT), *args], cwd=ROOT, capture_output=True, text=True)
    if echo:
        sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    if done.returncode not in ok:
        sys.exit(f"demo: `promptlint {args[0]}` exited {done.returncode}")
    return done.stdout


def started(cmd: list[str], ready: str) -> tuple[subprocess.Popen[str], str]:
    """Start a server and return it with the URL it printed on its first line."""
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if ready not in line:
        proc.kill()
        sys.exit(f"demo: {cmd[1]} did not start: {line.strip() or 'no output'}")
    return proc, line.split()[-1]


def replay(proxy_url: str) -> int:
    """Send each recorded request body to the proxy as the agent did; read each stream."""
    sent = 0
    for path in sorted(SESSION.glob("*.json")):
        request = urllib.request.Request(
            f"{proxy_url}/v1/messages",
            data=path.read_bytes(),
            headers={
                "content-type": "application/json",
                "anthropic-version": "2023-06-01",
                "x-api-key": DEMO_KEY,
            },
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
        sent += 1
    return sent


def shown(path: Path) -> str:
    """A path as a user in the checkout would type it."""
    return os.path.relpath(path, ROOT) if path.is_relative_to(ROOT) else str(path)


def record(out: Path, store: str) -> None:
    """The proxy in front of the local upstream, the conversation through it, a clean stop."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    upstream, upstream_url = started([sys.executable, str(UPSTREAM), "0"], "listening on")
    try:
        proxy_cmd = [
            str(PROMPTLINT), "proxy", "--listen", "127.0.0.1:0", "--upstream", upstream_url,
            "--store", store, "--state-dir", shown(out / "state"),
        ]  # fmt: skip
        print(f"$ promptlint {' '.join(proxy_cmd[1:])} &", flush=True)
        proxy, proxy_url = started(proxy_cmd, "listening on")
        try:
            print(f"  proxy on {proxy_url}, local upstream on {upstream_url}")
            sent = replay(proxy_url)
            print(f"  replayed {sent} requests of {SESSION.relative_to(ROOT)}/ through the proxy")
        finally:
            proxy.send_signal(signal.SIGINT)  # Ctrl-C: the proxy writes everything queued
            proxy.wait(60)
    finally:
        upstream.terminate()
        upstream.wait(10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "demo")
    out = parser.parse_args(argv).out.resolve()
    store = f"sqlite:///{shown(out / 'recordings.db')}"
    report = shown(out / "report.html")

    show("1. check: what breaks the prefix before it ships")
    promptlint("check", "examples/", ok=(0, 1))

    show("2. proxy: a recorded agent conversation through the recording proxy")
    record(out, store)
    promptlint("sessions", "--store", store)
    sessions = json.loads(promptlint("sessions", "--store", store, "--format", "json", echo=False))
    rows = sessions["sessions"] if isinstance(sessions, dict) else sessions
    for row in rows:
        promptlint("explain", row["session_id"], "--store", store, "--advice")

    show("3. report: what the traffic cost, and what the breaks cost")
    promptlint("report", "--store", store, "--by", "cause")
    promptlint("report", "--store", store, "-o", report)

    show("where the results are")
    print(f"  promptlint itself   {PROMPTLINT.relative_to(ROOT)} (or `source .venv/bin/activate`)")
    print("  check findings      printed above (exit code 1: findings)")
    print(f"  recordings          {shown(out / 'recordings.db')} (SQLite: --store {store})")
    print(f"  HTML report         {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
