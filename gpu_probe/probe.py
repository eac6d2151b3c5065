"""The probe: run workloads on a vLLM engine and put promptlint's predictions next to it."""

from __future__ import annotations

import dataclasses
import json
import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from promptlint.errors import UserError
from promptlint.serving.engine import Limits
from promptlint.serving.fleet import POLICIES
from promptlint.serving.route import percentile
from promptlint.serving.sweep import CLIFF_RULE, cliff

from .calibrate import Calibration, calibrate
from .client import EngineClient
from .metrics import CacheConfig, cache_config
from .routing import routing_section, ttft_basis
from .runner import (
    ConcurrentRun,
    Level,
    Measured,
    SchedulerPrediction,
    predict_in_order,
    predict_planned,
    predict_scheduled,
    predict_timed,
    prompt_ids,
    run_concurrent,
    run_sequential,
)
from .workloads import SYNTHETIC, Options, Shape, Workload, from_records, load_file, synthetic


@dataclass
class ProbeSettings:
    workload: str = "mixed"
    store_url: str | None = None
    concurrency: list[int] = field(default_factory=lambda: [1, 2, 4, 8])
    options: Options = field(default_factory=Options)
    seed: int | None = None
    model_dir: str | None = None  # config.json for the KV estimate and the vocabulary
    tp: int = 1
    sequential: bool = True
    limits: Limits = field(default_factory=Limits)  # the engine's scheduler limits
    policies: list[str] = field(default_factory=list)  # routing policies (2+ engines)
    load_bound: float = 1.25
    arrival: str = "rounds"  # lockstep rounds on paused engines, or closed-loop sessions


def _model_config(model_dir: str | None) -> dict[str, Any] | None:
    if not model_dir:
        return None
    path = Path(model_dir) / "config.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _vocab_size(config: dict[str, Any] | None) -> int:
    if config:
        text = config.get("text_config") or config
        vocab = text.get("vocab_size") or config.get("vocab_size")
        if isinstance(vocab, int) and vocab > 0:
            return vocab
    return 32000  # every current LLM's vocabulary is at least this large


def build_workload(settings: ProbeSettings, shape: Shape, seed: int) -> Workload:
    name = settings.workload
    if name in SYNTHETIC:
        return synthetic(name, shape, settings.options, seed)
    if name == "store":
        if not settings.store_url:
            raise UserError("--workload store needs --store URL")
        from promptlint.store import open_store

        with open_store(settings.store_url) as store:
            ids = [s["session_id"] for s in store.sessions()]
            if settings.options.sessions:  # the first N recorded sessions
                ids = ids[: settings.options.sessions]
            sessions = [store.session_requests(i) for i in ids]
        return from_records(sessions, shape, settings.options, seed)
    path = Path(name)
    if not path.exists():
        raise UserError(
            f"unknown workload {name!r}: use {', '.join(SYNTHETIC)}, store, or a JSON file"
        )
    return load_file(path, shape.vocab_size, seed)


def _number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else float(value)


_KV_DTYPES = {"auto": "auto", "float16": "fp16", "half": "fp16", "bfloat16": "bf16"}


