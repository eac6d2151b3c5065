"""A tiny Llama-architecture model built locally: random weights, a locally trained tokenizer.

The probe needs a model vLLM will serve without downloading anything. This writes a Hugging
Face model folder (`config.json`, `model.safetensors`, `tokenizer.json`, `tokenizer_config.json`,
`chat_template.jinja`, `generation_config.json`) with:

* a byte-level BPE tokenizer trained with `tokenizers` on this Python's own standard-library
  sources (no data download);
* `LlamaForCausalLM` geometry with head_dim ≥ 32 (vLLM's CPU attention kernel rejects 16);
* bf16 weights drawn from N(0, 0.02), written as safetensors without torch (numpy only).

Run: `python -m promptlint.gpu_probe.tiny_model OUT_DIR [--hidden 128 --heads 4 --kv-heads 2]`.
"""

from __future__ import annotations

import json
import math
import struct
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import click

from promptlint.errors import UserError

CHAT_TEMPLATE = (
    "{{ bos_token }}{% for message in messages %}"
    "<|{{ message['role'] }}|>\n{{ message['content'] }}</s>\n"
    "{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)
SPECIAL_TOKENS = ["<pad>", "<s>", "</s>"]  # ids 0, 1, 2


@dataclass(frozen=True)
class TinyLlama:
    hidden: int = 128
    heads: int = 4
    kv_heads: int = 2
    layers: int = 2
    intermediate: int = 256
    vocab: int = 2048
    max_positions: int = 4096

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads

    def check(self) -> None:
        if self.hidden % self.heads or self.heads % self.kv_heads:
            raise UserError("hidden must divide by heads, and heads by kv-heads")
        if self.head_dim < 32:
            raise UserError(
                f"head_dim {self.head_dim} < 32: vLLM's CPU attention supports 32, 64, 80, ... only"
            )

    def config(self) -> dict[str, object]:
        return {
            "architectures": ["LlamaForCausalLM"],
            "model_type": "llama",
            "hidden_size": self.hidden,
            "intermediate_size": self.intermediate,
            "num_hidden_layers": self.layers,
            "num_attention_heads": self.heads,
            "num_key_value_heads": self.kv_heads,
            "head_dim": self.head_dim,
            "vocab_size": self.vocab,
            "max_position_embeddings": self.max_positions,
            "hidden_act": "silu",
            "rms_norm_eps": 1e-5,
            "rope_theta": 10000.0,
            "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0},
            "attention_bias": False,
            "mlp_bias": False,
            "tie_word_embeddings": False,
            "initializer_range": 0.02,
            "bos_token_id": 1,
            "eos_token_id": 2,
            "pad_token_id": 0,
            "torch_dtype": "bfloat16",
            "dtype": "bfloat16",
        }

    def weight_shapes(self) -> dict[str, tuple[int, ...]]:
        h, kv = self.hidden, self.kv_heads * self.head_dim
        shapes: dict[str, tuple[int, ...]] = {
            "model.embed_tokens.weight": (self.vocab, h),
            "model.norm.weight": (h,),
            "lm_head.weight": (self.vocab, h),
        }
        for i in range(self.layers):
            p = f"model.layers.{i}."
            shapes |= {
                p + "self_attn.q_proj.weight": (self.heads * self.head_dim, h),
                p + "self_attn.k_proj.weight": (kv, h),
                p + "self_attn.v_proj.weight": (kv, h),
                p + "self_attn.o_proj.weight": (h, self.heads * self.head_dim),
                p + "mlp.gate_proj.weight": (self.intermediate, h),
                p + "mlp.up_proj.weight": (self.intermediate, h),
                p + "mlp.down_proj.weight": (h, self.intermediate),
                p + "input_layernorm.weight": (h,),
                p + "post_attention_layernorm.weight": (h,),
            }
        return shapes


def _write_bf16_safetensors(path: Path, shapes: dict[str, tuple[int, ...]], seed: int) -> int:
    import numpy as np

    rng = np.random.default_rng(seed)
    header: dict[str, object] = {"__metadata__": {"format": "pt"}}
    blobs: list[bytes] = []
    offset = 0
    params = 0
    for name, shape in sorted(shapes.items()):
        if len(shape) == 1:  # norm weights start at one, as a trained model's roughly do
            values = np.ones(shape, dtype=np.float32)
        else:
            values = rng.normal(0.0, 0.02, size=shape).astype(np.float32)
        # bf16 is the top half of a float32 (rounded to nearest even).
        bits = values.view(np.uint32)
        rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype("<u2")
        blob = rounded.tobytes()
        header[name] = {
            "dtype": "BF16",
            "shape": list(shape),
            "data_offsets": [offset, offset + len(blob)],
        }
        blobs.append(blob)
        offset += len(blob)
        params += int(values.size)
    head = json.dumps(header, separators=(",", ":")).encode()
    head += b" " * (-len(head) % 8)
    with path.open("wb") as out:
        out.write(struct.pack("<Q", len(head)))
        out.write(head)
        for blob in blobs:
            out.write(blob)
    return params


def _training_files(limit: int = 60) -> list[str]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(str(p) for p in stdlib.glob("*.py"))[:limit]
    if not files:
        raise UserError(f"no Python sources under {stdlib} to train the tokenizer on")
    return files


def _train_tokenizer(out: Path, vocab: int) -> int:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train(_training_files(), trainer)
    tokenizer.post_processor = processors.TemplateProcessing(
        single="<s> $A", pair="<s> $A <s> $B", special_tokens=[("<s>", 1)]
    )
    tokenizer.save(str(out / "tokenizer.json"))
    size: int = tokenizer.get_vocab_size()
    return size


def build_tiny_model(out: Path, spec: TinyLlama | None = None, seed: int = 0) -> dict[str, int]:
    """Write the model folder (idempotent: an existing complete folder is left as it is)."""
    spec = spec or TinyLlama()
    spec.check()
    out.mkdir(parents=True, exist_ok=True)
    marker = out / ".promptlint-tiny.json"
    wanted = {**spec.config(), "seed": seed}
    if marker.exists() and json.loads(marker.read_text()) == wanted:
        return {
            "parameters": sum(math.prod(s) for s in spec.weight_shapes().values()),
            "vocab": spec.vocab,
            "reused": 1,
        }
    vocab = _train_tokenizer(out, spec.vocab)
    (out / "config.json").write_text(json.dumps(spec.config(), indent=2) + "\n")
    (out / "generation_config.json").write_text(
        json.dumps({"bos_token_id": 1, "eos_token_id": 2, "pad_token_id": 0}) + "\n"
    )
    (out / "tokenizer_config.json").write_text(
        json.dumps(
            {
                "tokenizer_class": "PreTrainedTokenizerFast",
                "bos_token": "<s>",
                "eos_token": "</s>",
                "pad_token": "<pad>",
                "model_max_length": spec.max_positions,
                "add_bos_token": True,
                "chat_template": CHAT_TEMPLATE,
            },
            indent=2,
        )
        + "\n"
    )
    (out / "chat_template.jinja").write_text(CHAT_TEMPLATE)
    params = _write_bf16_safetensors(out / "model.safetensors", spec.weight_shapes(), seed)
    marker.write_text(json.dumps(wanted))
    return {"parameters": params, "vocab": vocab}


@click.command()
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
@click.option("--hidden", default=128, show_default=True)
@click.option("--heads", default=4, show_default=True)
@click.option("--kv-heads", default=2, show_default=True)
@click.option("--layers", default=2, show_default=True)
@click.option("--seed", default=0, show_default=True)
def main(out: Path, hidden: int, heads: int, kv_heads: int, layers: int, seed: int) -> None:
    """Build a tiny random-weight Llama with a locally trained tokenizer in OUT."""
    try:
        info = build_tiny_model(out, TinyLlama(hidden, heads, kv_heads, layers), seed)
    except UserError as exc:
        click.echo(f"tiny_model: error: {exc}", err=True)
        sys.exit(2)
    state = "already built" if info.get("reused") else "built"
    click.echo(
        f"tiny model {state} in {out}: {info['parameters']} parameters, vocab {info['vocab']}"
    )


if __name__ == "__main__":
    main()
