"""The two figures from the seed talks, computed by hand from vLLM's arithmetic."""

from pathlib import Path

from promptlint.kv import estimate_kv, load_model_spec

CONFIGS = Path(__file__).parent.parent / "data" / "configs"


def test_qwen3_4b_fp8_is_72_kib_per_token() -> None:
    # 36 layers × 2 (K, V) × 8 KV heads × 128 (explicit head_dim, not 2560/32) × 1 byte
    est = estimate_kv(CONFIGS / "qwen3-4b.json", kv_dtype="fp8")
    assert est.bytes_per_token == 36 * 2 * 8 * 128 * 1 == 72 * 1024
    assert est.bytes_per_token_unbounded == est.bytes_per_token
    assert est.per_request_state_bytes == 0
    assert est.layers == {"full_attention": 36}


def test_tinyllama_fp16_is_22_kib_not_mha_arithmetic() -> None:
    est = estimate_kv(CONFIGS / "tinyllama-1.1b-chat.json", kv_dtype="fp16")
    assert est.bytes_per_token == 22 * 2 * 4 * 64 * 2 == 22 * 1024
    # The "0.17 MB/token" figure counts 32 query heads as KV heads: 8× too much.
    assert est.naive_mha_bytes_per_token == 22 * 2 * 32 * 64 * 2 == 8 * est.bytes_per_token


def test_parameter_count_from_config() -> None:
    # Qwen3-4B is published as 4.0 B parameters, TinyLlama as 1.1 B.
    assert round(load_model_spec(CONFIGS / "qwen3-4b.json").parameter_count() / 1e9, 2) == 4.02
    assert (
        round(load_model_spec(CONFIGS / "tinyllama-1.1b-chat.json").parameter_count() / 1e9, 1)
        == 1.1
    )
