"""Our raw-JSON layer rules agree with transformers' config classes wherever those compute
`layer_types` (the raw path stays the source of truth; this catches a rule drifting)."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.kv import load_model_spec
from promptlint.kv.autofill import transformers_text_config

CONFIGS = Path(__file__).parent.parent / "data" / "configs"
# Our kinds that transformers spells differently.
SAME = {
    "mla_attention": "full_attention",
    "mamba": "linear_attention",
    "indexed_attention": "full_attention",  # DeepSeek-V3.2: MLA with the sparse indexer
    "conv": "linear_attention",  # LFM2 short-convolution blocks
    "hybrid": "full_attention",  # Falcon-H1: attention and Mamba2 in every block
    "mlp": "no_kv",  # Nemotron-H MLP-only blocks
    "moe": "no_kv",
}


@pytest.mark.parametrize("path", sorted(CONFIGS.glob("*.json")), ids=lambda p: p.stem)
def test_layer_kinds_agree_with_transformers(path: Path) -> None:
    spec = load_model_spec(path)
    config = transformers_text_config(spec.raw_model_type, spec.raw)
    layer_types = getattr(config, "layer_types", None) if config is not None else None
    if not layer_types:
        pytest.skip("transformers computes no layer_types for this family")
    ours = [SAME.get(layer.kind, layer.kind) for layer in spec.layers]
    theirs = [SAME.get(kind, kind) for kind in layer_types]
    assert ours == theirs
