"""`promptlint capacity MODEL`: the KV budget on a GPU and the concurrency cliff of a workload."""

from __future__ import annotations

import json
from typing import Any

import click
from tabulate import tabulate

from promptlint.commands.workload import WorkloadFlags, workload_options
from promptlint.cost.workload import Workload
from promptlint.errors import UserError
from promptlint.kv.capacity import (
    DEFAULT_BATCHED_TOKENS,
    DEFAULT_MAX_SEQS,
    DEFAULT_UTILIZATION,
    CapacityPlan,
    plan_capacity,
)
from promptlint.kv.estimate import KV_DTYPE_CHOICES
from promptlint.kv.gpus import GPUS, gpu_preset
from promptlint.kv.units import human_bytes
from promptlint.kv.weights import WEIGHT_DTYPE_CHOICES


def cliff_sentences(plan: CapacityPlan) -> list[str]:
    """The two sentences a capacity planner acts on."""
    w = plan.workload
    if not plan.engine_starts:
        return [
            f"The weights ({human_bytes(plan.weights_bytes)}) and reserve "
            f"({human_bytes(plan.reserve_bytes)}) leave no KV cache inside "
            f"{plan.gpu_memory_utilization} × {human_bytes(plan.gpu_memory_bytes)}: "
            "vLLM would refuse to start.",
            "Use a larger GPU, more tensor parallelism, or smaller weights (--weights-dtype).",
        ]
    peak, mean = plan.session_bytes_peak, plan.session_bytes_mean
    if plan.max_sessions is None or peak is None or mean is None:
        lines = [
            f"The {human_bytes(plan.kv_budget_bytes)} KV budget holds {plan.kv_tokens:,} tokens "
            f"({plan.kv_blocks:,} blocks of {plan.block_size}) at {plan.bytes_per_token:,} B "
            "per token.",
        ]
        if plan.offload_bytes:
            lines.append(_offload_sentence(plan))
        lines.append(
            "Give the conversation shape (--system, --turns, --turn-tokens, --output-tokens) "
            "to see how many sessions stay cached."
        )
        return lines
    if plan.max_sessions == 0:
        return [
            f"One session at its peak ({plan.session_tokens_peak:,} tokens, "
            f"{human_bytes(peak + plan.shared_system_bytes)}) does not fit in "
            f"the {human_bytes(plan.kv_budget_bytes)} KV budget: its own prefix is evicted "
            "before it ends.",
            "Shorten the conversation, use --kv-dtype fp8, or a larger GPU.",
        ]
    shared = (
        f"the {plan.shared_system_tokens:,}-token system prompt stored once, "
        if plan.shared_system_tokens
        else ""
    )
    first = (
        f"Up to {plan.max_sessions} staggered sessions keep their prefixes cached in the "
        f"{human_bytes(plan.kv_budget_bytes)} KV budget ({shared}each session's context "
        f"averaging {plan.session_tokens_mean:,} tokens, {plan.session_tokens_peak:,} at "
        f"its last turn); from session {plan.max_sessions + 1} on, LRU eviction drops idle "
        f"sessions' blocks and their next turn recomputes up to {plan.session_tokens_peak:,} "
        "tokens of prefill."
    )
    second = (
        f"Admit by KV budget, not by request count: cap live sessions at {plan.max_sessions} "
        f"({plan.max_sessions_all_at_peak} if they can all reach turn {w['turns']} at once), "
        f"each costing {human_bytes(mean)} on average"
    )
    if plan.max_sessions_with_offload is not None:
        second += (
            f"; with the {human_bytes(plan.offload_bytes)} CPU offload tier, "
            f"{plan.max_sessions_with_offload} fit before prefixes are recomputed"
        )
    sentences = [first, second + "."]
    if plan.offload_bytes and not plan.offload_extra_bytes:
        sentences.append(_offload_sentence(plan))
    return sentences


