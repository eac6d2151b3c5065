"""estimate_kv: bytes of KV cache per token (and per request) for a model, on one GPU."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from promptlint.errors import UserError
from promptlint.kv import layers as lk
from promptlint.kv.spec import LayerSpec, ModelSpec, load_model_spec

# --kv-cache-dtype values (vLLM's names and the usual spellings) → (canonical name, bytes).
KV_DTYPES: dict[str, tuple[str, int]] = {
    "fp16": ("fp16", 2),
    "float16": ("fp16", 2),
    "half": ("fp16", 2),
    "bf16": ("bf16", 2),
    "bfloat16": ("bf16", 2),
    "fp8": ("fp8", 1),
    "fp8_e4m3": ("fp8_e4m3", 1),
    "fp8_e5m2": ("fp8_e5m2", 1),
}
# vLLM serves float32 checkpoints of these in bfloat16, not float16 (numerically unstable).
FLOAT16_UNSTABLE = frozenset({"gemma2", "gemma3", "gemma3_text", "plamo2", "glm4"})
KV_DTYPE_CHOICES = ("auto", "fp16", "bf16", "fp8", "fp8_e4m3", "fp8_e5m2")


@dataclass
class KVEstimate:
    """What the KV cache of one model weighs on one GPU (per tensor-parallel rank)."""

    model: str
    model_type: str
    kv_dtype: str
    kv_dtype_bytes: int
    tp: int
    bytes_per_token: int  # all KV-holding layers
    bytes_per_token_unbounded: int  # full-attention (and MLA) layers: cost past any window
    per_request_state_bytes: int  # Mamba / linear-attention state, constant per request
    layers: dict[str, int]
    bytes_per_token_by_kind: dict[str, int]
    windows: dict[str, int]  # kind -> window or chunk size in tokens
    num_layers: int
    num_kv_heads: int
    head_dim: int
    mla: bool
    naive_mha_bytes_per_token: int  # what 2·L·heads·(hidden/heads) arithmetic predicts
    formula: str
    architecture: str | None = None
    reader: str = ""  # the vLLM model file whose reading promptlint mirrors, or "" if unknown
    assumptions: list[str] = field(default_factory=list)
    layer_specs: list[LayerSpec] = field(default_factory=list, repr=False)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("layer_specs")
        data["exact"] = False  # arithmetic from the config; the engine may pad or align pages
        return data

    def bytes_per_layer_token(self, layer: LayerSpec) -> int:
        return layer.bytes_per_token(self.kv_dtype_bytes, self.tp)

    def request_bytes(self, context_tokens: int, block_size: int = 16) -> int:
        """KV bytes one request holding `context_tokens` occupies, rounded to whole blocks.

        Sliding-window layers keep the last window (plus one straddling block); chunked
        layers the current chunk; vLLM frees the blocks that fall out of them.
        """
        blocks = -(-context_tokens // block_size)
        total = self.per_request_state_bytes
        for layer in self.layer_specs:
            per_token = self.bytes_per_layer_token(layer)
            if not per_token:
                continue
            layer_blocks = blocks
            if layer.window is not None:
                cap = -(-layer.window // block_size) + 1
                layer_blocks = min(blocks, cap)
            total += layer_blocks * block_size * per_token
        return total


def resolve_kv_dtype(kv_dtype: str, spec: ModelSpec) -> tuple[str, int, list[str]]:
    notes: list[str] = []
    key = kv_dtype.lower()
    if key == "auto":
        dtype = spec.dtype
        if dtype is None and spec.raw.get("quantization_config"):
            notes.append("no dtype in config of a quantized checkpoint: attention and KV in bf16")
            return "bf16", 2, notes
        if dtype is None:
            notes.append(
                "no dtype in config: KV cache assumed 16-bit (vLLM --dtype auto serves fp32 "
                "checkpoints in fp16; quantized checkpoints keep 16-bit attention)"
            )
            return "fp16", 2, notes
        if dtype in ("float32", "float", "fp32"):
            if spec.model_type in FLOAT16_UNSTABLE:
                notes.append("config dtype float32: vLLM --dtype auto serves this family in bf16")
                return "bf16", 2, notes
            notes.append("config dtype float32: vLLM --dtype auto serves it in fp16")
            return "fp16", 2, notes
        if dtype in ("bfloat16", "bf16"):
            return "bf16", 2, notes
        if dtype in ("float16", "half", "fp16"):
            return "fp16", 2, notes
        notes.append(f"config dtype {dtype}: KV cache assumed 16-bit")
        return "fp16", 2, notes
    if key not in KV_DTYPES:
        raise UserError(
            f"unknown KV cache dtype {kv_dtype!r} (choose from {', '.join(KV_DTYPE_CHOICES)})"
        )
    name, size = KV_DTYPES[key]
    return name, size, notes


def _formula(
    layer_groups: list[tuple[LayerSpec, int]], tp: int, size: int, dtype: str, total: int
) -> str:
    groups: Counter[tuple[str, int, int, int]] = Counter()
    indexer: Counter[int] = Counter()
    fp8_latent = 0
    for layer, count in layer_groups:
        if layer.kind in lk.KV_KINDS:
            heads = 1 if layer.kind == lk.MLA else max(1, layer.kv_heads // tp)
            groups[(layer.kind, heads, layer.head_dim, layer.mla_width)] += count
            if layer.indexer_bytes:
                indexer[layer.indexer_bytes] += count
            if layer.fp8_latent_bytes and size == 1:
                fp8_latent = layer.fp8_latent_bytes
    if not groups:
        return "no layer keeps a per-token KV cache"
    if fp8_latent:  # fp8_ds_mla: bytes per latent, not elements × dtype
        mla_count = sum(c for (kind, *_), c in groups.items() if kind == lk.MLA)
        body = f"{mla_count} MLA layers × {fp8_latent} B (fp8_ds_mla latent)"
    else:
        parts = []
        for (kind, heads, head_dim, mla_width), count in groups.items():
            if kind == lk.MLA:
                parts.append(f"{count} MLA layers × 1 latent × {mla_width}")
            else:
                label = kind.replace("_attention", "")
                parts.append(f"{count} {label} layers × 2 (K,V) × {heads} KV heads × {head_dim}")
        body = f"({' + '.join(parts)}) × {size} B ({dtype})"
    extra = "".join(f" + {count} indexer caches × {b} B" for b, count in indexer.items())
    return f"{body}{extra} = {total:,} B/token"


def estimate_from_spec(spec: ModelSpec, kv_dtype: str = "auto", tp: int = 1) -> KVEstimate:
    if tp < 1:
        raise UserError(f"--tp must be at least 1, got {tp}")
    dtype_name, size, notes = resolve_kv_dtype(kv_dtype, spec)
    assumptions = list(spec.assumptions) + notes
    by_kind: Counter[str] = Counter()
    for layer, count in spec.layer_groups:
        by_kind[layer.kind] += layer.bytes_per_token(size, tp) * count
    per_token = sum(by_kind[k] for k in lk.KV_KINDS)
    unbounded = by_kind[lk.FULL] + by_kind[lk.MLA]
    model_bytes = spec.model_dtype_bytes()
    state = sum(
        layer.state.bytes(model_bytes, tp) * count
        for layer, count in spec.layer_groups
        if layer.state
    )
    if state:
        assumptions.append(
            "recurrent state in the model dtype"
            + (" (its recurrent part in float32)" if _any_fp32(spec) else "")
            + ("; vLLM pads it to the attention page size" if per_token else "")
        )
    if tp > 1:
        kv_tp = spec.num_kv_heads
        if spec.mla:
            assumptions.append(f"per GPU at TP {tp}: the MLA latent is replicated on every rank")
        elif kv_tp < tp:
            assumptions.append(
                f"per GPU at TP {tp}: {kv_tp} KV heads replicated "
                f"(1 head per GPU, not {kv_tp}/{tp})"
            )
        else:
            assumptions.append(f"per GPU at TP {tp}: {kv_tp} KV heads split {kv_tp // tp} per GPU")
    windows = spec.windows
    naive = 0
    if spec.num_attention_heads:
        naive = 2 * spec.num_layers * spec.hidden_size * size // tp
    return KVEstimate(
        model=spec.model,
        model_type=spec.model_type,
        kv_dtype=dtype_name,
        kv_dtype_bytes=size,
        tp=tp,
        bytes_per_token=per_token,
        bytes_per_token_unbounded=unbounded,
        per_request_state_bytes=state,
        layers=spec.layer_counts(),
        bytes_per_token_by_kind={k: by_kind[k] for k in lk.KV_KINDS if by_kind[k]},
        windows=windows,
        num_layers=spec.num_layers,
        num_kv_heads=spec.num_kv_heads,
        head_dim=spec.head_dim,
        mla=spec.mla,
        naive_mha_bytes_per_token=naive,
        formula=_formula(spec.layer_groups, tp, size, dtype_name, per_token),
        architecture=spec.architecture,
        reader=spec.reader.model_file if spec.reader.known else "",
        assumptions=assumptions,
        layer_specs=list(spec.layers),
    )


def _any_fp32(spec: ModelSpec) -> bool:
    return any(layer.state is not None and layer.state.ssm_fp32 for layer, _ in spec.layer_groups)


def estimate_kv(model: str | Path, kv_dtype: str = "auto", tp: int = 1) -> KVEstimate:
    """KV-cache bytes per token for MODEL (config.json, folder or cached Hub id), per GPU."""
    return estimate_from_spec(load_model_spec(model), kv_dtype, tp)
