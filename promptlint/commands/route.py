"""`promptlint route`: replay sessions onto N replicas under each routing policy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from promptlint.commands.workload import WorkloadFlags, workload_options
from promptlint.errors import UserError


def _kv_blocks(
    kv_blocks: int | None, model: str | None, gpu: str | None, memory: float | None, bs: int
) -> tuple[int, str]:
    """Blocks per replica: given, or what `promptlint capacity` finds for MODEL on the GPU."""
    if kv_blocks is not None:
        return kv_blocks, "given (--kv-blocks)"
    if model is None:
        raise UserError("give --kv-blocks N, or --model DIR with --gpu NAME / --gpu-memory-gib")
    from promptlint.cost.workload import Workload
    from promptlint.kv.capacity import plan_capacity
    from promptlint.kv.gpus import gpu_preset

    if gpu is None and memory is None:
        raise UserError("--model needs --gpu NAME or --gpu-memory-gib N")
    label = "custom"
    if gpu is not None:
        preset = gpu_preset(gpu)
        label, memory = preset.name, memory if memory is not None else preset.memory_gib
    assert memory is not None
    budget_only = Workload(system_tokens=0, turns=1, turn_tokens=0, output_tokens=0)
    plan = plan_capacity(model, budget_only, gpu_name=label, gpu_memory_gib=memory, block_size=bs)
    if plan.kv_blocks < 2:
        raise UserError(f"{model} leaves no KV cache on {label}")
    return plan.kv_blocks, f"promptlint capacity: {model} on {label}"


F = TypeVar("F", bound=Callable[..., Any])


def routing_options(fn: F) -> F:
    """--policies and --load-bound, as `route` and the probe's routing phase take them."""
    fn = click.option(
        "--load-bound",
        type=click.FloatRange(min=1.0),
        default=1.25,
        show_default=True,
        help="prefix-aware: a replica is eligible while its load stays within this × the mean.",
    )(fn)
    return click.option(
        "--policies",
        default="round-robin,random,least-loaded,session-affinity,prefix-aware",
        show_default=True,
        help="Routing policies to compare, comma-separated.",
    )(fn)


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--store", "store_url", metavar="URL", help="Replay the sessions recorded here.")
@workload_options(sessions_help="Sessions, all live at once unless --concurrency [16].")
@click.option("--replicas", type=click.IntRange(min=1), default=2, show_default=True)
@click.option("--kv-blocks", type=click.IntRange(min=2), help="KV blocks per replica.")
@click.option("--model", metavar="DIR", help="Model folder: its KV blocks on --gpu per replica.")
@click.option("--gpu", "gpu_name", metavar="NAME", help="GPU preset (with --model).")
@click.option("--gpu-memory-gib", type=float, help="GPU memory (with --model).")
@click.option("--block-size", type=click.IntRange(min=1), default=16, show_default=True)
@routing_options
@click.option(
    "--concurrency",
    type=click.IntRange(min=1),
    help="Sessions live at once [all of them].",
)
@click.option("--max-num-seqs", type=click.IntRange(min=1), default=256, show_default=True)
@click.option(
    "--max-num-batched-tokens", type=click.IntRange(min=1), default=8192, show_default=True
)
@click.option(
    "--sync-scheduling",
    is_flag=True,
    help="The engine schedules after each step's output (vLLM on CPU); default: async.",
)
@click.option("--step-ms", type=click.FloatRange(min=0), default=8.0, show_default=True)
@click.option("--prefill-token-us", type=click.FloatRange(min=0), default=30.0, show_default=True)
@click.option("--decode-seq-ms", type=click.FloatRange(min=0), default=0.05, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "html"]),
    default="table",
    show_default=True,
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path))
def route(
    store_url: str | None,
    workload: WorkloadFlags,
    replicas: int,
    kv_blocks: int | None,
    model: str | None,
    gpu_name: str | None,
    gpu_memory_gib: float | None,
    block_size: int,
    policies: str,
    load_bound: float,
    concurrency: int | None,
    max_num_seqs: int,
    max_num_batched_tokens: int,
    sync_scheduling: bool,
    step_ms: float,
    prefill_token_us: float,
    decode_seq_ms: float,
    seed: int,
    fmt: str,
    output: Path | None,
) -> None:
    """Compare routing policies on N replicas: prefix-hit rate, prefill recomputed, load.

    Each policy replays the same sessions (recorded in --store, or the conversation shape)
    onto fresh replicas, each simulated step by step (vLLM's scheduler over its prefix cache).

    \b
    promptlint route --kv-blocks 20000 --replicas 4
    promptlint route --store .promptlint/recordings.db --model ./Qwen3-8B --gpu h100
    """
    from promptlint.serving.engine import Limits, StepTimes
    from promptlint.serving.report import render
    from promptlint.serving.route import Replicas, compare, policy_names
    from promptlint.serving.sessions import agent_sessions, recorded_sessions

    names = policy_names(policies)
    blocks, blocks_from = _kv_blocks(kv_blocks, model, gpu_name, gpu_memory_gib, block_size)
    if store_url:
        from promptlint.store import open_store

        with open_store(store_url) as store:
            recorded = [store.session_requests(s["session_id"]) for s in store.sessions()]
        replayed = recorded_sessions(recorded, seed)
        if not replayed:
            raise UserError(f"{store_url} holds no sessions to replay")
        described = f"{len(replayed)} sessions recorded in {store_url}"
    else:
        from dataclasses import replace

        from promptlint.cost.workload import DEFAULT

        shape = workload.workload(default=replace(DEFAULT, sessions=16))
        replayed = agent_sessions(
            shape.system_tokens,
            shape.turns,
            shape.turn_tokens,
            shape.output_tokens,
            shape.sessions,
            shape.shared_system,
            shape.gap_seconds,
            seed,
        )
        described = (
            f"{shape.sessions} sessions × {shape.turns} turns: {shape.system_tokens}-token "
            f"{'shared' if shape.shared_system else 'per-session'} system prompt, "
            f"+{shape.turn_tokens} input and {shape.output_tokens} answer tokens per turn, "
            f"{shape.gap_seconds:g} s between turns"
        )
    limits = Limits(max_num_seqs, max_num_batched_tokens, async_scheduling=not sync_scheduling)
    times = StepTimes(step_ms / 1000, prefill_token_us / 1e6, decode_seq_ms / 1000)
    fleet = Replicas(replicas, blocks, block_size, limits, times)
    live = concurrency or len(replayed)
    try:
        results = compare(replayed, fleet, names, live, load_bound=load_bound, seed=seed)
    except ValueError as exc:  # e.g. a prompt larger than a replica's whole pool
        raise UserError(str(exc)) from exc
    report: dict[str, Any] = {
        "workload": described,
        "requests": results[0].requests,
        "prompt_tokens": results[0].prompt_tokens,
        "concurrency": live,
        "replicas": {
            "count": replicas,
            "num_blocks": blocks,
            "blocks_from": blocks_from,
            "block_size": block_size,
            "max_num_seqs": max_num_seqs,
            "max_num_batched_tokens": max_num_batched_tokens,
            "async_scheduling": not sync_scheduling,
            "step_ms": step_ms,
            "prefill_token_us": prefill_token_us,
            "decode_seq_ms": decode_seq_ms,
            "step_times_from": "given (calibrate them with promptlint probe on your engine)",
        },
        "load_bound": load_bound,
        "policies": [r.to_json() for r in results],
        "best": max(results, key=lambda r: (r.hit_tokens, -r.hottest_share)).policy,
    }
    text = render(report, fmt)
    if output:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text)
    else:
        click.echo(text, nl=False)
