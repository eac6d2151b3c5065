"""Layer-kind rules for families whose config.json states them in unusual ways or not at all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from promptlint.errors import UserError
from promptlint.kv import estimate_kv, load_model_spec

CONFIGS = Path(__file__).parent.parent / "data" / "configs"


def write(tmp_path: Path, config: dict[str, Any]) -> Path:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    return path


BASE = {
    "num_attention_heads": 8,
    "num_key_value_heads": 2,
    "hidden_size": 1024,
    "torch_dtype": "bfloat16",
}


def test_attention_free_mamba_has_no_per_token_cache() -> None:
    est = estimate_kv(CONFIGS / "falcon-mamba-7b.json")
    assert est.bytes_per_token == 0
    assert est.layers == {"mamba": 64}
    # 64 layers × (conv 8192 × 3 + ssm 8192 × 16) × 2 bytes = 19.9 MB
    # (docs/reference/kv-cache.md §4)
    assert est.per_request_state_bytes == 64 * (8192 * 3 + 8192 * 16) * 2 == 19_922_944


def test_nemotron_h_pattern(tmp_path: Path) -> None:
    config = {
        **BASE,
        "model_type": "nemotron_h",
        "num_hidden_layers": 8,
        "head_dim": 128,
        "hybrid_override_pattern": "M-M*-M*-",
        "mamba_num_heads": 16,
        "mamba_head_dim": 64,
        "ssm_state_size": 128,
        "n_groups": 8,
        "conv_kernel": 4,
    }
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 2, "mamba": 3, "no_kv": 3}
    assert est.bytes_per_token == 2 * 2 * 2 * 128 * 2
    conv = (16 * 64 + 2 * 8 * 128) * 3
    ssm = 16 * 64 * 128
    assert est.per_request_state_bytes == 3 * (conv + ssm) * 2


def test_nemotron_nas_no_op_blocks_and_per_block_heads(tmp_path: Path) -> None:
    blocks = [
        {"attention": {"n_heads_in_group": 8, "no_op": False}},
        {"attention": {"n_heads_in_group": None, "no_op": True}},
        {"attention": {"n_heads_in_group": 4, "no_op": False}},
        {"attention": {"replace_with_linear": True}},
    ]
    config = {
        "model_type": "nemotron-nas",
        "num_hidden_layers": 4,
        "num_attention_heads": 64,
        "num_key_value_heads": None,
        "hidden_size": 8192,
        "block_configs": blocks,
        "torch_dtype": "bfloat16",
    }
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 2, "no_kv": 2}
    assert est.bytes_per_token == (2 * 8 * 128 + 2 * 16 * 128) * 2


def test_minimax_attn_type_list(tmp_path: Path) -> None:
    config = {**BASE, "model_type": "minimax", "num_hidden_layers": 4, "head_dim": 128}
    config["attn_type_list"] = [0, 0, 0, 1]
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 1, "linear_attention": 3}
    assert est.bytes_per_token == 2 * 2 * 128 * 2
    # Lightning state (heads, head_dim, head_dim) in the model dtype: vLLM's
    # linear_attention_state_dtype follows mamba_cache_dtype "auto", not float32.
    assert est.per_request_state_bytes == 3 * 8 * 128 * 128 * 2


def test_llama4_chunked_local_attention(tmp_path: Path) -> None:
    text = {
        **BASE,
        "model_type": "llama4_text",
        "num_hidden_layers": 8,
        "head_dim": 128,
        "attention_chunk_size": 8192,
    }
    config = {"model_type": "llama4", "text_config": text, "torch_dtype": "bfloat16"}
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 2, "chunked_attention": 6}
    assert est.windows == {"chunked_attention": 8192}
    assert est.bytes_per_token == 8 * 2 * 2 * 128 * 2
    assert est.bytes_per_token_unbounded == 2 * 2 * 2 * 128 * 2


def test_kv_shared_layers_hold_no_cache(tmp_path: Path) -> None:
    config = {**BASE, "model_type": "gemma3_text", "num_hidden_layers": 12, "head_dim": 256}
    config.update(sliding_window=512, sliding_window_pattern=6, num_kv_shared_layers=4)
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 1, "sliding_attention": 7, "kv_shared": 4}
    assert est.bytes_per_token == 8 * 2 * 2 * 256 * 2


def test_qwen2_window_applies_from_max_window_layers(tmp_path: Path) -> None:
    config = {**BASE, "model_type": "qwen2", "num_hidden_layers": 6}
    config.update(use_sliding_window=True, sliding_window=4096, max_window_layers=4)
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 4, "sliding_attention": 2}


def test_unfamiliar_family_uses_transformers_layer_types(tmp_path: Path) -> None:
    # OLMo 3's config class derives sliding/full layers (3 sliding : 1 full) in code.
    config = {**BASE, "model_type": "olmo3", "num_hidden_layers": 8, "sliding_window": 4096}
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 2, "sliding_attention": 6}
    assert any("transformers" in a for a in est.assumptions)


def test_family_transformers_does_not_know_is_uniform_with_an_assumption(tmp_path: Path) -> None:
    config = {**BASE, "model_type": "acme_lm", "num_hidden_layers": 4}
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 4}
    assert est.bytes_per_token == 4 * 2 * 2 * 128 * 2
    assert any("acme_lm" in a for a in est.assumptions)


def test_mqa_and_legacy_group_names(tmp_path: Path) -> None:
    bigcode = {"model_type": "gpt_bigcode", "n_layer": 4, "n_head": 16, "n_embd": 2048}
    assert estimate_kv(write(tmp_path, {**bigcode, "multi_query": True})).bytes_per_token == (
        4 * 2 * 1 * 128 * 2
    )
    chatglm = {
        "model_type": "chatglm",
        "num_layers": 4,
        "num_attention_heads": 32,
        "hidden_size": 4096,
        "multi_query_group_num": 2,
    }
    assert estimate_kv(write(tmp_path, chatglm)).bytes_per_token == 4 * 2 * 2 * 128 * 2


def test_mla_only_for_vllm_mla_families(tmp_path: Path) -> None:
    spec = load_model_spec(CONFIGS / "deepseek-v3.json")
    assert spec.mla and spec.head_dim == 576 and spec.num_kv_heads == 1
    other = {**BASE, "model_type": "acme_lm", "num_hidden_layers": 2, "kv_lora_rank": 256}
    est = estimate_kv(write(tmp_path, other))
    assert not est.mla and any("kv_lora_rank" in a for a in est.assumptions)


def test_window_omitted_from_config_takes_transformers_default(tmp_path: Path) -> None:
    # MistralConfig defaults sliding_window to 4096; vLLM reads the config object, so it applies.
    config = {**BASE, "model_type": "mistral", "num_hidden_layers": 4, "head_dim": 128}
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"sliding_attention": 4}
    assert est.windows == {"sliding_attention": 4096}
    assert any("sliding_window not in config" in a for a in est.assumptions)


def test_explicit_null_window_means_full_attention(tmp_path: Path) -> None:
    config = {**BASE, "model_type": "mistral", "num_hidden_layers": 4, "sliding_window": None}
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 4}
    assert not any("sliding_window" in a for a in est.assumptions)


def test_window_longer_than_any_context_is_full_attention(tmp_path: Path) -> None:
    # Phi-3-mini-128k / Phi-4-mini ship sliding_window 262144 with 131072 positions.
    config = {**BASE, "model_type": "phi3", "num_hidden_layers": 4}
    config.update(sliding_window=262144, max_position_embeddings=131072)
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 4}
    assert est.bytes_per_token_unbounded == est.bytes_per_token


def test_gemma4_global_layers_have_their_own_geometry(tmp_path: Path) -> None:
    text = {
        "model_type": "gemma4_text",
        "num_hidden_layers": 12,
        "num_attention_heads": 32,
        "num_key_value_heads": 16,
        "num_global_key_value_heads": 4,
        "head_dim": 256,
        "global_head_dim": 512,
        "attention_k_eq_v": True,
        "hidden_size": 5376,
        "sliding_window": 1024,
        "layer_types": (["sliding_attention"] * 5 + ["full_attention"]) * 2,
    }
    est = estimate_kv(write(tmp_path, {"model_type": "gemma4", "text_config": text}))
    assert est.bytes_per_token == 10 * 2 * 16 * 256 * 2 + 2 * 2 * 4 * 512 * 2
    assert est.bytes_per_token_unbounded == 2 * 2 * 4 * 512 * 2


def test_bamba_attention_indices(tmp_path: Path) -> None:
    config = {**BASE, "model_type": "bamba", "num_hidden_layers": 6, "head_dim": 128}
    config.update(
        attn_layer_indices=[2, 5],
        mamba_n_heads=16,
        mamba_d_head=64,
        mamba_d_state=128,
        mamba_n_groups=1,
        mamba_d_conv=4,
    )
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 2, "mamba": 4}
    conv = (16 * 64 + 2 * 1 * 128) * 3
    assert est.per_request_state_bytes == 4 * (conv + 16 * 64 * 128) * 2


def test_lfm2_short_conv_layers_hold_a_small_state(tmp_path: Path) -> None:
    config = {**BASE, "model_type": "lfm2", "num_hidden_layers": 4, "conv_L_cache": 3}
    config["layer_types"] = ["conv", "conv", "full_attention", "conv"]
    est = estimate_kv(write(tmp_path, config))
    assert est.layers == {"full_attention": 1, "linear_attention": 3}
    assert est.bytes_per_token == 2 * 2 * 128 * 2
    assert est.per_request_state_bytes == 3 * 1024 * 2 * 2


def kimi(tmp_path: Path, **changes: Any) -> Path:
    config = json.loads((CONFIGS / "kimi-linear-48b-a3b-instruct.json").read_text("utf-8"))
    config.update(changes)
    return write(tmp_path, config)


def test_kimi_linear_without_linear_attn_config_is_all_mla(tmp_path: Path) -> None:
    est = estimate_kv(kimi(tmp_path, linear_attn_config=None))
    assert est.layers == {"mla_attention": 27}
    assert est.per_request_state_bytes == 0
    assert not any("unfamiliar" in a for a in est.assumptions)


def test_kimi_linear_broken_linear_attn_config_is_one_line(tmp_path: Path) -> None:
    broken = {"kda_layers": [1, "two"], "num_heads": 32, "head_dim": 128}
    with pytest.raises(UserError, match="kda_layers"):
        estimate_kv(kimi(tmp_path, linear_attn_config=broken))
    missing = {"kda_layers": [1, 2], "head_dim": 128}
    with pytest.raises(UserError, match="num_heads"):
        estimate_kv(kimi(tmp_path, linear_attn_config=missing))


def test_dbrx_reads_mpt_names_and_attn_config_kv_heads(tmp_path: Path) -> None:
    config = {
        "architectures": ["DbrxForCausalLM"],
        "model_type": "dbrx",
        "d_model": 6144,
        "n_heads": 48,
        "n_layers": 40,
        "attn_config": {"kv_n_heads": 8},
        "torch_dtype": "bfloat16",
    }
    est = estimate_kv(write(tmp_path, config))
    # 40 layers × 2 × 8 KV heads × 6144/48 = 128 × 2 B; the MPT-style names, as dbrx.py reads.
    assert est.bytes_per_token == 40 * 2 * 8 * 128 * 2
    assert est.reader == "dbrx.py"
