"""The `agents` group through the proxy: the real Codex CLI (from npm, `make test-agents`)
run by the real `promptlint proxy` process against the local stand-in upstream.

Codex speaks the Responses API over a WebSocket when its provider says it may
(`supports_websockets = true`); before the proxy relayed upgrades it retried five times and
fell back to HTTP. Under CI=true a missing agent fails instead of skipping.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from promptlint.store import open_store
from tests.agentlogs.record_agents import Upstream, agent_bin

pytestmark = pytest.mark.agents

PROMPTLINT = str(Path(sys.executable).parent / "promptlint")
KEY = "sk-proj-agents-NOT-A-KEY-0123456789abcdef"
TURNS = [
    ["Summarise this repository."],
    ["resume", "--last", "More detail, please."],
    ["resume", "--last", "And the CI setup?"],
]


@pytest.fixture
def upstream() -> Iterator[Upstream]:
    with Upstream() as up:
        yield up


class Proxy:
    def __init__(self, tmp: Path, upstream: str) -> None:
        self.store = f"sqlite:///{tmp / 'proxy.db'}"
        self.state = tmp / "state"
        self.proc = subprocess.Popen(
            [
                *(PROMPTLINT, "proxy", "--listen", "127.0.0.1:0", "--upstream", upstream),
                *("--store", self.store, "--state-dir", str(self.state)),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", first)
        assert match, first + self.proc.stderr.read() if self.proc.stderr else first
        self.url = match.group(1)

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        _out, err = self.proc.communicate(timeout=60)
        assert self.proc.returncode == 0, err
        return err


def _codex(codex: str, home: Path, base: str, args: list[str]) -> tuple[str, float]:
    config = home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(
        'model = "gpt-5.4"\nmodel_provider = "local"\n[model_providers.local]\n'
        f'name = "local"\nbase_url = "{base}/v1"\nwire_api = "responses"\n'
        'env_key = "OPENAI_API_KEY"\nsupports_websockets = true\n'
    )
    project = home / "api"
    project.mkdir(exist_ok=True)
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "OPENAI_API_KEY": KEY}
    t = time.perf_counter()
    out = subprocess.run(
        [codex, "exec", "--skip-git-repo-check", *args],
        env=env,
        cwd=project,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    took = time.perf_counter() - t
    assert out.returncode == 0, out.stderr[-1000:]
    return out.stdout, took


def _run_codex(codex: str, home: Path, base: str) -> tuple[list[str], float]:
    answers, total = [], 0.0
    for args in TURNS:
        out, took = _codex(codex, home, base, args)
        answers.append(out)
        total += took
    return answers, total


def test_codex_over_websocket_through_the_proxy(upstream: Upstream, tmp_path: Path) -> None:
    codex = agent_bin("codex")
    fake = upstream.fake
    direct, t_direct = _run_codex(codex, tmp_path / "direct", fake.url)
    direct_sockets, direct_usage = len(fake.ws_received), len(fake.ws_usage)
    assert direct_sockets == len(TURNS)  # Codex does use the WebSocket here
    fake.received.clear()
    fake.keep_received = 1000

    proxy = Proxy(tmp_path, fake.url)
    try:
        proxied, t_proxied = _run_codex(codex, tmp_path / "proxied", proxy.url)
    finally:
        err = proxy.stop()
    print(f"\ncodex, {len(TURNS)} runs: direct {t_direct:.2f} s, proxied {t_proxied:.2f} s")
    # Every turn went over the WebSocket: no upgrade refused, no fallback to HTTP POSTs.
    assert [r.method for r in fake.received] == ["GET"] * len(TURNS)
    assert not any(r.method == "POST" for r in fake.received)
    assert len(fake.ws_received) == 2 * direct_sockets
    assert [a.strip().splitlines()[-1:] for a in proxied] == [
        a.strip().splitlines()[-1:] for a in direct
    ]
    assert "Traceback" not in err

    sent = fake.ws_usage[direct_usage:]
    creates = [json.loads(m) for sock in fake.ws_received[direct_sockets:] for m in sock]
    with open_store(proxy.store) as store:
        records = sorted(store.iter_requests(), key=lambda r: r.ts)
    # One record per response.create (Codex prewarms each socket with generate: false).
    assert len(records) == len(creates) == len(sent)
    for rec, use in zip(records, sent, strict=True):
        assert rec.api == "openai-responses" and rec.status == 200 and rec.parsed
        cached = use["input_tokens_details"]["cached_tokens"]
        assert (rec.cache_read_tokens, rec.uncached_input_tokens, rec.output_tokens) == (
            cached,
            use["input_tokens"] - cached,
            use["output_tokens"],
        )
    # The three runs are one Codex thread (resume --last): one session.
    threads = {c["prompt_cache_key"] for c in creates}
    assert len(threads) == 1
    assert len({r.session_id for r in records}) == 1
    # No credential anywhere the proxy writes.
    for path in [*proxy.state.rglob("*"), *tmp_path.glob("proxy.db*")]:
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path


def test_claude_code_through_the_proxy(upstream: Upstream, tmp_path: Path) -> None:
    """Claude Code 2.1 (`-p`, then `--continue`) through the real proxy: its own session id
    names the session, the follow-up extends the first request with no false break."""
    claude = agent_bin("claude")
    upstream.fake.keep_received = 100
    home = tmp_path / "home"
    project = home / "webapp"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    proxy = Proxy(tmp_path, upstream.fake.url)
    key = "sk-ant-agents-NOT-A-KEY-0123456789abcdef"
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),
        "ANTHROPIC_BASE_URL": proxy.url,
        "ANTHROPIC_API_KEY": key,
        "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    }
    model = ["--model", "claude-sonnet-4-6"]
    try:
        for args in (
            ["-p", "Explain how this project is built.", *model],
            ["-p", "--continue", "And how are the tests run?", *model],
        ):
            out = subprocess.run(
                [claude, *args], env=env, cwd=project, capture_output=True, text=True, timeout=180
            )
            assert out.returncode == 0, out.stderr[-1000:]
    finally:
        proxy.stop()
    sent = [r for r in upstream.fake.received if r.method == "POST"]
    session_ids = {
        dict((k.lower(), v) for k, v in r.headers)["x-claude-code-session-id"] for r in sent
    }
    with open_store(proxy.store) as store:
        records = sorted(store.iter_requests(), key=lambda r: r.ts)
    assert len(records) == len(sent) == 2
    first, second = records
    # The session is Claude Code's own id, the one its log under ~/.claude/projects is named.
    (sid,) = session_ids
    assert first.session_id == second.session_id == sid
    logs = list((home / ".claude" / "projects").rglob(f"{sid}.jsonl"))
    assert logs, "Claude Code's log is named after the session it sent"
    assert second.parent_id == first.id and second.cache_read_tokens > 0
    assert [b.cause for b in second.breaks if b.cause != "new-content"] == []
    for path in [*proxy.state.rglob("*"), *tmp_path.glob("proxy.db*")]:
        if path.is_file():
            assert key.encode() not in path.read_bytes(), path


def _true_parents(bodies: list[dict[str, Any]]) -> list[int | None]:
    """The truth, from the bodies the agent sent: each request's predecessor is the earlier
    one with the longest input (Responses) or messages (chat) that is this one's prefix, the
    latest of equals (None: a conversation's first)."""
    out: list[int | None] = []
    for k, body in enumerate(bodies):
        inp = body.get("input") or body.get("messages") or []
        parent, longest = None, 0
        for j in range(k - 1, -1, -1):
            prev = bodies[j].get("input") or bodies[j].get("messages") or []
            if longest < len(prev) < len(inp) and inp[: len(prev)] == prev:
                parent, longest = j, len(prev)
        out.append(parent)
    return out


def test_agents_sdk_three_conversations_in_one_process(upstream: Upstream, tmp_path: Path) -> None:
    """The OpenAI Agents SDK (openai-agents from PyPI, `make test-agents`) running three
    conversations that open with the same words, each with a tool call answered in the
    Responses wire format: parents and sessions as the bodies say."""
    agents = pytest.importorskip("agents") if os.environ.get("CI") != "true" else None
    import agents  # noqa: F811 - under CI=true a missing SDK fails here

    upstream.fake.keep_received = 200
    proxy = Proxy(tmp_path, upstream.fake.url)

    @agents.function_tool
    def lookup(topic: str) -> str:
        """Look a topic up in the project's notes."""
        return f"Notes on {topic}: see docs/."

    async def run() -> None:
        import openai

        client = openai.AsyncOpenAI(base_url=proxy.url + "/v1", api_key=KEY, max_retries=0)
        agents.set_tracing_disabled(True)
        model = agents.OpenAIResponsesModel(model="gpt-5.4", openai_client=client)
        agent = agents.Agent(
            name="helper",
            instructions="You help with the project. " * 300,
            tools=[lookup],
            model=model,
        )
        opening = 'Hello, can you help me? [[tool_use lookup {"topic": "setup"}]]'
        history = {}
        for name in ("A", "B", "C"):
            result = await agents.Runner.run(agent, opening)
            history[name] = result.to_input_list()
        for name, text in (("A", "And the tests?"), ("C", "And the CI?"), ("A", "Thanks.")):
            items = [*history[name], {"role": "user", "content": text}]
            result = await agents.Runner.run(agent, items)
            history[name] = result.to_input_list()
        await client.close()

    try:
        asyncio.run(run())
    finally:
        proxy.stop()
    sent = [json.loads(r.body) for r in upstream.fake.received if r.method == "POST"]
    with open_store(proxy.store) as store:
        records = sorted(store.iter_requests(), key=lambda r: r.ts)
    assert (
        len(records) == len(sent) == 9
    )  # 3 openings and 3 follow-ups, a tool call in each opening
    truth = _true_parents(sent)
    assert truth.count(None) == 3  # the three conversations' first requests
    got = [
        next((k for k, r in enumerate(records) if r.id == rec.parent_id), None) for rec in records
    ]
    for k, (t, g) in enumerate(zip(truth, got, strict=True)):
        if t is not None:
            assert g == t, f"request {k}: parent {g}, the bodies say {t}"

    # A conversation is one session; the three are three.
    def conversation(k: int) -> int:
        while truth[k] is not None:
            k = truth[k]  # type: ignore[assignment]
        return k

    by_conv: dict[int, set[str]] = {}
    for k, rec in enumerate(records):
        by_conv.setdefault(conversation(k), set()).add(rec.session_id)
    assert all(len(s) == 1 for s in by_conv.values())
    assert len(set().union(*by_conv.values())) == 3
    for rec in records:
        assert [b.cause for b in rec.breaks if b.cause != "new-content"] == [], rec.breaks


def test_the_agents_default_models_are_priced_or_flagged(
    upstream: Upstream, tmp_path: Path
) -> None:
    """With no model chosen, Claude Code 2.1.332 and Codex 0.171.0 send their defaults:
    the first is priced from the bundled snapshot, the second (not in LiteLLM's newest data)
    is recorded unpriced, and the report says so in every format."""
    claude, codex = agent_bin("claude"), agent_bin("codex")
    upstream.fake.keep_received = 100
    home = tmp_path / "home"
    project = home / "webapp"
    project.mkdir(parents=True)
    proxy = Proxy(tmp_path, upstream.fake.url)
    try:
        env = {
            "PATH": os.environ["PATH"],
            "HOME": str(home),
            "ANTHROPIC_BASE_URL": proxy.url,
            "ANTHROPIC_API_KEY": "sk-ant-agents-NOT-A-KEY-0123456789abcdef",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        }
        out = subprocess.run(
            [claude, "-p", "Explain how this project is built."],
            env=env,
            cwd=project,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert out.returncode == 0, out.stderr[-1000:]
        config = home / ".codex" / "config.toml"
        config.parent.mkdir(parents=True)
        config.write_text(
            'model_provider = "local"\n[model_providers.local]\n'
            f'name = "local"\nbase_url = "{proxy.url}/v1"\nwire_api = "responses"\n'
            'env_key = "OPENAI_API_KEY"\n'
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
    finally:
        proxy.stop()
    sent = {json.loads(r.body)["model"] for r in upstream.fake.received if r.method == "POST"}
    assert sent == {"claude-opus-5-5", "gpt-6.2-sol"}
    with open_store(proxy.store) as store:
        by_model = {r.model: r for r in store.iter_requests()}
    assert Decimal(by_model["claude-opus-5-5"].cost_usd) > 0
    assert Decimal(by_model["gpt-6.2-sol"].cost_usd) == 0
    report = subprocess.run(
        [PROMPTLINT, "report", "--store", proxy.store, "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = {r["model"]: r for r in json.loads(report.stdout)["rows"]}
    assert rows["claude-opus-5-5"]["price_known"] is True
    assert rows["gpt-6.2-sol"]["price_known"] is False
    table = subprocess.run(
        [PROMPTLINT, "report", "--store", proxy.store], capture_output=True, text=True, check=True
    )
    assert "gpt-6.2-sol (no price)" in table.stdout
    assert "warning: no price for gpt-6.2-sol" in table.stdout + table.stderr


# mini-swe-agent (PyPI, `make test-agents`) as its docs run it: DefaultAgent with its
# default config, LitellmModel (chat completions with its `bash` tool) and LocalEnvironment,
# in a process of its own; the base URL and key go in `model_kwargs`.
MINI_DRIVER = """
import sys
from pathlib import Path

import yaml
import minisweagent.config
from minisweagent.agents.default import DefaultAgent
from minisweagent.environments.local import LocalEnvironment
from minisweagent.models.litellm_model import LitellmModel

base, key, cwd, task = sys.argv[1:5]
config = yaml.safe_load((Path(minisweagent.config.__file__).parent / "default.yaml").read_text())
model = LitellmModel(
    model_name="openai/gpt-5.4", model_kwargs={"api_base": base + "/v1", "api_key": key}
)
agent = DefaultAgent(model, LocalEnvironment(cwd=cwd), **{**config["agent"], "step_limit": 6})
print(agent.run(task)["exit_status"])
"""
DONE = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"


def test_mini_swe_agent_two_tasks(upstream: Upstream, tmp_path: Path) -> None:
    """mini-swe-agent 2.4 on two tasks, each a command through its bash tool and then the
    submit command (the stand-in upstream answers chat completions with the tool calls the
    task's `[[tool_use …]]` directives ask for): each task is one session whose second
    request extends its first, as the bodies it sent say; its prompts are too short to be
    cached, which is all the diagnosis says of them."""
    if os.environ.get("CI") != "true":
        pytest.importorskip("minisweagent")
    upstream.fake.keep_received = 100
    proxy = Proxy(tmp_path, upstream.fake.url)
    work = tmp_path / "repo"
    work.mkdir()
    (work / "README.md").write_text("A repository.\n")
    submit = f'[[tool_use bash {{"command": "{DONE}"}}]]'
    tasks = [
        f'List the files. [[tool_use bash {{"command": "ls"}}]] {submit}',
        f'Show the readme. [[tool_use bash {{"command": "cat README.md"}}]] {submit}',
    ]
    # Its own HOME (mini writes a global config there); LiteLLM's bundled price map, not
    # the one it would fetch.
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path / "home"),
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    }
    try:
        for task in tasks:
            out = subprocess.run(
                [sys.executable, "-c", MINI_DRIVER, proxy.url, KEY, str(work), task],
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert out.returncode == 0, out.stderr[-2000:]
            assert out.stdout.strip().splitlines()[-1] == "Submitted", out.stdout[-500:]
    finally:
        proxy.stop()
    sent = [json.loads(r.body) for r in upstream.fake.received if r.method == "POST"]
    assert len(sent) == 4 and all(b["tools"][0]["function"]["name"] == "bash" for b in sent)
    with open_store(proxy.store) as store:
        records = sorted(store.iter_requests(), key=lambda r: r.ts)
    assert len(records) == 4
    truth = _true_parents(sent)
    assert truth == [None, 0, None, 2]
    got = [
        next((k for k, r in enumerate(records) if r.id == rec.parent_id), None) for rec in records
    ]
    assert got[1] == 0 and got[3] == 2
    assert records[0].session_id == records[1].session_id != records[2].session_id
    assert records[2].session_id == records[3].session_id
    # The second task's opening shares the system prompt and tool with the first task's
    # latest request: its cache parent, in another session.
    assert got[2] == 1
    for rec in records:
        assert rec.api == "openai-chat" and rec.model == "gpt-5.4" and rec.status == 200
    # What each follow-up shares with its parent stays under OpenAI's 1,024-token minimum:
    # nothing is read from cache, and each is named below-minimum (not avoidable), nothing
    # else.
    assert records[0].breaks == []
    for rec in records[1:]:
        assert rec.cache_read_tokens == 0
        assert [b.cause for b in rec.breaks] == ["below-minimum"], rec.breaks
        assert 0 < rec.breaks[0].lost_tokens < 1024  # the shared prefix, uncacheable
    for path in [*proxy.state.rglob("*"), *tmp_path.glob("proxy.db*")]:
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path
