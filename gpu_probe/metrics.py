"""vLLM's Prometheus endpoint: parse the text exposition, read the cache config and counters."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from promptlint.errors import UserError

_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+\d+)?$")
_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


@dataclass(frozen=True)
class Sample:
    name: str
    labels: dict[str, str]
    value: float


def parse_prometheus(text: str) -> list[Sample]:
    """Samples of a Prometheus text exposition (comments and malformed lines are skipped)."""
    samples: list[Sample] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = _SAMPLE.match(line)
        if not match:
            continue
        labels = {
            k: v.replace('\\"', '"').replace("\\\\", "\\")
            for k, v in _LABEL.findall(match.group(3) or "")
        }
        try:
            value = float(match.group(4))
        except ValueError:
            continue
        samples.append(Sample(match.group(1), labels, value))
    return samples


@dataclass(frozen=True)
class Counters:
    """The counters the probe differences between two scrapes (summed over engines)."""

    queries: float = 0.0
    hits: float = 0.0
    preemptions: float = 0.0
    prompt_tokens: float = 0.0
    requests_running: float = 0.0
    requests_waiting: float = 0.0
    kv_usage: float = 0.0
    ttft_sum: float = 0.0  # vllm:time_to_first_token_seconds (server side, from arrival)
    ttft_count: float = 0.0

    def __sub__(self, other: Counters) -> Counters:
        return Counters(
            queries=self.queries - other.queries,
            hits=self.hits - other.hits,
            preemptions=self.preemptions - other.preemptions,
            prompt_tokens=self.prompt_tokens - other.prompt_tokens,
            ttft_sum=self.ttft_sum - other.ttft_sum,
            ttft_count=self.ttft_count - other.ttft_count,
            requests_running=self.requests_running,
            requests_waiting=self.requests_waiting,
            kv_usage=self.kv_usage,
        )


@dataclass(frozen=True)
class CacheConfig:
    """`vllm:cache_config_info`: every CacheConfig field as a label."""

    block_size: int
    num_gpu_blocks: int
    cache_dtype: str
    enable_prefix_caching: bool
    kv_cache_memory_bytes: int | None
    kv_cache_size_tokens: int | None
    hash_algo: str | None
    labels: dict[str, str] = field(default_factory=dict)

    @property
    def pool_tokens(self) -> int:
        """Tokens the usable blocks hold (block 0 is the null block)."""
        return (self.num_gpu_blocks - 1) * self.block_size

    @property
    def bytes_per_token(self) -> Fraction | None:
        """KV memory over the tokens its blocks hold: the engine's own bytes per token.

        Exact when the engine was given `--kv-cache-memory-bytes` that is a multiple of its page
        size; otherwise the remainder of one page is spread over the tokens (an upper bound).
        """
        if self.kv_cache_memory_bytes is None or self.num_gpu_blocks <= 0:
            return None
        return Fraction(self.kv_cache_memory_bytes, self.num_gpu_blocks * self.block_size)


def _int_label(labels: dict[str, str], key: str) -> int | None:
    raw = labels.get(key)
    if raw is None or raw in ("None", ""):
        return None
    try:
        return int(float(raw))
    except ValueError:
        return None


def cache_config(samples: list[Sample]) -> CacheConfig:
    """The engine's cache config, from the first `vllm:cache_config_info` series."""
    for sample in samples:
        if sample.name == "vllm:cache_config_info":
            labels = sample.labels
            block_size = _int_label(labels, "block_size")
            blocks = _int_label(labels, "num_gpu_blocks")
            if block_size is None or blocks is None:
                raise UserError("vllm:cache_config_info has no block_size / num_gpu_blocks")
            return CacheConfig(
                block_size=block_size,
                num_gpu_blocks=blocks,
                cache_dtype=labels.get("cache_dtype", "auto"),
                enable_prefix_caching=labels.get("enable_prefix_caching") == "True",
                kv_cache_memory_bytes=_int_label(labels, "kv_cache_memory_bytes"),
                kv_cache_size_tokens=_int_label(labels, "kv_cache_size_tokens"),
                hash_algo=labels.get("prefix_caching_hash_algo"),
                labels=dict(labels),
            )
    raise UserError("the metrics endpoint has no vllm:cache_config_info: is this a vLLM V1 server?")


def _total(samples: list[Sample], *names: str) -> float:
    for name in names:  # the first name present wins (newer names first)
        values = [s.value for s in samples if s.name == name]
        if values:
            return sum(values)
    return 0.0


def counters(samples: list[Sample]) -> Counters:
    return Counters(
        queries=_total(
            samples, "vllm:prefix_cache_queries_total", "vllm:gpu_prefix_cache_queries_total"
        ),
        hits=_total(samples, "vllm:prefix_cache_hits_total", "vllm:gpu_prefix_cache_hits_total"),
        preemptions=_total(samples, "vllm:num_preemptions_total"),
        prompt_tokens=_total(samples, "vllm:prompt_tokens_total"),
        requests_running=_total(samples, "vllm:num_requests_running"),
        requests_waiting=_total(samples, "vllm:num_requests_waiting"),
        kv_usage=_total(samples, "vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"),
        ttft_sum=_total(samples, "vllm:time_to_first_token_seconds_sum"),
        ttft_count=_total(samples, "vllm:time_to_first_token_seconds_count"),
    )
