"""One vLLM engine as a step-by-step simulation: its scheduler on top of its block pool.

The block pool (`promptlint.kv.blockpool`) decides what a request reads from cache; this module
decides *when* each request reaches the pool, which is what concurrency changes. It follows
the V1 scheduler (`vllm/v1/core/sched/scheduler.py` and `async_scheduler.py`, vLLM 0.32):

* Each step has a token budget (`max_num_batched_tokens`). Running requests are scheduled
  first, in admission order: a decoding request takes 1 token, a request in prefill takes
  the rest of its prompt, cut to the budget (chunked prefill).
* A running request whose new slots do not fit in the free blocks preempts the request
  admitted last: its blocks are freed and it goes back to the head of the queue, to be
  recomputed from its tokens so far (prompt and generated). No waiting request is admitted
  in a step that preempted.
* Then waiting requests, in order, while fewer than `max_num_seqs` run and budget is left:
  the prefix lookup; admission needs free blocks for the whole prompt (less its hit:
  `scheduler_reserve_full_isl`, on by default) and allocates the hit plus the first chunk;
  else the request stays at the head of the queue and admission stops for this step. The
  counters `vllm:prefix_cache_queries/hits` record a request when it is admitted, except a
  preempted one's re-admission. A request admitted in the same step as an earlier one hits
  the blocks the earlier one is about to fill: the engine caches a block once it is scheduled.
* A request whose known tokens are all scheduled samples one token in that step; it is fed
  back and computed in a later step, except the last. A request that has its
  `output_tokens` finishes and frees its blocks when the step's output is processed.
* Async scheduling (vLLM's default): the next step is scheduled while the current one runs,
  so a decoding request is scheduled again before its sampled token is known (a
  placeholder), and frees and arrivals reach the scheduler one step later than in the
  synchronous loop.

Step times come from `StepTimes`: a fixed cost per step, plus a cost per prefill token and
per decoding sequence (fitted by a short calibration run against the engine, or given).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from promptlint.kv.blockpool import BlockPool


@dataclass(frozen=True)
class Limits:
    """The scheduler's limits (vLLM's SchedulerConfig)."""

    max_num_seqs: int = 256
    max_num_batched_tokens: int = 8192
    chunked_prefill: bool = True
    async_scheduling: bool = True
    reserve_full_prompt: bool = True  # scheduler_reserve_full_isl

    def __post_init__(self) -> None:
        if self.max_num_seqs < 1 or self.max_num_batched_tokens < 1:
            raise ValueError("max_num_seqs and max_num_batched_tokens must be positive")


@dataclass(frozen=True)
class StepTimes:
    """Seconds one engine step takes: `base + per_prefill_token × P + per_decode_seq × D`."""

    base: float = 0.01
    per_prefill_token: float = 0.0
    per_decode_seq: float = 0.0

    def step(self, prefill_tokens: int, decode_seqs: int) -> float:
        return (
            self.base + self.per_prefill_token * prefill_tokens + self.per_decode_seq * decode_seqs
        )


@dataclass(eq=False)
class SimRequest:
    """A request as the simulated engine sees it; the timing fields fill in as it runs."""

    id: str
    prompt: Sequence[int]
    output_tokens: int = 1
    extra_keys: object = None
    # The generated tokens' values, when known (a later turn sends them back): the engine
    # caches their blocks as it decodes, so that turn hits them. Unknown ones are markers.
    output_ids: Sequence[int] = ()
    tokens: list[int] = field(default_factory=list)  # prompt + generated tokens fed back
    num_computed: int = 0  # tokens scheduled so far (placeholders included)
    placeholders: int = 0  # sampled tokens scheduled before their value is known (async)
    outputs: int = 0
    metric_hit_tokens: int = 0  # what vllm:prefix_cache_hits_total gained from it
    metric_queries: int = 0
    cached_tokens: int | None = None  # usage.prompt_tokens_details.cached_tokens
    preemptions: int = 0
    prefill_computed: int = 0  # prompt (and recomputed) tokens the engine computed for it
    arrived_at: float | None = None
    admitted_at: float | None = None
    first_token_at: float | None = None
    finished_at: float | None = None

    def __post_init__(self) -> None:
        if not self.prompt:
            raise ValueError(f"request {self.id!r} has an empty prompt")
        if self.output_tokens < 1:
            raise ValueError(f"request {self.id!r}: output_tokens must be ≥ 1")
        self.tokens = list(self.prompt)

    def pending_tokens(self) -> int:
        """Tokens the next step may schedule for it (0: it must wait for an output)."""
        total = len(self.prompt) + self.output_tokens
        if self.placeholders and self.num_computed + 2 - self.placeholders >= total:
            return 0  # its last token is already being sampled
        return len(self.tokens) + self.placeholders - self.num_computed


@dataclass
class Scheduled:
    """One request's part of a step."""

    request: SimRequest
    tokens: int
    samples: bool  # the step samples a token for it (its known tokens are all scheduled)
    epoch: int  # its preemption count when scheduled: a later preemption drops the output


