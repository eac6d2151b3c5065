"""ModelSpec: the geometry that decides KV-cache size, resolved from a config.json.

Mirrors vLLM's ModelConfig (docs/reference/kv-cache.md §1): nested text configs, field
aliases, explicit head_dim, MQA flags, MLA latents, and one LayerSpec per decoder layer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from promptlint.errors import UserError
from promptlint.kv import architectures as ka
from promptlint.kv import layers as lk
from promptlint.kv.fields import (
    DTYPE_BYTES,
    as_int,
    checkpoint_dtype,
    first,
    first_key,
    optional_int,
    require_int,
    text_config,
)
from promptlint.kv.source import read_config
from promptlint.kv.ssm import (
    StateShape,
    gated_deltanet_state,
    kda_state,
    lightning_state,
    mamba1_state,
    mamba2_state,
    short_conv_state,
)

# For architectures promptlint has no reader for: vLLM caches one latent per layer for these
# families when kv_lora_rank is set.
MLA_MODEL_TYPES = frozenset(
    {
        "deepseek_v2",
        "deepseek_v3",
        "deepseek_v32",
        "deepseek_mtp",
        "kimi_k2",
        "kimi_linear",
        "longcat_flash",
        "pangu_ultra_moe",
        "glm4_moe_lite",
        "mistral_large3",
    }
)
FALCON_TYPES = frozenset({"falcon", "RefinedWeb", "RefinedWebModel"})
MAMBA1_TYPES = frozenset({"mamba", "falcon_mamba", "jamba"})
# DeepSeek-V3.2's indexer keeps fp8 keys plus one float32 scale per this many values.
INDEXER_QUANT_BLOCK = 128


@dataclass(frozen=True)
class LayerSpec:
    """One decoder layer as the KV cache sees it."""

    kind: str  # one of promptlint.kv.layers.ALL_KINDS
    kv_heads: int = 0
    head_dim: int = 0
    head_dim_v: int = 0
    window: int | None = None  # sliding window / attention chunk (tokens)
    mla_width: int = 0  # kv_lora_rank + qk_rope_head_dim
    state: StateShape | None = None
    indexer_bytes: int = 0  # sparse-attention indexer K cache per token (uint8, any KV dtype)
    fp8_latent_bytes: int = 0  # latent bytes per token in vLLM's fp8_ds_mla layout

    def elements_per_token(self, tp: int = 1) -> int:
        """Cache elements one token adds to this layer on one GPU."""
        if self.kind == lk.MLA:
            return self.mla_width  # one latent, no K/V split, replicated across TP ranks
        if self.kind in (lk.FULL, lk.SLIDING, lk.CHUNKED):
            heads = max(1, self.kv_heads // tp)  # replicated when TP exceeds the KV heads
            return heads * (self.head_dim + self.head_dim_v)
        return 0

    def bytes_per_token(self, kv_dtype_bytes: int, tp: int = 1) -> int:
        """Cache bytes one token adds to this layer on one GPU."""
        if self.kind == lk.MLA and self.fp8_latent_bytes and kv_dtype_bytes == 1:
            return self.fp8_latent_bytes + self.indexer_bytes
        return self.elements_per_token(tp) * kv_dtype_bytes + self.indexer_bytes


@dataclass
class ModelSpec:
    """Geometry of a model's language part, with every default it needed spelled out."""

    model: str
    config_path: Path
    model_type: str
    architectures: list[str]
    num_layers: int
    num_attention_heads: int
    hidden_size: int
    num_kv_heads: int
    head_dim: int
    dtype: str | None
    layers: list[LayerSpec]
    layer_groups: list[tuple[LayerSpec, int]]  # each distinct layer and how many there are
    text: Mapping[str, Any]
    raw: Mapping[str, Any]
    mla: bool = False
    raw_model_type: str = ""
    architecture: str | None = None
    reader: ka.Reader = ka.GENERIC
    assumptions: list[str] = field(default_factory=list)

    @property
    def folder(self) -> Path:
        return self.config_path.parent

    @property
    def windows(self) -> dict[str, int]:
        return {
            layer.kind: layer.window for layer, _ in self.layer_groups if layer.window is not None
        }

    def layer_counts(self) -> dict[str, int]:
        counts: Counter[str] = Counter()
        for layer, count in self.layer_groups:
            counts[layer.kind] += count
        return {kind: counts[kind] for kind in lk.ALL_KINDS if counts[kind]}

    def model_dtype_bytes(self) -> int:
        """Bytes per element vLLM serves this model in with --dtype auto (fp32 is served fp16)."""
        return min(2, DTYPE_BYTES.get(self.dtype or "", 2))

    def parameter_count(self) -> int:
        from promptlint.kv.params import count_parameters

        return count_parameters(self)


