"""Weight bytes per GPU: from a local checkpoint when present, else parameters × dtype."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from promptlint.errors import UserError
from promptlint.kv.params import checkpoint_parameters, estimate_parameters
from promptlint.kv.spec import ModelSpec

# Bytes per parameter of the quantized (linear-layer) weights. Block scales included.
WEIGHT_DTYPES: dict[str, Decimal] = {
    "fp32": Decimal(4),
    "fp16": Decimal(2),
    "bf16": Decimal(2),
    "fp8": Decimal(1),
    "int8": Decimal(1),
    "int4": Decimal("0.53125"),  # 4 bits + a 16-bit scale per group of 128 (AWQ/GPTQ)
    "fp4": Decimal("0.5625"),  # NVFP4: 4 bits + an fp8 scale per 16
    "mxfp4": Decimal("0.53125"),  # 4 bits + an 8-bit scale per 32
}
WEIGHT_DTYPE_CHOICES = ("auto", *WEIGHT_DTYPES)


@dataclass
class Weights:
    bytes_per_gpu: int
    parameters: int
    source: str
    dtype: str
    assumptions: list[str] = field(default_factory=list)


def _quantization(spec: ModelSpec) -> Mapping[str, Any] | None:
    for source in (spec.text, spec.raw):
        quant = source.get("quantization_config")
        if isinstance(quant, Mapping):
            return quant
    return None


def _auto_dtype(spec: ModelSpec, notes: list[str]) -> str:
    quant = _quantization(spec)
    if quant is None:
        return "bf16" if spec.dtype == "bfloat16" else "fp16"
    method = str(quant.get("quant_method", "")).lower()
    bits = quant.get("bits") or quant.get("w_bit")
    if method in ("fp8", "fbgemm_fp8", "modelopt") or "fp8" in method:
        choice = "fp8"
    elif method == "mxfp4":
        choice = "mxfp4"
    elif bits in (4, "4") or method in ("awq", "gptq", "bitsandbytes"):
        choice = "int4" if bits in (4, "4", None) else "int8"
    elif bits in (8, "8"):
        choice = "int8"
    else:
        notes.append(f"quantization {method or 'unknown'}: weights assumed 16-bit")
        return "bf16"
    notes.append(f"weights {choice} from the config's quantization_config ({method})")
    return choice


def weight_bytes(spec: ModelSpec, weights_dtype: str = "auto", tp: int = 1) -> Weights:
    notes: list[str] = []
    key = weights_dtype.lower()
    if key not in WEIGHT_DTYPE_CHOICES:
        choices = ", ".join(WEIGHT_DTYPE_CHOICES)
        raise UserError(f"unknown weights dtype {weights_dtype!r} (choose from {choices})")
    checkpoint = checkpoint_parameters(spec.folder)
    if key == "auto" and checkpoint is not None and checkpoint.checkpoint_bytes:
        size = checkpoint.checkpoint_bytes
        if spec.dtype in ("float32", "float") and _quantization(spec) is None:
            size //= 2  # served in 16 bits
            notes.append("float32 checkpoint: weights counted at 16 bits as vLLM serves them")
        notes.append(f"weights: {size:,} bytes read from {checkpoint.source}")
        params = checkpoint.total or estimate_parameters(spec).total
        return Weights(-(-size // tp), params, checkpoint.source, "checkpoint", notes)

    if checkpoint is not None and checkpoint.total:
        params, embedding, experts, source = (
            checkpoint.total,
            checkpoint.embedding,
            0,
            checkpoint.source,
        )
    else:
        counted = estimate_parameters(spec)
        params, embedding, experts, source = (
            counted.total,
            counted.embedding,
            counted.experts,
            "config",
        )
        notes.append(f"parameters estimated from the config's geometry: {params / 1e9:.2f} B")
    dtype = _auto_dtype(spec, notes) if key == "auto" else key
    per_param = WEIGHT_DTYPES[dtype]
    if dtype == "mxfp4":
        # gpt-oss style: only the routed experts are 4-bit; attention and embeddings stay bf16.
        quantized = experts
    elif per_param < 2:
        quantized = params - embedding  # quantizers leave embeddings and the head at 16 bits
        notes.append("embeddings and output head kept at 16 bits")
    else:
        quantized = params
    total = Decimal(quantized) * per_param + Decimal(params - quantized) * 2
    notes.append(f"weights split over {tp} GPUs" if tp > 1 else "weights on one GPU")
    return Weights(int(-(-total // tp)), params, source, dtype, notes)
