"""The background writer on its own: analysis failures keep usage, overflow is counted."""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from pathlib import Path

from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.writer import RecordWriter
from promptlint.store import open_store
from promptlint.store.records import RequestRecord


def _exchange(i: int, body: bytes = b'{"model":"gpt-4o","messages":[]}') -> Exchange:
    return Exchange(
        request_id=f"r{i}",
        ts=datetime(2026, 11, 29, 12, 0, i, tzinfo=timezone.utc),
        api="openai-chat",
        path="/v1/chat/completions",
        request_body=body,
        request_headers={},
        key_hash="k_test",
        status=200,
        streamed=False,
        latency_ms=1.0,
        usage_raw={
            "prompt_tokens": 2000,
            "completion_tokens": 3,
            "prompt_tokens_details": {"cached_tokens": 1920},
        },
        response_model="gpt-4o-2024-08-06",
    )


class Exploding:
    def analyze(self, ex: Exchange) -> RequestRecord:
        raise RuntimeError("boom")


class Blocking:
    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate

    def analyze(self, ex: Exchange) -> RequestRecord:
        self.gate.wait(10)
        raise RuntimeError("released")


def test_analysis_failure_keeps_the_usage(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    metrics = Metrics()
    w = RecordWriter(url, tmp_path / "spill.jsonl", metrics, analyzer_factory=lambda _: Exploding())
    w.start()
    w.submit(_exchange(1), "openai")
    assert w.flush(10)
    w.close()
    with open_store(url) as store:
        (record,) = list(store.iter_requests())
    assert record.cache_read_tokens == 1920 and record.uncached_input_tokens == 80
    assert record.output_tokens == 3 and record.error and "analysis failed: boom" in record.error
    assert record.cost_usd != "0"  # priced even without the Analyzer
    assert 'outcome="analysis_failed"} 1' in metrics.render()


def test_full_queue_is_counted_not_silent(tmp_path: Path) -> None:
    gate = threading.Event()
    metrics = Metrics()
    w = RecordWriter(
        f"sqlite:///{tmp_path / 'r.db'}",
        tmp_path / "spill.jsonl",
        metrics,
        analyzer_factory=lambda _: Blocking(gate),
        max_queue=2,
        batch_size=1,
    )
    w.start()
    for i in range(8):
        w.submit(_exchange(i), "openai")
    gate.set()
    assert w.flush(10)
    w.close()
    lost = metrics.lost["queue_full"]
    assert lost in (5, 6)  # 2 queued (+1 already taken by the blocked writer)
    assert metrics.records["written"] + lost == 8


def test_body_over_byte_budget_drops_body_not_record(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'r.db'}"
    metrics = Metrics()
    w = RecordWriter(url, tmp_path / "spill.jsonl", metrics, max_queued_bytes=10)
    w.submit(
        _exchange(1, body=b'{"model":"gpt-4o","messages":[{"role":"user","content":"long"}]}'),
        "openai",
    )
    w.start()
    assert w.flush(10)
    w.close()
    with open_store(url) as store:
        (record,) = list(store.iter_requests())
    assert record.cache_read_tokens == 1920
    assert record.error and "body not recorded" in record.error
    assert metrics.lost["body_over_budget"] == 1


def test_process_writer_drops_body_over_byte_budget_not_record(tmp_path: Path) -> None:
    from promptlint.proxy.writer_process import ProcessWriter

    url = f"sqlite:///{tmp_path / 'r.db'}"
    metrics = Metrics()
    w = ProcessWriter(url, tmp_path / "spill.jsonl", metrics, max_queued_bytes=10)
    w.start()
    w.submit(
        _exchange(1, body=b'{"model":"gpt-4o","messages":[{"role":"user","content":"long"}]}'),
        "openai",
    )
    try:
        assert w.flush(60)
    finally:
        w.close()
    with open_store(url) as store:
        (record,) = list(store.iter_requests())
    assert record.cache_read_tokens == 1920
    assert record.error and "body not recorded" in record.error
    assert metrics.lost["body_over_budget"] == 1


def test_unreadable_spill_lines_are_counted_once(tmp_path: Path) -> None:
    from promptlint.proxy.spill import SpillFile
    from promptlint.proxy.usage_only import usage_only_record

    spill = SpillFile(tmp_path / "spill.jsonl")
    spill.append([usage_only_record(_exchange(1), "openai", "none")])
    with spill.path.open("a") as fh:
        fh.write('{"truncated by a crash\n')
    spill.append([usage_only_record(_exchange(2), "openai", "none")])
    url = f"sqlite:///{tmp_path / 'r.db'}"
    metrics = Metrics()
    w = RecordWriter(url, spill.path, metrics)
    w.start()
    w.submit(_exchange(3), "openai")
    assert w.flush(10)
    w.close()
    with open_store(url) as store:
        assert sorted(r.id for r in store.iter_requests()) == ["r1", "r2", "r3"]
    assert metrics.lost == {"spill_unreadable": 1}
    assert metrics.records["replayed"] == 2 and not spill.pending()


def test_usage_only_records_read_usage_with_the_one_normaliser() -> None:
    from promptlint.proxy.usage_only import usage_only_record

    record = usage_only_record(_exchange(1), "openai", "none")
    assert (record.uncached_input_tokens, record.cache_read_tokens) == (80, 1920)
    assert record.output_tokens == 3 and record.error is None
    # Counts that contradict each other are said, not clamped into numbers nobody sent.
    bad = _exchange(2)
    bad.usage_raw = {"prompt_tokens": 10, "prompt_tokens_details": {"cached_tokens": 20}}
    record = usage_only_record(bad, "openai", "none")
    assert record.error is not None and record.error.startswith("usage not understood: cached")
    assert record.uncached_input_tokens == record.cache_read_tokens == 0


def test_usage_only_records_name_the_provider_and_price_from_the_catalog() -> None:
    from promptlint.proxy.usage_only import usage_only_record

    # A loopback upstream names no provider; the body's model does.
    record = usage_only_record(_exchange(1), "local", "none")
    assert record.provider == "openai" and record.cost_usd != "0"
    invented = _exchange(2, b'{"model":"acme-llm-9","messages":[]}')
    invented.response_model = None
    record = usage_only_record(invented, "local", "none")
    assert record.provider == "local" and record.cost_usd == "0"
    assert record.error == "no price for model 'acme-llm-9'"  # no "did you mean" search