def _kv_heads(
    text: Mapping[str, Any], model_type: str, heads: int, where: str, reader: ka.Reader
) -> int:
    """vLLM get_total_num_kv_heads, with the KV-head fields the architecture's class reads."""
    if reader.fixed_kv_heads is not None:
        return reader.fixed_kv_heads
    falcon_new = model_type in FALCON_TYPES and text.get("new_decoder_architecture")
    if text.get("multi_query") and not falcon_new:
        return 1
    attn_config = text.get("attn_config")
    if model_type in ("mpt", "dbrx") and isinstance(attn_config, Mapping):
        kv = attn_config.get("kv_n_heads")
        return heads if kv is None else as_int(kv, "attn_config.kv_n_heads", where)
    kv = optional_int(text, where, *reader.kv_heads) if reader.kv_heads else None
    if kv is None:
        return heads
    if kv == 0:
        raise UserError(f"{where}: num_key_value_heads is 0")
    return kv


def _head_dim(
    text: Mapping[str, Any], model_type: str, hidden: int, heads: int, where: str, notes: list[str]
) -> int:
    """vLLM get_head_size: explicit head_dim first, hidden // heads last (§1.3)."""
    if model_type == "zamba2":
        value = optional_int(text, where, "attention_head_dim")
        if value:
            return value
    explicit = optional_int(text, where, "head_dim", "hidden_size_per_head", "attention_head_dim")
    if explicit:
        return explicit
    if heads == 0:
        raise UserError(f"{where}: num_attention_heads is 0")
    if hidden % heads:
        notes.append(f"head_dim derived as {hidden} // {heads} (hidden not a multiple of heads)")
    return hidden // heads


def _state_for(
    kind: str,
    text: Mapping[str, Any],
    model_type: str,
    heads: int,
    head_dim: int,
    where: str,
    reader: ka.Reader,
) -> StateShape:
    if kind == lk.LINEAR and reader.linear_state is not None:
        family = reader.linear_state
        if family == ka.KDA:
            return kda_state(text, where)
        if family == ka.LIGHTNING:
            return lightning_state(text, where, heads, head_dim)
        if family == ka.SHORT_CONV:
            return short_conv_state(text, where)
        return gated_deltanet_state(text, where)
    if kind == lk.LINEAR:
        if model_type.startswith("lfm2"):
            return short_conv_state(text, where)
        if first_key(text, "linear_num_value_heads") is not None:
            return gated_deltanet_state(text, where)
        if model_type.startswith("minimax"):
            return lightning_state(text, where, heads, head_dim)
        raise UserError(
            f"{where}: linear-attention layers but no linear_num_value_heads (missing field)"
        )
    if model_type in MAMBA1_TYPES:
        return mamba1_state(text, where)
    return mamba2_state(text, where)


# Families whose transformers config class gives `sliding_window` a non-null default, which
# vLLM (reading the config object) then applies when config.json leaves the key out.
WINDOW_DEFAULT_FAMILIES = frozenset({"mistral", "gemma2", "gemma3", "gemma3_text", "cohere2"})


def _fill_window_default(
    text: Mapping[str, Any],
    model_type: str,
    top_type: str,
    raw: Mapping[str, Any],
    notes: list[str],
) -> Mapping[str, Any]:
    if "sliding_window" in text or model_type not in WINDOW_DEFAULT_FAMILIES:
        return text
    from promptlint.kv.autofill import transformers_text_config

    config = transformers_text_config(top_type, raw)
    window = getattr(config, "sliding_window", None) if config is not None else None
    if not isinstance(window, int) or isinstance(window, bool):
        return text
    notes.append(f"sliding_window not in config: transformers' {model_type} default {window}")
    return {**text, "sliding_window": window}


