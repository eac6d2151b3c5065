"""Which kind of layer each decoder layer is: full, sliding, chunked, linear, Mamba, no KV.

Configs state this explicitly (`layer_types`, `layers_block_type`, `attn_type_list`,
`hybrid_override_pattern`, `block_configs`) or leave it to the transformers config class;
for the latter we re-derive transformers' rule per family (docs/reference/kv-cache.md
§1.6), so results do not depend on the installed transformers version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from promptlint.errors import UserError
from promptlint.kv.fields import as_int, first, optional_int

FULL = "full_attention"
SLIDING = "sliding_attention"
CHUNKED = "chunked_attention"
MLA = "mla_attention"
LINEAR = "linear_attention"  # Gated DeltaNet, lightning attention: a constant state
MAMBA = "mamba"
NO_KV = "no_kv"  # MLP-only or no-op attention blocks
KV_SHARED = "kv_shared"  # reads another layer's cache (Gemma 3n / 4 KV sharing)

KV_KINDS = (FULL, SLIDING, CHUNKED, MLA)
STATE_KINDS = (LINEAR, MAMBA)
ALL_KINDS = (FULL, SLIDING, CHUNKED, MLA, LINEAR, MAMBA, NO_KV, KV_SHARED)

# Names used in configs' per-layer lists, mapped to our kinds.
_LAYER_TYPE_NAMES = {
    "full_attention": FULL,
    "attention": FULL,
    "global": FULL,
    "global_attention": FULL,
    "sliding_attention": SLIDING,
    "sliding_window_attention": SLIDING,
    "local": SLIDING,
    "local_attention": SLIDING,
    "chunked_attention": CHUNKED,
    "linear_attention": LINEAR,
    "mamba": MAMBA,
    "mamba2": MAMBA,
    "conv": LINEAR,  # LFM2 short-convolution blocks: a small constant state
    "mlp": NO_KV,
    "moe": NO_KV,
}

# Families whose config class re-derives the layer kinds in code (rules below). Any other
# model_type without an explicit list is checked against transformers' own config class.
QWEN_WINDOW_FAMILIES = frozenset(
    {
        "qwen2",
        "qwen2_moe",
        "qwen3",
        "qwen3_moe",
        "qwen2_vl",
        "qwen2_5_vl",
        "qwen3_vl",
        "qwen3_vl_moe",
    }
)
ATTENTION_FREE = frozenset({"mamba", "mamba2", "falcon_mamba", "rwkv", "rwkv5", "rwkv6", "xlstm"})
FAMILIES_WITH_RULES = frozenset(
    {
        "gemma2",
        "gemma3",
        "gemma3_text",
        "cohere2",
        "qwen3_next",
        "llama4",
        "llama4_text",
        "jamba",
        "nemotron_h",
        "nemotron-nas",
        "minimax",
        "minimax_m1",
        "minimax_text_01",
        "kimi_linear",
        "zamba2",
        "falcon_h1",
        *QWEN_WINDOW_FAMILIES,
        *ATTENTION_FREE,
    }
)
# Families that are plainly "every layer alike" (a model-wide window, if any, applies to all).
UNIFORM_FAMILIES = frozenset(
    {
        "llama",
        "mistral",
        "mixtral",
        "phi",
        "phi3",
        "phimoe",
        "gpt2",
        "gptj",
        "gpt_neox",
        "gpt_bigcode",
        "falcon",
        "RefinedWeb",
        "RefinedWebModel",
        "opt",
        "bloom",
        "starcoder2",
        "deepseek",
        "deepseek_v2",
        "deepseek_v3",
        "deepseek_v32",
        "kimi_k2",
        "gemma",
        "cohere",
        "minicpm",
        "minicpm3",
        "olmo",
        "olmo2",
        "olmoe",
        "internlm",
        "internlm2",
        "internlm3",
        "stablelm",
        "granite",
        "granitemoe",
        "mpt",
        "dbrx",
        "baichuan",
        "chatglm",
        "glm",
        "glm4",
        "glm4_moe",
        "exaone",
        "nemotron",
        "gpt_oss",
        "ernie4_5",
        "ernie4_5_moe",
        "seed_oss",
        "mimo",
        "step3_text",
        "step3_vl",
        "hunyuan_v1_dense",
        "hunyuan_v1_moe",
        "codegen",
        "persimmon",
        "gpt_neo",
    }
)


@dataclass(frozen=True)
class LayerKind:
    kind: str
    window: int | None = None  # sliding window or attention chunk, in tokens
    kv_heads: int | None = None  # per-layer override (nemotron-nas)
    head_dim: int | None = None  # per-layer override (Gemma 4 global layers)
    with_state: bool = False  # attention and a Mamba mixer in the same block (Zamba2, Falcon-H1)


def _window(text: Mapping[str, Any], where: str) -> int | None:
    value = optional_int(text, where, "sliding_window")
    if value is None or value == 0:  # 0 means disabled (vLLM)
        return None
    return value


def _need_window(text: Mapping[str, Any], where: str) -> int:
    window = _window(text, where)
    if window is None:
        raise UserError(f"{where}: sliding-window layers but no sliding_window (missing field)")
    return window


def _from_names(names: list[Any], field: str, where: str) -> list[str]:
    kinds = []
    for name in names:
        kind = _LAYER_TYPE_NAMES.get(str(name))
        if kind is None:
            raise UserError(f"{where}: unknown layer type {name!r} in {field}")
        kinds.append(kind)
    return kinds


def _interleaved(n: int, pattern: int, kind: str, every_pattern: str) -> list[str]:
    # transformers: "sliding_attention" if (i + 1) % pattern else "full_attention"
    return [kind if (i + 1) % pattern else every_pattern for i in range(n)]


def derive_layer_kinds(
    text: Mapping[str, Any],
    model_type: str,
    n_layers: int,
    where: str,
    assumptions: list[str],
    transformers_layer_types: list[str] | None = None,
) -> list[LayerKind]:
    """One LayerKind per decoder layer, from explicit lists or the family's rule."""
    kinds = _kinds(text, model_type, n_layers, where, assumptions, transformers_layer_types)
    if len(kinds) != n_layers:
        raise UserError(
            f"{where}: per-layer list has {len(kinds)} entries for {n_layers} layers "
            "(num_hidden_layers disagrees with layer_types)"
        )
    shared = optional_int(text, where, "num_kv_shared_layers") or 0
    if shared:
        # The last `shared` layers read the cache of an earlier layer of the same kind.
        kinds = kinds[: n_layers - shared] + [LayerKind(KV_SHARED)] * shared
        assumptions.append(f"the last {shared} layers reuse earlier layers' KV (no own cache)")
    return kinds


