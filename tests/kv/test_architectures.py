"""Bytes per token for real architectures, each figure worked out by hand from vLLM's arithmetic.

Per layer that keeps KV: 2 (K and V) × KV heads × head_dim × dtype bytes; MLA: one latent of
kv_lora_rank + qk_rope_head_dim, no ×2. Sliding and chunked layers count in `bytes_per_token`
but not in `bytes_per_token_unbounded`. Linear/Mamba layers: 0 per token, a per-request state.
The configs in tests/data/configs are written from the models' published config.json.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.kv import estimate_kv

CONFIGS = Path(__file__).parent.parent / "data" / "configs"
BF16 = 2

# file, bytes_per_token (bf16/fp16), bytes_per_token_unbounded, per-request state, layer counts
CASES = [
    # Llama 3.x: GQA, 8 KV heads, head_dim 4096/32 = 128 (no head_dim key in 3.1)
    ("llama-3.1-8b-instruct", 32 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 32}),
    ("llama-3.1-70b-instruct", 80 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 80}),
    # Llama 3.2 3B: explicit head_dim 128 (3072/24 = 128 as well)
    ("llama-3.2-3b-instruct", 28 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 28}),
    ("tinyllama-1.1b-chat", 22 * 2 * 4 * 64 * BF16, None, 0, {"full_attention": 22}),
    # Qwen2.5-7B: sliding_window 131072 is ignored because use_sliding_window is false
    ("qwen2.5-7b-instruct", 28 * 2 * 4 * (3584 // 28) * BF16, None, 0, {"full_attention": 28}),
    # Qwen3: explicit head_dim 128 (2560/32 would be 80)
    ("qwen3-4b", 36 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 36}),
    # Qwen3-MoE: 4 KV heads × head_dim 128 (2048/32 would be 64); experts are irrelevant
    ("qwen3-30b-a3b", 48 * 2 * 4 * 128 * BF16, None, 0, {"full_attention": 48}),
    # Mistral v0.1: the model-wide 4096 window makes every layer a sliding layer
    ("mistral-7b-v0.1", 32 * 2 * 8 * 128 * BF16, 0, 0, {"sliding_attention": 32}),
    # Mixtral: sliding_window null → full attention
    ("mixtral-8x7b-instruct-v0.1", 32 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 32}),
    # Phi-3-mini-4k: MHA (32 KV heads × 3072/32 = 96), model-wide window 2047
    ("phi-3-mini-4k-instruct", 32 * 2 * 32 * 96 * BF16, 0, 0, {"sliding_attention": 32}),
    # Gemma 2 9B: head_dim 256 (not 3584/16 = 224), alternating sliding/global
    (
        "gemma-2-9b-it",
        42 * 2 * 8 * 256 * BF16,
        21 * 2 * 8 * 256 * BF16,
        0,
        {"full_attention": 21, "sliding_attention": 21},
    ),
    # Gemma 3 27B (multimodal, geometry in text_config): head_dim 128, 5 sliding : 1 global
    (
        "gemma-3-27b-it",
        62 * 2 * 16 * 128 * BF16,
        10 * 2 * 16 * 128 * BF16,
        0,
        {"full_attention": 10, "sliding_attention": 52},
    ),
    # gpt-oss-20b: explicit layer_types, head_dim 64 (2880/64 would be 45), no dtype → bf16
    (
        "gpt-oss-20b",
        24 * 2 * 8 * 64 * BF16,
        12 * 2 * 8 * 64 * BF16,
        0,
        {"full_attention": 12, "sliding_attention": 12},
    ),
    # DeepSeek-V3 MLA: one latent of 512 + 64 per layer; num_key_value_heads 128 is a red herring
    ("deepseek-v3", 61 * (512 + 64) * BF16, None, 0, {"mla_attention": 61}),
    # Falcon-7B (legacy RW names n_layer/n_head): multi_query → 1 KV head of 4544/71 = 64
    ("falcon-7b-rw-legacy", 32 * 2 * 1 * 64 * BF16, None, 0, {"full_attention": 32}),
    # Falcon-40B: new_decoder_architecture → num_kv_heads 8, head 8192/128 = 64
    ("falcon-40b", 60 * 2 * 8 * 64 * BF16, None, 0, {"full_attention": 60}),
    # GPT-2 (n_layer, n_head, n_embd; no dtype → fp32 checkpoint served in fp16): MHA
    ("gpt2", 12 * 2 * 12 * 64 * BF16, None, 0, {"full_attention": 12}),
    # GPT-J: head_dim 4096/16 = 256 (rotary_dim 64 is irrelevant)
    ("gpt-j-6b", 28 * 2 * 16 * 256 * BF16, None, 0, {"full_attention": 28}),
    # Jamba 1.5 Mini: attention on layers 4, 12, 20, 28; Mamba elsewhere.
    # Mamba state per layer: conv 8192 × (4 − 1) + ssm 8192 × 16 elements (8192 = 2 × 4096)
    (
        "jamba-1.5-mini",
        4 * 2 * 8 * 128 * BF16,
        None,
        28 * (8192 * 3 + 8192 * 16) * BF16,
        {"full_attention": 4, "mamba": 28},
    ),
    # Qwen3-Next: every 4th layer full (12 of 48), head_dim 256, 2 KV heads; 36 Gated DeltaNet
    # layers, each conv (2·16·128 + 32·128) × 3 + state 32 × 128 × 128
    (
        "qwen3-next-80b-a3b-instruct",
        12 * 2 * 2 * 256 * BF16,
        None,
        36 * ((2 * 16 * 128 + 32 * 128) * 3 + 32 * 128 * 128) * BF16,
        {"full_attention": 12, "linear_attention": 36},
    ),
    # Qwen3-VL-4B: text_config with `dtype` (not torch_dtype); text tower = Qwen3-4B geometry
    ("qwen3-vl-4b-instruct", 36 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 36}),
    # Written after the code (estimator not tuned to them):
    # Command-R v01: MHA, 64 KV heads × 8192/64 = 128, float16
    ("c4ai-command-r-v01", 40 * 2 * 64 * 128 * BF16, None, 0, {"full_attention": 40}),
    # OLMo 2 7B: MHA, float32 checkpoint served in fp16
    ("olmo-2-1124-7b", 32 * 2 * 32 * 128 * BF16, None, 0, {"full_attention": 32}),
    # StarCoder2-15B: model-wide 4096 window on all 40 layers, 4 KV heads × 6144/48 = 128
    ("starcoder2-15b", 40 * 2 * 4 * 128 * BF16, 0, 0, {"sliding_attention": 40}),
    # MiniCPM3: kv_lora_rank, but vLLM's minicpm3 is not an MLA model: it caches 40 heads of
    # qk_nope + qk_rope = 64 + 32 = 96 for K and for V (V padded to 96)
    ("minicpm3-4b", 62 * 2 * 40 * (64 + 32) * BF16, None, 0, {"full_attention": 62}),
    # Llama 4 Scout: every 4th layer global (NoPE), the others chunked local (8192)
    (
        "llama-4-scout-17b-16e-instruct",
        48 * 2 * 8 * 128 * BF16,
        12 * 2 * 8 * 128 * BF16,
        0,
        {"full_attention": 12, "chunked_attention": 36},
    ),
]


@pytest.mark.parametrize(
    ("name", "per_token", "unbounded", "state", "layers"), CASES, ids=[c[0] for c in CASES]
)
def test_bytes_per_token_matches_vllm_arithmetic(
    name: str, per_token: int, unbounded: int | None, state: int, layers: dict[str, int]
) -> None:
    est = estimate_kv(CONFIGS / f"{name}.json")
    assert est.kv_dtype_bytes == 2
    assert est.bytes_per_token == per_token
    assert est.bytes_per_token_unbounded == (per_token if unbounded is None else unbounded)
    assert est.per_request_state_bytes == state
    assert est.layers == layers


def test_at_least_fifteen_architectures_are_covered() -> None:
    families = {estimate_kv(CONFIGS / f"{c[0]}.json").model_type for c in CASES}
    assert len(CASES) >= 15 and len(families) >= 15


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_fp8_halves_every_16_bit_cache(name: str) -> None:
    auto = estimate_kv(CONFIGS / f"{name}.json")
    fp8 = estimate_kv(CONFIGS / f"{name}.json", kv_dtype="fp8")
    assert fp8.bytes_per_token * 2 == auto.bytes_per_token
    assert fp8.kv_dtype == "fp8"
    # The recurrent state does not follow --kv-cache-dtype.
    assert fp8.per_request_state_bytes == auto.per_request_state_bytes


def test_windows_are_reported_per_kind() -> None:
    assert estimate_kv(CONFIGS / "mistral-7b-v0.1.json").windows == {"sliding_attention": 4096}
    assert estimate_kv(CONFIGS / "gemma-3-27b-it.json").windows == {"sliding_attention": 1024}
    assert estimate_kv(CONFIGS / "gpt-oss-20b.json").windows == {"sliding_attention": 128}
    assert estimate_kv(CONFIGS / "qwen2.5-7b-instruct.json").windows == {}


def test_gemma3_default_pattern_is_an_assumption() -> None:
    est = estimate_kv(CONFIGS / "gemma-3-27b-it.json")
    assert any("sliding_window_pattern" in a for a in est.assumptions)
    # Global layers are 5, 11, …, 59: (i + 1) % 6 == 0
    kinds = [layer.kind for layer in est.layer_specs]
    assert [i for i, k in enumerate(kinds) if k == "full_attention"] == list(range(5, 62, 6))


def test_gemma2_float32_checkpoint_served_in_bf16() -> None:
    est = estimate_kv(CONFIGS / "gemma-2-9b-it.json")
    assert est.kv_dtype == "bf16"
    assert any("float32" in a for a in est.assumptions)


# Per GPU with tensor parallelism: KV heads split, replicated when TP exceeds them; MLA not split.
TP_CASES = [
    ("llama-3.1-70b-instruct", 4, 80 * 2 * (8 // 4) * 128 * BF16),  # 81,920
    ("llama-3.1-70b-instruct", 8, 80 * 2 * 1 * 128 * BF16),  # 40,960
    ("llama-3.1-70b-instruct", 16, 80 * 2 * 1 * 128 * BF16),  # 8 heads on 16 GPUs: replicated
    ("qwen3-30b-a3b", 2, 48 * 2 * 2 * 128 * BF16),  # 49,152
    ("qwen3-30b-a3b", 8, 48 * 2 * 1 * 128 * BF16),  # 24,576: 1 head per GPU, not 0.5
    ("falcon-7b-rw-legacy", 4, 32 * 2 * 1 * 64 * BF16),  # MQA: the one head is replicated
    ("deepseek-v3", 8, 61 * 576 * BF16),  # MLA latent on every rank
    ("tinyllama-1.1b-chat", 2, 22 * 2 * 2 * 64 * BF16),
]


@pytest.mark.parametrize(("name", "tp", "per_gpu"), TP_CASES)
def test_tensor_parallel_per_gpu(name: str, tp: int, per_gpu: int) -> None:
    est = estimate_kv(CONFIGS / f"{name}.json", tp=tp)
    assert est.tp == tp
    assert est.bytes_per_token == per_gpu
    assert any(f"TP {tp}" in a for a in est.assumptions)


def test_tensor_parallel_splits_recurrent_state() -> None:
    one = estimate_kv(CONFIGS / "qwen3-next-80b-a3b-instruct.json")
    four = estimate_kv(CONFIGS / "qwen3-next-80b-a3b-instruct.json", tp=4)
    assert four.per_request_state_bytes * 4 == one.per_request_state_bytes
    assert four.bytes_per_token == 12 * 2 * 1 * 256 * BF16  # 2 KV heads, replicated at TP 4
