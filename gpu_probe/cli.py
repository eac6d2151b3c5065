"""`promptlint probe`: prove promptlint's estimates on a real vLLM engine."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

import click

from promptlint.commands.route import routing_options
from promptlint.commands.workload import WorkloadFlags, workload_options
from promptlint.errors import UserError

from .workloads import Options


def _options(shape: WorkloadFlags) -> Options:
    """The probe's options: what is not given is sized from the engine's block pool."""
    if shape.turn_tokens is not None and shape.turn_tokens < 2:
        raise UserError("--turn-tokens must be at least 2: each turn is a user and an assistant")
    if shape.output_tokens is not None and shape.output_tokens < 1:
        raise UserError("--output-tokens must be at least 1: the engine generates each answer")
    return Options(
        system=shape.system_tokens,
        turns=shape.turns,
        turn_tokens=shape.turn_tokens,
        output_tokens=8 if shape.output_tokens is None else shape.output_tokens,
        sessions=shape.sessions,
        shared_system=shape.shared_system,
    )


def _levels(raw: str) -> list[int]:
    if raw.strip() in ("", "0", "none"):
        return []
    try:
        levels = [int(x) for x in raw.split(",") if x.strip()]
    except ValueError as exc:
        raise UserError(f"--concurrency: expected numbers like 1,2,4,8, got {raw!r}") from exc
    if any(x < 1 for x in levels):
        raise UserError("--concurrency levels must be ≥ 1")
    return sorted(set(levels))


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--vllm",
    "vllm_url",
    metavar="URL[,URL...]",
    help="Attach to a running vLLM server (several, comma-separated: the routing phase).",
)
@click.option(
    "--launch",
    "launch_dir",
    metavar="MODEL_DIR",
    help="Start vLLM on this model (arguments after -- go to vLLM) and stop it afterwards.",
)
@click.option("--python", "python", metavar="PATH", help="Python with vLLM (default .venv-vllm).")
@click.option(
    "--workload",
    default="mixed",
    show_default=True,
    metavar="NAME|FILE",
    help="agentic, rag, chat, mixed, store (with --store), or a JSON workload file.",
)
@click.option(
    "--store", "store_url", metavar="URL", help="Recordings to replay (--workload store)."
)
@click.option(
    "--concurrency",
    default="1,2,4,8",
    show_default=True,
    metavar="LIST",
    help="Concurrency sweep levels ('0' skips the sweep).",
)
@workload_options(
    sessions_help="Sessions [sized from the engine: enough to overflow its block pool].",
    sized_by="the engine",
    gap=False,
    dest="workload_shape",
    help_for={
        "turn_tokens": "Tokens each turn adds, user and assistant message [sized from the "
        "engine; at least 2].",
        "output_tokens": "Tokens generated per request, not fed back into the next turn "
        "[8; at least 1].",
    },
)
@click.option(
    "--arrival",
    type=click.Choice(["rounds", "closed-loop"]),
    default="rounds",
    show_default=True,
    help="How the sweep and routing send sessions: lockstep rounds on paused engines (hits "
    "follow from the scheduler; needs VLLM_SERVER_DEV_MODE=1 and --scheduling-policy "
    "priority, which --launch sets), or closed loops (hits depend on the client's timing).",
)
@click.option("--no-sequential", is_flag=True, help="Skip the sequential (exact) phase.")
@click.option("--seed", type=int, help="Seed for the random prompt contents.")
@click.option(
    "--model-config", metavar="DIR", help="Model folder for the KV estimate (attach mode)."
)
@click.option(
    "--tp",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Tensor-parallel size, for the per-GPU KV estimate.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "html"]),
    default="table",
    show_default=True,
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--json-out", type=click.Path(dir_okay=False, path_type=Path), help="Also write JSON."
)
@click.option(
    "--html-out", type=click.Path(dir_okay=False, path_type=Path), help="Also write HTML."
)
@click.option(
    "--fail-over",
    type=float,
    metavar="PCT",
    help="Exit 1 on any sequential or KV mismatch, or a concurrent gap above PCT % (the "
    "arrival-order replay).",
)
@click.option(
    "--fail-scheduler-over",
    type=float,
    metavar="PCT",
    help="Exit 1 when the a-priori scheduler simulation's concurrent prediction is more than "
    "PCT % from the engine's hits.",
)
@click.option(
    "--fail-routing-over",
    type=float,
    metavar="POINTS",
    help="Exit 1 when a policy's hit rate is more than POINTS from its prediction, or the "
    "policies are ordered differently than predicted (two or more engines).",
)
@click.option(
    "--engines",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Engines to launch; with 2 or more, the routing phase runs each policy on them.",
)
@routing_options
@click.option(
    "--max-num-seqs",
    type=click.IntRange(min=1),
    help="The engine's max_num_seqs, for the scheduler simulation (default: from the vLLM "
    "arguments, else vLLM's CPU default 128).",
)
@click.option(
    "--max-num-batched-tokens",
    type=click.IntRange(min=1),
    help="The engine's max_num_batched_tokens (default: from the vLLM arguments, else 2048).",
)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path(".promptlint/probe/engine.log"),
    show_default=True,
    help="Where a launched engine logs.",
)
@click.argument("vllm_args", nargs=-1, type=click.UNPROCESSED)
def probe(
    vllm_url: str | None,
    launch_dir: str | None,
    python: str | None,
    workload: str,
    store_url: str | None,
    concurrency: str,
    workload_shape: WorkloadFlags,
    arrival: str,
    no_sequential: bool,
    seed: int | None,
    model_config: str | None,
    tp: int,
    fmt: str,
    output: Path | None,
    json_out: Path | None,
    html_out: Path | None,
    fail_over: float | None,
    fail_scheduler_over: float | None,
    fail_routing_over: float | None,
    engines: int,
    policies: str,
    load_bound: float,
    max_num_seqs: int | None,
    max_num_batched_tokens: int | None,
    log_path: Path,
    vllm_args: tuple[str, ...],
) -> int:
    """Run workloads on vLLM and compare its prefix-cache hits, KV bytes and cliff with
    promptlint's predictions.

    \b
    promptlint probe --vllm http://127.0.0.1:8000
    promptlint probe --launch MODEL_DIR -- --block-size 32 --kv-cache-memory-bytes 1048576
    """
    from promptlint.serving.route import policy_names

    from .engine import find_python, launch, scheduler_limits, worker_cores
    from .probe import ProbeSettings, failed_checks
    from .report import render, render_html, render_json

    if bool(vllm_url) == bool(launch_dir):
        raise UserError("give exactly one of --vllm URL or --launch MODEL_DIR")
    if vllm_url is not None:
        for url in vllm_url.split(","):
            _check_url(url.strip())
    if vllm_args and not launch_dir:
        raise UserError("arguments after -- are for a launched engine (--launch)")
    if launch_dir and not Path(launch_dir, "config.json").exists():
        raise UserError(f"{launch_dir} is not a model folder (no config.json)")
    settings = ProbeSettings(
        workload=workload,
        store_url=store_url,
        concurrency=_levels(concurrency),
        options=_options(workload_shape),
        seed=seed,
        model_dir=model_config or launch_dir,
        tp=tp,
        sequential=not no_sequential,
        limits=scheduler_limits(vllm_args, max_num_seqs, max_num_batched_tokens),
        policies=policy_names(policies),
        load_bound=load_bound,
        arrival=arrival,
    )
    if engines > 1 and not launch_dir:
        raise UserError("--engines is for launched engines; attach to several with --vllm A,B")
    launched: list[Any] = []
    if launch_dir:  # a TERM must still stop the engines we start (the finally below)
        signal.signal(signal.SIGTERM, _exit_on_term)
    try:
        if launch_dir:
            python_path = find_python(python)
            cores = worker_cores(engines)
            for i in range(engines):
                log = log_path if i == 0 else log_path.with_name(f"{log_path.stem}-{i}.log")
                launched.append(
                    launch(launch_dir, list(vllm_args), python_path, log, cpus=cores[i])
                )
            urls = [e.base_url for e in launched]
            info: dict[str, Any] = {"url": urls[0], "launched": True, "args": list(vllm_args)}
            if engines > 1:
                info["worker_cores"] = cores
        else:
            assert vllm_url is not None
            urls = [u.strip() for u in vllm_url.split(",") if u.strip()]
            info = {"url": urls[0], "launched": False}
        report = asyncio.run(_run(urls, settings, info))
    finally:
        for handle in launched:
            handle.stop()
    text = render(report, fmt)
    if output:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text)
    else:
        click.echo(text, nl=False)
    for path, render_fn in ((json_out, render_json), (html_out, render_html)):
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render_fn(report))
    if fail_over is not None or fail_scheduler_over is not None or fail_routing_over is not None:
        failures = failed_checks(
            report,
            fail_over if fail_over is not None else 1e9,
            fail_routing_over,
            fail_scheduler_over,
        )
        if failures:
            click.echo("promptlint probe: failed: " + "; ".join(failures), err=True)
            return 1
    return 0


def _exit_on_term(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


async def _run(urls: list[str], settings: Any, info: dict[str, Any]) -> dict[str, Any]:
    import aiohttp

    from .client import EngineClient
    from .probe import run_probe

    timeout = aiohttp.ClientTimeout(total=None, sock_connect=10, sock_read=600)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        first, *others = (EngineClient(url, session) for url in urls)
        return await run_probe(first, settings, info, others)


def _check_url(url: str) -> None:
    """A server URL the client can open, or one line saying what a good one looks like."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UserError(
            f"--vllm must be the server's http(s) URL, e.g. http://127.0.0.1:8000; got {url!r}"
        )
