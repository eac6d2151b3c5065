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
    # Qwen3-32B (Qwen/Qwen3-32B): 8 KV heads × head_dim 128 (5120/64 would be 80)
    ("qwen3-32b", 64 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 64}),
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
    # --- Architectures added for issue #16. The configs are reconstructions of the published
    # config.json of each Hugging Face repository named here (the fields that size the cache,
    # values as published; tests/data/configs/SOURCES.md). Each figure is worked from the vLLM
    # model class the `architectures` entry selects (vllm/model_executor/models/<file>).
    #
    # Step3 (stepfun-ai/step3, step3_text.py): Step3TextDecoderLayer builds its attention with
    # num_kv_heads=1 (the config's num_attention_groups: 1), head_dim 256. Before: 64 KV heads
    # (the query heads, no num_key_value_heads in the config) → 3,997,696, 64× too large.
    ("step3", 61 * 2 * 1 * 256 * BF16, None, 0, {"full_attention": 61}),
    # Kimi-Linear-48B-A3B (moonshotai/Kimi-Linear-48B-A3B-Instruct, kimi_linear.py): MLA
    # (kv_lora_rank 512 + qk_rope_head_dim 64) on the 7 full_attn_layers (1-based: 4, 8, …, 27);
    # KDA on the other 20 (layers/kda.py, mamba_utils.kda_state_shape / kda_state_dtype):
    # q, k, v conv states 3 × (32 heads × 128) × (kernel 4 − 1) in bf16, plus a recurrent
    # state 32 × 128 × 128 in float32. num_key_value_heads 32 is unused. Before: refused.
    (
        "kimi-linear-48b-a3b-instruct",
        7 * (512 + 64) * BF16,
        None,
        20 * (3 * 32 * 128 * 3 * BF16 + 32 * 128 * 128 * 4),
        {"mla_attention": 7, "linear_attention": 20},
    ),
    # MiniMax-M1-80k (MiniMaxAI/MiniMax-M1-80k, minimax_text_01.py): attn_type_list puts
    # softmax attention (8 KV heads × head_dim 128) on every 8th layer (10 of 80); the other 70
    # are lightning attention, each one linear_attention_state_shape (64 heads, 128, 128) in
    # the model dtype (linear_attention_state_dtype, mamba_cache_dtype auto). Before: refused.
    (
        "minimax-m1-80k",
        10 * 2 * 8 * 128 * BF16,
        None,
        70 * 64 * 128 * 128 * BF16,
        {"full_attention": 10, "linear_attention": 70},
    ),
    # MPT-7B (mosaicml/mpt-7b, mpt.py): the class reads n_layers, n_heads, d_model and
    # attn_config.kv_n_heads (absent: MHA), head 4096 / 32 = 128. Before: refused.
    ("mpt-7b", 32 * 2 * 32 * 128 * BF16, None, 0, {"full_attention": 32}),
    # Bamba-9B (ibm-ai-platform/Bamba-9B, bamba.py): attention at attn_layer_indices 9, 18, 27
    # (8 KV heads × 4096/32); Mamba2 elsewhere, mamba2_state_shape: conv (128 heads × 64 +
    # 2 × 1 group × 128 state) × (4 − 1) + ssm 128 × 64 × 128, both bf16.
    (
        "bamba-9b",
        3 * 2 * 8 * 128 * BF16,
        None,
        29 * ((128 * 64 + 2 * 1 * 128) * 3 + 128 * 64 * 128) * BF16,
        {"full_attention": 3, "mamba": 29},
    ),
    # LFM2-1.2B (LiquidAI/LFM2-1.2B, lfm2.py): 6 full_attention layers (8 KV heads × 2048/32
    # = 64); 10 short-conv layers, short_conv_state_shape (hidden 2048, conv_L_cache 3 − 1).
    (
        "lfm2-1.2b",
        6 * 2 * 8 * 64 * BF16,
        None,
        10 * 2048 * 2 * BF16,
        {"full_attention": 6, "linear_attention": 10},
    ),
    # GLM-4.5 (zai-org/GLM-4.5, glm4_moe.py): 92 layers, 8 KV heads, head_dim 128 (5120/96
    # would be 53); the MTP layer only counts with speculative decoding.
    ("glm-4.5", 92 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 92}),
    # ERNIE-4.5-21B-A3B (baidu/ERNIE-4.5-21B-A3B-PT, ernie45_moe.py): 4 KV heads × 2560/20.
    ("ernie-4.5-21b-a3b", 28 * 2 * 4 * 128 * BF16, None, 0, {"full_attention": 28}),
    # Mistral-Small-24B-Instruct-2501 (mistralai/…, llama.py): head_dim 128, not 5120/32 = 160;
    # sliding_window null (Magistral-Small and Mistral-Small 3.1 share this text geometry).
    ("mistral-small-24b-instruct-2501", 40 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 40}),
    # Llama-4-Maverick (meta-llama/Llama-4-Maverick-17B-128E-Instruct, llama4.py): as Scout,
    # 3 of 4 layers chunked local attention (8192), every 4th global; experts are irrelevant.
    (
        "llama-4-maverick-17b-128e-instruct",
        48 * 2 * 8 * 128 * BF16,
        12 * 2 * 8 * 128 * BF16,
        0,
        {"full_attention": 12, "chunked_attention": 36},
    ),
    # Phi-4 (microsoft/phi-4, phi3.py): 10 KV heads × 5120/40 = 128, sliding_window null.
    ("phi-4", 40 * 2 * 10 * 128 * BF16, None, 0, {"full_attention": 40}),
    # OLMo-3-7B (allenai/Olmo-3-1025-7B, olmo2.py): explicit layer_types, 3 sliding (4096) : 1
    # full; MHA (32 KV heads × 128).
    (
        "olmo-3-1025-7b",
        32 * 2 * 32 * 128 * BF16,
        8 * 2 * 32 * 128 * BF16,
        0,
        {"full_attention": 8, "sliding_attention": 24},
    ),
    # Seed-OSS-36B (ByteDance-Seed/Seed-OSS-36B-Instruct, seed_oss.py): 8 KV heads × 128.
    ("seed-oss-36b-instruct", 64 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 64}),
    # MiMo-7B-RL (XiaomiMiMo/MiMo-7B-RL, mimo.py): Qwen2-style, 8 KV heads × 4096/32.
    ("mimo-7b-rl", 36 * 2 * 8 * 128 * BF16, None, 0, {"full_attention": 36}),
    # NVIDIA-Nemotron-Nano-9B-v2 (nvidia/…, nemotron_h.py): hybrid_override_pattern has 4 `*`
    # attention blocks (8 KV heads × head_dim 128), 27 `M` Mamba2 and 25 `-` MLP blocks.
    # get_mamba_state_shape_from_config: intermediate = mamba_num_heads 128 × mamba_head_dim
    # 80; conv (10240 + 2 × n_groups 8 × ssm_state_size 128) × (conv_kernel 4 − 1), ssm
    # 128 × 80 × 128, bf16.
    (
        "nvidia-nemotron-nano-9b-v2",
        4 * 2 * 8 * 128 * BF16,
        None,
        27 * ((128 * 80 + 2 * 8 * 128) * 3 + 128 * 80 * 128) * BF16,
        {"full_attention": 4, "mamba": 27, "no_kv": 25},
    ),
    # Falcon-H1-7B-Instruct (tiiuae/Falcon-H1-7B-Instruct, falcon_h1.py): every one of the 44
    # blocks runs attention (2 KV heads × 128) and a Mamba2 mixer side by side. State: conv
    # (mamba_d_ssm 3072 + 2 × 1 × mamba_d_state 256) × (4 − 1), ssm mamba_n_heads 24 ×
    # mamba_d_head 128 × 256, bf16.
    (
        "falcon-h1-7b-instruct",
        44 * 2 * 2 * 128 * BF16,
        None,
        44 * ((3072 + 2 * 1 * 256) * 3 + 24 * 128 * 256) * BF16,
        {"full_attention": 44},
    ),
    # Granite-4.0-H-Small (ibm-granite/granite-4.0-h-small, granitemoehybrid.py): layer_types
    # 4 attention (8 KV heads × 4096/32, NoPE) and 36 Mamba2: conv (128 heads × 64 + 2 × 1 ×
    # 128) × 3, ssm 128 × 64 × 128, bf16.
    (
        "granite-4.0-h-small",
        4 * 2 * 8 * 128 * BF16,
        None,
        36 * ((128 * 64 + 2 * 1 * 128) * 3 + 128 * 64 * 128) * BF16,
        {"full_attention": 4, "mamba": 36},
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


# DeepSeek-V3.2-Exp (deepseek-ai/DeepSeek-V3.2-Exp, deepseek_v2.py). Per MLA layer: the latent
# (kv_lora_rank 512 + qk_rope_head_dim 64) in the KV dtype, plus the DeepseekV32IndexerCache,
# an MLAAttentionSpec of head_size index_head_dim + index_head_dim // 128 × 4 = 132 in uint8
# whatever the KV dtype. With fp8 KV the latent takes vLLM's fp8_ds_mla layout: 512 fp8 values
# + 4 float32 scales + 64 rope values in bf16 = 656 B. Before: 70,272 (bf16) and 35,136 (fp8),
# the indexer left out and fp8 taken as 576 × 1.
V32 = CONFIGS / "deepseek-v3.2-exp.json"


def test_deepseek_v32_counts_the_indexer_cache() -> None:
    est = estimate_kv(V32)
    assert est.bytes_per_token == 61 * ((512 + 64) * BF16 + (128 + 4)) == 78_324
    assert est.layers == {"mla_attention": 61}
    assert "61 indexer caches × 132 B" in est.formula


def test_deepseek_v32_fp8_uses_the_fp8_ds_mla_layout() -> None:
    est = estimate_kv(V32, kv_dtype="fp8")
    assert est.bytes_per_token == 61 * ((512 + 4 * 4 + 64 * 2) + (128 + 4)) == 48_068
    assert "fp8_ds_mla" in est.formula
    # MLA and its indexer are replicated on every tensor-parallel rank.
    assert estimate_kv(V32, kv_dtype="fp8", tp=8).bytes_per_token == 48_068


def test_step3_single_kv_head_is_replicated_under_tp() -> None:
    est = estimate_kv(CONFIGS / "step3.json", tp=8)
    assert est.bytes_per_token == 61 * 2 * 1 * 256 * BF16
    assert any("1 KV head (config says 1)" in a for a in est.assumptions)


def test_kimi_linear_tp_splits_kda_heads_not_the_latent() -> None:
    one = estimate_kv(CONFIGS / "kimi-linear-48b-a3b-instruct.json")
    four = estimate_kv(CONFIGS / "kimi-linear-48b-a3b-instruct.json", tp=4)
    assert four.bytes_per_token == one.bytes_per_token == 7 * 576 * BF16
    assert four.per_request_state_bytes * 4 == one.per_request_state_bytes


@pytest.mark.parametrize("name", [c[0] for c in CASES] + ["deepseek-v3.2-exp"])
def test_every_shipped_architecture_has_a_reader(name: str) -> None:
    est = estimate_kv(CONFIGS / f"{name}.json")
    assert est.reader.endswith(".py"), est.architecture
    assert not any("not one promptlint reads by name" in a for a in est.assumptions)


def test_mamba2_groups_are_replicated_up_to_the_tp_size() -> None:
    # mamba2_state_shape at TP 4 with n_groups 1: extra_groups_for_head_shards gives 4 groups,
    # so each rank's conv holds (8192 + 2 × 4 × 128) / 4 channels; heads split 128 / 4.
    est = estimate_kv(CONFIGS / "granite-4.0-h-small.json", tp=4)
    per_layer = ((128 * 64 + 2 * 4 * 128) * 3 // 4 + 128 * 64 * 128 // 4) * BF16
    assert est.per_request_state_bytes == 36 * per_layer
    # n_groups 8 divides TP 4: no replication.
    nemotron = estimate_kv(CONFIGS / "nvidia-nemotron-nano-9b-v2.json", tp=4)
    per_layer = ((128 * 80 + 2 * 8 * 128) * 3 // 4 + 128 * 80 * 128 // 4) * BF16
    assert nemotron.per_request_state_bytes == 27 * per_layer
