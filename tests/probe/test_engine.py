"""The probe against a real vLLM engine (CPU build): `make test-engine` runs these.

One engine serves the module: the tiny local Llama, 64 blocks of 32 tokens (eviction is
forced), started the way `make probe-demo` starts it. It is always stopped, process group
and all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from promptlint.gpu_probe.client import EngineClient
from promptlint.gpu_probe.engine import (
    LaunchedEngine,
    _group_alive,
    find_python,
    launch,
    worker_cores,
)
from promptlint.gpu_probe.probe import ProbeSettings, run_probe
from promptlint.gpu_probe.tiny_model import build_tiny_model
from promptlint.gpu_probe.workloads import Options

pytestmark = pytest.mark.engine

ENGINE_ARGS = [
    "--served-model-name", "tiny", "--block-size", "32", "--kv-cache-memory-bytes", "1048576",
    "--max-model-len", "1024", "--max-num-seqs", "8", "--enforce-eager", "--load-format", "dummy",
]  # fmt: skip


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tiny") / "tiny-llama"
    build_tiny_model(out)
    return out


@pytest.fixture(scope="module")
def engine(model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LaunchedEngine]:
    python = os.environ.get("PROMPTLINT_VLLM_PYTHON", ".venv-vllm/bin/python")
    if not Path(python).exists():
        pytest.fail(f"no vLLM interpreter at {python}: run `make test-engine`")
    log = tmp_path_factory.mktemp("log") / "engine.log"
    handle = launch(str(model_dir), ENGINE_ARGS, find_python(python), log)
    try:
        yield handle
    finally:
        handle.stop()
        assert not _group_alive(handle.process.pid), "the engine's process group survived stop()"


async def probe(engine: LaunchedEngine, model_dir: Path, **kw: Any) -> dict[str, Any]:
    settings = ProbeSettings(model_dir=str(model_dir), **kw)
    async with aiohttp.ClientSession() as session:
        client = EngineClient(engine.base_url, session)
        return await run_probe(client, settings, {"url": engine.base_url, "launched": True})


async def test_sequential_hits_match_every_request_through_eviction(
    engine: LaunchedEngine, model_dir: Path
) -> None:
    report = await probe(engine, model_dir, workload="mixed", concurrency=[])
    seq = report["sequential"]
    assert seq["requests"] >= 20
    assert seq["mismatches"] == 0, [r for r in seq["per_request"] if not r["match"]]
    # eviction really happened, and requests after it were predicted exactly too
    assert seq["predicted_evicted_blocks"] > 0
    assert seq["requests_after_first_eviction"] >= 10
    assert 0 < seq["measured_hit_tokens"] < seq["prompt_tokens"]
    rows = seq["per_request"]
    assert all(r["cached_tokens"] == r["metric_hit_tokens"] for r in rows)
    # a request after eviction hit less than its full shared prefix: partial chains survive
    assert any(r["predicted_evicted_blocks"] for r in rows)


async def test_kv_bytes_per_token_equal_the_engines(
    engine: LaunchedEngine, model_dir: Path
) -> None:
    report = await probe(engine, model_dir, workload="rag", concurrency=[])
    kv = report["kv"]
    # 2 layers × (K and V) × 2 KV heads × head_dim 32 × 2 bytes (bf16)
    assert kv["bytes_per_token_predicted"] == 2 * 2 * 2 * 32 * 2
    assert kv["bytes_per_token_engine"] == kv["bytes_per_token_predicted"]
    assert kv["num_gpu_blocks_engine"] == kv["num_gpu_blocks_predicted"] == 64
    assert kv["match"] is True
    assert report["sequential"]["mismatches"] == 0


async def test_chat_prompts_tokenized_by_the_server_are_predicted_exactly(
    engine: LaunchedEngine, model_dir: Path
) -> None:
    report = await probe(
        engine, model_dir, workload="chat", concurrency=[], options=Options(sessions=3, turns=3)
    )
    seq = report["sequential"]
    assert seq["requests"] == 9
    assert seq["mismatches"] == 0
    assert seq["measured_hit_tokens"] > 0  # turns re-read the shared system prompt and history


def test_cli_sweep_and_concurrent_run(engine: LaunchedEngine, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    proc = subprocess.run(
        [
            sys.executable, "-m", "promptlint", "probe", "--vllm", engine.base_url,
            "--no-sequential", "--concurrency", "1,8", "--format", "json", "-o", str(out),
            "--html-out", str(tmp_path / "report.html"), "--fail-over", "10",
            "--fail-scheduler-over", "2", "--max-num-seqs", "8",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(out.read_text())
    conc = report["concurrent"]
    assert conc["concurrency"] == 8
    assert (
        abs(conc["measured_hit_tokens"] - conc["predicted_hit_tokens"])
        <= 0.1 * conc["predicted_hit_tokens"]
    )
    assert conc["explanation"]
    # the scheduler simulation, made before the run from the calibrated step times: in
    # lockstep rounds the engine's order follows from its scheduler, so it must hold to 2 %
    # at every level (it has been exact, request by request)
    assert conc["arrival"] == "rounds"
    for level in report["sweep"]["levels"]:
        assert abs(level["difference_pct_scheduler"]) <= 2.0, level
    assert conc["requests_differing_scheduler"] is not None
    cal = report["sweep"]["capacity"]["calibration"]
    assert cal["max_num_seqs"] == 8 and cal["step_base_ms"] > 0
    one, eight = report["sweep"]["levels"]
    assert one["predicted_ttft_p50_ms"] > 0 and eight["predicted_hit_tokens_scheduler"] > 0
    assert one["requests"] == eight["requests"]
    assert eight["hit_rate"] < one["hit_rate"]  # 8 sessions do not fit the pool, 1 does
    assert eight["predicted_hit_rate"] < one["predicted_hit_rate"]
    assert report["sweep"]["measured_cliff"] == report["sweep"]["predicted_cliff"] == 8
    assert one["ttft_p50_ms"] is not None and eight["ttft_p99_ms"] >= eight["ttft_p50_ms"]
    assert "<table>" in (tmp_path / "report.html").read_text()


def test_routing_policies_on_two_engines(
    engine: LaunchedEngine, model_dir: Path, tmp_path: Path
) -> None:
    # A second engine like the first; each policy routes 7 agent sessions in lockstep rounds
    # (7: round-robin then moves every session's turns between the engines).
    python = os.environ.get("PROMPTLINT_VLLM_PYTHON", ".venv-vllm/bin/python")
    # Its worker on a core of its own (`promptlint probe --engines 2` binds them so): vLLM's
    # automatic binding would put both engines' workers on core 0.
    second = launch(
        str(model_dir),
        ENGINE_ARGS,
        find_python(python),
        tmp_path / "engine-2.log",
        cpus=worker_cores(2)[1],
    )
    try:
        out = tmp_path / "routing.json"
        proc = subprocess.run(
            [
                sys.executable, "-m", "promptlint", "probe",
                "--vllm", f"{engine.base_url},{second.base_url}", "--no-sequential",
                "--concurrency", "0", "--max-num-seqs", "8", "--format", "json", "-o", str(out),
                "--fail-routing-over", "5",
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )  # fmt: skip
    finally:
        second.stop()
    assert proc.returncode == 0, proc.stderr
    routing = json.loads(out.read_text())["routing"]
    assert routing["engines"] == 2 and routing["concurrency"] == 7
    rows = {r["policy"]: r for r in routing["policies"]}
    assert set(rows) == {
        "round-robin",
        "random",
        "least-loaded",
        "session-affinity",
        "prefix-aware",
    }
    for row in rows.values():
        assert row["requests"] == 42
        assert abs(row["difference_points"]) <= 5.0, row
        assert row["predicted_requests_per_engine"] == row["requests_per_engine"], row
    assert routing["ordering"]["same"], routing["ordering"]
    assert routing["ttft_basis"]["holds"] is None  # attached: the probe cannot know their cores
    # keeping a session where its history is beats sending its turns round the engines
    affinity, naive = rows["session-affinity"], rows["round-robin"]
    assert affinity["hit_rate"] >= naive["hit_rate"] + 0.05
    assert affinity["predicted_hit_rate"] >= naive["predicted_hit_rate"] + 0.05


def test_cli_file_workload(engine: LaunchedEngine, tmp_path: Path) -> None:
    workload = tmp_path / "w.json"
    workload.write_text(
        json.dumps(
            {
                "segments": {"system": 100, "doc": 300},
                "requests": [
                    {"session": "a", "parts": ["system", 20]},
                    {"session": "a", "extend": True, "parts": [40], "max_tokens": 3},
                    {"session": "b", "parts": ["system", "doc", 10]},
                    {"session": "c", "parts": ["system", "doc", 12]},
                    {"prompt": list(range(300, 340))},
                    {"prompt": list(range(300, 340))},
                ],
            }
        )
    )
    proc = subprocess.run(
        [
            sys.executable, "-m", "promptlint", "probe", "--vllm", engine.base_url,
            "--workload", str(workload), "--concurrency", "0", "--format", "json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    seq = json.loads(proc.stdout)["sequential"]
    assert seq["mismatches"] == 0
    hits = [r["metric_hit_tokens"] for r in seq["per_request"]]
    # a extends itself (120 → 160 tokens: 3 blocks), c shares system + doc (400 tokens: 12
    # blocks) with b, the repeated 40-token prompt hits its one full block
    assert hits[1] == 96 and hits[3] == 384 and hits[5] == 32


def test_an_engine_that_cannot_start_is_a_one_line_error_and_leaves_nothing(
    model_dir: Path, tmp_path: Path
) -> None:
    # A 1 MiB pool (2,048 tokens) cannot hold one request of the model's 4,096 positions.
    python = os.environ.get("PROMPTLINT_VLLM_PYTHON", ".venv-vllm/bin/python")
    proc = subprocess.run(
        [
            sys.executable, "-m", "promptlint", "probe", "--launch", str(model_dir),
            "--python", python, "--log", str(tmp_path / "engine.log"),
            "--", "--block-size", "32", "--kv-cache-memory-bytes", "1048576",
            "--enforce-eager", "--load-format", "dummy", "--served-model-name", "too-small",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert proc.returncode == 2
    assert proc.stderr.startswith("promptlint: error: vLLM exited with code")
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "ValueError: To serve at least one request" in proc.stderr  # the root cause
    leftover = subprocess.run(["pgrep", "-f", "too-small"], capture_output=True, text=True)
    assert leftover.stdout.strip() == ""


def test_cli_replays_recorded_sessions(engine: LaunchedEngine, tmp_path: Path) -> None:
    from promptlint.store import open_store
    from promptlint.store.records import BreakRecord, RequestRecord

    def rec(i: int, session: str, parent: str | None, prompt: int, read: int, **kw: Any) -> Any:
        return RequestRecord(
            id=f"{session}-{i}", ts=f"2026-11-29T10:00:{i:02d}.000000+00:00", api="openai-chat",
            provider="openai", model="gpt-4o", key_hash="k", session_id=session,
            parent_id=parent, status=200, streamed=False, latency_ms=1.0,
            uncached_input_tokens=prompt - read, cache_read_tokens=read, **kw,
        )  # fmt: skip

    url = f"sqlite:///{tmp_path / 'rec.db'}"
    tool_order = BreakRecord("tool-order", "PL201", "tools", 64, 436, "0")
    with open_store(url) as store:
        store.write(
            [
                rec(1, "a", None, 300, 0),
                rec(2, "a", "a-1", 420, 300),  # extends its parent
                rec(3, "a", "a-2", 500, 64, breaks=[tool_order]),
                rec(4, "b", None, 250, 0),
                rec(5, "b", "b-4", 330, 250),
            ]
        )  # fmt: skip
    proc = subprocess.run(
        [
            sys.executable, "-m", "promptlint", "probe", "--vllm", engine.base_url,
            "--workload", "store", "--store", url, "--concurrency", "0", "--format", "json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    seq = json.loads(proc.stdout)["sequential"]
    assert seq["requests"] == 5 and seq["mismatches"] == 0
    hits = {r["id"]: r["metric_hit_tokens"] for r in seq["per_request"]}
    # a-2 re-reads a-1's 300 tokens (9 blocks of 32); a-3 breaks at token 64 (2 blocks)
    assert hits["a-2"] == 288 and hits["a-3"] == 64 and hits["b-5"] == 224
