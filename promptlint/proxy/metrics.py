"""Counters the proxy exposes at `/-/metrics` in the Prometheus text format (0.0.4)."""

from __future__ import annotations

import bisect
import threading
from collections import defaultdict
from decimal import Decimal
from typing import Any

from promptlint.cost.money import money

# Seconds the proxy itself adds before the upstream sees the request and before the client
# sees the response headers.
LATENCY_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0015, 0.002, 0.005, 0.01, 0.025, 0.1)

# Model names are chosen by clients: past this many (provider, model) pairs, further models
# are counted under model="other", so a client cannot grow /-/metrics without bound.
MAX_MODEL_LABELS = 100
OTHER_MODEL = "other"

TokenKey = tuple[tuple[str, str], ...]


def _labels(pairs: tuple[tuple[str, str], ...]) -> str:
    if not pairs:
        return ""
    return "{" + ",".join(f'{k}="{_escape(v)}"' for k, v in pairs) + "}"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


class Metrics:
    """Thread-safe: the event loop counts requests, the writer thread counts tokens and losses."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.requests: dict[tuple[tuple[str, str], ...], int] = defaultdict(int)
        self.tokens: dict[TokenKey, int] = defaultdict(int)
        self._models: set[tuple[str, str]] = set()  # the (provider, model) pairs in `tokens`
        self.miss_tokens: dict[str, int] = defaultdict(int)
        self.miss_usd: dict[str, Decimal] = defaultdict(Decimal)
        self.records: dict[str, int] = defaultdict(int)
        self.lost: dict[str, int] = defaultdict(int)
        self.upstream_errors: dict[str, int] = defaultdict(int)
        self.connections_refused = 0  # over --max-connections
        self._hist = [0] * (len(LATENCY_BUCKETS) + 1)
        self._hist_sum = 0.0
        self._hist_count = 0
        self.gauges: dict[str, float] = {}
        # Counters kept by a writer in another process, as of its latest report.
        self._remote: dict[str, Any] = {}

    def count_request(self, api: str, status: int, added_seconds: float | None) -> None:
        with self._lock:
            self.requests[(("api", api), ("status", str(status)))] += 1
            if added_seconds is not None:
                self._hist[bisect.bisect_left(LATENCY_BUCKETS, added_seconds)] += 1
                self._hist_sum += added_seconds
                self._hist_count += 1

    def count_refused_connection(self) -> None:
        with self._lock:
            self.connections_refused += 1

    def count_upstream_error(self, kind: str) -> None:
        with self._lock:
            self.upstream_errors[kind] += 1

    def count_tokens(
        self, provider: str, model: str, prompt: int, cached: int, cache_write: int, output: int
    ) -> None:
        with self._lock:
            if (provider, model) not in self._models:
                if len(self._models) >= MAX_MODEL_LABELS:
                    model = OTHER_MODEL
                self._models.add((provider, model))
            base = (("provider", provider), ("model", model))
            for kind, n in (
                ("prompt", prompt),
                ("cached", cached),
                ("cache_write", cache_write),
                ("output", output),
            ):
                self.tokens[(base[0], base[1], ("kind", kind))] += n

    def count_miss(self, cause: str, tokens: int, usd: Decimal) -> None:
        with self._lock:
            self.miss_tokens[cause] += tokens
            self.miss_usd[cause] += usd

    def count_record(self, outcome: str, n: int = 1) -> None:
        """outcome: written | spilled | replayed | analysis_failed | usage_only."""
        with self._lock:
            self.records[outcome] += n

    def count_lost(self, reason: str, n: int = 1) -> None:
        with self._lock:
            self.lost[reason] += n

    def set_gauge(self, name: str, value: float) -> None:
        with self._lock:
            self.gauges[name] = value

    def total_requests(self) -> int:
        with self._lock:
            return sum(self.requests.values())

    def total_lost(self) -> int:
        with self._lock:
            return sum(self._merged("lost").values())

    _WRITER_SIDE = ("tokens", "miss_tokens", "miss_usd", "records", "lost", "gauges")

    def writer_snapshot(self) -> dict[str, Any]:
        """The writer-side counters, to ship to the process that serves /-/metrics."""
        with self._lock:
            return {name: dict(getattr(self, name)) for name in self._WRITER_SIDE}

    def set_remote(self, snapshot: dict[str, Any]) -> None:
        with self._lock:
            self._remote = snapshot

    def fold_remote(self) -> None:
        """Make the last remote report local (its process is gone; a new one starts at 0)."""
        with self._lock:
            for name in self._WRITER_SIDE:
                if name != "gauges":
                    setattr(
                        self,
                        name,
                        defaultdict(getattr(self, name).default_factory, self._merged(name)),
                    )
            self.tokens = defaultdict(int, fold_models(self.tokens))
            self._models = {(k[0][1], k[1][1]) for k in self.tokens}
            self._remote = {}

    def _merged(self, name: str) -> dict[Any, Any]:
        local: dict[Any, Any] = getattr(self, name)
        remote: dict[Any, Any] = self._remote.get(name) or {}
        if not remote:
            return local
        if name == "gauges":
            return {**local, **remote}
        out = dict(local)
        for k, v in remote.items():
            out[k] = out[k] + v if k in out else v
        # Each side is bounded; their union (and a restarted writer's new models) is too.
        return fold_models(out) if name == "tokens" else out

    def render(self) -> str:
        with self._lock:
            out: list[str] = []
            tokens, miss_tokens, miss_usd, records, lost, gauges = (
                self._merged(name) for name in self._WRITER_SIDE
            )

            def family(name: str, kind: str, help_: str) -> None:
                out.append(f"# HELP {name} {help_}")
                out.append(f"# TYPE {name} {kind}")

            family(
                "promptlint_proxy_requests_total",
                "counter",
                "Requests forwarded, by API and status.",
            )
            for labels, n in sorted(self.requests.items()):
                out.append(f"promptlint_proxy_requests_total{_labels(labels)} {n}")
            family(
                "promptlint_proxy_connections_refused_total",
                "counter",
                "Client connections refused (503) because --max-connections were open.",
            )
            out.append(f"promptlint_proxy_connections_refused_total {self.connections_refused}")
            family(
                "promptlint_proxy_upstream_errors_total",
                "counter",
                "Upstream unreachable or reset mid-response; clients gone mid-response.",
            )
            for kind, n in sorted(self.upstream_errors.items()):
                out.append(
                    f"promptlint_proxy_upstream_errors_total{_labels((('kind', kind),))} {n}"
                )
            family(
                "promptlint_proxy_tokens_total",
                "counter",
                "Tokens reported upstream: prompt (all input), cached (read), cache_write, output.",
            )
            for labels, n in sorted(tokens.items()):
                out.append(f"promptlint_proxy_tokens_total{_labels(labels)} {n}")
            family(
                "promptlint_proxy_avoidable_miss_tokens_total",
                "counter",
                "Prompt tokens not read from cache because of an avoidable prefix break, by cause.",
            )
            for cause, n in sorted(miss_tokens.items()):
                cause_l = _labels((("cause", cause),))
                out.append(f"promptlint_proxy_avoidable_miss_tokens_total{cause_l} {n}")
            family(
                "promptlint_proxy_avoidable_miss_usd_total",
                "counter",
                "Dollars lost to avoidable prefix breaks (full input minus cache-read price).",
            )
            for cause, usd in sorted(miss_usd.items()):
                out.append(
                    f"promptlint_proxy_avoidable_miss_usd_total{_labels((('cause', cause),))} "
                    f"{money(usd)}"
                )
            family(
                "promptlint_proxy_added_latency_seconds",
                "histogram",
                "Time the proxy adds: request to upstream send, upstream to client headers.",
            )
            cumulative = 0
            for bound, n in zip(LATENCY_BUCKETS, self._hist, strict=False):
                cumulative += n
                out.append(
                    f'promptlint_proxy_added_latency_seconds_bucket{{le="{bound}"}} {cumulative}'
                )
            cumulative += self._hist[-1]
            out.append(f'promptlint_proxy_added_latency_seconds_bucket{{le="+Inf"}} {cumulative}')
            out.append(f"promptlint_proxy_added_latency_seconds_sum {self._hist_sum:.9f}")
            out.append(f"promptlint_proxy_added_latency_seconds_count {self._hist_count}")
            family(
                "promptlint_proxy_records_total",
                "counter",
                "Recordings by outcome: written, spilled (store failing), replayed, usage_only.",
            )
            for outcome, n in sorted(records.items()):
                out.append(f"promptlint_proxy_records_total{_labels((('outcome', outcome),))} {n}")
            family(
                "promptlint_proxy_records_lost_total",
                "counter",
                "Recordings lost, by reason (never silently: each loss is also logged).",
            )
            for reason, n in sorted(lost.items()):
                out.append(
                    f"promptlint_proxy_records_lost_total{_labels((('reason', reason),))} {n}"
                )
            for name, value in sorted(gauges.items()):
                family(f"promptlint_proxy_{name}", "gauge", name.replace("_", " ") + ".")
                out.append(f"promptlint_proxy_{name} {value:g}")
            return "\n".join(out) + "\n"


def fold_models(tokens: dict[TokenKey, int]) -> dict[TokenKey, int]:
    """`tokens` with the (provider, model) pairs past the first MAX_MODEL_LABELS (by first
    appearance) counted under model="other"."""
    kept: set[tuple[str, str]] = set()
    out: dict[TokenKey, int] = {}
    for key, n in tokens.items():
        (_, provider), (_, model), kind = key
        if (provider, model) not in kept:
            if len(kept) < MAX_MODEL_LABELS or model == OTHER_MODEL:
                kept.add((provider, model))
            else:
                key = (("provider", provider), ("model", OTHER_MODEL), kind)
                kept.add((provider, OTHER_MODEL))
        out[key] = out.get(key, 0) + n
    return out
