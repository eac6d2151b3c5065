"""WebSockets through the real proxy: pass-through on any path, and the Responses and
Realtime APIs' turns recorded like HTTP requests (against the local stand-in upstream)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from harness import OPENAI_KEY, Harness, raw_request

from promptlint.store import open_store

AUTH = {"Authorization": f"Bearer {OPENAI_KEY}"}
INSTRUCTIONS = "You are a coding agent. " + "Follow the repository's conventions. " * 300
TOOLS = [
    {
        "type": "function",
        "name": "shell",
        "description": "Run a shell command.",
        "parameters": {"type": "object", "properties": {"cmd": {"type": "string"}}},
    }
]


def _user(text: str) -> dict[str, Any]:
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


async def _turns(base: str, creates: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Send each `response.create` on one socket; the events of each turn, to its end.

    A create whose `previous_response_id` is "PREV" continues the turn before it.
    """
    out: list[list[dict[str, Any]]] = []
    async with (
        aiohttp.ClientSession() as s,
        s.ws_connect(base.replace("http", "ws") + "/v1/responses", headers=AUTH) as ws,
    ):
        last_id = None
        for create in creates:
            if create.get("previous_response_id") == "PREV":
                create = {**create, "previous_response_id": last_id}
            await ws.send_str(json.dumps({"type": "response.create", **create}))
            events = []
            while True:
                msg = await ws.receive(timeout=10)
                assert msg.type is aiohttp.WSMsgType.TEXT, msg
                ev = json.loads(msg.data)
                events.append(ev)
                if ev["type"] in ("response.completed", "error"):
                    break
            last_id = events[-1].get("response", {}).get("id")
            out.append(events)
    return out


_ID = re.compile(r'"(resp|msg|fc|call|req)_[0-9a-f]{12}"')


def _shape(events: list[list[dict[str, Any]]]) -> str:
    """The events with the upstream's running ids and clock taken out."""
    text = json.dumps(events, sort_keys=True)
    return re.sub(r'"created_at": \d+', '"created_at": 0', _ID.sub('"ID"', text))


def test_other_paths_relay_messages_and_close_codes(harness: Harness) -> None:
    async def run(base: str) -> tuple[list[Any], int | None, str, str | None]:
        async with (
            aiohttp.ClientSession() as s,
            s.ws_connect(base.replace("http", "ws") + "/some/socket?x=1") as ws,
        ):
            got: list[Any] = []
            for m in ("hello", "ünïcode ✓", "x" * 300_000):
                await ws.send_str(m)
                got.append((await ws.receive(timeout=10)).data)
            await ws.send_bytes(b"\x00\x01binary\xff")
            got.append((await ws.receive(timeout=10)).data)
            await ws.send_str("close")
            closing = await ws.receive(timeout=10)
            header = ws._response.headers.get("x-fake-echo")
            return got, ws.close_code, str(closing.extra), header

    direct = harness.run(run(harness.fake.url))
    proxied = harness.run(run(harness.url))
    assert proxied == direct
    assert proxied[1] == 4000 and proxied[2] == "asked to close"
    assert proxied[3] == "1"  # the upstream's handshake headers reach the client


def test_client_close_code_reaches_the_upstream(harness: Harness) -> None:
    async def run() -> None:
        async with (
            aiohttp.ClientSession() as s,
            s.ws_connect(harness.url.replace("http", "ws") + "/echo") as ws,
        ):
            await ws.send_str("ping")
            await ws.receive(timeout=10)
            await ws.close(code=4321, message=b"client done")

    harness.run(run())
    harness.settle()
    assert harness.fake.ws_closes == [(4321, None)]


def test_a_client_gone_without_a_close_frame_is_going_away_upstream(harness: Harness) -> None:
    """Codex exits without a close frame: the upstream hears 1001, not a normal closure."""

    async def run() -> None:
        s = aiohttp.ClientSession()
        ws = await s.ws_connect(harness.url.replace("http", "ws") + "/echo")
        await ws.send_str("ping")
        await ws.receive(timeout=10)
        # The TCP connection ends under the socket: no close frame is sent.
        transport = ws._response.connection.transport  # type: ignore[union-attr]
        assert transport is not None
        transport.abort()
        await s.close()

    harness.run(run())
    deadline = time.monotonic() + 10
    while not harness.fake.ws_closes and time.monotonic() < deadline:
        time.sleep(0.02)  # the proxy notices the lost connection on its own
    assert harness.fake.ws_closes == [(1001, None)]


