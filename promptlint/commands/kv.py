"""`promptlint kv MODEL`: what one token of KV cache weighs for a model, per GPU."""

from __future__ import annotations

import json

import click
from tabulate import tabulate

from promptlint.kv.estimate import KV_DTYPE_CHOICES, KVEstimate, estimate_kv
from promptlint.kv.units import human_bytes


def exact(n: int) -> str:
    return f"{n:,} B ({human_bytes(n)})" if n >= 1024 else f"{n:,} B"


def reader_line(est: KVEstimate) -> str:
    """Which vLLM model class promptlint read the config as, or that it knows none."""
    if est.reader:
        return f"{est.architecture} (vLLM models/{est.reader})"
    named = est.architecture or "no architectures entry"
    return f"{named}: unknown architecture, read with common field names (see assumptions)"


def render_table(est: KVEstimate) -> str:
    layer_text = ", ".join(f"{count} {kind}" for kind, count in est.layers.items())
    windows = ", ".join(f"{kind} {size:,} tokens" for kind, size in est.windows.items())
    heads = "MLA latent" if est.mla else f"{est.num_kv_heads} KV heads"
    rows = [
        ("model", f"{est.model} ({est.model_type})"),
        ("read as", reader_line(est)),
        ("KV dtype", f"{est.kv_dtype} ({est.kv_dtype_bytes} B/element)"),
        ("tensor parallel", f"{est.tp} (figures per GPU)" if est.tp > 1 else "1"),
        ("layers", layer_text),
        ("geometry", f"{heads} × head_dim {est.head_dim}" if est.head_dim else "attention-free"),
        ("bytes/token", f"{exact(est.bytes_per_token)}  (all KV layers)"),
        (
            "unbounded",
            f"{exact(est.bytes_per_token_unbounded)}  "
            "(full-attention layers: each token past any window)",
        ),
        (
            "per request",
            f"{exact(est.per_request_state_bytes)}  (recurrent state, constant)",
        ),
    ]
    if windows:
        rows.append(("windows", windows))
    if est.naive_mha_bytes_per_token and est.bytes_per_token:
        ratio = est.naive_mha_bytes_per_token / est.bytes_per_token
        if abs(ratio - 1) > 0.01:
            rows.append(
                (
                    "naive MHA",
                    f"{human_bytes(est.naive_mha_bytes_per_token)}  "
                    f"(2·layers·hidden arithmetic: {ratio:.2f}× this)",
                )
            )
    rows.append(("formula", est.formula))
    lines = [tabulate(rows, tablefmt="plain")]
    if est.assumptions:
        lines.append("assumptions:")
        lines.extend(f"  - {note}" for note in est.assumptions)
    return "\n".join(lines)


@click.command()
@click.argument("model")
@click.option(
    "--kv-dtype",
    type=click.Choice(KV_DTYPE_CHOICES, case_sensitive=False),
    default="auto",
    show_default=True,
    help="KV cache dtype; auto = the model's dtype, as vLLM's --kv-cache-dtype auto.",
)
@click.option(
    "--tp", type=click.IntRange(min=1), default=1, show_default=True, help="Tensor parallel size."
)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
def kv(model: str, kv_dtype: str, tp: int, fmt: str) -> None:
    """Bytes of KV cache per token for MODEL (a config.json, a model folder, or a Hub id in
    the local Hugging Face cache; never downloads)."""
    est = estimate_kv(model, kv_dtype=kv_dtype, tp=tp)
    if fmt == "json":
        click.echo(json.dumps(est.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(render_table(est))