def _offload_sentence(plan: CapacityPlan) -> str:
    per_gpu = human_bytes(plan.offload_bytes_per_gpu)
    if plan.offload_extra_bytes:
        return (
            f"The CPU tier ({per_gpu} per GPU, {plan.offload_tokens:,} tokens) keeps "
            f"{human_bytes(plan.offload_extra_bytes)} of prefixes beyond the GPU's."
        )
    return (
        f"The CPU tier ({per_gpu} per GPU) is no larger than the GPU's KV budget: it is "
        "write-through, holds copies of what the GPU holds, and adds no prefix capacity."
    )


def render_table(plan: CapacityPlan) -> str:
    w = plan.workload
    rows = [
        ("model", plan.model),
        (
            "GPU",
            f"{plan.gpu}: {human_bytes(plan.gpu_memory_bytes)} × {plan.gpu_memory_utilization}"
            + (f", TP {plan.tp} (per GPU)" if plan.tp > 1 else ""),
        ),
        (
            "weights",
            f"{human_bytes(plan.weights_bytes)} ({plan.parameters / 1e9:.2f} B params, "
            f"{plan.weights_dtype})",
        ),
        ("reserve", f"{human_bytes(plan.reserve_bytes)} (activations, CUDA context/graphs)"),
        ("KV budget", human_bytes(plan.kv_budget_bytes)),
        ("KV per token", f"{plan.bytes_per_token:,} B ({plan.kv_dtype})"),
        (
            "KV capacity",
            f"{plan.kv_tokens:,} tokens = {plan.kv_blocks:,} blocks of {plan.block_size}",
        ),
        (
            "vLLM log",
            f"GPU KV cache size: {plan.vllm_reported_kv_tokens:,} tokens (as vLLM's line counts)"
            if plan.vllm_reported_kv_tokens is not None
            else "no attention layers",
        ),
        (
            "workload",
            f"system {w['system']:,} ({'shared' if w['shared_system'] else 'unique'}) + "
            f"{w['turns']} turns × ({w['turn_tokens']:,} in + {w['output_tokens']:,} out)"
            if plan.session_bytes_peak is not None
            else "none given",
        ),
    ]
    if plan.session_bytes_peak is not None and plan.session_bytes_mean is not None:
        rows.append(
            (
                "session",
                f"peak {plan.session_tokens_peak:,} tokens, mean {plan.session_tokens_mean:,}; "
                f"adds {human_bytes(plan.session_bytes_peak)} peak, "
                f"{human_bytes(plan.session_bytes_mean)} mean",
            )
        )
        rows.append(
            (
                "max sessions",
                f"{plan.max_sessions} staggered ({plan.max_sessions_all_at_peak} all at peak)",
            )
        )
    if plan.offload_bytes:
        rows.append(
            (
                "CPU tier",
                f"{human_bytes(plan.offload_bytes_per_gpu)} per GPU = "
                f"{plan.offload_tokens:,} tokens, write-through: "
                + (
                    f"+{human_bytes(plan.offload_extra_bytes)} beyond the GPU"
                    if plan.offload_extra_bytes
                    else "adds nothing beyond the GPU"
                ),
            )
        )
    if plan.max_sessions_with_offload is not None:
        rows.append(("with offload", f"{plan.max_sessions_with_offload} sessions"))
    if plan.planned_sessions is not None and plan.planned_kv_bytes is not None:
        verdict = "fits" if plan.planned_fits else "evicts: past the cliff"
        if not plan.planned_fits and plan.planned_fits_with_offload:
            verdict += " on the GPU alone; fits with the offload tier"
        rows.append(
            (
                "planned",
                f"{plan.planned_sessions} sessions need {human_bytes(plan.planned_kv_bytes)}: "
                f"{verdict}",
            )
        )
    lines = [tabulate(rows, tablefmt="plain"), ""]
    lines.extend(cliff_sentences(plan))
    lines.append("")
    lines.append("assumptions:")
    lines.extend(f"  - {note}" for note in plan.assumptions)
    return "\n".join(lines)


NO_WORKLOAD = Workload(system_tokens=0, turns=1, turn_tokens=0, output_tokens=0)


