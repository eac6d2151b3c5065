"""Parameter count for the weights term of the GPU budget.

From a local safetensors checkpoint when one is there (exact: header shapes, or the index's
total_size), else estimated from the config's geometry (attention, dense or MoE MLP, MLA,
Mamba / linear-attention mixers, embeddings).
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from promptlint.kv import layers as lk
from promptlint.kv.fields import first, optional_int
from promptlint.kv.ssm import mamba1_dims, mamba2_dims

if TYPE_CHECKING:
    from promptlint.kv.spec import ModelSpec

# Families whose MLP has two matrices (up, down) instead of three (gate, up, down).
UNGATED_MLP = frozenset(
    {
        "gpt2",
        "gptj",
        "gpt_neox",
        "gpt_bigcode",
        "falcon",
        "RefinedWeb",
        "RefinedWebModel",
        "opt",
        "bloom",
        "phi",
        "starcoder2",
        "mpt",
        "codegen",
        "gpt_neo",
        "persimmon",
        "nemotron_h",  # squared-ReLU MLP: up and down only
    }
)
TIED_BY_DEFAULT = frozenset(
    {"gpt2", "gemma", "gemma2", "gemma3", "gemma3_text", "gpt_bigcode", "falcon", "RefinedWeb"}
    | {"RefinedWebModel", "cohere", "cohere2", "minicpm", "minicpm3"}
)

SAFETENSORS_DTYPE_BYTES = {
    "F64": 8,
    "F32": 4,
    "F16": 2,
    "BF16": 2,
    "F8_E4M3": 1,
    "F8_E5M2": 1,
    "I64": 8,
    "I32": 4,
    "I16": 2,
    "I8": 1,
    "U8": 1,
    "BOOL": 1,
}


@dataclass(frozen=True)
class ParamCount:
    total: int
    embedding: int  # input embeddings plus an untied output head
    source: str  # "config" or the checkpoint file(s) it was read from
    experts: int = 0  # routed-expert weights (MoE), part of total
    checkpoint_bytes: int | None = None  # bytes on disk in the checkpoint's own dtypes


def _mlp(hidden: int, inter: int, gated: bool) -> int:
    return (3 if gated else 2) * hidden * inter


def _attention(spec: ModelSpec, hidden: int) -> int:
    t = spec.text
    heads = spec.num_attention_heads
    if spec.mla or t.get("kv_lora_rank") is not None:  # MLA projections, cached or not
        nope = optional_int(t, "", "qk_nope_head_dim") or 128
        rope = optional_int(t, "", "qk_rope_head_dim") or 64
        v_dim = optional_int(t, "", "v_head_dim") or hidden // max(1, heads)
        rank = optional_int(t, "", "kv_lora_rank") or 512
        q_rank = optional_int(t, "", "q_lora_rank")
        q = (
            hidden * q_rank + q_rank * heads * (nope + rope)
            if q_rank
            else hidden * heads * (nope + rope)
        )
        return q + hidden * (rank + rope) + rank * heads * (nope + v_dim) + heads * v_dim * hidden
    head_dim = spec.head_dim or (hidden // max(1, heads))
    kv = spec.num_kv_heads or heads
    share_q = _int_field(t, "share_q_dim")
    if share_q:  # Step3: a shared low-rank query (qkv_proj, then wq up to the heads)
        return (
            hidden * (share_q + 2 * kv * head_dim)
            + share_q * heads * head_dim
            + (heads * head_dim * hidden)
        )
    bias = (
        heads * head_dim + 2 * kv * head_dim if t.get("attention_bias") or t.get("qkv_bias") else 0
    )
    return hidden * head_dim * (2 * heads + 2 * kv) + bias


def _mixer(spec: ModelSpec, hidden: int) -> int:
    state = next((layer.state for layer, _ in spec.layer_groups if layer.state is not None), None)
    if state is None:
        return 0
    t = spec.text
    if state.family == "mamba2":
        # in_proj to z, x, B, C and dt; out_proj back; conv weights; A, D, dt_bias; norm.
        d = mamba2_dims(t, str(spec.config_path))
        in_proj = hidden * (2 * d.intermediate + 2 * d.groups * d.d_state + d.heads)
        conv = (d.intermediate + 2 * d.groups * d.d_state) * d.d_conv
        return in_proj + d.intermediate * hidden + conv + 3 * d.heads + d.intermediate
    if state.family == "mamba1":
        # in_proj to x and z, x_proj to dt, B, C, dt_proj, out_proj, conv, A and D.
        m = mamba1_dims(t, str(spec.config_path))
        inner = m.intermediate
        in_out = 3 * hidden * inner
        x_dt = inner * (m.dt_rank + 2 * m.d_state) + m.dt_rank * inner
        return in_out + x_dt + inner * (m.d_conv + m.d_state + 1)
    if state.family == "short_conv":  # LFM2: in_proj to B, C, x; out_proj; depthwise conv
        kernel = optional_int(t, "", "conv_L_cache") or 3
        return 4 * hidden * hidden + hidden * kernel
    if state.family == "lightning":  # MiniMax: qkv, output gate and out projections
        inner = spec.num_attention_heads * spec.head_dim
        return 5 * hidden * inner
    if state.family == "kda":  # Kimi Delta Attention: q, k, v, the two gates, beta, out
        config = t.get("linear_attn_config")
        if isinstance(config, Mapping):
            heads = optional_int(config, "", "num_heads") or 0
            head_dim = optional_int(config, "", "head_dim") or 0
            kernel = optional_int(config, "", "short_conv_kernel_size") or 4
            proj = heads * head_dim
            gates = 2 * (hidden * head_dim + head_dim * proj)
            return 4 * hidden * proj + gates + hidden * heads + 3 * proj * kernel + 2 * proj
    # Projections in and out dominate: about 2·hidden·inner for in, hidden·inner for out.
    inner = optional_int(t, "", "linear_num_value_heads") or 0
    if inner:
        v_dim = optional_int(t, "", "linear_value_head_dim") or 128
        k_heads = optional_int(t, "", "linear_num_key_heads") or 16
        k_dim = optional_int(t, "", "linear_key_head_dim") or 128
        qkvz = hidden * (2 * k_heads * k_dim + 2 * inner * v_dim)
        return qkvz + inner * v_dim * hidden + state.conv_elements
    expand = first(t, "mamba_expand", "expand") or 2
    inner_dim = int(expand * hidden)
    return 3 * hidden * inner_dim + state.conv_elements + state.ssm_elements // 8


def _int_field(config: Mapping[str, Any], *keys: str) -> int | None:
    """The first of keys holding a plain integer (ERNIE-VL lists experts per modality)."""
    for key in keys:
        value = config.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _moe_layer(spec: ModelSpec, layer_index: int) -> bool:
    """Whether layer `layer_index` has routed experts, by the family's own field."""
    t = spec.text
    n = spec.num_layers
    enum = t.get("moe_layers_enum")  # Step3: "4,5,…" (default: every layer but the first)
    if spec.model_type.startswith("step3"):
        if isinstance(enum, str) and enum.strip():
            return layer_index in {int(x) for x in enum.split(",") if x.strip().isdigit()}
        return layer_index >= 1
    start = _int_field(t, "moe_layer_start_index")  # ERNIE 4.5
    if start is not None:
        end = _int_field(t, "moe_layer_end_index")
        interval = _int_field(t, "moe_layer_interval") or 1
        last = n - 1 if end is None or end < 0 else end
        return start <= layer_index <= last and (layer_index - start) % interval == 0
    interleave = _int_field(t, "interleave_moe_layer_step")  # Llama 4: (i + 1) % step == 0
    if interleave:
        return (layer_index + 1) % interleave == 0
    dense_first = _int_field(t, "first_k_dense_replace") or 0
    mlp_only = t.get("mlp_only_layers") or []
    step = _int_field(t, "decoder_sparse_step", "expert_layer_period") or 1
    offset = _int_field(t, "expert_layer_offset") or 0
    return not (
        layer_index < dense_first or layer_index in mlp_only or bool((layer_index - offset) % step)
    )


