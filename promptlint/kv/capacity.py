"""The capacity model: the KV budget on a GPU, and how many staggered sessions fit in it.

A conversation's prefix stays useful in the prefix cache between its turns. As long as the
prefixes of all live sessions fit in the KV budget, every turn reuses its session's cache;
past that point LRU eviction drops idle sessions' blocks and their next turn recomputes the
whole prefix. That point — the concurrency cliff — depends on KV bytes, not request counts.

A CPU tier (LMCache's local CPU backend, vLLM's OffloadingConnector) is write-through: every
block computed on the GPU is stored to CPU as well, so the tier holds copies of what the GPU
holds. Prefixes survive in the union of the two, which is the larger of the two: a tier
smaller than the GPU's KV budget adds no prefix capacity.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from promptlint.cost.workload import Workload
from promptlint.errors import UserError
from promptlint.kv import layers as lk
from promptlint.kv.estimate import KVEstimate, estimate_from_spec
from promptlint.kv.spec import ModelSpec, load_model_spec
from promptlint.kv.units import human_bytes
from promptlint.kv.weights import weight_bytes

GIB = 1024**3
DEFAULT_UTILIZATION = 0.9  # vLLM's --gpu-memory-utilization default (0.92 in the newest builds)
DEFAULT_BLOCK_SIZE = 16  # vLLM CacheConfig.DEFAULT_BLOCK_SIZE
DEFAULT_BATCHED_TOKENS = 8192  # vLLM's profile run size (max_num_batched_tokens)
DEFAULT_MAX_SEQS = 256  # vLLM max_num_seqs: the sampler's logits in the profile run
FIXED_RESERVE_GIB = 1.0  # CUDA context, NCCL, non-torch allocations, CUDA graphs


@dataclass
class CapacityPlan:
    model: str
    gpu: str
    gpu_memory_bytes: int
    gpu_memory_utilization: float
    tp: int
    kv_dtype: str
    weights_dtype: str
    parameters: int
    weights_bytes: int
    reserve_bytes: int
    kv_budget_bytes: int
    bytes_per_token: int
    bytes_per_token_unbounded: int
    per_request_state_bytes: int
    block_size: int
    kv_blocks: int
    kv_tokens: int
    vllm_reported_kv_tokens: int | None
    workload: dict[str, Any]
    # Session figures are None when the workload holds no tokens (budget and capacity only).
    session_tokens_peak: int | None
    session_tokens_mean: int | None
    session_bytes_peak: int | None
    session_bytes_mean: int | None
    shared_system_tokens: int
    shared_system_bytes: int
    max_sessions: int | None
    max_sessions_all_at_peak: int | None
    max_sessions_with_offload: int | None
    offload_bytes: int  # the CPU tier as given, across all tensor-parallel ranks
    offload_bytes_per_gpu: int
    offload_tokens: int  # tokens the tier holds per GPU (all KV layers, as kv_tokens)
    offload_extra_bytes: int  # prefix capacity the tier adds beyond the GPU's (write-through)
    planned_sessions: int | None
    planned_kv_bytes: int | None
    planned_fits: bool | None  # on the GPU alone
    planned_fits_with_offload: bool | None
    engine_starts: bool
    assumptions: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["exact"] = False
        return data


def activation_reserve(spec: ModelSpec, tp: int, batched_tokens: int) -> tuple[int, str]:
    """Bytes vLLM keeps outside the KV cache: profile-run activations plus a fixed part.

    The profile run pushes `batched_tokens` through one layer at a time: the MLP's
    gate/up output dominates (4 × intermediate per token, counting the activation copy) plus
    a few hidden-size buffers; the sampler holds max_num_seqs × vocab float32 logits, ×3
    for its temporaries. Calibrated loosely against vLLM's logged "activation peak".
    """
    t = spec.text
    hidden = spec.hidden_size
    inter = t.get("intermediate_size") or t.get("n_inner") or 4 * hidden
    moe_inter = t.get("moe_intermediate_size")
    topk = t.get("num_experts_per_tok") or t.get("experts_per_token")
    if isinstance(moe_inter, int) and isinstance(topk, int):
        inter = max(int(inter), moe_inter * topk)
    vocab = t.get("vocab_size") or spec.raw.get("vocab_size") or 32000
    activation = batched_tokens * (4 * int(inter) // tp + 8 * hidden) * 2
    logits = 3 * DEFAULT_MAX_SEQS * int(vocab) * 4 // tp
    total = activation + logits + int(FIXED_RESERVE_GIB * GIB)
    why = (
        f"reserve {total / GIB:.2f} GiB = activations at {batched_tokens:,} batched tokens "
        f"({activation / GIB:.2f}) + sampler logits ({logits / GIB:.2f}) + "
        f"{FIXED_RESERVE_GIB:.1f} GiB CUDA context/graphs (override with --reserve-gib)"
    )
    return total, why


def hybrid_block_size(est: KVEstimate) -> int | None:
    """vLLM raises the attention block size until a page holds one Mamba state page.

    The block stays a multiple of the attention kernel's block: 16, or 64 for MLA (FlashMLA,
    FlashInfer-MLA; vLLM's hybrid block-size alignment).
    """
    states = [layer.state for layer in est.layer_specs if layer.state is not None]
    attention = [
        layer for layer in est.layer_specs if layer.kind in lk.KV_KINDS and layer.state is None
    ]
    if not states or not attention:
        return None
    model_bytes = 2
    state_page = max(state.bytes(model_bytes, est.tp) for state in states)
    per_layer_token = max(est.bytes_per_layer_token(layer) for layer in attention)
    align = 64 if est.mla else 16
    return align * -(-state_page // (align * per_layer_token))


def vllm_reported_tokens(est: KVEstimate, budget: int, block: int) -> int | None:
    """What vLLM's (pre-2026) "GPU KV cache size: N tokens" line says for this budget.

    vLLM buckets layers by cache spec, cuts the buckets into groups of the smallest bucket's
    size (or the largest, if it is under 1.5× the smallest), gives every group the same page
    size, and reports num_blocks // num_groups × block_size — as if every layer stored every
    token, which under-states what sliding-window models hold
    (docs/reference/kv-cache.md §2.4, §2.6).
    """
    buckets: dict[tuple[str, int | None, int], int] = {}
    pages: list[int] = []
    for layer in est.layer_specs:
        per_token = est.bytes_per_layer_token(layer)
        if per_token:
            key = (layer.kind, layer.window, per_token)
            pages.append(block * per_token)
        elif layer.state is not None:
            key = ("state", None, layer.state.bytes(2, est.tp))
            pages.append(key[2])
        else:
            continue
        buckets[key] = buckets.get(key, 0) + 1
    if not buckets or not any(k[0] != "state" for k in buckets):
        return None
    counts = list(buckets.values())
    group = min(counts) if max(counts) >= 1.5 * min(counts) else max(counts)
    groups = sum(-(-count // group) for count in counts)
    page = max(pages)
    blocks = budget // (page * group)
    return blocks // groups * block


def _shared_bytes(est: KVEstimate, tokens: int, block: int) -> int:
    """Full-attention bytes of the shared system prompt's full blocks (stored once)."""
    full = sum(
        est.bytes_per_layer_token(layer)
        for layer in est.layer_specs
        if layer.kind in (lk.FULL, lk.MLA)
    )
    return (tokens // block) * block * full


def plan_capacity(
    model: str,
    workload: Workload,
    *,
    planned_sessions: int | None = None,
    gpu_name: str,
    gpu_memory_gib: float,
    gpu_memory_utilization: float = DEFAULT_UTILIZATION,
    kv_dtype: str = "auto",
    weights_dtype: str = "auto",
    tp: int = 1,
    block_size: int | None = None,
    reserve_gib: float | None = None,
    offload_gib: float | None = None,
    batched_tokens: int = DEFAULT_BATCHED_TOKENS,
) -> CapacityPlan:
    # The config first: an unreadable config is the error to report, whatever the workload.
    spec = load_model_spec(model)
    if not 0 < gpu_memory_utilization <= 1:
        raise UserError(f"--gpu-memory-utilization must be in (0, 1], got {gpu_memory_utilization}")
    if gpu_memory_gib <= 0:
        raise UserError(f"GPU memory must be positive, got {gpu_memory_gib} GiB")
    if workload.turns < 1:
        raise UserError(f"--turns must be at least 1, got {workload.turns}")
    for name in ("system_tokens", "turn_tokens", "output_tokens"):
        if getattr(workload, name) < 0:
            flag = "--system" if name == "system_tokens" else "--" + name.replace("_", "-")
            raise UserError(f"{flag} must not be negative")
    if offload_gib is not None and offload_gib < 0:
        raise UserError(f"--offload-gib must not be negative, got {offload_gib}")

    est = estimate_from_spec(spec, kv_dtype, tp)
    assumptions = list(est.assumptions)
    weights = weight_bytes(spec, weights_dtype, tp)
    assumptions += weights.assumptions

    memory = int(gpu_memory_gib * GIB)
    requested = int(memory * gpu_memory_utilization)
    assumptions.append(
        f"gpu_memory_utilization {gpu_memory_utilization} of {gpu_memory_gib:.2f} GiB total "
        "(vLLM budgets a fraction of total, not free, memory)"
    )
    if reserve_gib is None:
        reserve, why = activation_reserve(spec, tp, batched_tokens)
        assumptions.append(why)
    else:
        if reserve_gib < 0:
            raise UserError(f"--reserve-gib must not be negative, got {reserve_gib}")
        reserve = int(reserve_gib * GIB)
        assumptions.append(f"reserve {reserve_gib} GiB for activations and overhead (given)")
    budget = max(0, requested - weights.bytes_per_gpu - reserve)
    engine_starts = budget > 0

    if block_size is None:
        block = DEFAULT_BLOCK_SIZE
        hybrid = hybrid_block_size(est)
        if hybrid is not None and hybrid > block:
            block = hybrid
            assumptions.append(
                f"attention block size raised to {block} tokens so a page holds a Mamba state"
            )
        elif est.mla:
            block = 64
            assumptions.append("block size 64 (FlashMLA's); pass --block-size to change")
        else:
            assumptions.append(f"block size {block} tokens (vLLM default)")
    else:
        if block_size < 1:
            raise UserError(f"--block-size must be positive, got {block_size}")
        block = block_size

    per_token = est.bytes_per_token
    blocks = budget // (block * per_token) if per_token else 0
    kv_tokens = blocks * block
    if est.bytes_per_token != est.bytes_per_token_unbounded:
        assumptions.append(
            "kv_tokens counts every KV layer per token (vLLM's 'GPU KV cache size' line); "
            "sliding/chunked layers only keep their window, so sessions are sized per layer"
        )

    shared_tokens = workload.system_tokens if workload.shared_system else 0
    shared_block_tokens = (shared_tokens // block) * block
    shared = _shared_bytes(est, shared_tokens, block)
    free = budget - shared

    offload = int((offload_gib or 0) * GIB)
    offload_per_gpu = offload // tp
    offload_free = offload_per_gpu - shared  # the shared prefix is copied to the CPU once too
    offload_extra = max(0, offload_free - max(free, 0)) if offload_gib is not None else 0
    if offload_gib is not None:
        assumptions += _offload_notes(offload_gib, tp, offload_per_gpu, budget, offload_extra)

    if workload.context_after(1) <= 0:
        assumptions.append(
            "no workload given (--system / --turn-tokens): KV budget and token capacity only"
        )
        sessions = _NO_SESSIONS
    else:
        if workload.shared_system and workload.system_tokens:
            assumptions.append(
                f"shared system prompt stored once: {shared_block_tokens:,} tokens in full "
                "blocks (a partial last block is per session)"
            )
        sessions = _sessions(
            est, workload, block, shared_tokens, shared, budget, free, offload_free, offload_gib
        )
        assumptions += sessions.notes

    planned_bytes: int | None = None
    planned_fits: bool | None = None
    planned_offload: bool | None = None
    if planned_sessions is not None and sessions.mean_bytes is not None:
        planned_bytes = shared + planned_sessions * sessions.mean_bytes
        planned_fits = planned_sessions <= (sessions.max_sessions or 0)
        if offload_gib is not None:
            planned_offload = planned_sessions <= (sessions.with_offload or 0)

    return CapacityPlan(
        model=spec.model,
        gpu=gpu_name,
        gpu_memory_bytes=memory,
        gpu_memory_utilization=gpu_memory_utilization,
        tp=tp,
        kv_dtype=est.kv_dtype,
        weights_dtype=weights.dtype,
        parameters=weights.parameters,
        weights_bytes=weights.bytes_per_gpu,
        reserve_bytes=reserve,
        kv_budget_bytes=budget,
        bytes_per_token=per_token,
        bytes_per_token_unbounded=est.bytes_per_token_unbounded,
        per_request_state_bytes=est.per_request_state_bytes,
        block_size=block,
        kv_blocks=blocks,
        kv_tokens=kv_tokens,
        vllm_reported_kv_tokens=vllm_reported_tokens(est, budget, block),
        workload={  # the JSON keys capacity has always had
            "system": workload.system_tokens,
            "turns": workload.turns,
            "turn_tokens": workload.turn_tokens,
            "output_tokens": workload.output_tokens,
            "shared_system": workload.shared_system,
            "sessions": planned_sessions,
        },
        session_tokens_peak=sessions.peak_tokens,
        session_tokens_mean=sessions.mean_tokens,
        session_bytes_peak=sessions.peak_bytes,
        session_bytes_mean=sessions.mean_bytes,
        shared_system_tokens=shared_block_tokens,
        shared_system_bytes=shared,
        max_sessions=sessions.max_sessions,
        max_sessions_all_at_peak=sessions.at_peak,
        max_sessions_with_offload=sessions.with_offload,
        offload_bytes=offload,
        offload_bytes_per_gpu=offload_per_gpu,
        offload_tokens=(offload_per_gpu // (block * per_token)) * block if per_token else 0,
        offload_extra_bytes=offload_extra,
        planned_sessions=planned_sessions,
        planned_kv_bytes=planned_bytes,
        planned_fits=planned_fits,
        planned_fits_with_offload=planned_offload,
        engine_starts=engine_starts,
        assumptions=assumptions,
    )


@dataclass(frozen=True)
class _Sessions:
    peak_tokens: int | None = None
    mean_tokens: int | None = None
    peak_bytes: int | None = None
    mean_bytes: int | None = None
    max_sessions: int | None = None
    at_peak: int | None = None
    with_offload: int | None = None
    notes: tuple[str, ...] = ()


_NO_SESSIONS = _Sessions()


def _fit(capacity: int, each: int) -> int:
    return max(0, capacity // each) if each > 0 and capacity > 0 else 0


def _sessions(
    est: KVEstimate,
    workload: Workload,
    block: int,
    shared_tokens: int,
    shared: int,
    budget: int,
    free: int,
    offload_free: int,
    offload_gib: float | None,
) -> _Sessions:
    """Staggered sessions of the workload's shape: their size and how many stay cached."""

    def session(context: int) -> int:
        """Bytes one session adds on top of the shared system prompt."""
        own = est.request_bytes(context, block)
        return own - shared if shared_tokens else own

    contexts = [workload.context_after(k) for k in range(1, workload.turns + 1)]
    peak_bytes = session(contexts[-1])
    mean_bytes = -(-sum(session(c) for c in contexts) // workload.turns)
    rounded = [-(-c // block) * block for c in contexts]
    notes = [
        "sessions staggered: each holds its context between turns; mean = average over its "
        "turns of the context after each turn"
    ]
    if est.per_request_state_bytes:
        notes.append("one recurrent state per session (prefix-caching 'align' mode keeps more)")
    peak_fits = peak_bytes + shared <= budget
    with_offload = None
    if offload_gib is not None:
        # Write-through: the prefixes kept anywhere are those of the larger tier.
        with_offload = _fit(max(free, offload_free), mean_bytes) if peak_fits else 0
    return _Sessions(
        peak_tokens=rounded[-1],
        mean_tokens=round(sum(rounded) / len(rounded)),
        peak_bytes=peak_bytes,
        mean_bytes=mean_bytes,
        max_sessions=_fit(free, mean_bytes) if peak_fits else 0,
        at_peak=_fit(free, peak_bytes),
        with_offload=with_offload,
        notes=tuple(notes),
    )


def _offload_notes(offload_gib: float, tp: int, per_gpu: int, budget: int, extra: int) -> list[str]:
    notes = [
        "CPU tier write-through (LMCache local CPU, vLLM OffloadingConnector): every block "
        "computed on the GPU is also stored to CPU, so the tier holds copies of the GPU's "
        "blocks; prefixes are kept in the larger of the two, not in their sum"
    ]
    if tp > 1:
        notes.append(
            f"--offload-gib {offload_gib} is the tier across the {tp} tensor-parallel ranks: "
            f"{human_bytes(per_gpu)} per GPU, each rank keeping its own shard"
        )
    if extra:
        notes.append(
            f"the tier keeps {human_bytes(extra)} per GPU of prefixes beyond the GPU's KV "
            "budget: evicted blocks are loaded back instead of recomputed; running requests "
            "still need their KV on the GPU"
        )
    else:
        notes.append(
            f"the tier ({human_bytes(per_gpu)} per GPU) is not larger than the GPU's KV budget "
            f"({human_bytes(budget)}): it holds copies of blocks the GPU still has and adds no "
            "prefix capacity (it still saves recomputing after a preemption or a restart)"
        )
    return notes