def _kinds(
    text: Mapping[str, Any],
    model_type: str,
    n: int,
    where: str,
    assumptions: list[str],
    transformers_layer_types: list[str] | None,
) -> list[LayerKind]:
    if model_type in ATTENTION_FREE:
        return [LayerKind(MAMBA)] * n
    if model_type == "falcon_h1":  # every block runs attention and Mamba2 in parallel
        return [LayerKind(FULL, with_state=True)] * n

    # Explicit per-layer lists, in vLLM's order of precedence.
    if model_type == "nemotron-nas" or isinstance(text.get("block_configs"), list):
        return _nas_kinds(text, n, where)
    for field in ("layers_block_type",):
        names = text.get(field)
        if isinstance(names, list):
            # Zamba2 "hybrid" blocks run a Mamba mixer plus the shared attention block.
            out = []
            for name in names:
                if name == "hybrid":
                    out.append(LayerKind(FULL, with_state=True))
                else:
                    out.append(LayerKind(_from_names([name], field, where)[0]))
            return out
    indices = text.get("attn_layer_indices")
    if isinstance(indices, list):  # Bamba: attention at these indices, Mamba2 elsewhere
        wanted = {as_int(i, "attn_layer_indices", where) for i in indices}
        return [LayerKind(FULL if i in wanted else MAMBA) for i in range(n)]
    if model_type == "kimi_linear":
        linear_config = text.get("linear_attn_config")
        if isinstance(linear_config, Mapping):
            return _kimi_linear_kinds(linear_config, n, where)
        return [LayerKind(FULL)] * n  # is_kda_layer is false for every layer without it
    attn_types = text.get("attn_type_list")
    if isinstance(attn_types, list):  # MiniMax: 1 softmax attention, 0 lightning (linear)
        return [LayerKind(FULL if int(x) == 1 else LINEAR) for x in attn_types]
    names = text.get("layer_types")
    if isinstance(names, list):
        return _with_windows(_from_names(names, "layer_types", where), text, where)
    pattern = text.get("hybrid_override_pattern")
    if isinstance(pattern, str):  # Nemotron-H: * attention, M Mamba2, - MLP, E MoE
        table = {"*": FULL, "M": MAMBA, "-": NO_KV, "E": NO_KV}
        unknown = sorted(set(pattern) - set(table))
        if unknown:
            raise UserError(f"{where}: unknown block {unknown[0]!r} in hybrid_override_pattern")
        return [LayerKind(table[c]) for c in pattern]

    # Families whose config class computes the list (transformers' rules).
    if model_type == "gemma2":
        return _with_windows(_interleaved(n, 2, SLIDING, FULL), text, where)
    if model_type in ("gemma3", "gemma3_text", "cohere2"):
        default = 4 if model_type == "cohere2" else 6
        pattern_n = optional_int(text, where, "sliding_window_pattern")
        if pattern_n is None:
            pattern_n = default
            assumptions.append(
                f"sliding_window_pattern not in config: transformers' {model_type} default "
                f"{default} (every {default}th layer global, the rest sliding)"
            )
        return _with_windows(_interleaved(n, pattern_n, SLIDING, FULL), text, where)
    if model_type == "qwen3_next":
        interval = optional_int(text, where, "full_attention_interval") or 4
        return [LayerKind(LINEAR if (i + 1) % interval else FULL) for i in range(n)]
    if model_type in ("llama4", "llama4_text"):
        return _llama4_kinds(text, n, where, assumptions)
    if model_type == "jamba":
        period = optional_int(text, where, "attn_layer_period") or 8
        offset = optional_int(text, where, "attn_layer_offset")
        if offset is None:
            offset = 4  # transformers JambaConfig default
        return [LayerKind(FULL if i % period == offset else MAMBA) for i in range(n)]
    if model_type in QWEN_WINDOW_FAMILIES:
        window = _window(text, where) if text.get("use_sliding_window") else None
        if window is None:
            if _window(text, where) is not None:
                assumptions.append("sliding_window ignored: use_sliding_window is false")
            return [LayerKind(FULL)] * n
        start = optional_int(text, where, "max_window_layers") or 0
        return [LayerKind(SLIDING, window) if i >= start else LayerKind(FULL) for i in range(n)]

    if model_type not in UNIFORM_FAMILIES and transformers_layer_types is not None:
        assumptions.append(
            f"config.json has no layer_types: per-layer kinds taken from transformers' "
            f"{model_type} config class"
        )
        return _with_windows(
            _from_names(transformers_layer_types, "layer_types", where), text, where
        )
    if model_type not in UNIFORM_FAMILIES:
        assumptions.append(f"unfamiliar model_type {model_type!r}: every layer treated alike")

    # Uniform: a model-wide sliding window applies to every layer (Mistral v0.1, Phi-3).
    window = _window(text, where)
    if window is not None and text.get("use_sliding_window") is False:
        assumptions.append("sliding_window ignored: use_sliding_window is false")
        window = None
    if window is not None:
        return [LayerKind(SLIDING, window)] * n
    return [LayerKind(FULL)] * n