def test_responses_over_websocket_pass_through_exactly(harness: Harness) -> None:
    creates = [
        {"model": "gpt-5.4", "instructions": INSTRUCTIONS, "input": [_user("List files.")]},
        {"model": "gpt-5.4", "instructions": INSTRUCTIONS, "input": [_user("Now the tests.")]},
    ]
    harness.run(_turns(harness.fake.url, creates))  # warms the upstream's cache for both
    proxied = harness.run(_turns(harness.url, creates))
    direct = harness.run(_turns(harness.fake.url, creates))
    assert _shape(proxied) == _shape(direct)
    assert len(harness.fake.ws_received) == 3
    assert harness.fake.ws_received[1] == harness.fake.ws_received[2]  # the client's bytes


def test_each_response_create_is_a_request_with_its_usage(harness: Harness) -> None:
    first = {
        "model": "gpt-5.4",
        "instructions": INSTRUCTIONS,
        "tools": TOOLS,
        "prompt_cache_key": "conv-1",
        "input": [_user('Look around. [[tool_use shell {"cmd": "ls"}]]')],
    }
    # The continuation sends only the new items (OpenAI's WebSocket mode, as Codex does).
    result = {"type": "function_call_output", "call_id": "call_x", "output": "README.md"}
    second = {**first, "previous_response_id": "PREV", "input": [result]}
    turns = harness.run(_turns(harness.url, [first, second]))
    call = turns[0][-1]["response"]["output"][0]
    assert call["type"] == "function_call" and call["name"] == "shell"
    assert json.loads(call["arguments"]) == {"cmd": "ls"}
    usage = [t[-1]["response"]["usage"] for t in turns]

    records = sorted(harness.records(), key=lambda r: r.ts)
    assert [r.api for r in records] == ["openai-responses", "openai-responses"]
    for rec, use in zip(records, usage, strict=True):
        assert rec.streamed and rec.status == 200 and rec.parsed
        assert rec.model == "gpt-5.4"
        cached = use["input_tokens_details"]["cached_tokens"]
        assert rec.cache_read_tokens == cached
        assert rec.uncached_input_tokens == use["input_tokens"] - cached
        assert rec.output_tokens == use["output_tokens"]
    a, b = records
    assert usage[1]["input_tokens_details"]["cached_tokens"] > 0  # the upstream's cache held
    # The continuation extends the first turn: same session, that turn its parent, no break.
    assert b.parent_id == a.id and b.session_id == a.session_id
    # new-content only says where the new tokens start (the function call's output).
    assert [x.cause for x in b.breaks] == ["new-content"] and b.breaks[0].lost_tokens == 0
    assert OPENAI_KEY not in (a.body or "") + (b.body or "") + a.key_hash


def test_a_cache_break_over_websocket_is_diagnosed(harness: Harness) -> None:
    first = {"model": "gpt-5.4", "instructions": INSTRUCTIONS, "input": [_user("Hi.")]}
    edited = {**first, "instructions": "Current time: 10:41:07\n" + INSTRUCTIONS}
    harness.run(_turns(harness.url, [first]))
    harness.run(_turns(harness.url, [edited]))
    a, b = sorted(harness.records(), key=lambda r: r.ts)
    assert b.parent_id == a.id
    assert b.breaks and b.breaks[0].segment == "instructions"


def test_a_refused_upgrade_reaches_the_client_and_is_no_prompt(harness: Harness) -> None:
    async def run(base: str) -> int:
        async with aiohttp.ClientSession() as s:
            with pytest.raises(aiohttp.WSServerHandshakeError) as info:
                await s.ws_connect(base.replace("http", "ws") + "/v1/responses")
            return info.value.status

    assert harness.run(run(harness.url)) == harness.run(run(harness.fake.url)) == 401
    (rec,) = harness.records()
    assert rec.api == "other" and rec.status == 401 and not rec.parsed
    assert "upgrade refused" in (rec.error or "")
    with open_store(harness.store_url) as store:
        assert rec.session_id == "" and store.sessions() == []  # recorded, never a session


