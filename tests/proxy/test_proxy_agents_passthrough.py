"""Exact pass-through with the real agents (`make test-agents`): the same agent run direct
against the stand-in upstream and through the real `promptlint proxy` process.

A TCP tap on each side (tests/proxy/tap.py) keeps the bytes below the agent's HTTP library:
between the agent and the upstream (or the proxy), and between the proxy and the upstream.
Direct and proxied, the upstream gets byte-identical request bodies and the agent gets
byte-identical responses, streamed (both agents stream server-sent events) — apart from what
varies per run by itself, normalised and named here:

- in request bodies, the UUIDs the agent makes per run: Claude Code's session id inside
  `metadata.user_id`; Codex's thread, turn and installation ids (`prompt_cache_key`,
  `client_metadata`) and the ids of its input items; and the order of the keys of Codex's
  `client_metadata` (filled from a hash map: another order per process) and the
  `turn_started_at_unix_ms` in its turn metadata; nothing else;
- in request headers, the same ids (`x-claude-code-session-id`; Codex's `session-id`,
  `thread-id`, `x-client-request-id`, `x-codex-window-id`, `x-codex-turn-metadata`) and
  `host` (another port);
- in responses, the stand-in upstream's `date` header and the agent's ids it echoes (a
  Responses object carries the request's `prompt_cache_key`) — between the proxy and the
  agent nothing at all: the agent gets what the upstream sent, byte for byte;
- and, as HTTP requires, the hop-by-hop `connection` header, which the proxy does not
  forward, and `transfer-encoding`, the framing the proxy writes anew (the de-chunked
  bodies are compared) (docs/proxy.md, "What the transport guarantees").

Codex over the Responses API's WebSocket mode (`supports_websockets = true`) is compared
frame by frame after the upgrade (RFC 6455; the tap inflates permessage-deflate, which
both Codex and the stand-in negotiate):

- what the upstream receives through the proxy is what Codex sent into it, frame for frame:
  FIN, opcode, RSV1 (compressed) and the unmasked, inflated payload (mask keys are random
  per frame and each connection has its own deflate stream, so the raw bytes differ);
- what Codex receives is what the upstream sent, byte for byte (server frames are unmasked;
  the proxy compresses anew, with the stand-in's library and settings, so the bytes are the
  same), close frames and their codes included;
- the one frame the proxy adds is the close Codex never sends (it exits without one): the
  proxy closes the upstream with "going away" (1001), or answers an upstream's close with
  its code (4001 here); the upstream's answer to that close finds Codex gone;
- handshakes: the end-to-end headers cross in order both ways; the handshake's own
  (`connection`, `upgrade`, `sec-websocket-*`) are each connection's;
- direct against proxied, Codex's messages differ only as its HTTP bodies do, plus the
  `x-codex-ws-stream-request-start-ms` time in `client_metadata`; the upstream's messages
  only by the ids it echoes; the handshake headers by the per-run ids and `date`.

Each upstream is a fresh stand-in with its clock fixed, so its ids and timestamps repeat.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.agentlogs.record_agents import Upstream, agent_bin
from tests.proxy.tap import CLOSE, TEXT, Frame, Message, Tap
from tests.proxy.test_proxy_agents import KEY, Proxy

pytestmark = pytest.mark.agents

CLOCK = 1_796_000_000.0  # a fixed "now" for the stand-in upstream (2026-11-29)
UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# The time Codex started the turn, in its turn metadata (a JSON string in the body).
PER_RUN_TIME = re.compile(rb'(turn_started_at_unix_ms\\?":)\d+')
# Over a WebSocket, also the time Codex began each `response.create` (in client_metadata).
WS_PER_RUN_TIME = re.compile(rb'("x-codex-ws-stream-request-start-ms":")\d+')
# Headers that carry the agent's per-run ids, or the connection's port.
PER_RUN_HEADERS = {
    b"host",
    b"x-claude-code-session-id",
    b"session-id",
    b"thread-id",
    b"x-client-request-id",
    b"x-codex-window-id",
    b"x-codex-turn-metadata",
}
CODEX_METADATA = (
    "root_turn_id",
    "turn_id",
    "thread_id",
    "session_id",
    "x-codex-installation-id",
    "x-codex-turn-metadata",
    "x-codex-window-id",
)
# Where Codex's bodies carry UUIDs of its own (thread, turn, installation, input items).
CODEX_UUID_PATHS = {"prompt_cache_key", "input[*].id"} | {
    f"client_metadata.{k}" for k in CODEX_METADATA
}
# Hop-by-hop: about one connection, not forwarded (RFC 9110 §7.6.1; docs/proxy.md).
# Transfer-Encoding is framing: the proxy writes its own chunks (so the header moves).
HOP_BY_HOP = {b"connection", b"keep-alive", b"transfer-encoding"}
# A WebSocket handshake's own headers: each side of the proxy negotiates its own (RFC 6455
# §4; the key and accept are random per connection, the extensions each side's).
HANDSHAKE = {
    b"connection",
    b"upgrade",
    b"sec-websocket-key",
    b"sec-websocket-accept",
    b"sec-websocket-version",
    b"sec-websocket-extensions",
}


def _ordinal_uuids(data: bytes) -> tuple[bytes, list[bytes]]:
    """Each distinct UUID replaced by its order of first appearance; and the UUIDs."""
    seen: dict[bytes, bytes] = {}

    def sub(m: re.Match[bytes]) -> bytes:
        return seen.setdefault(m.group(0), b"<uuid-%d>" % (len(seen) + 1))

    return UUID.sub(sub, data), list(seen)


def _sorted_object(data: bytes, key: bytes) -> bytes:
    """`data` with the JSON object under `"key":` written with sorted keys, the rest as is:
    Codex fills `client_metadata` from a hash map, whose order changes per process."""
    text, name = data.decode(), '"' + key.decode() + '":'
    at = text.find(name + "{")
    if at < 0:
        return data
    start = at + len(name)
    obj, end = json.JSONDecoder().raw_decode(text, start)
    return (
        text[:start] + json.dumps(obj, sort_keys=True, separators=(",", ":")) + text[end:]
    ).encode()


def _uuid_paths(body: Any, path: str = "") -> set[str]:
    """Where in a JSON body UUIDs are (list indexes as [*])."""
    if isinstance(body, dict):
        return set().union(*(_uuid_paths(v, f"{path}.{k}") for k, v in body.items()))
    if isinstance(body, list):
        return set().union(*(_uuid_paths(v, f"{path}[*]") for v in body))
    if isinstance(body, str) and UUID.search(body.encode()):
        return {path.lstrip(".")}
    return set()


def _headers(msg: Message, skip: set[bytes]) -> list[tuple[bytes, bytes]]:
    return [(k, v) for k, v in msg.head[1] if k not in skip]


def _run_both(tmp: Path, run_agent: Callable[[str, Path], None]) -> tuple[Tap, Tap, Tap]:
    """The taps (agent<->upstream direct, agent<->proxy, proxy<->upstream) after the runs."""
    with Upstream() as up:
        up.fake.clock = CLOCK
        with Tap("127.0.0.1", up.fake.port) as direct:
            run_agent(direct.url, tmp / "direct")
    with Upstream() as up:
        up.fake.clock = CLOCK
        with Tap("127.0.0.1", up.fake.port) as upstream_side:
            proxy = Proxy(tmp / "p", upstream_side.url)
            port = proxy.url.rsplit(":", 1)[1]
            try:
                with Tap("127.0.0.1", int(port)) as client_side:
                    run_agent(client_side.url, tmp / "proxied")
            finally:
                proxy.stop()
    return direct, client_side, upstream_side


def _compare(
    direct: list[tuple[Message, Message]],
    client: list[tuple[Message, Message]],
    upstream: list[tuple[Message, Message]],
    allowed_uuid_paths: set[str],
    unordered: bytes | None = None,
) -> None:
    assert direct and len(direct) == len(client) == len(upstream)
    for (d_req, d_resp), (c_req, c_resp), (u_req, u_resp) in zip(
        direct, client, upstream, strict=True
    ):
        # The proxy forwards what the agent sent, byte for byte.
        assert u_req.body == c_req.body
        # Direct and proxied, the agent sent the same bytes but for its per-run UUIDs.
        d_sent, p_sent = d_req.body, u_req.body
        if unordered is not None:
            d_sent, p_sent = _sorted_object(d_sent, unordered), _sorted_object(p_sent, unordered)
        d_body, _ = _ordinal_uuids(PER_RUN_TIME.sub(rb"\1<time>", d_sent))
        p_body, _ = _ordinal_uuids(PER_RUN_TIME.sub(rb"\1<time>", p_sent))
        assert d_body == p_body
        assert d_req.head[0] == u_req.head[0]  # method and path
        skip = PER_RUN_HEADERS | HOP_BY_HOP
        assert _headers(d_req, skip) == _headers(u_req, skip)
        if d_req.body:
            assert _uuid_paths(json.loads(d_req.body)) <= allowed_uuid_paths
        # The agent got the same response bytes: status, headers, the de-chunked stream.
        assert d_resp.head[0] == c_resp.head[0] == u_resp.head[0]
        assert _headers(d_resp, {b"date"} | HOP_BY_HOP) == _headers(c_resp, {b"date"} | HOP_BY_HOP)
        # What the upstream sent, the agent got, byte for byte; direct and proxied the same
        # but for the agent's ids the upstream echoes (a Responses object's prompt_cache_key).
        assert c_resp.body == u_resp.body
        assert _ordinal_uuids(d_resp.body)[0] == _ordinal_uuids(c_resp.body)[0]
        assert c_resp.body, "an empty response proves nothing"


def test_claude_code_is_passed_through_exactly(tmp_path: Path) -> None:
    claude = agent_bin("claude")
    home = tmp_path / "home"
    project = home / "webapp"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    (project / "README.md").write_text("A web app.\n")

    def run(base: str, _where: Path) -> None:
        # One HOME for both runs (its device id stays), one project: only the session differs.
        env = {
            "PATH": os.environ["PATH"],
            "HOME": str(home),
            "ANTHROPIC_BASE_URL": base,
            "ANTHROPIC_API_KEY": "sk-ant-agents-NOT-A-KEY-0123456789abcdef",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        }
        out = subprocess.run(
            [claude, "-p", "Explain how this project is built.", "--model", "claude-sonnet-4-6"],
            env=env,
            cwd=project,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert out.returncode == 0, out.stderr[-1000:]

    direct, client, upstream = (tap.exchanges() for tap in _run_both(tmp_path, run))
    assert all(req.head[0].startswith(b"POST /v1/messages") for req, _ in direct)
    assert all(
        b"text/event-stream" in dict(resp.head[1]).get(b"content-type", b"") for _, resp in client
    )
    _compare(direct, client, upstream, {"metadata.user_id"})


def _codex(
    tmp: Path, websockets: bool, headers: dict[str, str] | None = None
) -> Callable[[str, Path], None]:
    """A `codex exec` run against `base`, in a fresh HOME at the same path each time (Codex
    writes other metadata keys on a later run than on the first)."""
    codex = agent_bin("codex")
    home = tmp / "home"
    project = home / "api"

    def run(base: str, _where: Path) -> None:
        shutil.rmtree(home, ignore_errors=True)
        project.mkdir(parents=True)
        config = home / ".codex" / "config.toml"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(
            'model = "gpt-5.4"\nmodel_provider = "local"\n[model_providers.local]\n'
            f'name = "local"\nbase_url = "{base}/v1"\nwire_api = "responses"\n'
            'env_key = "OPENAI_API_KEY"\n'
            + ("supports_websockets = true\n" if websockets else "")
            + "".join(f'http_headers."{k}" = "{v}"\n' for k, v in (headers or {}).items())
        )
        out = subprocess.run(
            [codex, "exec", "--skip-git-repo-check", "Summarise this repository."],
            env={"PATH": os.environ["PATH"], "HOME": str(home), "OPENAI_API_KEY": KEY},
            cwd=project,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert out.returncode == 0, out.stderr[-1000:]

    return run


def test_codex_is_passed_through_exactly(tmp_path: Path) -> None:
    direct, client, upstream = (
        tap.exchanges() for tap in _run_both(tmp_path, _codex(tmp_path, websockets=False))
    )
    assert any(req.head[0] == b"POST /v1/responses" for req, _ in direct)
    _compare(direct, client, upstream, CODEX_UUID_PATHS, unordered=b"client_metadata")


def _normalised(payload: bytes) -> bytes:
    """A message as Codex sends it on any run: its per-run UUIDs, turn time and the order of
    its `client_metadata` normalised (as in the HTTP bodies)."""
    times = WS_PER_RUN_TIME.sub(rb"\1<time>", PER_RUN_TIME.sub(rb"\1<time>", payload))
    return _ordinal_uuids(_sorted_object(times, b"client_metadata"))[0]


def _as_sent(frames: list[Frame]) -> list[tuple[bool, int, bool, bytes]]:
    """What a frame carries end to end: FIN, opcode, compressed or not (RSV1), the payload
    unmasked and inflated (mask keys and deflate streams are each connection's own)."""
    return [(f.fin, f.opcode, bool(f.rsv & 0x4), f.payload) for f in frames]


def _comparable(frames: list[Frame]) -> list[tuple[bool, int, bool, bytes]]:
    """Frames as sent, text normalised (close frames carry a code: bytes, not text)."""
    return [
        (fin, op, deflated, _normalised(data) if op == TEXT else data)
        for fin, op, deflated, data in _as_sent(frames)
    ]


def _end_to_end(msg: Message) -> list[tuple[bytes, bytes]]:
    """A handshake's headers without the handshake's own (each side negotiates those)."""
    return [(k, v) for k, v in msg.head[1] if k not in HANDSHAKE | PER_RUN_HEADERS | {b"date"}]


@pytest.mark.parametrize("upstream_closes", [False, True], ids=["client-leaves", "upstream-closes"])
def test_codex_over_websocket_is_passed_through_exactly(
    tmp_path: Path, upstream_closes: bool
) -> None:
    # The stand-in closes the socket (4001) after the turn's two messages when asked.
    headers = {"x-fake-close-after": "2"} if upstream_closes else None
    taps = _run_both(tmp_path, _codex(tmp_path, websockets=True, headers=headers))
    direct, client, upstream = (tap.upgrades() for tap in taps)
    # Codex used the WebSocket both times: every connection upgraded, nothing over HTTP.
    assert direct and len(direct) == len(client) == len(upstream)
    assert all(len(tap.connections) == len(direct) for tap in taps)
    for d, c, u in zip(direct, client, upstream, strict=True):
        for side in (d, c, u):
            assert not side.client_rest and not side.server_rest  # no frame cut off
            assert all(f.masked for f in side.client_frames)
            assert not any(f.masked for f in side.server_frames)
        assert c.client_frames and c.server_frames, "an empty socket proves nothing"
        # The handshake: Codex's headers reach the upstream in order, the upstream's reach
        # Codex; only the handshake's own headers are each connection's.
        assert _end_to_end(u.request) == _end_to_end(c.request)
        assert _end_to_end(c.response) == _end_to_end(u.response)
        offer = dict(c.request.head[1])[b"sec-websocket-extensions"]
        assert dict(u.request.head[1])[b"sec-websocket-extensions"] == offer
        # Client -> upstream, frame for frame: opcode, FIN, compression and payload (the
        # proxy masks and deflates anew).
        sent, got = _as_sent(c.client_frames), _as_sent(u.client_frames)
        client_left = not any(f.opcode == CLOSE for f in c.client_frames)
        if client_left:
            # Codex exits without a close frame (its TCP connection just ends), also after
            # the upstream's close: the proxy then closes the upstream socket with a close
            # frame of its own, and only that: "going away" (1001), or the answer to the
            # upstream's close, its code echoed (RFC 6455 §5.5.1).
            extra = u.client_frames[len(sent) :]
            assert [f.close_code for f in extra] == [4001 if upstream_closes else 1001]
            got = got[: len(sent)]
        assert got == sent
        # Upstream -> client, byte for byte (server frames are not masked; the proxy deflates
        # anew, with the stand-in's library and settings: the same bytes), close frames and
        # their codes too; only the upstream's answer to the proxy's own close finds the
        # client gone.
        c_raw, u_raw = [f.raw for f in c.server_frames], [f.raw for f in u.server_frames]
        assert c_raw == u_raw[: len(c_raw)]
        missing = u.server_frames[len(c_raw) :]
        assert not missing or (client_left and [f.opcode for f in missing] == [CLOSE])
        if upstream_closes:  # the upstream's close reached Codex, code and reason
            assert c.server_frames[-1].close_code == 4001
        # Direct and proxied Codex sent and got the same messages but for its per-run ids,
        # which are only where they are over HTTP.
        for f in d.client_frames:
            if f.opcode == TEXT:
                assert _uuid_paths(json.loads(f.payload)) <= CODEX_UUID_PATHS
        assert _comparable(d.client_frames) == _comparable(c.client_frames)
        assert _comparable(d.server_frames) == _comparable(c.server_frames)
        assert _end_to_end(d.request) == _end_to_end(c.request)
        assert _end_to_end(d.response) == _end_to_end(c.response)
    creates = [json.loads(f.payload) for u in upstream for f in u.client_frames if f.opcode == TEXT]
    assert [m["type"] for m in creates] == ["response.create"] * len(creates) and creates
