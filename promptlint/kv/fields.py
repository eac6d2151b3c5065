"""Reading geometry fields from a raw config dict: aliases, nested text configs, dtypes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from promptlint.errors import UserError

# Where wrapper / multimodal configs keep the language model (vLLM's hf_text_config).
TEXT_CONFIG_KEYS = ("text_config", "language_config", "llm_config", "thinker_config")

# Bytes per element of a checkpoint dtype as written in config.json.
DTYPE_BYTES: dict[str, int] = {
    "float32": 4,
    "float": 4,
    "fp32": 4,
    "float16": 2,
    "half": 2,
    "fp16": 2,
    "bfloat16": 2,
    "bf16": 2,
    "float8_e4m3fn": 1,
    "float8_e5m2": 1,
}


def text_config(raw: Mapping[str, Any]) -> tuple[Mapping[str, Any], list[str]]:
    """The dict holding the language model's geometry, and the key path that led to it."""
    current: Mapping[str, Any] = raw
    path: list[str] = []
    while True:
        for key in TEXT_CONFIG_KEYS:
            sub = current.get(key)
            if isinstance(sub, Mapping):
                current = sub
                path.append(key)
                break
        else:
            return current, path


def first(config: Mapping[str, Any], *keys: str) -> Any:
    """The first non-null value among keys (vLLM skips null fields the same way)."""
    for key in keys:
        value = config.get(key)
        if value is not None:
            return value
    return None


def first_key(config: Mapping[str, Any], *keys: str) -> str | None:
    for key in keys:
        if config.get(key) is not None:
            return key
    return None


def as_int(value: Any, field: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UserError(f"{where}: field {field} must be a number, got {value!r}")
    if isinstance(value, float) and not value.is_integer():
        raise UserError(f"{where}: field {field} must be an integer, got {value!r}")
    if value < 0:
        raise UserError(f"{where}: field {field} must not be negative, got {value!r}")
    return int(value)


def require_int(config: Mapping[str, Any], where: str, *keys: str) -> int:
    key = first_key(config, *keys)
    if key is None:
        raise UserError(f"{where}: config has no {' / '.join(keys)} (missing field {keys[0]})")
    return as_int(config[key], key, where)


def optional_int(config: Mapping[str, Any], where: str, *keys: str) -> int | None:
    key = first_key(config, *keys)
    return None if key is None else as_int(config[key], key, where)


def checkpoint_dtype(raw: Mapping[str, Any], text: Mapping[str, Any]) -> str | None:
    """`dtype` (transformers >= 4.56) or `torch_dtype`, nested or top level."""
    for source in (text, raw):
        value = first(source, "dtype", "torch_dtype")
        if isinstance(value, str):
            return value.removeprefix("torch.")
    return None