def _lfm2_ff_dim(t: Mapping[str, Any], inter: int) -> int:
    """LFM2's MLP width: block_ff_dim, cut to 2/3, scaled, rounded up to block_multiple_of."""
    ff = _int_field(t, "block_ff_dim") or inter
    if t.get("block_auto_adjust_ff_dim"):
        ff = int(2 * ff / 3)
        multiplier = t.get("block_ffn_dim_multiplier")
        if isinstance(multiplier, (int, float)) and not isinstance(multiplier, bool):
            ff = int(multiplier * ff)
        multiple = _int_field(t, "block_multiple_of") or 256
        ff = multiple * -(-ff // multiple)
    return ff


def _ffn(spec: ModelSpec, hidden: int, layer_index: int) -> tuple[int, int]:
    """Parameters of one layer's MLP, and how many of them are routed experts."""
    t = spec.text
    gated = spec.model_type not in UNGATED_MLP
    inter = optional_int(t, "", "intermediate_size", "n_inner", "ffn_hidden_size", "ffn_dim")
    if inter is None:
        inter = 4 * hidden
    experts = _int_field(
        t, "num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"
    )
    llama4 = spec.model_type in ("llama4", "llama4_text")
    if spec.model_type == "lfm2":
        inter = _lfm2_ff_dim(t, inter)
    if experts is None or experts <= 1 or not _moe_layer(spec, layer_index):
        # Llama 4's dense layers use intermediate_size_mlp; intermediate_size is the experts'.
        dense = (_int_field(t, "intermediate_size_mlp") or inter) if llama4 else inter
        return _mlp(hidden, dense, gated), 0
    expert_inter = _int_field(t, "moe_intermediate_size", "expert_intermediate_size") or inter
    routed = experts * _mlp(hidden, expert_inter, True)
    total = routed + hidden * experts  # experts + router
    shared = _int_field(t, "n_shared_experts", "moe_num_shared_experts", "num_shared_experts")
    if shared is None:
        shared = 1 if llama4 else 0
    total += shared * _mlp(hidden, expert_inter, True)
    shared_inter = _int_field(t, "shared_expert_intermediate_size", "share_expert_dim") or 0
    total += _mlp(hidden, shared_inter, True)
    return total, routed


def estimate_parameters(spec: ModelSpec) -> ParamCount:
    t = spec.text
    hidden = spec.hidden_size
    vocab = optional_int(t, "", "vocab_size", "padded_vocab_size") or optional_int(
        spec.raw, "", "vocab_size"
    )
    if vocab is None:
        from promptlint.kv.autofill import transformers_text_config

        default = getattr(
            transformers_text_config(spec.raw_model_type, spec.raw), "vocab_size", None
        )
        vocab = default if isinstance(default, int) else 32000
        spec.assumptions.append(f"vocab_size not in config: {vocab} (transformers' default)")
    tied = first(t, "tie_word_embeddings")
    if tied is None:
        tied = first(spec.raw, "tie_word_embeddings")
    if tied is None:
        tied = spec.model_type in TIED_BY_DEFAULT
    embedding = vocab * hidden * (1 if tied else 2)
    attention = _attention(spec, hidden)
    mixer = _mixer(spec, hidden)
    total = embedding
    experts = 0
    for index, layer in enumerate(spec.layers):
        if layer.kind in lk.KV_KINDS or layer.kind == lk.KV_SHARED:
            total += attention
        if layer.state is not None:
            total += mixer
        if spec.model_type in lk.ATTENTION_FREE:
            pass  # Mamba blocks have no separate MLP
        elif spec.model_type != "nemotron_h" or layer.kind == lk.NO_KV:
            ffn, routed = _ffn(spec, hidden, index)
            total += ffn
            experts += routed
        total += 2 * hidden  # norms
    return ParamCount(total=total, embedding=embedding, source="config", experts=experts)


def _safetensors_header(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        (length,) = struct.unpack("<Q", handle.read(8))
        if length > 100_000_000:
            raise ValueError("safetensors header too large")
        header = json.loads(handle.read(length))
    if not isinstance(header, dict):
        raise ValueError("safetensors header is not an object")
    return header


def _count_header(header: Mapping[str, Any]) -> tuple[int, int, int]:
    params = embedding = size = 0
    for name, info in header.items():
        if name == "__metadata__" or not isinstance(info, Mapping):
            continue
        count = 1
        for dim in info.get("shape", []):
            count *= int(dim)
        params += count
        size += count * SAFETENSORS_DTYPE_BYTES.get(str(info.get("dtype")), 2)
        if "embed" in name or "lm_head" in name or name.endswith("wte.weight"):
            embedding += count
    return params, embedding, size


def _checkpoint_files(folder: Path) -> tuple[list[Path], int | None]:
    """The safetensors files that make up the checkpoint, and the index's total_size if any.

    With an index, only the files its weight_map names count (Mistral repos also ship a
    `consolidated.safetensors` copy of the same weights).
    """
    index = folder / "model.safetensors.index.json"
    if index.is_file():
        try:
            data = json.loads(index.read_text(encoding="utf-8"))
            total = int(data["metadata"]["total_size"])
            names = sorted(set(data.get("weight_map", {}).values()))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return [], None
        files = [folder / name for name in names]
        return (files if files and all(f.is_file() for f in files) else []), total
    files = sorted(folder.glob("*.safetensors"))
    plain = [f for f in files if not f.name.startswith("consolidated")]
    return (plain or files), None


def checkpoint_parameters(folder: Path) -> ParamCount | None:
    """Exact counts from safetensors headers in `folder` (the index alone gives bytes)."""
    files, index_total = _checkpoint_files(folder)
    if files:
        params = embedding = size = 0
        try:
            for file in files:
                p, e, s = _count_header(_safetensors_header(file))
                params, embedding, size = params + p, embedding + e, size + s
        except (OSError, ValueError, struct.error):
            files = []
        else:
            source = f"{len(files)} safetensors file(s)"
            return ParamCount(params, embedding, source, checkpoint_bytes=size)
    if index_total:
        return ParamCount(0, 0, "model.safetensors.index.json", checkpoint_bytes=index_total)
    return None


def count_parameters(spec: ModelSpec) -> int:
    checkpoint = checkpoint_parameters(spec.folder)
    if checkpoint is not None and checkpoint.total:
        return checkpoint.total
    return estimate_parameters(spec).total
