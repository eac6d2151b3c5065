"""The proxy under abuse and on real networks, second part of the hardening: short segments
never stored whole, slow and idle clients cut off, bounded metrics, response copies in the
byte budget, private CAs and egress proxies. Each test fails without its fix."""

from __future__ import annotations

import json

from harness import OPENAI_KEY, Harness, raw_request

from promptlint.proxy.metrics import MAX_MODEL_LABELS, OTHER_MODEL, Metrics

AUTH = {"Authorization": f"Bearer {OPENAI_KEY}", "Content-Type": "application/json"}


def _chat(system: str, model: str = "gpt-4o") -> bytes:
    messages = [{"role": "system", "content": system}, {"role": "user", "content": "hi"}]
    return json.dumps({"model": model, "messages": messages}).encode()


def test_redacted_snippets_never_hold_a_whole_short_segment(harness: Harness) -> None:
    systems = [
        "Current time: 2026-11-29 10:00:01. You are a helpful assistant",
        "Current time: 2026-11-29 10:00:09. You are a helpful assistant",
    ]
    assert len(systems[0]) == 62
    for system in systems:
        reply = harness.run(
            raw_request(harness.url + "/v1/chat/completions", body=_chat(system), headers=AUTH)
        )
        assert reply.status == 200
    records = harness.records()
    breaks = [b for r in records for b in r.breaks if b.before or b.after]
    assert breaks, [r.breaks for r in records]
    for b in breaks:
        for text, whole in ((b.before, systems[0]), (b.after, systems[1])):
            assert text
            shown = text.strip("…")
            assert shown in whole and len(shown) <= len(whole) // 2, text
    # the changed character is in view
    assert any("01" in (b.before or "") and "09" in (b.after or "") for b in breaks)
    for r in records:
        assert systems[0] not in (r.body or "") and systems[1] not in (r.body or "")


def _token_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("promptlint_proxy_tokens_total{")]


def _total(lines: list[str]) -> int:
    return sum(int(line.rsplit(" ", 1)[1]) for line in lines)


def test_client_chosen_model_names_cannot_grow_the_metrics_without_bound() -> None:
    metrics = Metrics()
    for i in range(5000):
        metrics.count_tokens("openai", f"gpt-attack-{i}", 10, 2, 0, 1)
    metrics.count_tokens("openai", "gpt-attack-0", 10, 2, 0, 1)  # a known model keeps its label
    text = metrics.render()
    lines = _token_lines(text)
    models = {line.split('model="', 1)[1].split('"', 1)[0] for line in lines}
    assert len(models) <= MAX_MODEL_LABELS + 1 and OTHER_MODEL in models
    assert len(text) < 64 * 1024
    assert _total(lines) == 5001 * 13  # folded, not dropped
    assert 'model="gpt-attack-0",kind="prompt"} 20' in text


def test_model_labels_stay_bounded_across_writer_processes() -> None:
    # the proxy's view merges a writer child's counters with its dead predecessors'
    proxy_side = Metrics()
    for generation in range(3):
        child = Metrics()
        for i in range(MAX_MODEL_LABELS):
            child.count_tokens("anthropic", f"m-{generation}-{i}", 1, 0, 0, 0)
        proxy_side.set_remote(child.writer_snapshot())
        proxy_side.fold_remote()  # the child died; a new one starts at zero
    lines = _token_lines(proxy_side.render())
    models = {line.split('model="', 1)[1].split('"', 1)[0] for line in lines}
    assert len(models) <= MAX_MODEL_LABELS + 1
    assert _total(lines) == 3 * MAX_MODEL_LABELS