@dataclass
class Step:
    """One scheduled step: how many tokens each request computes in it, and its length."""

    scheduled: list[Scheduled]
    prefill_tokens: int
    decode_seqs: int
    seconds: float
    preempted: list[SimRequest] = field(default_factory=list)


class EngineSim:
    """One engine: a waiting queue, the running requests, and the block pool they share."""

    def __init__(
        self,
        num_blocks: int,
        block_size: int,
        limits: Limits | None = None,
        times: StepTimes | None = None,
        name: str = "engine",
    ) -> None:
        self.pool = BlockPool(num_blocks, block_size)
        self.limits = limits or Limits()
        self.times = times or StepTimes()
        self.name = name
        self.waiting: deque[SimRequest] = deque()
        self.running: list[SimRequest] = []
        self.metric_queries = 0
        self.metric_hits = 0
        self.preemptions = 0
        self.steps = 0
        self.executing: Step | None = None
        self.executing_until = 0.0
        self._queued: Step | None = None  # async scheduling: the step scheduled ahead

    @property
    def in_flight(self) -> int:
        return len(self.waiting) + len(self.running)

    def add(self, request: SimRequest, now: float) -> None:
        request.arrived_at = now
        self.waiting.append(request)

    def has_work(self) -> bool:
        return bool(self.waiting or self.running)

    def start(self, now: float) -> float | None:
        """Start a step if the engine is idle and has work; returns when it ends (None: no step).

        With async scheduling the step after it is scheduled at once, as vLLM fills its
        batch queue before it waits for an output.
        """
        if self.executing is not None:
            return None  # busy: new arrivals are seen at the next scheduling point
        step = self.schedule()
        if not step.scheduled:
            return None
        self.executing, self.executing_until = step, now + step.seconds
        if self.limits.async_scheduling:
            ahead = self.schedule()
            self._queued = ahead if ahead.scheduled else None
        return self.executing_until

    def step_end(self, now: float) -> tuple[list[SimRequest], float | None]:
        """The running step ends: process its output, start the next; (finished, next end)."""
        assert self.executing is not None
        finished = self.complete(self.executing, now)
        self.executing, self._queued = self._queued, None
        if self.executing is None:
            return finished, self.start(now)
        self.executing_until = now + self.executing.seconds
        ahead = self.schedule()
        self._queued = ahead if ahead.scheduled else None
        return finished, self.executing_until

    def stalled(self) -> bool:
        """Work that can never be scheduled: nothing runs and the queue's head does not fit."""
        return self.executing is None and self.has_work()

    def schedule(self) -> Step:
        """Pick what the next step computes (allocating its slots), as vLLM's scheduler does."""
        budget = self.limits.max_num_batched_tokens
        scheduled: list[Scheduled] = []
        preempted: list[SimRequest] = []
        prefill = decode = 0
        index = 0
        while index < len(self.running) and budget > 0:
            request = self.running[index]
            new = min(request.pending_tokens(), budget)
            if new <= 0:
                index += 1
                continue
            while not self.pool.extend(request.id, request.num_computed + new):
                victim = self.running.pop()
                self._preempt(victim)
                preempted.append(victim)
                if victim is request:
                    break
            if request in preempted:
                break
            if self._decoding(request):
                decode += 1
            else:
                prefill += new
            scheduled.append(self._scheduled(request, new))
            budget -= new
            index += 1
        if not preempted:
            while self.waiting and budget > 0 and len(self.running) < self.limits.max_num_seqs:
                request = self.waiting[0]
                hit = self.pool.cached_prefix_tokens(request.tokens, request.extra_keys)
                new = len(request.tokens) - hit
                if not self.limits.chunked_prefill and new > budget:
                    break
                new = min(new, budget)
                if (
                    self.limits.reserve_full_prompt
                    and self.pool.blocks_needed(request.tokens, request.extra_keys)
                    > self.pool.num_free_blocks
                ):
                    break
                slots = hit + new
                admitted = self.pool.admit(request.id, request.tokens, request.extra_keys, slots)
                if admitted is None:
                    break
                self.waiting.popleft()
                self.running.append(request)
                if request.preemptions == 0:  # the counters skip preempted re-admissions
                    request.metric_queries += len(request.tokens)
                    request.metric_hit_tokens += hit
                    self.metric_queries += len(request.tokens)
                    self.metric_hits += hit
                if request.cached_tokens is None:
                    request.cached_tokens = hit
                request.num_computed = hit
                prefill += new
                scheduled.append(self._scheduled(request, new))
                budget -= new
        return Step(scheduled, prefill, decode, self.times.step(prefill, decode), preempted)

    @staticmethod
    def _decoding(request: SimRequest) -> bool:
        """Generating (one token a step), not computing its prompt or recomputing after a
        preemption."""
        return bool(request.outputs or request.placeholders) and (
            request.num_computed >= len(request.tokens) - 1
        )

    @staticmethod
    def _scheduled(request: SimRequest, new: int) -> Scheduled:
        if not EngineSim._decoding(request):
            request.prefill_computed += new
        request.num_computed += new
        samples = request.num_computed >= len(request.tokens) + request.placeholders
        if samples:
            request.placeholders += 1
        return Scheduled(request, new, samples, request.preemptions)

    def complete(self, step: Step, now: float) -> list[SimRequest]:
        """Process a step's output at its end; returns the requests that finished."""
        self.steps += 1
        finished = []
        for part in step.scheduled:
            request = part.request
            if request.preemptions != part.epoch:
                continue  # preempted after this step was scheduled: its output is dropped
            if request.admitted_at is None:
                request.admitted_at = now - step.seconds
            if not part.samples:
                continue  # a prefill chunk
            request.placeholders -= 1
            request.outputs += 1
            if request.first_token_at is None:
                request.first_token_at = now
            if request.outputs >= request.output_tokens:
                request.finished_at = now
                self.running.remove(request)
                self.pool.finish(request.id)
                finished.append(request)
            else:  # the sampled token is fed back: its KV is computed in a later step
                known = request.outputs <= len(request.output_ids)
                token = request.output_ids[request.outputs - 1] if known else self.pool.new_marker()
                request.tokens.append(token)
                self.pool.append(request.id, [token])
                self.pool.extend(request.id, min(request.num_computed, len(request.tokens)))
        return finished

    def _preempt(self, request: SimRequest) -> None:
        self.pool.finish(request.id)
        request.num_computed = 0
        request.placeholders = 0
        request.preemptions += 1
        self.preemptions += 1
        self.waiting.appendleft(request)
