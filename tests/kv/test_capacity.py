"""The capacity model: budget, blocks, staggered sessions, shared prefix, windows, offload."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from promptlint.kv.capacity import Workload, plan_capacity
from promptlint.kv.params import estimate_parameters
from promptlint.kv.spec import load_model_spec

CONFIGS = Path(__file__).parent.parent / "data" / "configs"
GIB = 1024**3
QWEN = CONFIGS / "qwen3-4b.json"
SEED = Workload(system=10_000, turns=12, turn_tokens=1_067)


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def test_qwen3_4b_parameters_by_hand() -> None:
    layer = 2560 * 4096 + 2 * 2560 * 1024 + 4096 * 2560 + 3 * 2560 * 9728 + 2 * 2560
    assert estimate_parameters(load_model_spec(QWEN)).total == 151936 * 2560 + 36 * layer


def test_seed_workload_on_an_l4() -> None:
    plan = plan_capacity(
        str(QWEN),
        SEED,
        gpu_name="L4",
        gpu_memory_gib=22.17,
        kv_dtype="fp8",
        weights_dtype="fp8",
        reserve_gib=2.0,
    )
    params = 4_022_456_320
    embedding = 151936 * 2560
    weights = embedding * 2 + (params - embedding) * 1
    budget = int(int(22.17 * GIB) * 0.9) - weights - 2 * GIB
    per_token = 36 * 2 * 8 * 128 * 1
    assert plan.weights_bytes == weights
    assert plan.kv_budget_bytes == budget
    assert plan.kv_blocks == budget // (16 * per_token)
    assert plan.kv_tokens == plan.kv_blocks * 16
    # Context after turn k: 10,000 + 1,067·k tokens; the 625 full system blocks are shared.
    unique = [cdiv(10_000 + 1_067 * k, 16) - 625 for k in range(1, 13)]
    mean = cdiv(sum(u * 16 * per_token for u in unique), 12)
    assert plan.session_tokens_peak == cdiv(10_000 + 12 * 1_067, 16) * 16 == 22_816
    assert plan.session_bytes_peak == unique[-1] * 16 * per_token
    assert plan.session_bytes_mean == mean
    assert plan.shared_system_bytes == 10_000 * per_token
    assert plan.max_sessions == (budget - 10_000 * per_token) // mean
    assert plan.max_sessions_all_at_peak == (budget - 10_000 * per_token) // plan.session_bytes_peak
    assert plan.max_sessions > plan.max_sessions_all_at_peak > 0
    assert plan.max_sessions_with_offload is None


def test_unique_system_prompts_cost_each_session_the_whole_prefix() -> None:
    kwargs = dict(gpu_name="L4", gpu_memory_gib=22.17, kv_dtype="fp8", reserve_gib=2.0)
    shared = plan_capacity(str(QWEN), SEED, **kwargs)  # type: ignore[arg-type]
    unique = plan_capacity(
        str(QWEN),
        Workload(10_000, 12, 1_067, shared_system=False),
        **kwargs,  # type: ignore[arg-type]
    )
    assert unique.shared_system_bytes == 0
    assert unique.session_bytes_peak == shared.session_bytes_peak + 10_000 * 73_728
    assert unique.max_sessions < shared.max_sessions


def test_offload_tier_moves_the_cliff() -> None:
    plan = plan_capacity(
        str(QWEN),
        Workload(10_000, 12, 1_067, sessions=40),
        gpu_name="L4",
        gpu_memory_gib=22.17,
        kv_dtype="fp8",
        reserve_gib=2.0,
        offload_gib=64,
    )
    free = plan.kv_budget_bytes - plan.shared_system_bytes
    assert plan.max_sessions_with_offload == (free + 64 * GIB) // plan.session_bytes_mean
    assert plan.planned_fits is False and plan.planned_fits_with_offload is True


def test_sliding_window_layers_keep_only_the_window() -> None:
    plan = plan_capacity(
        str(CONFIGS / "mistral-7b-v0.1.json"),
        Workload(0, 1, 20_000),
        gpu_name="H100",
        gpu_memory_gib=79.11,
        reserve_gib=2.0,
    )
    # 20,000 tokens, but each of the 32 sliding layers keeps ceil(4096/16) + 1 = 257 blocks.
    assert plan.session_bytes_peak == 257 * 16 * 32 * 2 * 8 * 128 * 2


def test_mamba_hybrid_raises_the_block_size() -> None:
    plan = plan_capacity(
        str(CONFIGS / "qwen3-next-80b-a3b-instruct.json"),
        SEED,
        gpu_name="H200",
        gpu_memory_gib=139.8,
        tp=1,
        reserve_gib=4.0,
    )
    # Mamba page 1,097,728 B per layer; attention 2 heads × 256 × 2 (K,V) × 2 B = 2,048 B/token
    assert plan.block_size == 16 * cdiv(1_097_728, 16 * 2_048) == 544
    assert plan.per_request_state_bytes == 39_518_208


def test_mla_uses_block_64() -> None:
    plan = plan_capacity(
        str(CONFIGS / "deepseek-v3.json"),
        SEED,
        gpu_name="custom",
        gpu_memory_gib=139.8,
        tp=8,
        reserve_gib=6.0,
    )
    assert plan.block_size == 64
    assert plan.bytes_per_token == 61 * 576 * 2


def test_model_that_does_not_fit_reports_no_kv() -> None:
    plan = plan_capacity(
        str(CONFIGS / "llama-3.1-70b-instruct.json"), SEED, gpu_name="L4", gpu_memory_gib=22.17
    )
    assert not plan.engine_starts
    assert plan.kv_budget_bytes == 0 and plan.max_sessions == 0 and plan.kv_tokens == 0


def test_tensor_parallel_splits_weights() -> None:
    one = plan_capacity(
        str(CONFIGS / "llama-3.1-70b-instruct.json"),
        SEED,
        gpu_name="H100",
        gpu_memory_gib=79.11,
        weights_dtype="bf16",
        reserve_gib=4.0,
        tp=1,
    )
    four = plan_capacity(
        str(CONFIGS / "llama-3.1-70b-instruct.json"),
        SEED,
        gpu_name="H100",
        gpu_memory_gib=79.11,
        weights_dtype="bf16",
        reserve_gib=4.0,
        tp=4,
    )
    assert four.weights_bytes == cdiv(one.weights_bytes, 4)
    assert four.bytes_per_token == 80 * 2 * 2 * 128 * 2
    assert not one.engine_starts and four.max_sessions > 0


def _write_safetensors(path: Path, tensors: dict[str, tuple[str, list[int]]]) -> int:
    header: dict[str, object] = {}
    offset = 0
    sizes = {"BF16": 2, "F8_E4M3": 1, "F32": 4}
    for name, (dtype, shape) in tensors.items():
        n = sizes[dtype]
        for dim in shape:
            n *= dim
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + n]}
        offset += n
    blob = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(blob)) + blob + b"\0" * offset)
    return offset


def test_weights_read_from_local_safetensors(tmp_path: Path) -> None:
    shutil.copy(CONFIGS / "tinyllama-1.1b-chat.json", tmp_path / "config.json")
    size = _write_safetensors(
        tmp_path / "model.safetensors",
        {
            "model.embed_tokens.weight": ("BF16", [32000, 64]),
            "model.layers.0.mlp.up_proj.weight": ("F8_E4M3", [128, 64]),
            "lm_head.weight": ("BF16", [32000, 64]),
        },
    )
    plan = plan_capacity(str(tmp_path), SEED, gpu_name="T4", gpu_memory_gib=14.75, reserve_gib=1.0)
    assert plan.weights_bytes == size == 32000 * 64 * 2 * 2 + 128 * 64
    assert plan.parameters == 2 * 32000 * 64 + 128 * 64


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "capacity", *args], capture_output=True, text=True
    )


def test_cli_json_has_the_stable_keys() -> None:
    proc = run_cli(
        str(QWEN),
        "--gpu",
        "L4",
        "--kv-dtype",
        "fp8",
        "--weights-dtype",
        "fp8",
        "--system",
        "10000",
        "--turns",
        "12",
        "--turn-tokens",
        "1067",
        "--offload-gib",
        "16",
        "--format",
        "json",
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for key in (
        "kv_budget_bytes",
        "kv_tokens",
        "session_tokens_peak",
        "session_tokens_mean",
        "max_sessions",
        "max_sessions_with_offload",
        "assumptions",
    ):
        assert key in data
    assert data["exact"] is False
    assert any("gpu_memory_utilization 0.9" in a for a in data["assumptions"])
    assert any("reserve" in a for a in data["assumptions"])


def test_cli_text_explains_the_cliff() -> None:
    proc = run_cli(
        str(QWEN), "--gpu", "l4", "--system", "10000", "--turns", "12", "--turn-tokens", "1067"
    )
    assert proc.returncode == 0, proc.stderr
    assert "Admit by KV budget, not by request count" in proc.stdout
    assert "LRU eviction" in proc.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--turns", "3"], "--gpu"),
        (["--gpu", "Z80"], "Z80"),
        (["--gpu", "L4", "--gpu-memory-utilization", "1.5"], "utilization"),
        (["--gpu", "L4", "--turns", "2"], "no tokens"),
        (["--gpu", "L4", "--system", "9", "--reserve-gib", "-1"], "reserve"),
        (["--gpu", "L4", "--system", "9", "--offload-gib", "-1"], "offload"),
    ],
)
def test_cli_errors_are_one_line_exit_2(args: list[str], needle: str) -> None:
    proc = run_cli(str(QWEN), *args)
    assert proc.returncode == 2
    assert needle in proc.stderr and "Traceback" not in proc.stderr


# docs/reference/kv-cache.md §2.6's worked table: 40 GiB available, block 16 (64 for MLA),
# bf16, TP 1.
@pytest.mark.parametrize(
    ("name", "block", "reported"),
    [
        ("llama-3.1-8b-instruct", 16, 327_680),  # 40 GiB / 131,072 B
        ("gemma-3-27b-it", 16, 74_896),  # 7 groups of 10 layers: 32,768 blocks // 7 × 16
        ("gpt-oss-20b", 16, 873_808),  # 2 groups of 12: 109,226 blocks // 2 × 16
        ("deepseek-v3", 64, 611_136),  # 9,549 blocks × 64
    ],
)
def test_vllm_reported_kv_cache_size(name: str, block: int, reported: int) -> None:
    from promptlint.kv import estimate_kv
    from promptlint.kv.capacity import vllm_reported_tokens

    est = estimate_kv(CONFIGS / f"{name}.json")
    assert vllm_reported_tokens(est, 40 * GIB, block) == reported


def test_index_decides_which_safetensors_count(tmp_path: Path) -> None:
    shutil.copy(CONFIGS / "tinyllama-1.1b-chat.json", tmp_path / "config.json")
    shard = _write_safetensors(
        tmp_path / "model-00001-of-00001.safetensors", {"w": ("BF16", [1000, 10])}
    )
    _write_safetensors(tmp_path / "consolidated.safetensors", {"w": ("BF16", [1000, 10])})
    index = {
        "metadata": {"total_size": shard},
        "weight_map": {"w": "model-00001-of-00001.safetensors"},
    }
    (tmp_path / "model.safetensors.index.json").write_text(json.dumps(index), encoding="utf-8")
    plan = plan_capacity(str(tmp_path), SEED, gpu_name="T4", gpu_memory_gib=14.75, reserve_gib=1.0)
    assert plan.weights_bytes == shard and plan.parameters == 10_000
    # Shards not downloaded: the index's total_size still gives the bytes.
    (tmp_path / "model-00001-of-00001.safetensors").unlink()
    plan = plan_capacity(str(tmp_path), SEED, gpu_name="T4", gpu_memory_gib=14.75, reserve_gib=1.0)
    assert plan.weights_bytes == shard
    assert plan.parameters > 1_000_000_000  # counted from the config instead