def _with_windows(kinds: list[str], text: Mapping[str, Any], where: str) -> list[LayerKind]:
    window = _need_window(text, where) if SLIDING in kinds else None
    chunk = None
    if CHUNKED in kinds:
        chunk = optional_int(text, where, "attention_chunk_size")
        if not chunk:
            raise UserError(f"{where}: chunked layers but no attention_chunk_size (missing field)")
    out = []
    for kind in kinds:
        if kind == SLIDING:
            out.append(LayerKind(SLIDING, window))
        elif kind == CHUNKED:
            out.append(LayerKind(CHUNKED, chunk))
        else:
            out.append(LayerKind(kind))
    return out


def _llama4_kinds(
    text: Mapping[str, Any], n: int, where: str, assumptions: list[str]
) -> list[LayerKind]:
    if "attention_chunk_size" in text:
        chunk = optional_int(text, where, "attention_chunk_size")
    else:
        chunk = 8192
        assumptions.append("attention_chunk_size not in config: transformers' default 8192")
    interval = optional_int(text, where, "no_rope_layer_interval") or 4
    flags = text.get("no_rope_layers")
    if not isinstance(flags, list) or not flags:
        # 1 = the layer uses RoPE (and chunked local attention); every 4th is global NoPE.
        flags = [int((i + 1) % interval != 0) for i in range(n)]
    out = []
    for flag in flags:
        uses_rope = bool(as_int(flag, "no_rope_layers", where))
        out.append(LayerKind(CHUNKED, chunk) if uses_rope and chunk else LayerKind(FULL))
    return out


def _kimi_linear_kinds(config: Mapping[str, Any], n: int, where: str) -> list[LayerKind]:
    # KimiLinearConfig.is_kda_layer: (layer_idx + 1) in kda_layers; the lists are 1-based.
    full = config.get("full_attn_layers")
    kda = config.get("kda_layers")
    if isinstance(kda, list):
        wanted = {as_int(i, "linear_attn_config.kda_layers", where) for i in kda}
        return [LayerKind(LINEAR if i + 1 in wanted else FULL) for i in range(n)]
    if isinstance(full, list):
        wanted = {as_int(i, "linear_attn_config.full_attn_layers", where) for i in full}
        return [LayerKind(FULL if i + 1 in wanted else LINEAR) for i in range(n)]
    raise UserError(f"{where}: linear_attn_config has no kda_layers (missing field)")


def _nas_kinds(text: Mapping[str, Any], n: int, where: str) -> list[LayerKind]:
    blocks = text.get("block_configs")
    if not isinstance(blocks, list):
        raise UserError(f"{where}: nemotron-nas config has no block_configs (missing field)")
    heads = optional_int(text, where, "num_attention_heads")
    out = []
    for i, block in enumerate(blocks):
        attention = block.get("attention", {}) if isinstance(block, Mapping) else {}
        if attention.get("no_op") or attention.get("replace_with_linear"):
            out.append(LayerKind(NO_KV))
            continue
        group = first(attention, "n_heads_in_group")
        if group is None or heads is None:
            raise UserError(f"{where}: block_configs[{i}].attention has no n_heads_in_group")
        out.append(LayerKind(FULL, kv_heads=heads // as_int(group, "n_heads_in_group", where)))
    return out
