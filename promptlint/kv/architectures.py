"""Per-architecture readers: which config fields vLLM's model class for an `architectures`
entry reads, and which cache it builds from them.

vLLM picks the model class by the config's `architectures` entry, and each class reads the
geometry its own way (MPT's `n_layers` / `d_model`, Step3's single KV head whatever the config
says, DeepSeek-V3.2's indexer cache, Kimi-Linear's KDA state). One alias list read the same way
for every model gets these wrong silently; an architecture missing here is read with the
common aliases, and the estimate says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# Field names, in the order a reader tries them.
LLAMA_LAYERS = ("num_hidden_layers",)
LLAMA_HEADS = ("num_attention_heads",)
LLAMA_HIDDEN = ("hidden_size",)
LLAMA_KV = ("num_key_value_heads",)

# What an unknown architecture is read with: every alias the common families use.
GENERIC_LAYERS = ("num_hidden_layers", "n_layer", "num_layers", "n_layers")
GENERIC_HEADS = ("num_attention_heads", "n_head", "n_heads")
GENERIC_HIDDEN = ("hidden_size", "n_embd", "d_model", "n_embed")
GENERIC_KV = ("n_head_kv", "num_kv_heads", "num_key_value_heads", "multi_query_group_num")

# State families for linear-attention layers (promptlint.kv.ssm).
GATED_DELTANET = "gated_deltanet"
LIGHTNING = "lightning"
KDA = "kda"
SHORT_CONV = "short_conv"


@dataclass(frozen=True)
class Reader:
    """How one vLLM model class reads the fields that size the KV cache."""

    model_file: str  # vllm/model_executor/models/<file>, for the table and the docs
    layers: tuple[str, ...] = LLAMA_LAYERS
    heads: tuple[str, ...] = LLAMA_HEADS
    hidden: tuple[str, ...] = LLAMA_HIDDEN
    kv_heads: tuple[str, ...] = LLAMA_KV
    fixed_kv_heads: int | None = None  # the class hard-codes the KV heads (Step3: 1)
    mla: bool = False  # caches one latent per layer (kv_lora_rank + qk_rope_head_dim)
    sparse_indexer: bool = False  # DeepSeek-V3.2: an indexer K cache beside each latent
    linear_state: str | None = None  # state family of its linear-attention layers
    known: bool = True


GENERIC = Reader(
    "(none: architecture not known to promptlint)",
    layers=GENERIC_LAYERS,
    heads=GENERIC_HEADS,
    hidden=GENERIC_HIDDEN,
    kv_heads=GENERIC_KV,
    known=False,
)

_DEEPSEEK_MLA = Reader("deepseek_v2.py", mla=True)
_FALCON = Reader(
    "falcon.py",
    layers=("num_hidden_layers", "n_layer"),
    heads=("num_attention_heads", "n_head"),
    kv_heads=("num_kv_heads", "n_head_kv"),
)


def _gpt2_names(model_file: str) -> Reader:
    # GPT-2-style classes read n_layer / n_head / n_embd and have no KV-head field.
    return Reader(
        model_file, layers=("n_layer",), heads=("n_head",), hidden=("n_embd",), kv_heads=()
    )


# architectures entry -> reader; the first group reads Llama's field names.
READERS: dict[str, Reader] = {
    **{
        arch: Reader(file)
        for arch, file in {
            "LlamaForCausalLM": "llama.py",
            "MistralForCausalLM": "llama.py",
            "MixtralForCausalLM": "mixtral.py",
            "Qwen2ForCausalLM": "qwen2.py",
            "Qwen2MoeForCausalLM": "qwen2_moe.py",
            "Qwen3ForCausalLM": "qwen3.py",
            "Qwen3MoeForCausalLM": "qwen3_moe.py",
            "Qwen3VLForConditionalGeneration": "qwen3_vl.py",
            "Qwen3VLMoeForConditionalGeneration": "qwen3_vl_moe.py",
            "Phi3ForCausalLM": "phi3.py",
            "PhiMoEForCausalLM": "phimoe.py",
            "Gemma2ForCausalLM": "gemma2.py",
            "Gemma3ForCausalLM": "gemma3.py",
            "Gemma3ForConditionalGeneration": "gemma3_mm.py",
            "GptOssForCausalLM": "gpt_oss.py",
            "CohereForCausalLM": "commandr.py",
            "Cohere2ForCausalLM": "commandr.py",
            "OlmoForCausalLM": "olmo.py",
            "Olmo2ForCausalLM": "olmo2.py",
            "Olmo3ForCausalLM": "olmo2.py",
            "Starcoder2ForCausalLM": "starcoder2.py",
            "MiniCPM3ForCausalLM": "minicpm3.py",
            "Llama4ForConditionalGeneration": "mllama4.py",
            "Llama4ForCausalLM": "llama4.py",
            "Glm4MoeForCausalLM": "glm4_moe.py",
            "Glm4ForCausalLM": "glm4.py",
            "Ernie4_5_ForCausalLM": "ernie45.py",
            "Ernie4_5_MoeForCausalLM": "ernie45_moe.py",
            "SeedOssForCausalLM": "seed_oss.py",
            "MiMoForCausalLM": "mimo.py",
            "HunYuanDenseV1ForCausalLM": "hunyuan_v1.py",
            "HunYuanMoEV1ForCausalLM": "hunyuan_v1.py",
            "GraniteForCausalLM": "granite.py",
            "GraniteMoeForCausalLM": "granitemoe.py",
            "InternLM3ForCausalLM": "llama.py",
            "ExaoneForCausalLM": "exaone.py",
            "JambaForCausalLM": "jamba.py",
            "BambaForCausalLM": "bamba.py",
            "NemotronHForCausalLM": "nemotron_h.py",
            "GraniteMoeHybridForCausalLM": "granitemoehybrid.py",
            "FalconH1ForCausalLM": "falcon_h1.py",
            "Zamba2ForCausalLM": "zamba2.py",
            "DeciLMForCausalLM": "nemotron_nas.py",
            "FalconMambaForCausalLM": "mamba.py",
            "MambaForCausalLM": "mamba.py",
            "Mamba2ForCausalLM": "mamba2.py",
            "Qwen2VLForConditionalGeneration": "qwen2_vl.py",
            "Qwen2_5_VLForConditionalGeneration": "qwen2_5_vl.py",
            "Qwen2_5OmniForConditionalGeneration": "qwen2_5_omni_thinker.py",
            "Mistral3ForConditionalGeneration": "mistral3.py",
            "LlavaForConditionalGeneration": "llava.py",
            "LlavaNextForConditionalGeneration": "llava_next.py",
            "GemmaForCausalLM": "gemma.py",
            "Gemma3nForConditionalGeneration": "gemma3n_mm.py",
            "GlmForCausalLM": "glm.py",
            "Glm4vForConditionalGeneration": "glm4_1v.py",
            "Glm4vMoeForConditionalGeneration": "glm4_1v.py",
            "OlmoeForCausalLM": "olmoe.py",
            "Exaone4ForCausalLM": "exaone4.py",
            "SmolLM3ForCausalLM": "llama.py",
            "Dots1ForCausalLM": "dots1.py",
            "MiniMaxM2ForCausalLM": "minimax_m2.py",
            "InternLM2ForCausalLM": "internlm2.py",
            "StableLmForCausalLM": "stablelm.py",
            "OPTForCausalLM": "opt.py",
            "PhiForCausalLM": "phi.py",
            "NemotronForCausalLM": "nemotron.py",
            "DeepseekForCausalLM": "deepseek.py",
            "BaichuanForCausalLM": "baichuan.py",
            "MiniCPMForCausalLM": "minicpm.py",
            "GraniteMoeSharedForCausalLM": "granitemoeshared.py",
        }.items()
    },
    "Qwen3NextForCausalLM": Reader("qwen3_next.py", linear_state=GATED_DELTANET),
    "Qwen3_5ForCausalLM": Reader("qwen3_5.py", linear_state=GATED_DELTANET),
    "Qwen3_5ForConditionalGeneration": Reader("qwen3_5.py", linear_state=GATED_DELTANET),
    "Lfm2ForCausalLM": Reader("lfm2.py", linear_state=SHORT_CONV),
    # MiniMax-Text-01 and -M1 share one class: lightning attention on attn_type_list 0.
    "MiniMaxText01ForCausalLM": Reader("minimax_text_01.py", linear_state=LIGHTNING),
    "MiniMaxM1ForCausalLM": Reader("minimax_text_01.py", linear_state=LIGHTNING),
    "MiniMaxForCausalLM": Reader("minimax_text_01.py", linear_state=LIGHTNING),
    "DeepseekV2ForCausalLM": _DEEPSEEK_MLA,
    "DeepseekV3ForCausalLM": _DEEPSEEK_MLA,
    "KimiK2ForCausalLM": _DEEPSEEK_MLA,
    "KimiVLForConditionalGeneration": Reader("kimi_vl.py", mla=True),
    "DeepseekVLV2ForCausalLM": Reader("deepseek_vl2.py", mla=True),
    "DeepseekV32ForCausalLM": Reader("deepseek_v2.py", mla=True, sparse_indexer=True),
    # Kimi-Linear: MLA on full_attn_layers, Kimi Delta Attention on the rest.
    "KimiLinearForCausalLM": Reader("kimi_linear.py", mla=True, linear_state=KDA),
    # Step3's attention is built with num_kv_heads=1 (step3_text.py), whatever the config says.
    "Step3TextForCausalLM": Reader("step3_text.py", fixed_kv_heads=1),
    "Step3VLForConditionalGeneration": Reader("step3_vl.py", fixed_kv_heads=1),
    "MPTForCausalLM": Reader(
        "mpt.py", layers=("n_layers",), heads=("n_heads",), hidden=("d_model",), kv_heads=()
    ),
    # DBRX reads MPT's names; its KV heads are attn_config.kv_n_heads.
    "DbrxForCausalLM": Reader(
        "dbrx.py", layers=("n_layers",), heads=("n_heads",), hidden=("d_model",), kv_heads=()
    ),
    "FalconForCausalLM": _FALCON,
    "RWForCausalLM": _FALCON,
    "GPT2LMHeadModel": _gpt2_names("gpt2.py"),
    "GPTJForCausalLM": _gpt2_names("gpt_j.py"),
    "GPTBigCodeForCausalLM": _gpt2_names("gpt_bigcode.py"),
    "GPTNeoXForCausalLM": Reader("gpt_neox.py", kv_heads=()),
    "BloomForCausalLM": Reader(
        "bloom.py", layers=("n_layer",), heads=("n_head",), hidden=("hidden_size", "n_embed")
    ),
    "ChatGLMModel": Reader(
        "chatglm.py", layers=("num_layers",), kv_heads=("multi_query_group_num",)
    ),
    "ChatGLMForConditionalGeneration": Reader(
        "chatglm.py", layers=("num_layers",), kv_heads=("multi_query_group_num",)
    ),
}


def architecture_names(raw: Mapping[str, Any], text: Mapping[str, Any]) -> list[str]:
    """The `architectures` entries of the config (top level first, then the text config)."""
    names: list[str] = []
    for source in (raw, text):
        value = source.get("architectures")
        if isinstance(value, Sequence) and not isinstance(value, str):
            names.extend(str(v) for v in value if str(v) not in names)
    return names


def reader_for(names: list[str]) -> tuple[str | None, Reader]:
    """The first architecture promptlint knows, and its reader; else the generic reader."""
    for name in names:
        if name in READERS:
            return name, READERS[name]
    return (names[0] if names else None), GENERIC