def simulated_cliff(
    plan: CapacityPlan,
    shape: Workload,
    levels: list[int] | None,
    max_num_seqs: int,
    max_num_batched_tokens: int,
) -> dict[str, Any]:
    """The cliff from the scheduler simulation: N sessions in lockstep rounds on the plan's
    blocks, for levels around the capacity model's all-at-peak bound."""
    from promptlint.serving.engine import Limits
    from promptlint.serving.sessions import agent_sessions
    from promptlint.serving.sweep import CLIFF_RULE, cliff, levels_around, simulate_levels

    if plan.session_bytes_peak is None or plan.kv_blocks < 2:
        return {"levels": [], "cliff": None, "skipped": "no workload or no KV cache"}
    if plan.bytes_per_token != plan.bytes_per_token_unbounded or plan.per_request_state_bytes:
        return {
            "levels": [],
            "cliff": None,
            "skipped": "sliding-window or recurrent layers: the simulation pools full "
            "attention blocks only",
        }
    chosen = levels or levels_around(plan.max_sessions_all_at_peak or 1)

    def sessions_for(n: int) -> list[Any]:
        return agent_sessions(
            shape.system_tokens,
            shape.turns,
            shape.turn_tokens,
            shape.output_tokens,
            n,
            shape.shared_system,
        )

    limits = Limits(max_num_seqs=max_num_seqs, max_num_batched_tokens=max_num_batched_tokens)
    results = simulate_levels(sessions_for, chosen, plan.kv_blocks, plan.block_size, limits)
    return {
        "levels": [
            {
                "sessions": r.sessions,
                "requests": r.requests,
                "prompt_tokens": r.prompt_tokens,
                "hit_tokens": r.hit_tokens,
                "hit_rate": round(r.hit_rate, 4),
                "preemptions": r.preemptions,
            }
            for r in results
        ],
        "cliff": cliff([r.sessions for r in results], [r.hit_rate for r in results]),
        "cliff_rule": CLIFF_RULE,
        "arrival": "lockstep rounds: every session sends its next turn, then the engine runs "
        "the round",
        "max_num_seqs": max_num_seqs,
        "max_num_batched_tokens": max_num_batched_tokens,
    }


def render_simulation(sim: dict[str, Any]) -> list[str]:
    if sim.get("skipped"):
        return [f"scheduler simulation: not run ({sim['skipped']})."]
    rows = [
        (
            r["sessions"],
            f"{r['hit_rate'] * 100:.1f} %",
            f"{r['preemptions']:,}",
            "◀ cliff" if r["sessions"] == sim["cliff"] else "",
        )
        for r in sim["levels"]
    ]
    cliff_text = (
        f"the hit rate falls most at {sim['cliff']} sessions"
        if sim["cliff"] is not None
        else "no level's hit rate falls by 5 points or more"
    )
    return [
        f"scheduler simulation (sessions in lockstep rounds, max_num_seqs "
        f"{sim['max_num_seqs']}, max_num_batched_tokens {sim['max_num_batched_tokens']}): "
        f"{cliff_text}.",
        tabulate(rows, headers=["sessions", "hit rate", "preemptions", ""], disable_numparse=True),
    ]


