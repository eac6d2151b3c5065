"""The proxy under abuse and on real networks, second part of the hardening: short segments
never stored whole, slow and idle clients cut off, bounded metrics, response copies in the
byte budget, private CAs and egress proxies. Each test fails without its fix."""

from __future__ import annotations

import json

from harness import OPENAI_KEY, Harness, raw_request

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