def build_spec(model: str, config_path: Path, raw: Mapping[str, Any]) -> ModelSpec:
    where = str(config_path)
    text, path = text_config(raw)
    notes: list[str] = []
    if path:
        notes.append(f"geometry read from {'.'.join(path)} (the language model's config)")
    model_type = str(first(text, "model_type") or first(raw, "model_type") or "")
    top_type = str(first(raw, "model_type") or model_type)
    if not model_type:
        raise UserError(f"{where}: config has no model_type (missing field model_type)")
    # A multimodal wrapper's language part ("qwen3_vl_text") follows its text family's rules.
    if model_type.endswith("_text") and model_type not in lk.FAMILIES_WITH_RULES:
        base = model_type.removesuffix("_text")
        if base in lk.UNIFORM_FAMILIES or base in lk.FAMILIES_WITH_RULES:
            model_type = base

    architecture, reader = ka.reader_for(ka.architecture_names(raw, text))
    if not reader.known:
        named = f"architecture {architecture}" if architecture else "config names no architecture"
        notes.append(
            f"{named}: not one promptlint reads by name; fields read with the common aliases "
            f"({' / '.join(reader.layers)}, {' / '.join(reader.heads)}, "
            f"{' / '.join(reader.hidden)}, {' / '.join(reader.kv_heads)}) and the "
            f"{model_type} family's layer rules — check the result against vLLM's log"
        )
    attention_free = model_type in lk.ATTENTION_FREE
    n_layers = require_int(text, where, *reader.layers)
    if attention_free:
        heads = optional_int(text, where, *reader.heads) or 0
        hidden = require_int(text, where, *reader.hidden)
    else:
        heads = require_int(text, where, *reader.heads)
        hidden = require_int(text, where, *reader.hidden)

    mla_family = reader.mla if reader.known else model_type in MLA_MODEL_TYPES
    mla = mla_family and text.get("kv_lora_rank") is not None
    decompressed = not mla and text.get("kv_lora_rank") is not None
    if decompressed:
        notes.append(
            f"kv_lora_rank present but vLLM runs {model_type} without MLA: K and V cached per "
            "head, each qk_nope_head_dim + qk_rope_head_dim wide (V padded to it)"
        )
    kv_heads = (
        1 if mla else (0 if attention_free else _kv_heads(text, model_type, heads, where, reader))
    )
    if reader.fixed_kv_heads is not None:
        stated = optional_int(text, where, *ka.GENERIC_KV, "num_attention_groups")
        notes.append(
            f"vLLM's {reader.model_file} builds attention with {reader.fixed_kv_heads} KV head"
            + (f" (config says {stated})" if stated is not None else "")
            + "; replicated, not split, under tensor parallelism"
        )
    if mla:
        rank = require_int(text, where, "kv_lora_rank")
        rope = optional_int(text, where, "qk_rope_head_dim") or 0
        head_dim = rank + rope
    elif attention_free:
        head_dim = 0
    elif (
        decompressed and first_key(text, "qk_nope_head_dim") and first_key(text, "qk_rope_head_dim")
    ):
        head_dim = require_int(text, where, "qk_nope_head_dim") + require_int(
            text, where, "qk_rope_head_dim"
        )
    else:
        head_dim = _head_dim(text, model_type, hidden, heads, where, notes)

    text = _fill_window_default(text, model_type, top_type, raw, notes)
    needs_transformers = (
        model_type not in lk.FAMILIES_WITH_RULES
        and model_type not in lk.UNIFORM_FAMILIES
        and not any(
            isinstance(text.get(k), list)
            for k in (
                "layer_types",
                "layers_block_type",
                "attn_type_list",
                "attn_layer_indices",
                "block_configs",
            )
        )
        and not isinstance(text.get("hybrid_override_pattern"), str)
    )
    transformers_types = None
    if needs_transformers:
        from promptlint.kv.autofill import transformers_layer_types

        transformers_types = transformers_layer_types(top_type, raw)
    kinds = lk.derive_layer_kinds(text, model_type, n_layers, where, notes, transformers_types)
    max_positions = optional_int(text, where, "max_position_embeddings", "n_positions")
    if max_positions and any(
        k.kind == lk.SLIDING and k.window is not None and k.window >= max_positions for k in kinds
    ):
        # A window no context can exceed never slides: these layers behave as full attention.
        notes.append(
            f"sliding_window ≥ max_position_embeddings ({max_positions:,}): counted as full"
        )
        kinds = [
            lk.LayerKind(lk.FULL)
            if k.kind == lk.SLIDING and (k.window or 0) >= max_positions
            else k
            for k in kinds
        ]

    global_head_dim = optional_int(text, where, "global_head_dim")
    global_kv = optional_int(text, where, "num_global_key_value_heads")
    if global_kv is not None and text.get("attention_k_eq_v") is False:
        global_kv = None
    indexer_bytes, fp8_latent = (
        _sparse_mla_bytes(text, where, head_dim, notes) if mla and reader.sparse_indexer else (0, 0)
    )
    # Layers of the same kind share one LayerSpec, so the estimate works per group of alike
    # layers rather than per layer.
    specs: list[LayerSpec] = []
    built: dict[lk.LayerKind, LayerSpec] = {}
    counts: dict[lk.LayerKind, int] = {}
    state_cache: dict[str, StateShape] = {}
    for kind in kinds:
        layer = built.get(kind)
        if layer is None:
            state = None
            if kind.kind in lk.STATE_KINDS or kind.with_state:
                key = kind.kind
                if key not in state_cache:
                    state_cache[key] = _state_for(
                        key, text, model_type, heads, head_dim, where, reader
                    )
                state = state_cache[key]
            if kind.kind == lk.FULL and mla:
                layer = LayerSpec(
                    lk.MLA, 1, head_dim, 0, None, head_dim, state, indexer_bytes, fp8_latent
                )
            elif kind.kind in (lk.FULL, lk.SLIDING, lk.CHUNKED):
                layer_kv = kind.kv_heads or kv_heads
                layer_hd = kind.head_dim or head_dim
                if kind.kind == lk.FULL and global_head_dim:  # Gemma 4 global layers
                    layer_hd = global_head_dim
                    layer_kv = global_kv or layer_kv
                layer = LayerSpec(kind.kind, layer_kv, layer_hd, layer_hd, kind.window, 0, state)
            else:
                layer = LayerSpec(kind.kind, state=state)
            built[kind] = layer
            counts[kind] = 0
        counts[kind] += 1
        specs.append(layer)
    if global_head_dim:
        notes.append(
            f"global layers use global_head_dim {global_head_dim}"
            + (f" and {global_kv} KV heads" if global_kv else "")
            + (
                "; K and V both cached although attention_k_eq_v"
                if text.get("attention_k_eq_v")
                else ""
            )
        )

    dtype = checkpoint_dtype(raw, text)
    architectures = raw.get("architectures") or []
    return ModelSpec(
        model=model,
        config_path=config_path,
        model_type=model_type,
        architectures=[str(a) for a in architectures] if isinstance(architectures, list) else [],
        num_layers=n_layers,
        num_attention_heads=heads,
        hidden_size=hidden,
        num_kv_heads=kv_heads,
        head_dim=head_dim,
        dtype=dtype,
        layers=specs,
        layer_groups=[(built[kind], count) for kind, count in counts.items()],
        text=text,
        raw=raw,
        mla=mla,
        raw_model_type=top_type,
        architecture=architecture,
        reader=reader,
        assumptions=notes,
    )