@click.command()
@click.argument("model")
@click.option("--gpu", "gpu_name", help=f"GPU preset: {', '.join(g.name for g in GPUS.values())}.")
@click.option(
    "--gpu-memory-gib", type=float, help="GPU memory in GiB (instead of, or overriding, --gpu)."
)
@click.option(
    "--gpu-memory-utilization",
    type=float,
    default=DEFAULT_UTILIZATION,
    show_default=True,
    help="Fraction of total GPU memory vLLM may use.",
)
@click.option(
    "--weights-dtype",
    type=click.Choice(WEIGHT_DTYPE_CHOICES, case_sensitive=False),
    default="auto",
    show_default=True,
    help="auto: a local safetensors checkpoint, else the config's dtype / quantization.",
)
@click.option(
    "--kv-dtype",
    type=click.Choice(KV_DTYPE_CHOICES, case_sensitive=False),
    default="auto",
    show_default=True,
)
@click.option("--tp", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--block-size", type=int, help="Tokens per KV block [16; 64 for MLA; raised for Mamba hybrids]."
)
@click.option("--reserve-gib", type=float, help="Memory for activations and overhead [estimated].")
@click.option(
    "--max-num-batched-tokens",
    type=click.IntRange(min=1),
    default=DEFAULT_BATCHED_TOKENS,
    show_default=True,
    help="vLLM's profile-run size, for the activation reserve.",
)
@click.option(
    "--offload-gib",
    type=float,
    help="A CPU KV tier (LMCache / vLLM offload) of this size across the TP ranks; it is "
    "write-through, so it adds prefix capacity only beyond the GPU's KV budget.",
)
@workload_options(sessions_help="Planned concurrent sessions to check.", gap=False)
@click.option(
    "--max-num-seqs",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_SEQS,
    show_default=True,
    help="vLLM's max_num_seqs, for the scheduler simulation.",
)
@click.option(
    "--levels",
    metavar="LIST",
    help="Session counts the scheduler simulation runs, e.g. 4,8,16 [around the capacity "
    "model's bound, up to twice it].",
)
@click.option(
    "--no-simulate", is_flag=True, help="Skip the scheduler simulation (the analytic model only)."
)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
def capacity(
    model: str,
    gpu_name: str | None,
    gpu_memory_gib: float | None,
    gpu_memory_utilization: float,
    weights_dtype: str,
    kv_dtype: str,
    tp: int,
    block_size: int | None,
    reserve_gib: float | None,
    max_num_batched_tokens: int,
    offload_gib: float | None,
    workload: WorkloadFlags,
    max_num_seqs: int,
    levels: str | None,
    no_simulate: bool,
    fmt: str,
) -> None:
    """How much KV cache fits for MODEL on a GPU, and how many concurrent sessions of a
    conversation shape fit before the prefix cache starts evicting (the concurrency cliff)."""
    if gpu_name is None and gpu_memory_gib is None:
        raise UserError("give --gpu NAME or --gpu-memory-gib N")
    label = "custom"
    memory = gpu_memory_gib
    if gpu_name is not None:
        preset = gpu_preset(gpu_name)
        label = preset.name
        memory = gpu_memory_gib if gpu_memory_gib is not None else preset.memory_gib
    assert memory is not None
    # No workload option at all: the KV budget and its token capacity only. Any option given
    # describes a conversation, the rest filled from the defaults `promptlint cost` uses.
    shape = workload.workload(sessions=1) if workload.given() else NO_WORKLOAD
    plan = plan_capacity(
        model,
        shape,
        planned_sessions=workload.sessions,
        gpu_name=label,
        gpu_memory_gib=memory,
        gpu_memory_utilization=gpu_memory_utilization,
        kv_dtype=kv_dtype,
        weights_dtype=weights_dtype,
        tp=tp,
        block_size=block_size,
        reserve_gib=reserve_gib,
        offload_gib=offload_gib,
        batched_tokens=max_num_batched_tokens,
    )
    sim = None
    if workload.given() and not no_simulate:
        sim = simulated_cliff(plan, shape, _levels(levels), max_num_seqs, max_num_batched_tokens)
    if fmt == "json":
        data = plan.to_json()
        if sim is not None:
            data["simulation"] = sim
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        text = render_table(plan)
        if sim is not None:
            head, _, notes = text.partition("\nassumptions:")
            text = head + "\n" + "\n".join(render_simulation(sim)) + "\n\nassumptions:" + notes
        click.echo(text)


def _levels(raw: str | None) -> list[int] | None:
    if raw is None:
        return None
    try:
        levels = sorted({int(x) for x in raw.split(",") if x.strip()})
    except ValueError as exc:
        raise UserError(f"--levels: expected session counts like 4,8,16, got {raw!r}") from exc
    if not levels or levels[0] < 1:
        raise UserError("--levels: session counts must be ≥ 1")
    return levels
