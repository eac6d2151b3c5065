"""Content forms the providers read as the same prefix hash alike in the Prompt model."""

from __future__ import annotations

from promptlint.wire.prompt import parse_body


def _hashes(body: dict[str, object], api: str) -> list[str]:
    return [s.hash for s in parse_body(body, api).segments]


def test_anthropic_string_equals_one_text_block() -> None:
    as_string = {
        "model": "claude-sonnet-4-6",
        "system": "You are terse.",
        "messages": [{"role": "user", "content": "Where is order 1234?"}],
    }
    as_block = {
        "model": "claude-sonnet-4-6",
        "system": [{"type": "text", "text": "You are terse."}],
        "messages": [
            {
                "role": "user",
                "content": [
                    {
                        "type": "text",
                        "text": "Where is order 1234?",
                        "cache_control": {"type": "ephemeral"},
                    }
                ],
            }
        ],
    }
    assert _hashes(as_string, "anthropic-messages") == _hashes(as_block, "anthropic-messages")
    edited = {**as_string, "messages": [{"role": "user", "content": "Where is order 1235?"}]}
    assert _hashes(edited, "anthropic-messages")[1] != _hashes(as_block, "anthropic-messages")[1]


def test_openai_chat_string_equals_one_text_part() -> None:
    a = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
    b = {
        "model": "gpt-4o",
        "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}],
    }
    assert _hashes(a, "openai-chat") == _hashes(b, "openai-chat")
    two = {
        "model": "gpt-4o",
        "messages": [
            {
                "role": "user",
                "content": [{"type": "text", "text": "h"}, {"type": "text", "text": "i"}],
            }
        ],
    }
    assert _hashes(two, "openai-chat") != _hashes(a, "openai-chat")