def _sparse_mla_bytes(
    text: Mapping[str, Any], where: str, latent: int, notes: list[str]
) -> tuple[int, int]:
    """DeepSeek-V3.2 (deepseek_v2.py): the indexer cache and the fp8_ds_mla latent, per token.

    Each MLA layer also registers a DeepseekV32IndexerCache whose MLAAttentionSpec holds
    index_head_dim fp8 values plus a float32 scale per 128 of them, as uint8 whatever the KV
    dtype (128 + 4 = 132 B). With an fp8 KV cache vLLM uses the fp8_ds_mla layout: the
    kv_lora_rank part in fp8 with one float32 scale per 128 values, the rope part kept in
    16 bits (512 + 4·4 + 64·2 = 656 B, not 576).
    """
    index_dim = optional_int(text, where, "index_head_dim") or 128
    indexer = index_dim + index_dim // INDEXER_QUANT_BLOCK * 4
    rank = require_int(text, where, "kv_lora_rank")
    rope = latent - rank
    fp8_latent = rank + rank // INDEXER_QUANT_BLOCK * 4 + rope * 2
    notes.append(
        f"sparse-attention indexer K cache: {index_dim} fp8 values + "
        f"{index_dim // INDEXER_QUANT_BLOCK} float32 scale = {indexer} B per token per layer, "
        f"uint8 whatever the KV dtype; with --kv-dtype fp8 vLLM stores the latent as "
        f"fp8_ds_mla ({fp8_latent} B, not {latent})"
    )
    return indexer, fp8_latent


def load_model_spec(model: str | Path) -> ModelSpec:
    """Resolve MODEL (config.json, model folder or cached Hub id) into a ModelSpec. Offline."""
    source = read_config(model)
    return build_spec(source.label, source.config_path, source.raw)
