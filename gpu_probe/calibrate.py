"""Step times from a short calibration run against the engine, for the scheduler simulation.

A handful of requests whose prompts never hit the cache (their own `cache_salt`, random ids),
timed by the engine's own histograms (the client sees streamed tokens coalesced, so it cannot
time a decode step):

* single requests with a short and a long prompt, one token each: the difference of their
  prefill times (`vllm:request_prefill_time_seconds`) over the difference of their lengths is
  the cost of a prefill token; each single request's client TTFT less its prefill time is a
  round trip through HTTP and the API server (their median is the simulation's);
* one request that decodes alone and `k` that decode together: their mean gap between
  tokens (`vllm:inter_token_latency_seconds`) gives the fixed cost of a step and the cost of
  each decoding sequence; the `k` answers end in about the same step, and how far apart the
  client reads them is its cost per answer (one process reads all streams; the smallest
  spread of the repeats, since a request that started a step late finishes a step late).

Each figure is the median of its repeats, because the machine may be shared.
"""

from __future__ import annotations

import asyncio
import statistics
from dataclasses import dataclass

from promptlint.serving.engine import StepTimes
from promptlint.serving.fleet import Delays

from .client import EngineClient
from .metrics import Sample
from .workloads import TokenSource


def _histogram(samples: list[Sample], name: str) -> tuple[float, float]:
    total = sum(s.value for s in samples if s.name == f"{name}_sum")
    count = sum(s.value for s in samples if s.name == f"{name}_count")
    return total, count


_PREFILL = "vllm:request_prefill_time_seconds"
_GAP = "vllm:inter_token_latency_seconds"
_E2E = "vllm:e2e_request_latency_seconds"


@dataclass
class Calibration:
    times: StepTimes
    delays: Delays
    requests: int
    figures: dict[str, float]  # the measured medians the fit used (seconds)


async def calibrate(
    client: EngineClient,
    block_size: int,
    max_model_len: int,
    vocab_size: int,
    salt: str,
    seed: int,
    batch: int = 4,
    repeats: int = 4,
) -> Calibration:
    src = TokenSource(vocab_size, seed)
    short_len = 2 * block_size
    long_len = max(short_len + block_size, min(max_model_len // 2, 16 * block_size))
    decode_tokens = 16
    sent = 0

    spreads: list[float] = []  # how far apart the client reads answers that end together

    async def timed(lengths: list[int], tokens: int) -> tuple[float, float, float, float]:
        """Send requests together; (Δ prefill s, Δ gap s, Δ gaps, median client TTFT)."""
        nonlocal sent
        before = await client.metrics()
        responses = await asyncio.gather(
            *(client.complete(src.take(n), None, tokens, cache_salt=salt) for n in lengths)
        )
        sent += len(lengths)
        e2e_before = _histogram(before, _E2E)[1]
        for _ in range(40):  # the histograms are recorded just after the response ends
            after = await client.metrics()
            if _histogram(after, _E2E)[1] >= e2e_before + len(lengths):
                break
            await asyncio.sleep(0.02)
        prefill = _histogram(after, _PREFILL)[0] - _histogram(before, _PREFILL)[0]
        gap_sum = _histogram(after, _GAP)[0] - _histogram(before, _GAP)[0]
        gaps = _histogram(after, _GAP)[1] - _histogram(before, _GAP)[1]
        ttft = statistics.median(r.ttft or 0.0 for r in responses)
        if len(responses) > 1:
            done = sorted(r.done_at for r in responses)
            spreads.append((done[-1] - done[0]) / (len(done) - 1))
        return prefill / len(lengths), gap_sum, gaps, ttft

    await timed([short_len], 2)  # warm-up: the first request pays one-time costs
    short, long_, trips, single = [], [], [], []
    for _ in range(repeats):
        prefill_s, _, _, ttft_s = await timed([short_len], 1)
        prefill_l, _, _, ttft_l = await timed([long_len], 1)
        prefill_d, gap_sum, gaps, ttft_d = await timed([short_len], decode_tokens)
        short.append(prefill_s)
        long_.append(prefill_l)
        trips += [max(0.0, t - p) for t, p in ((ttft_s, prefill_s), (ttft_l, prefill_l))]
        trips.append(max(0.0, ttft_d - prefill_d))
        single.append(gap_sum / gaps if gaps else 0.0)
    together = []
    for _ in range(max(1, repeats - 1)):
        _, gap_sum, gaps, _ = await timed([short_len] * batch, decode_tokens)
        together.append(gap_sum / gaps if gaps else 0.0)
    prefill_short, prefill_long = statistics.median(short), statistics.median(long_)
    gap_1, gap_k = statistics.median(single), statistics.median(together)
    per_seq = max(0.0, (gap_k - gap_1) / (batch - 1)) if batch > 1 else 0.0
    base = max(1e-4, gap_1 - per_seq)
    per_token = max(0.0, (prefill_long - prefill_short) / (long_len - short_len))
    round_trip = statistics.median(trips)
    return Calibration(
        StepTimes(base=base, per_prefill_token=per_token, per_decode_seq=per_seq),
        Delays(
            send=round_trip / 2,
            back=round_trip / 2,
            per_answer=min(spreads, default=0.0),
        ),
        sent,
        {
            f"prefill_{short_len}_tokens": prefill_short,
            f"prefill_{long_len}_tokens": prefill_long,
            "decode_gap_1_seq": gap_1,
            f"decode_gap_{batch}_seqs": gap_k,
            "client_round_trip": round_trip,
            "client_per_answer": min(spreads, default=0.0),
        },
    )
