"""Per-request recurrent state of Mamba, Mamba2, Gated DeltaNet and lightning-attention layers.

Shapes follow vLLM's MambaStateShapeCalculator (docs/reference/kv-cache.md §3). A layer's
state is a constant per request: it does not grow with the context.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from promptlint.kv.fields import first, optional_int, require_int


@dataclass(frozen=True)
class StateShape:
    """Elements of one layer's state at TP 1: the conv part and the recurrent (SSM) part."""

    family: str  # mamba1 | mamba2 | gated_deltanet | lightning | short_conv
    conv_elements: int
    ssm_elements: int
    ssm_fp32: bool = False  # recurrent state kept in float32 regardless of the model dtype

    def bytes(self, model_dtype_bytes: int, tp: int = 1) -> int:
        # Channels and heads are split across TP ranks; each rank holds its share.
        ssm_bytes = 4 if self.ssm_fp32 else model_dtype_bytes
        return -(-self.conv_elements // tp) * model_dtype_bytes + -(-self.ssm_elements // tp) * (
            ssm_bytes
        )


def _fp32_state(text: Mapping[str, Any]) -> bool:
    value = first(text, "mamba_ssm_dtype", "mamba_ssm_cache_dtype", "ssm_state_dtype")
    return isinstance(value, str) and value.removeprefix("torch.") in ("float32", "fp32")


def mamba1_state(text: Mapping[str, Any], where: str) -> StateShape:
    hidden = require_int(text, where, "hidden_size", "d_model")
    intermediate = optional_int(text, where, "mamba_intermediate_size", "intermediate_size")
    if intermediate is None or "mamba_expand" in text:
        expand = first(text, "mamba_expand", "expand") or 2
        intermediate = int(expand * hidden)
    d_conv = optional_int(text, where, "mamba_d_conv", "conv_kernel", "d_conv") or 4
    d_state = optional_int(text, where, "mamba_d_state", "state_size", "d_state") or 16
    return StateShape(
        "mamba1", intermediate * (d_conv - 1), intermediate * d_state, _fp32_state(text)
    )


def mamba2_state(text: Mapping[str, Any], where: str) -> StateShape:
    hidden = require_int(text, where, "hidden_size", "d_model")
    head_dim = optional_int(text, where, "mamba_head_dim", "mamba_d_head", "mamba_headdim") or (
        optional_int(text, where, "head_dim") or 64
    )
    heads = optional_int(text, where, "mamba_num_heads", "mamba_n_heads", "n_mamba_heads")
    if heads is None:
        expand = first(text, "mamba_expand", "expand") or 2
        heads = int(expand * hidden) // head_dim
    d_state = optional_int(text, where, "ssm_state_size", "mamba_d_state", "state_size") or 128
    groups = optional_int(text, where, "n_groups", "mamba_n_groups", "mamba_ngroups") or 1
    d_conv = optional_int(text, where, "conv_kernel", "mamba_d_conv") or 4
    intermediate = heads * head_dim
    conv = (intermediate + 2 * groups * d_state) * (d_conv - 1)
    return StateShape("mamba2", conv, heads * head_dim * d_state, _fp32_state(text))


def gated_deltanet_state(text: Mapping[str, Any], where: str) -> StateShape:
    k_heads = require_int(text, where, "linear_num_key_heads")
    v_heads = require_int(text, where, "linear_num_value_heads")
    k_dim = require_int(text, where, "linear_key_head_dim")
    v_dim = require_int(text, where, "linear_value_head_dim")
    d_conv = optional_int(text, where, "linear_conv_kernel_dim") or 4
    conv = (2 * k_heads * k_dim + v_heads * v_dim) * (d_conv - 1)
    return StateShape("gated_deltanet", conv, v_heads * k_dim * v_dim, _fp32_state(text))


def lightning_state(text: Mapping[str, Any], where: str, heads: int, head_dim: int) -> StateShape:
    # MiniMax lightning attention keeps a (heads, head_dim, head_dim) float32 KV state.
    return StateShape("lightning", 0, heads * head_dim * head_dim, ssm_fp32=True)


def short_conv_state(text: Mapping[str, Any], where: str) -> StateShape:
    # LFM2 short convolution: keeps the last L_cache − 1 inputs of each hidden channel.
    hidden = require_int(text, where, "hidden_size")
    cache = optional_int(text, where, "conv_L_cache") or 3
    return StateShape("short_conv", hidden * (cache - 1), 0)
