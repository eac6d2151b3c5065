"""The capacity model: budget, blocks, staggered sessions, shared prefix, windows, offload."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from promptlint.cost.workload import Workload
from promptlint.kv.capacity import CapacityPlan, plan_capacity
from promptlint.kv.params import estimate_parameters
from promptlint.kv.spec import load_model_spec

CONFIGS = Path(__file__).parent.parent / "data" / "configs"
GIB = 1024**3
QWEN = CONFIGS / "qwen3-4b.json"
SEED = Workload(system_tokens=10_000, turns=12, turn_tokens=1_067, output_tokens=0)


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
        Workload(10_000, 12, 1_067, 0, shared_system=False),
        **kwargs,  # type: ignore[arg-type]
    )
    assert unique.shared_system_bytes == 0
    assert unique.session_bytes_peak == shared.session_bytes_peak + 10_000 * 73_728
    assert unique.max_sessions < shared.max_sessions


# A CPU tier is write-through (LMCache #1188: "the KV cache in HBM and the offload KV cache are
# duplicated"; vLLM's OffloadingConnector stores every computed block): prefixes survive in
# the larger of the GPU budget and the tier, not in their sum.
OFFLOAD = dict(gpu_name="L4", gpu_memory_gib=22.17, kv_dtype="fp8", reserve_gib=2.0)


def test_offload_tier_larger_than_the_gpu_budget_moves_the_cliff() -> None:
    plan = plan_capacity(
        str(QWEN),
        Workload(10_000, 12, 1_067, 0),
        planned_sessions=40,
        offload_gib=64,
        **OFFLOAD,  # type: ignore[arg-type]
    )
    free = plan.kv_budget_bytes - plan.shared_system_bytes
    assert plan.session_bytes_mean is not None
    cpu_free = 64 * GIB - plan.shared_system_bytes  # the shared prefix is copied once too
    assert cpu_free > free
    assert plan.max_sessions_with_offload == cpu_free // plan.session_bytes_mean
    assert plan.max_sessions_with_offload < (free + 64 * GIB) // plan.session_bytes_mean
    assert plan.offload_extra_bytes == cpu_free - free
    assert plan.offload_tokens == 64 * GIB // (16 * 73_728) * 16
    assert plan.planned_fits is False and plan.planned_fits_with_offload is True
    assert any("write-through" in a for a in plan.assumptions)


def test_offload_tier_smaller_than_the_gpu_budget_adds_nothing() -> None:
    without = plan_capacity(
        str(QWEN), Workload(10_000, 12, 1_067, 0), planned_sessions=40, **OFFLOAD
    )  # type: ignore[arg-type]
    plan = plan_capacity(
        str(QWEN),
        Workload(10_000, 12, 1_067, 0),
        planned_sessions=40,
        offload_gib=4,
        **OFFLOAD,  # type: ignore[arg-type]
    )
    assert plan.kv_budget_bytes > 4 * GIB
    assert plan.max_sessions_with_offload == without.max_sessions == plan.max_sessions
    assert plan.offload_extra_bytes == 0
    assert plan.planned_fits_with_offload is plan.planned_fits is False
    assert any("adds no prefix capacity" in a for a in plan.assumptions)


def test_offload_tier_is_split_across_tensor_parallel_ranks() -> None:
    plan = plan_capacity(
        str(CONFIGS / "llama-3.1-70b-instruct.json"),
        SEED,
        gpu_name="H100",
        gpu_memory_gib=79.11,
        weights_dtype="bf16",
        reserve_gib=4.0,
        tp=4,
        offload_gib=400,
    )
    assert plan.offload_bytes == 400 * GIB and plan.offload_bytes_per_gpu == 100 * GIB
    assert plan.session_bytes_mean is not None
    cpu_free = 100 * GIB - plan.shared_system_bytes
    assert plan.max_sessions_with_offload == cpu_free // plan.session_bytes_mean
    assert any("100.00 GiB per GPU" in a for a in plan.assumptions)


def test_without_a_workload_budget_and_token_capacity_only() -> None:
    plan = plan_capacity(str(QWEN), Workload(0, 1, 0, 0), **OFFLOAD)  # type: ignore[arg-type]
    assert plan.kv_tokens == plan.kv_budget_bytes // (16 * 73_728) * 16 > 0
    assert plan.max_sessions is None and plan.session_bytes_mean is None
    assert any("no workload given" in a for a in plan.assumptions)


def test_sliding_window_layers_keep_only_the_window() -> None:
    plan = plan_capacity(
        str(CONFIGS / "mistral-7b-v0.1.json"),
        Workload(0, 1, 20_000, 0),
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


def test_cli_workload_options_not_given_take_costs_defaults() -> None:
    # capacity and cost read one conversation shape: what is not given (here all but
    # --turns) takes the defaults `promptlint cost` uses.
    import json

    from promptlint.cost.workload import DEFAULT

    proc = run_cli(str(QWEN), "--gpu", "L4", "--turns", "3", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    w = json.loads(proc.stdout)["workload"]
    assert (w["system"], w["turns"], w["turn_tokens"], w["output_tokens"]) == (
        DEFAULT.system_tokens,
        3,
        DEFAULT.turn_tokens,
        DEFAULT.output_tokens,
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--turns", "3"], "--gpu"),
        (["--gpu", "Z80"], "Z80"),
        (["--gpu", "L4", "--gpu-memory-utilization", "1.5"], "utilization"),
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


def test_cli_without_a_workload_prints_budget_and_capacity() -> None:
    proc = run_cli(str(QWEN), "--gpu", "L4", "--offload-gib", "8")
    assert proc.returncode == 0, proc.stderr
    assert "KV capacity" in proc.stdout and "tokens" in proc.stdout
    assert "Give the conversation shape" in proc.stdout
    assert "adds no prefix capacity" in proc.stdout
    data = json.loads(run_cli(str(QWEN), "--gpu", "L4", "--format", "json").stdout)
    assert data["kv_tokens"] > 0 and data["max_sessions"] is None


def test_cli_reports_a_broken_config_before_the_workload(tmp_path: Path) -> None:
    broken = tmp_path / "config.json"
    broken.write_text("{not json", encoding="utf-8")
    proc = run_cli(str(broken), "--gpu", "L4")
    assert proc.returncode == 2
    assert "not valid JSON" in proc.stderr and "Traceback" not in proc.stderr


# llm-d's tiered-prefix-cache CPU guide (llm-d/llm-d, guides/tiered-prefix-cache/cpu/README.md,
# "Benchmark"): Qwen3-32B on 16 H100s as 8 engines of TP 2, gpu_memory_utilization 0.65,
# ~100 GB CPU tier per engine (OffloadingConnector, num_cpu_blocks 41000); vLLM reported 9,271
# GPU blocks per engine. 45 prefix groups spread over the 8 engines: about 6 distinct
# system prompts per engine, each followed by a 256-token question and 1,024 output tokens.
# Measured: 30,000-token prompts ("HBM < KVCache < HBM + CPU RAM") TTFT −25 %, throughput
# +21 % with the tier; 8,000-token prompts ("KVCache < HBM") no change.
LLMD = dict(gpu_name="H100", gpu_memory_gib=79.11, gpu_memory_utilization=0.65, tp=2)


def _llmd(system: int) -> CapacityPlan:
    return plan_capacity(
        str(CONFIGS / "qwen3-32b.json"),
        Workload(system, 1, 256, 1024, shared_system=False),
        planned_sessions=6,
        offload_gib=100e9 / GIB,
        **LLMD,  # type: ignore[arg-type]
    )


def test_llmd_offload_benchmark_budget_matches_the_reported_blocks() -> None:
    plan = _llmd(30_000)
    assert abs(plan.kv_blocks - 9_271) / 9_271 < 0.02


def test_llmd_offload_benchmark_memory_bound_needs_the_tier() -> None:
    plan = _llmd(30_000)
    assert plan.planned_fits is False  # 6 prefixes of 31,280 tokens overflow the GPU ...
    assert plan.planned_fits_with_offload is True  # ... and fit in the CPU tier: it helped


def test_llmd_offload_benchmark_compute_bound_fits_on_the_gpu() -> None:
    plan = _llmd(8_000)
    assert plan.planned_fits is True  # the tier has nothing to add: no change measured


def test_mla_hybrid_block_is_a_multiple_of_64() -> None:
    # Kimi-Linear: KDA page 3 × 4096 × 3 × 2 + 32 × 128 × 128 × 4 = 2,170,880 B; an MLA token
    # of one layer 576 × 2 = 1,152 B. Aligned to 64: 64 × ceil(2,170,880 / (64 × 1,152)) =
    # 1,920. At 16-alignment it is 16 × 118 = 1,888: the block a public write-up of vLLM
    # serving Kimi-Linear-48B reports, which bounds the page to (2,156,544, 2,174,976] and so
    # corroborates the KDA state size (a bare 2 MiB recurrent state would give 1,824).
    plan = plan_capacity(
        str(CONFIGS / "kimi-linear-48b-a3b-instruct.json"),
        SEED,
        gpu_name="H100",
        gpu_memory_gib=79.11,
        reserve_gib=4.0,
    )
    assert plan.block_size == 64 * cdiv(2_170_880, 64 * 1_152) == 1_920
    assert 117 * 16 * 1_152 < 2_170_880 <= 118 * 16 * 1_152


# Routed experts read with each family's own fields (the weights term of the budget).
@pytest.mark.parametrize(
    ("name", "experts"),
    [
        # Step3: moe_num_experts 48 of moe_intermediate_size 5120 on moe_layers_enum 4..59
        ("step3", 56 * 48 * 3 * 7168 * 5120),
        # ERNIE-4.5-21B-A3B: moe_num_experts 64 × 1536 from moe_layer_start_index 1
        ("ernie-4.5-21b-a3b", 27 * 64 * 3 * 2560 * 1536),
        # Llama-4-Maverick: interleave_moe_layer_step 2, so 24 of 48 layers, 128 × 8192
        ("llama-4-maverick-17b-128e-instruct", 24 * 128 * 3 * 5120 * 8192),
    ],
)
def test_routed_experts_by_family_fields(name: str, experts: int) -> None:
    assert estimate_parameters(load_model_spec(CONFIGS / f"{name}.json")).experts == experts


# The weights term against each model card's published total (billions, as rounded there).
@pytest.mark.parametrize(
    ("name", "published"),
    [
        ("falcon-mamba-7b", 7.27),  # Mamba1: intermediate_size, not the config's expand 16
        ("jamba-1.5-mini", 51.6),
        ("nvidia-nemotron-nano-9b-v2", 8.89),  # squared-ReLU MLP: up and down only
        ("falcon-h1-7b-instruct", 7.6),  # Mamba2 channels from mamba_d_ssm
        ("bamba-9b", 9.78),
        ("granite-4.0-h-small", 32.0),
        ("lfm2-1.2b", 1.17),  # block_ff_dim cut to 2/3 and rounded to block_multiple_of
        ("minimax-m1-80k", 456.0),
        ("kimi-linear-48b-a3b-instruct", 48.0),
        ("step3", 316.0),  # 321 B with its 5 B vision encoder, not counted here
        ("ernie-4.5-21b-a3b", 21.0),
        ("llama-4-maverick-17b-128e-instruct", 400.0),
        ("deepseek-v3.2-exp", 671.0),
    ],
)
def test_parameter_estimate_matches_the_model_card(name: str, published: float) -> None:
    count = estimate_parameters(load_model_spec(CONFIGS / f"{name}.json")).total / 1e9
    assert abs(count / published - 1) < 0.05, count