def test_head_and_model_lists_are_recorded_but_are_no_sessions(harness: Harness) -> None:
    harness.run(raw_request(harness.url + "/", "HEAD"))
    harness.run(raw_request(harness.url + "/v1/models", "GET", headers=AUTH))
    records = harness.records()
    assert sorted(r.status for r in records) == [200, 200]
    with open_store(harness.store_url) as store:
        assert store.sessions() == []


def test_realtime_turns_are_recorded_with_their_usage(harness: Harness) -> None:
    async def run() -> list[dict[str, Any]]:
        url = harness.url.replace("http", "ws") + "/v1/realtime?model=gpt-realtime"
        done = []
        async with (
            aiohttp.ClientSession() as s,
            s.ws_connect(url, headers=AUTH, protocols=("realtime",)) as ws,
        ):
            assert ws.protocol == "realtime"
            assert json.loads((await ws.receive(timeout=10)).data)["type"] == "session.created"
            await ws.send_str(
                json.dumps({"type": "session.update", "session": {"instructions": INSTRUCTIONS}})
            )
            for text in ("Hello.", "And again."):
                item = _user(text)
                await ws.send_str(json.dumps({"type": "conversation.item.create", "item": item}))
                await ws.send_str(json.dumps({"type": "response.create"}))
                while True:
                    ev = json.loads((await ws.receive(timeout=10)).data)
                    if ev["type"] == "response.done":
                        done.append(ev["response"]["usage"])
                        break
        return done

    usage = harness.run(run())
    records = sorted(harness.records(), key=lambda r: r.ts)
    assert [r.api for r in records] == ["openai-realtime", "openai-realtime"]
    for rec, use in zip(records, usage, strict=True):
        cached = use["input_token_details"]["cached_tokens"]
        assert rec.cache_read_tokens == cached
        assert rec.uncached_input_tokens == use["input_tokens"] - cached
        assert rec.output_tokens == use["output_tokens"]
        assert rec.model == "gpt-realtime"
    assert usage[1]["input_token_details"]["cached_tokens"] > 0


CODEX = json.loads((Path(__file__).parent / "data" / "codex_ws_exec.json").read_text())


def test_codexs_recorded_sequence_is_one_session_without_false_breaks(harness: Harness) -> None:
    """Codex 0.171.0's frames (tests/proxy/data/codex_ws_exec.json, a reconstruction of a
    real run): a `generate: false` prewarm, then the turn as a `previous_response_id`
    continuation carrying only its new items; the upgrade carries its `session-id`."""
    headers = {**AUTH, "session-id": "019ada11-0000-7000-8000-000000000001"}
    headers.update({h: "x" for h in CODEX["upgrade_headers"] if h not in headers})

    async def run() -> list[dict[str, Any]]:
        done = []
        async with (
            aiohttp.ClientSession() as s,
            s.ws_connect(
                harness.url.replace("http", "ws") + "/v1/responses", headers=headers
            ) as ws,
        ):
            last = None
            for frame in CODEX["frames"]:
                if frame.get("previous_response_id"):
                    frame = {**frame, "previous_response_id": last}
                await ws.send_str(json.dumps(frame))
                while True:
                    ev = json.loads((await ws.receive(timeout=10)).data)
                    if ev["type"] == "response.completed":
                        last = ev["response"]["id"]
                        done.append(ev["response"])
                        break
        return done

    responses = harness.run(run())
    prewarm, turn = sorted(harness.records(), key=lambda r: r.ts)
    assert responses[0]["output"] == [] and prewarm.output_tokens == 0
    assert turn.parent_id == prewarm.id
    assert prewarm.session_id == turn.session_id == "019ada11-0000-7000-8000-000000000001"
    # The continuation is read from the prewarm's cache: nothing broke.
    assert turn.cache_read_tokens == responses[1]["usage"]["input_tokens_details"]["cached_tokens"]
    assert turn.cache_read_tokens > 0
    assert [b.cause for b in turn.breaks] == ["new-content"]
