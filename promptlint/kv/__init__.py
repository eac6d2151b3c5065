"""KV-cache arithmetic: what a model's cache weighs per token, and what fits on a GPU.

`estimate_kv` and `load_model_spec` are the API the probe and `capacity` use.
"""

from __future__ import annotations

from promptlint.kv.estimate import KVEstimate, estimate_from_spec, estimate_kv
from promptlint.kv.spec import LayerSpec, ModelSpec, load_model_spec

__all__ = [
    "KVEstimate",
    "LayerSpec",
    "ModelSpec",
    "estimate_from_spec",
    "estimate_kv",
    "load_model_spec",
]