def kv_section(model_dir: str | None, cache: CacheConfig, tp: int) -> dict[str, Any]:
    """Predicted bytes per token (promptlint.kv) against the engine's own arithmetic."""
    engine = cache.bytes_per_token
    out: dict[str, Any] = {
        "bytes_per_token_predicted": None,
        "bytes_per_token_engine": _number(engine),
        "kv_cache_memory_bytes": cache.kv_cache_memory_bytes,
        "num_gpu_blocks_engine": cache.num_gpu_blocks,
        "num_gpu_blocks_predicted": None,
        "kv_dtype": cache.cache_dtype,
        "match": None,
        "assumptions": [
            "engine bytes per token = kv_cache_memory_bytes / (num_gpu_blocks × block_size) "
            "from vllm:cache_config_info (the engine's blocks fill its KV memory)"
        ],
    }
    mem = cache.kv_cache_memory_bytes
    if mem is not None and engine is not None and engine.denominator != 1:
        # The blocks do not fill the memory: every page size p with mem // p == blocks is
        # consistent with what the engine reports.
        n, bs = cache.num_gpu_blocks, cache.block_size
        low, high = -(-(mem // (n + 1) + 1) // bs), mem // n // bs
        out["bytes_per_token_engine_range"] = [low, high]
        out["assumptions"] = [  # replaces the exact-fill reading above
            f"kv_cache_memory_bytes is not a whole number of blocks: the engine's figure is "
            f"only known to lie in [{low}, {high}] bytes per token"
        ]
    if engine is None:
        out["assumptions"].append(
            "the engine reports no kv_cache_memory_bytes (start it with --kv-cache-memory-bytes "
            "to compare bytes per token)"
        )
    if model_dir is None:
        out["assumptions"].append("no local model folder: pass --model-config DIR to predict")
        return out
    from promptlint.kv import estimate_kv

    dtype = cache.cache_dtype
    kv_dtype = _KV_DTYPES.get(dtype, "fp8" if dtype.startswith("fp8") else dtype)
    estimate = estimate_kv(model_dir, kv_dtype=kv_dtype, tp=tp)
    predicted = int(estimate.bytes_per_token)
    out["bytes_per_token_predicted"] = predicted
    out["assumptions"] += list(getattr(estimate, "assumptions", []) or [])
    if cache.kv_cache_memory_bytes is not None and predicted > 0:
        blocks = cache.kv_cache_memory_bytes // (predicted * cache.block_size)
        out["num_gpu_blocks_predicted"] = blocks
        if "bytes_per_token_engine_range" in out:
            low, high = out["bytes_per_token_engine_range"]
            out["match"] = bool(low <= predicted <= high and blocks == cache.num_gpu_blocks)
        else:
            out["match"] = bool(engine == predicted and blocks == cache.num_gpu_blocks)
    return out


def _after_first_eviction(results: list[Measured]) -> int:
    """Requests admitted once the pool had evicted: those whose hits eviction could shape."""
    for i, m in enumerate(results):
        if m.predicted_evictions:
            return len(results) - i
    return 0


def sequential_section(workload: Workload, results: list[Measured]) -> dict[str, Any]:
    rows = []
    mismatches = 0
    for m in results:
        why = m.mismatch()
        mismatches += bool(why)
        rows.append(
            {
                "id": m.request.id,
                "prompt_tokens": len(m.prompt_ids),
                "predicted_hit_tokens": m.predicted_hits,
                "metric_hit_tokens": m.hits,
                "cached_tokens": m.response.cached_tokens,
                "metric_query_tokens": m.queries,
                "predicted_evicted_blocks": m.predicted_evictions,
                "match": not why,
                "why": why,
            }
        )
    prompt = sum(len(m.prompt_ids) for m in results)
    measured = sum(m.hits or 0 for m in results)
    return {
        "workload": workload.name,
        "description": workload.description,
        "requests": len(results),
        "mismatches": mismatches,
        "prompt_tokens": prompt,
        "predicted_hit_tokens": sum(m.predicted_hits or 0 for m in results),
        "measured_hit_tokens": measured,
        "hit_rate": round(measured / prompt, 4) if prompt else 0.0,
        "predicted_evicted_blocks": sum(m.predicted_evictions or 0 for m in results),
        "requests_after_first_eviction": _after_first_eviction(results),
        "preemptions": sum(m.preemptions or 0 for m in results),
        "assumptions": workload.assumptions,
        "per_request": rows,
    }


def concurrent_section(
    run: ConcurrentRun, cache: CacheConfig, scheduled: SchedulerPrediction | None = None
) -> dict[str, Any]:
    predicted = predict_in_order(cache, run.results)
    timed = predict_timed(cache, run.results)
    measured = int(run.totals.hits)
    cached_sum = sum(m.response.cached_tokens or 0 for m in run.results)
    prompt = sum(len(m.prompt_ids) for m in run.results)
    gap = (measured - predicted) / predicted * 100 if predicted else 0.0
    gap_timed = (measured - timed) / timed * 100 if timed else 0.0
    differing = sum(1 for m in run.results if m.response.cached_tokens != m.predicted_hits)
    sim = scheduled.hit_tokens if scheduled is not None else None
    return {
        "concurrency": run.concurrency,
        "requests": len(run.results),
        "prompt_tokens": prompt,
        "predicted_hit_tokens": predicted,
        "predicted_hit_tokens_with_lifetimes": timed,
        "measured_hit_tokens": measured,
        "measured_cached_tokens_sum": cached_sum,
        "difference_pct": round(gap, 2),
        "difference_pct_with_lifetimes": round(gap_timed, 2),
        "predicted_hit_tokens_scheduler": sim,
        "difference_pct_scheduler": None if sim is None else _gap_pct(measured, sim),
        "predicted_preemptions_scheduler": None if scheduled is None else scheduled.preemptions,
        "requests_differing": differing,
        "requests_differing_scheduler": None
        if scheduled is None
        else differing_from(scheduled, run.results),
        "arrival": run.arrival,
        "preemptions": int(run.totals.preemptions),
        "explanation": _scheduler_note(scheduled, run)
        + explain_gap(predicted, timed, measured, cached_sum, run, differing),
    }


def _scheduler_note(scheduled: SchedulerPrediction | None, run: ConcurrentRun) -> list[str]:
    if scheduled is None:
        return []
    off = differing_from(scheduled, run.results)
    if run.arrival != "rounds":
        return [
            "closed loops: which requests overlap, so what is still cached when a turn is "
            "admitted, depends on when the client's requests reach the engine, which no "
            "a-priori simulation knows (--arrival rounds removes that)"
        ]
    return [
        "lockstep rounds: no request reaches the engine while it runs, so its order of "
        "admissions, frees and evictions follows from the scheduler; the simulation "
        + (
            "predicts every request's cached_tokens"
            if not off
            else f"gets {off} of {len(run.results)} requests' cached_tokens wrong"
        )
    ]


def differing_from(scheduled: SchedulerPrediction, results: Sequence[Measured]) -> int:
    """Requests whose cached_tokens differ from the scheduler simulation's."""
    return sum(
        1 for m in results if m.response.cached_tokens != scheduled.per_request.get(m.request.id)
    )


def explain_gap(
    predicted: int, timed: int, measured: int, cached_sum: int, run: ConcurrentRun, differing: int
) -> list[str]:
    notes = []
    if measured == predicted:
        notes.append("the arrival-order replay predicts the engine's total exactly")
    else:
        notes.append(
            f"{differing} of {len(run.results)} requests differ: the replay runs requests one at "
            "a time in arrival order, while the engine holds the blocks of requests in flight "
            "(ref count > 0), so eviction picks other blocks, and a request admitted while its "
            "predecessor's blocks are still allocated reads them (or misses them) differently"
        )
        if abs(measured - timed) < abs(measured - predicted):
            rest = measured - timed
            notes.append(
                "replaying the measured lifetimes (admit at send, free at completion) "
                + (
                    "closes the gap: it comes from overlap, not from the hashing or eviction rules"
                    if rest == 0
                    else f"narrows the gap to {rest:+d} tokens: most of it comes from overlap; "
                    "the rest from the engine admitting and freeing at step boundaries, which "
                    "send and completion times only approximate"
                )
            )
        else:
            notes.append(
                "replaying measured lifetimes does not close the gap: the engine's step-wise "
                "scheduling (admission in batches, chunked prefill) differs from send/finish times"
            )
    if measured != predicted and min(predicted, timed) <= measured <= max(predicted, timed):
        notes.append(
            "the measured total lies between the two replays: one at a time ignores overlap; "
            "client send/completion times overstate it (a request reaches the engine after it "
            "is sent and is freed before its last chunk arrives)"
        )
    if run.totals.preemptions:
        notes.append(
            f"{int(run.totals.preemptions)} preemptions: re-admitted requests are not counted in "
            "vllm:prefix_cache_* (the engine excludes them), and their blocks were recomputed"
        )
    if cached_sum != measured:
        notes.append(
            f"Σ cached_tokens ({cached_sum}) differs from the metric delta ({measured}): "
            "cached_tokens is set at a request's first admission, the counters skip preempted "
            "re-admissions"
        )
    return notes


def sweep_workload_settings(settings: ProbeSettings, cache: CacheConfig) -> ProbeSettings:
    """The sweep's (and the routing phase's) workload: agent sessions unless a file or store
    is given, as many as the highest level, sized so that about the middle level's sessions
    fill the pool: the cliff then falls inside the sweep."""
    levels = sorted(settings.concurrency) or [8]
    median_level = levels[(len(levels) - 1) // 2]
    return ProbeSettings(
        workload=settings.workload if settings.workload not in SYNTHETIC else "agentic",
        store_url=settings.store_url,
        options=Options(
            **{
                **settings.options.__dict__,
                "sessions": settings.options.sessions or max(levels[-1], 2),
                "session_tokens": settings.options.session_tokens
                or cache.pool_tokens // max(1, median_level),
            }
        ),
    )


async def sweep(
    client: EngineClient,
    cache: CacheConfig,
    settings: ProbeSettings,
    shape: Shape,
    seed: int,
    nonce: str,
    calibration: Calibration,
) -> tuple[list[Level], ConcurrentRun | None, dict[str, Any]]:
    levels: list[Level] = []
    last_run: ConcurrentRun | None = None
    sweep_settings = sweep_workload_settings(settings, cache)
    workload: Workload | None = None
    for level in settings.concurrency:
        workload = build_workload(sweep_settings, shape, seed + 1000 + level)
        workload.check_fits(client.max_model_len)
        ids = {r.id: await prompt_ids(client, r) for r in workload.requests}
        scheduled = predict_scheduled(
            cache,
            settings.limits,
            calibration.times,
            calibration.delays,
            workload,
            level,
            ids,
            settings.arrival,
        )
        run = await run_concurrent(
            client, workload, level, f"promptlint-{nonce}-c{level}", settings.arrival
        )
        planned = predict_planned(cache, workload, level, run.ids)
        in_order = predict_in_order(cache, run.results)
        ttfts = [m.response.ttft for m in run.results if m.response.ttft is not None]
        levels.append(
            Level(
                concurrency=level,
                requests=len(run.results),
                prompt_tokens=sum(len(m.prompt_ids) for m in run.results),
                measured_hits=int(run.totals.hits),
                predicted_hits=in_order,
                predicted_hits_planned=planned,
                ttft_p50=percentile(ttfts, 50),
                ttft_p99=percentile(ttfts, 99),
                preemptions=int(run.totals.preemptions),
                wall_seconds=run.wall_seconds,
                extra={
                    **run.peaks,
                    "server_ttft_mean": run.totals.ttft_sum / run.totals.ttft_count
                    if run.totals.ttft_count
                    else -1.0,
                },
                scheduled=scheduled,
                differing_scheduler=differing_from(scheduled, run.results),
            )
        )
        last_run = run
    capacity: dict[str, Any] = {}
    if workload is not None and last_run is not None:
        capacity = capacity_estimate(workload, last_run.ids, cache)
        capacity["capacity_model"] = capacity_model(workload, cache, settings)
    capacity["calibration"] = calibration_section(calibration, settings.limits)
    return levels, last_run, capacity


def calibration_section(calibration: Calibration, limits: Limits) -> dict[str, Any]:
    t, d = calibration.times, calibration.delays
    return {
        "requests": calibration.requests,
        "step_base_ms": round(t.base * 1000, 3),
        "per_prefill_token_us": round(t.per_prefill_token * 1e6, 3),
        "per_decode_seq_ms": round(t.per_decode_seq * 1000, 3),
        "client_round_trip_ms": round((d.send + d.back) * 1000, 3),
        "client_per_answer_ms": round(d.per_answer * 1000, 3),
        "max_num_seqs": limits.max_num_seqs,
        "max_num_batched_tokens": limits.max_num_batched_tokens,
        "figures_ms": {k: round(v * 1000, 3) for k, v in calibration.figures.items()},
    }


def capacity_estimate(
    workload: Workload, ids: dict[str, list[int]], cache: CacheConfig
) -> dict[str, Any]:
    """How many sessions keep their whole history cached: the capacity model's cliff.

    Blocks of a prefix every session shares are counted once; each session needs the blocks
    of its longest prompt plus its decode on top of that.
    """
    sessions = workload.sessions()
    firsts = [ids[s[0].id] for s in sessions]
    common = 0
    while all(len(f) > common for f in firsts) and len({f[common] for f in firsts}) == 1:
        common += 1
    shared_blocks = common // cache.block_size if len(firsts) > 1 else 0
    peak_blocks = max(
        -(-(len(ids[r.id]) + r.max_tokens - 1) // cache.block_size) for s in sessions for r in s
    )
    own = max(1, peak_blocks - shared_blocks)
    fit = (cache.num_gpu_blocks - 1 - shared_blocks) // own
    return {
        "workload": workload.description,
        "session_peak_blocks": peak_blocks,
        "shared_prefix_blocks": shared_blocks,
        "usable_blocks": cache.num_gpu_blocks - 1,
        "sessions_that_fit": fit,
    }


def capacity_model(
    workload: Workload, cache: CacheConfig, settings: ProbeSettings
) -> dict[str, Any] | None:
    """promptlint's capacity model (`promptlint capacity`) for the sweep's agent sessions.

    Its KV budget is set to the engine's KV memory exactly (memory = KV + weights, no reserve,
    utilization 1), so it must reproduce the engine's block count; then it says how many
    sessions fit, staggered (mean context) and all at their peak (lockstep, as here).
    """
    params = workload.params
    model_dir = settings.model_dir
    if not params or model_dir is None or cache.kv_cache_memory_bytes is None:
        return None
    from promptlint.cost.workload import Workload as Shape
    from promptlint.kv.capacity import GIB, plan_capacity
    from promptlint.kv.spec import load_model_spec
    from promptlint.kv.weights import weight_bytes

    weights = weight_bytes(load_model_spec(model_dir), "auto", settings.tp).bytes_per_gpu
    dtype = _KV_DTYPES.get(cache.cache_dtype, "fp8" if "fp8" in cache.cache_dtype else "auto")
    plan = plan_capacity(
        model_dir,
        Shape(
            system_tokens=params["system"],
            turns=params["turns"],
            turn_tokens=params["user_tokens"],
            output_tokens=params["assistant_tokens"],
            shared_system=params["shared_system"],
        ),
        planned_sessions=params["sessions"],
        gpu_name="probe",
        gpu_memory_gib=(cache.kv_cache_memory_bytes + weights) / GIB,
        gpu_memory_utilization=1.0,
        kv_dtype=dtype,
        tp=settings.tp,
        block_size=cache.block_size,
        reserve_gib=0.0,
    )
    return {
        "kv_blocks": plan.kv_blocks,
        "kv_blocks_match_engine": plan.kv_blocks == cache.num_gpu_blocks,
        "max_sessions_all_at_peak": plan.max_sessions_all_at_peak,
        "max_sessions_staggered": plan.max_sessions,
        "session_tokens_peak": plan.session_tokens_peak,
        "shared_system_tokens": plan.shared_system_tokens,
    }


def _gap_pct(measured: int, predicted: int) -> float | None:
    return round((measured - predicted) / predicted * 100, 2) if predicted else None


def _scheduled_level(lv: Level) -> dict[str, Any]:
    sim = lv.scheduled
    if sim is None:
        return {}
    p50, p99 = percentile(sim.ttfts, 50), percentile(sim.ttfts, 99)
    return {
        "predicted_hit_tokens_scheduler": sim.hit_tokens,
        "predicted_hit_rate_scheduler": round(sim.hit_tokens / lv.prompt_tokens, 4)
        if lv.prompt_tokens
        else 0.0,
        "difference_pct_scheduler": _gap_pct(lv.measured_hits, sim.hit_tokens),
        "predicted_ttft_p50_ms": None if p50 is None else round(p50 * 1000, 2),
        "predicted_ttft_p99_ms": None if p99 is None else round(p99 * 1000, 2),
        "predicted_preemptions": sim.preemptions,
        "requests_differing_scheduler": lv.differing_scheduler,
    }


def sweep_section(
    levels: list[Level], capacity: dict[str, Any], arrival: str = "rounds"
) -> dict[str, Any]:
    counts = [lv.concurrency for lv in levels]
    measured_cliff = cliff(counts, [lv.hit_rate for lv in levels])
    predicted_cliff = cliff(
        counts,
        [
            lv.scheduled.hit_tokens / lv.prompt_tokens
            if lv.scheduled is not None and lv.prompt_tokens
            else lv.predicted_hit_rate
            for lv in levels
        ],
    )
    model = capacity.get("capacity_model") or {}
    fit = model.get("max_sessions_all_at_peak", capacity.get("sessions_that_fit"))
    beyond = [lv.concurrency for lv in levels if fit is not None and lv.concurrency > fit]
    return {
        "levels": [
            {
                "concurrency": lv.concurrency,
                "requests": lv.requests,
                "prompt_tokens": lv.prompt_tokens,
                "measured_hit_tokens": lv.measured_hits,
                "predicted_hit_tokens": lv.predicted_hits_planned,
                "predicted_hit_tokens_arrival_order": lv.predicted_hits,
                "hit_rate": round(lv.hit_rate, 4),
                "predicted_hit_rate": round(lv.predicted_hit_rate, 4),
                "ttft_p50_ms": None if lv.ttft_p50 is None else round(lv.ttft_p50 * 1000, 2),
                "ttft_p99_ms": None if lv.ttft_p99 is None else round(lv.ttft_p99 * 1000, 2),
                "server_ttft_mean_ms": round(lv.extra["server_ttft_mean"] * 1000, 2)
                if lv.extra.get("server_ttft_mean", -1.0) >= 0
                else None,
                "preemptions": lv.preemptions,
                **_scheduled_level(lv),
                # None: no scrape caught a request running (short runs finish between scrapes)
                "peak_kv_usage": round(lv.extra["kv_usage"], 4)
                if lv.extra.get("running")
                else None,
                "peak_running": int(lv.extra.get("running", 0)),
                "peak_waiting": int(lv.extra.get("waiting", 0)),
                "wall_seconds": round(lv.wall_seconds, 3),
            }
            for lv in levels
        ],
        "arrival": arrival,
        "measured_cliff": measured_cliff,
        "predicted_cliff": predicted_cliff,
        "capacity_cliff": beyond[0] if beyond else None,
        "cliff_rule": CLIFF_RULE,
        "capacity": capacity,
    }


async def run_probe(
    client: EngineClient,
    settings: ProbeSettings,
    engine_info: dict[str, Any],
    others: Sequence[EngineClient] = (),
) -> dict[str, Any]:
    """The probe on `client`'s engine; with `others` (engines like it), the routing phase."""
    await client.connect()
    cache = cache_config(await client.metrics())
    for other in others:
        await other.connect()
        theirs = cache_config(await other.metrics())
        if (theirs.num_gpu_blocks, theirs.block_size) != (cache.num_gpu_blocks, cache.block_size):
            raise UserError(
                f"{other.base_url} has {theirs.num_gpu_blocks} blocks of {theirs.block_size}; "
                f"{client.base_url} {cache.num_gpu_blocks} of {cache.block_size}: the routing "
                "phase needs like engines"
            )
    if not cache.enable_prefix_caching:
        raise UserError(
            "the engine runs without prefix caching: start it with --enable-prefix-caching"
        )
    model_dir = settings.model_dir
    if model_dir is None and client.model_root and Path(client.model_root, "config.json").exists():
        model_dir = client.model_root
    config = _model_config(model_dir)
    shape = Shape(
        cache.block_size, cache.pool_tokens, client.max_model_len or 2048, _vocab_size(config)
    )
    seed = settings.seed if settings.seed is not None else secrets.randbelow(2**31)
    nonce = secrets.token_hex(4)
    report: dict[str, Any] = {
        "engine": {
            **engine_info,
            "model": client.model,
            "max_model_len": client.max_model_len,
            "block_size": cache.block_size,
            "num_gpu_blocks": cache.num_gpu_blocks,
            "usable_blocks": cache.num_gpu_blocks - 1,
            "pool_tokens": cache.pool_tokens,
            "cache_dtype": cache.cache_dtype,
            "kv_cache_memory_bytes": cache.kv_cache_memory_bytes,
            "prefix_caching_hash_algo": cache.hash_algo,
        },
        "seed": seed,
        "kv": kv_section(model_dir, cache, settings.tp),
        "exact": False,
        "assumptions": [
            "predictions: promptlint.kv.blockpool (vLLM V1 block pool) with the engine's block "
            "size and num_gpu_blocks; each phase uses its own cache_salt",
            "requests are greedy with ignore_eos, so each returns exactly max_tokens tokens",
        ],
    }
    if settings.sequential:
        workload = build_workload(settings, shape, seed)
        workload.check_fits(client.max_model_len)
        results = await run_sequential(client, workload, salt=f"promptlint-{nonce}-seq")
        predict_in_order(cache, results)
        report["sequential"] = sequential_section(workload, results)
    calibration: Calibration | None = None
    if settings.concurrency or others:
        calibration = await calibrate(
            client,
            cache.block_size,
            client.max_model_len or 2048,
            shape.vocab_size,
            salt=f"promptlint-{nonce}-calibration",
            seed=seed + 999,
            batch=min(4, settings.limits.max_num_seqs),
        )
    if settings.concurrency:
        assert calibration is not None
        levels, last_run, capacity = await sweep(
            client, cache, settings, shape, seed, nonce, calibration
        )
        if last_run is not None:
            report["concurrent"] = concurrent_section(last_run, cache, levels[-1].scheduled)
        report["sweep"] = sweep_section(levels, capacity, settings.arrival)
    if others:
        assert calibration is not None
        level = routing_concurrency(settings.concurrency, 1 + len(others))
        routed = dataclasses.replace(
            settings,
            options=dataclasses.replace(
                settings.options, sessions=settings.options.sessions or level
            ),
        )
        workload = build_workload(sweep_workload_settings(routed, cache), shape, seed + 5000)
        workload.check_fits(client.max_model_len)
        ids = {r.id: await prompt_ids(client, r) for r in workload.requests}
        report["routing"] = await routing_section(
            [client, *others],
            cache,
            workload,
            ids,
            settings.policies or list(POLICIES),
            level,
            settings.limits,
            calibration,
            nonce,
            settings.load_bound,
            seed,
            settings.arrival,
        )
        report["routing"]["ttft_basis"] = ttft_basis(engine_info.get("worker_cores"))
        report["engine"]["others"] = [o.base_url for o in others]
    return report


def routing_concurrency(levels: Sequence[int], engines: int) -> int:
    """The routing phase's concurrency: the highest sweep level with no factor in common with
    the number of engines.

    In lockstep rounds of c sessions, round-robin sends the t-th round's s-th request to
    engine (t·c + s) mod n: with gcd(c, n) = 1 a session's turns go round the engines, as
    they do under real traffic; with c a multiple of n each session stays on one engine and
    round-robin is session affinity by accident.
    """
    top = max(levels or [8])
    return next(c for c in range(top, 0, -1) if math.gcd(c, engines) == 1)


def failed_checks(
    report: dict[str, Any],
    max_gap_pct: float,
    max_routing_points: float | None = None,
    max_scheduler_gap_pct: float | None = None,
) -> list[str]:
    """What `--fail-over` fails on: any sequential mismatch, KV mismatch, a large concurrent
    gap of the arrival-order replay; the a-priori scheduler simulation's gap at any sweep
    level and the routing gaps when asked (`--fail-scheduler-over`, `--fail-routing-over`)."""
    failures = []
    seq = report.get("sequential")
    if seq and seq["mismatches"]:
        failures.append(f"{seq['mismatches']} sequential mismatches")
    if report["kv"].get("match") is False:
        failures.append("KV bytes per token differ from the engine's")
    conc = report.get("concurrent")
    if conc:
        gap = conc["difference_pct"]
        if abs(gap) > max_gap_pct:
            failures.append(f"concurrent gap {gap}% > {max_gap_pct}%")
    limit = max_scheduler_gap_pct
    for level in (report.get("sweep") or {}).get("levels", []):
        scheduler = level.get("difference_pct_scheduler")
        if limit is not None and scheduler is not None and abs(scheduler) > limit:
            failures.append(
                f"scheduler simulation {scheduler:+}% from the hits at concurrency "
                f"{level['concurrency']} (> {limit}%)"
            )
    routing = report.get("routing")
    if routing and max_routing_points is not None:
        for row in routing["policies"]:
            gap = row["difference_points"]
            if gap is not None and abs(gap) > max_routing_points:
                failures.append(
                    f"routing {row['policy']}: hit rate {row['difference_points']:+} points "
                    "from the prediction"
                )
        if not routing["ordering"]["same"]:
            failures.append("routing: policies ordered differently than predicted")
    return failures
