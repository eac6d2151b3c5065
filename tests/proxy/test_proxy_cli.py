"""`promptlint proxy` as a user runs it: a real process, real port, SIGINT to stop."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import openai
import pytest
from harness import OPENAI_KEY, Harness

from promptlint.store import open_store

PROMPTLINT = str(Path(sys.executable).parent / "promptlint")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PROMPTLINT, "proxy", *args], capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--listen", "nonsense"], "--listen must be HOST:PORT"),
        (["--listen", "127.0.0.1:http"], "port must be a number"),
        (["--upstream", "ftp://example.com"], "upstream must be an http(s) URL"),
        (["--upstream", "http://a", "--openai-upstream", "http://b"], "either --upstream"),
        (["--store", "mysql://x"], "unknown store URL"),
    ],
)
def test_bad_options_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = _run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_port_in_use_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        result = _run("--listen", f"127.0.0.1:{port}", "--state-dir", str(tmp_path))
    assert result.returncode == 2
    assert "cannot listen on" in result.stderr and "Traceback" not in result.stderr


def test_proxy_command_serves_records_and_stops_cleanly(harness: Harness, tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'cli.db'}"
    proc = subprocess.Popen(
        [
            PROMPTLINT,
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            harness.fake.url,
            "--store",
            store,
            "--state-dir",
            str(tmp_path / "cli-state"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", first)
        assert match, first
        url = match.group(1)
        with openai.OpenAI(base_url=url + "/v1", api_key=OPENAI_KEY, max_retries=0) as client:
            reply = client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": "hello"}]
            )
        assert reply.choices[0].message.content
    finally:
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    with open_store(store) as s:
        (record,) = list(s.iter_requests())
    assert record.api == "openai-chat" and record.status == 200
    assert (tmp_path / "cli-state" / "proxy.salt").stat().st_mode & 0o777 == 0o600


def test_max_body_must_be_positive() -> None:
    result = _run("--max-body-mib", "0")
    assert result.returncode == 2 and "--max-body-mib" in result.stderr
