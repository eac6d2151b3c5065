"""Per-request recurrent state of Mamba, Mamba2, Gated DeltaNet, KDA and lightning-attention layers.

Shapes follow vLLM's MambaStateShapeCalculator (docs/reference/kv-cache.md §3). A layer's
state is a constant per request: it does not grow with the context.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from promptlint.errors import UserError
from promptlint.kv.fields import first, optional_int, require_int


@dataclass(frozen=True)
class StateShape:
    """Elements of one layer's state at TP 1: the conv part and the recurrent (SSM) part."""

    family: str  # mamba1 | mamba2 | gated_deltanet | lightning | kda | short_conv
    conv_elements: int
    ssm_elements: int
    ssm_fp32: bool = False  # recurrent state kept in float32 regardless of the model dtype
    groups: int = 0  # Mamba2 B/C groups (0: none)
    group_conv_elements: int = 0  # conv elements each group adds (2 · d_state · (d_conv − 1))

    def bytes(self, model_dtype_bytes: int, tp: int = 1) -> int:
        # Channels and heads are split across TP ranks; each rank holds its share.
        ssm_bytes = 4 if self.ssm_fp32 else model_dtype_bytes
        conv = self.conv_elements
        if self.groups and self.groups % tp:
            # mamba2_state_shape: groups that do not divide by TP are replicated up to TP
            # (extra_groups_for_head_shards), so every head's group lives on its rank.
            conv += (tp - self.groups) * self.group_conv_elements
        return -(-conv // tp) * model_dtype_bytes + -(-self.ssm_elements // tp) * ssm_bytes


def _fp32_state(text: Mapping[str, Any]) -> bool:
    value = first(text, "mamba_ssm_dtype", "mamba_ssm_cache_dtype", "ssm_state_dtype")
    return isinstance(value, str) and value.removeprefix("torch.") in ("float32", "fp32")


@dataclass(frozen=True)
class Mamba1Dims:
    """A Mamba1 mixer's sizes (vLLM's mamba1_state_shape callers)."""

    intermediate: int
    d_state: int
    d_conv: int
    dt_rank: int


def mamba1_dims(text: Mapping[str, Any], where: str) -> Mamba1Dims:
    hidden = require_int(text, where, "hidden_size", "d_model")
    intermediate = optional_int(text, where, "mamba_intermediate_size", "intermediate_size")
    if intermediate is None or "mamba_expand" in text:
        expand = first(text, "mamba_expand", "expand") or 2
        intermediate = int(expand * hidden)
    d_conv = optional_int(text, where, "mamba_d_conv", "conv_kernel", "d_conv") or 4
    d_state = optional_int(text, where, "mamba_d_state", "state_size", "d_state") or 16
    rank = first(text, "mamba_dt_rank", "time_step_rank", "dt_rank")
    dt_rank = rank if isinstance(rank, int) and not isinstance(rank, bool) else -(-hidden // 16)
    return Mamba1Dims(intermediate, d_state, d_conv, dt_rank)


def mamba1_state(text: Mapping[str, Any], where: str) -> StateShape:
    d = mamba1_dims(text, where)
    return StateShape(
        "mamba1", d.intermediate * (d.d_conv - 1), d.intermediate * d.d_state, _fp32_state(text)
    )


@dataclass(frozen=True)
class Mamba2Dims:
    """A Mamba2 mixer's sizes as vLLM's mamba2_state_shape callers read them."""

    heads: int
    head_dim: int
    d_state: int
    groups: int
    d_conv: int
    intermediate: int  # conv / in_proj channels: heads × head_dim, or Falcon-H1's mamba_d_ssm


def mamba2_dims(text: Mapping[str, Any], where: str) -> Mamba2Dims:
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
    # Falcon-H1's class sizes the conv channels by mamba_d_ssm when the config sets it.
    intermediate = optional_int(text, where, "mamba_d_ssm") or heads * head_dim
    return Mamba2Dims(heads, head_dim, d_state, groups, d_conv, intermediate)


def mamba2_state(text: Mapping[str, Any], where: str) -> StateShape:
    d = mamba2_dims(text, where)
    conv = (d.intermediate + 2 * d.groups * d.d_state) * (d.d_conv - 1)
    return StateShape(
        "mamba2",
        conv,
        d.heads * d.head_dim * d.d_state,
        _fp32_state(text),
        groups=d.groups,
        group_conv_elements=2 * d.d_state * (d.d_conv - 1),
    )


def gated_deltanet_state(text: Mapping[str, Any], where: str) -> StateShape:
    k_heads = require_int(text, where, "linear_num_key_heads")
    v_heads = require_int(text, where, "linear_num_value_heads")
    k_dim = require_int(text, where, "linear_key_head_dim")
    v_dim = require_int(text, where, "linear_value_head_dim")
    d_conv = optional_int(text, where, "linear_conv_kernel_dim") or 4
    conv = (2 * k_heads * k_dim + v_heads * v_dim) * (d_conv - 1)
    return StateShape("gated_deltanet", conv, v_heads * k_dim * v_dim, _fp32_state(text))


def lightning_state(text: Mapping[str, Any], where: str, heads: int, head_dim: int) -> StateShape:
    # MiniMax lightning attention: one (heads, head_dim, head_dim) state in the model dtype
    # (vLLM's linear_attention_state_shape / _dtype with mamba_cache_dtype auto).
    return StateShape("lightning", 0, heads * head_dim * head_dim, _fp32_state(text))


def kda_state(text: Mapping[str, Any], where: str) -> StateShape:
    """Kimi Delta Attention: q, k and v short-conv states plus a float32 recurrent state.

    vLLM's kda_state_shape: three conv states (heads·head_dim, kernel − 1) in the model dtype,
    and (heads, head_dim, head_dim) in float32 (kda_state_dtype), heads and head_dim read
    from `linear_attn_config`.
    """
    config = text.get("linear_attn_config")
    if not isinstance(config, Mapping):
        raise UserError(f"{where}: Kimi-Linear config has no linear_attn_config (missing field)")
    heads = require_int(config, f"{where}: linear_attn_config", "num_heads")
    head_dim = require_int(config, f"{where}: linear_attn_config", "head_dim")
    kernel = optional_int(config, where, "short_conv_kernel_size") or 4
    conv = 3 * heads * head_dim * (kernel - 1)
    return StateShape("kda", conv, heads * head_dim * head_dim, ssm_fp32=True)


def short_conv_state(text: Mapping[str, Any], where: str) -> StateShape:
    # LFM2 short convolution: keeps the last L_cache − 1 inputs of each hidden channel.
    hidden = require_int(text, where, "hidden_size")
    cache = optional_int(text, where, "conv_L_cache") or 3
    return StateShape("short_conv", hidden * (cache - 1), 0)
