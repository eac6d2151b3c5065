"""Run the real Claude Code, Codex CLI, opencode and Gemini CLI against the local stand-in
upstream and keep the logs they write: the fixtures of tests/agentlogs (`python -m
tests.agentlogs.record_agents OUT`), and the `agents` test group's way of checking that
today's agents still log what `promptlint import` reads.

The scenarios make the breaks a user meets: a follow-up that reads the cache, a pause past
the 5-minute TTL (Claude Code runs under libfaketime's clock, the upstream's clock moves
with it; Codex is a static binary that libfaketime cannot reach, so its TTL case is a unit
test), a model switch and back, a replaced system prompt, a compaction, and a sub-agent
(the upstream answers `[[tool_use Agent …]]` with that tool call). Home and project paths are
scrubbed to /home/user before the logs are kept (in opencode's SQLite store too).

Nothing but loopback is reached: every agent runs with HTTP(S)_PROXY at a dead port (only
loopback bypasses it), opencode with its models list fetch off and the npm package it
installs into its config folder at start (`@opencode-ai/plugin`) installed beforehand by
`make test-agents` (`.agents/opencode-config`), copied into the test's home.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.proxy.fake_upstream import ThreadedUpstream

BASE = Path("/tmp/promptlint-agents")
SCRUBBED_HOME = "/home/user"
FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"
TTL_GAP_S = 400  # past Anthropic's and OpenAI's 5-minute TTL
# Past the stand-in's OpenAI and Gemini cache lifetime too (10 minutes, the upper end of
# OpenAI's "5 to 10 minutes idle"; Gemini's implicit cache states none).
LONG_GAP_S = 700
DEAD_PROXY = "http://127.0.0.1:9"
CHEAPER = "Cheaper model now."
TERSE = "You are a terse assistant. Answer in one sentence."
SUBAGENT = json.dumps(
    {
        "description": "look around",
        "prompt": "List what is in this folder.",
        "subagent_type": "general-purpose",
        "run_in_background": False,
    }
)


class Upstream(ThreadedUpstream):
    """The stand-in upstream with a clock the test moves: `offset_s` ahead of real time
    from each `tick` on (the agent runs under libfaketime's clock, moved as much)."""

    def __init__(self) -> None:
        super().__init__()
        self.offset_s = 0.0

    def __enter__(self) -> Upstream:
        super().__enter__()
        self.fake.clock = time.time()
        return self

    def tick(self) -> None:
        self.fake.clock = time.time() + self.offset_s


def agent_bin(name: str) -> str:
    """An agent from `make test-agents` (PROMPTLINT_AGENTS); missing: a skip, or under
    CI=true a failure."""
    import pytest

    folder = os.environ.get("PROMPTLINT_AGENTS", "")
    path = Path(folder) / name
    if not folder or not path.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is not installed ({folder!r}): run make test-agents")
        pytest.skip(f"{name} not installed: run make test-agents")
    return str(path)


def _timed(env: dict[str, str], up: Upstream) -> dict[str, str]:
    """`env` with the agent's clock moved as far as the upstream's."""
    up.tick()
    if not up.offset_s:
        return env
    # libfaketime preloaded by hand: the `faketime` wrapper's shared-memory clock trips
    # over its own semaphore when run again.
    return {
        **env,
        "LD_PRELOAD": FAKETIME_LIB,
        "FAKETIME": f"+{int(up.offset_s)}s",
        "FAKETIME_DISABLE_SHM": "1",
    }


def _run(cmd: list[str], env: dict[str, str], cwd: Path, up: Upstream) -> str:
    env = _timed(env, up)
    out = subprocess.run(
        cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=180, check=False
    )
    if out.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed ({out.returncode}): {out.stderr[-1500:]}")
    return out.stdout


def _env(extra: dict[str, str], home: Path) -> dict[str, str]:
    keep = {k: os.environ[k] for k in ("PATH", "LANG", "TERM") if k in os.environ}
    agents = os.environ.get("PROMPTLINT_AGENTS")
    if agents:
        # The agents' folder first: its Node.js 20, where `make test-agents` put one there.
        keep["PATH"] = os.pathsep.join([agents, keep.get("PATH", os.defpath)])
    return {**keep, "HOME": str(home), **extra}


def _offline(extra: dict[str, str], home: Path) -> dict[str, str]:
    """An agent's environment in which anything but loopback meets a dead proxy."""
    return _env(
        {
            "HTTPS_PROXY": DEAD_PROXY,
            "HTTP_PROXY": DEAD_PROXY,
            "https_proxy": DEAD_PROXY,
            "http_proxy": DEAD_PROXY,
            "NO_PROXY": "127.0.0.1,localhost",
            "no_proxy": "127.0.0.1,localhost",
            **extra,
        },
        home,
    )


def claude_code(claude: str, up: Upstream, home: Path) -> Path:
    project = home / "webapp"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    env = _env(
        {
            "ANTHROPIC_BASE_URL": up.fake.url,
            "ANTHROPIC_API_KEY": "sk-ant-fixture-not-a-key",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        },
        home,
    )
    model = ["--model", "claude-sonnet-4-6"]
    steps: list[tuple[list[str], float]] = [
        (["-p", "Explain how this project is built.", *model], 0),
        (["-p", "--continue", "And how are the tests run?", *model], 0),
        (["-p", "--continue", "Back after a break: what next?", *model], TTL_GAP_S),
        (["-p", "--continue", "Try the bigger model.", "--model", "claude-opus-4-6"], 0),
        (["-p", "--continue", "Back to the usual model.", *model], 0),
        (
            [*("-p", "--continue", "Now answer tersely.", *model), "--system-prompt", TERSE],
            0,
        ),
        (["-p", "--continue", "/compact", *model], 0),
        (["-p", "--continue", "What did we decide?", *model], 0),
        (["-p", f"Research the layout. [[tool_use Agent {SUBAGENT}]]", *model], 0),
    ]
    for args, pause in steps:
        up.offset_s += pause
        _run([claude, *args], env, project, up)
    return home / ".claude" / "projects"


def codex(codex_bin: str, up: Upstream, home: Path) -> Path:
    project = home / "api"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    config = home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(
        'model = "gpt-5.4"\nmodel_provider = "local"\n[model_providers.local]\n'
        f'name = "local"\nbase_url = "{up.fake.url}/v1"\nwire_api = "responses"\n'
        'env_key = "OPENAI_API_KEY"\n'
    )
    env = _env({"OPENAI_API_KEY": "sk-fixture-not-a-key"}, home)
    steps: list[tuple[list[str], float]] = [
        (["exec", "--skip-git-repo-check", "Summarise this repository."], 0),
        (["exec", "--skip-git-repo-check", "resume", "--last", "More detail, please."], 0),
        (["exec", "--skip-git-repo-check", "resume", "--last", "And the CI setup?"], 0),
        (
            ["exec", "--skip-git-repo-check", "-m", "gpt-5.4-mini", "resume", "--last", CHEAPER],
            0,
        ),
    ]
    for args, pause in steps:
        up.offset_s += pause
        _run([codex_bin, *args], env, project, up)
    return home / ".codex" / "sessions"


def opencode_config_deps(opencode_bin: str) -> Path:
    """The config folder `make test-agents` prepared beside the agents: opencode's own
    `@opencode-ai/plugin`, so opencode finds it installed and downloads nothing."""
    return Path(opencode_bin).parents[2] / "opencode-config"  # beside node_modules/.bin/


def opencode(opencode_bin: str, up: Upstream, home: Path) -> Path:
    project = home / "shop"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    config = home / ".config" / "opencode"
    config.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(opencode_config_deps(opencode_bin), config, symlinks=True)
    provider = {"baseURL": f"{up.fake.url}/v1", "apiKey": "sk-fixture-not-a-key"}
    (config / "opencode.json").write_text(
        json.dumps(
            {
                "provider": {"openai": {"options": provider}},
                "model": "openai/gpt-4o",
                "small_model": "openai/gpt-4o-mini",
                "autoupdate": False,
                "share": "disabled",
            }
        )
    )
    env = _offline(
        {
            "OPENCODE_DISABLE_MODELS_FETCH": "1",
            "OPENCODE_DISABLE_AUTOUPDATE": "1",
            "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
        },
        home,
    )
    run = [opencode_bin, "run"]
    # `opencode run` quotes an argument holding spaces, so the directive goes in pieces
    # without any.
    task = json.dumps(
        {"description": "look", "prompt": "List-this-folder.", "subagent_type": "general"},
        separators=(",", ":"),
    )
    steps: list[tuple[list[str], float]] = [
        ([*run, "Explain how this project is built."], 0),
        ([*run, "-c", "And how are the tests run?"], 0),
        ([*run, "-c", "Back after a break: what next?"], LONG_GAP_S),
        ([*run, "-c", "-m", "openai/gpt-4o-mini", "Try the smaller model."], 0),
        ([*run, "-c", "-m", "openai/gpt-4o", "Back to the usual model."], 0),
    ]
    for args, pause in steps:
        up.offset_s += pause
        _run(args, env, project, up)
    _opencode_compact(opencode_bin, env, project, up, home)
    _run([*run, "-c", "What did we decide?"], env, project, up)
    _run(
        [*run, "--auto", "Research", "the", "layout.", "[[tool_use", "task", task + "]]"],
        env,
        project,
        up,
    )
    return home / ".local" / "share" / "opencode"


def _opencode_compact(
    opencode_bin: str, env: dict[str, str], project: Path, up: Upstream, home: Path
) -> None:
    """`/compact` of the last session, through opencode's server (`opencode run` has no
    compaction): POST /session/{id}/summarize, as the TUI does."""
    db = sqlite3.connect(home / ".local" / "share" / "opencode" / "opencode.db")
    (session,) = db.execute("SELECT id FROM session ORDER BY time_created DESC LIMIT 1").fetchone()
    port = _free_port()
    # On the same clock as the turns before: opencode orders a session by its time-based
    # ids, and a compaction older than the last answer is taken as done.
    server = subprocess.Popen(
        [opencode_bin, "serve", "--port", str(port), "--hostname", "127.0.0.1"],
        env=_timed(env, up),
        cwd=project,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        for line in server.stdout:
            if "listening" in line:
                break
        body = json.dumps({"providerID": "openai", "modelID": "gpt-4o"}).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/session/{session}/summarize?directory={project}",
            data=body,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=120) as response:
            response.read()
        # The summary is written after the answer: wait for its row to complete.
        query = (
            "SELECT count(*) FROM message WHERE session_id = ?"
            " AND data LIKE '%\"summary\":true%' AND data LIKE '%\"completed\"%'"
        )
        deadline = time.time() + 120
        while db.execute(query, (session,)).fetchone()[0] == 0:
            if time.time() > deadline or server.poll() is not None:
                raise RuntimeError("opencode wrote no compaction summary")
            time.sleep(0.5)
    finally:
        db.close()
        server.terminate()
        server.communicate(timeout=30)  # and closes its output pipe


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def gemini_cli(gemini_bin: str, up: Upstream, home: Path) -> Path:
    project = home / "notes"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    settings = home / ".gemini" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(
        json.dumps(
            {
                "general": {
                    "disableAutoUpdate": True,
                    "disableUpdateNag": True,
                    # The CLI's session cleanup deletes every file of a session id when one
                    # of them has no messages (as resuming leaves one): off, to keep them.
                    "sessionRetention": {"enabled": False},
                },
                "privacy": {"usageStatisticsEnabled": False},
                "telemetry": {"enabled": False},
                "security": {"auth": {"selectedType": "gemini-api-key"}},
            }
        )
    )
    env = _offline(
        {
            "GEMINI_API_KEY": "fixture-not-a-key",
            "GOOGLE_GEMINI_BASE_URL": up.fake.url,
            "GEMINI_CLI_TRUST_WORKSPACE": "true",
        },
        home,
    )
    agent = json.dumps(
        {"agent_name": "codebase_investigator", "prompt": "List what is in this folder."}
    )
    flash, pro, resume = (
        ["-m", "gemini-2.5-flash"],
        ["-m", "gemini-2.5-pro"],
        ["--resume", "latest"],
    )
    steps: list[tuple[list[str], float]] = [
        ([*flash, "-p", "Explain how this project is built."], 0),
        ([*flash, *resume, "-p", "And how are the tests run?"], 0),
        ([*flash, *resume, "-p", "Back after a break: what next?"], LONG_GAP_S),
        ([*pro, *resume, "-p", "Try the bigger model."], 0),
        ([*flash, *resume, "-p", "Back to the usual model."], 0),
        ([*flash, "-p", f"Research the layout. [[tool_use invoke_agent {agent}]]"], 0),
    ]
    for args, pause in steps:
        up.offset_s += pause
        _run([gemini_bin, *args], env, project, up)
    return home / ".gemini" / "tmp"


def scrub_db(src: Path, dst: Path, home: Path) -> None:
    """Copy opencode's SQLite store with the machine's paths replaced in every text
    column, its log folded in and its free pages dropped (no old text left in the file)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(src) as live:
        live.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(src, dst)
    db = sqlite3.connect(dst)
    db.execute("PRAGMA journal_mode = DELETE")
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        for column in db.execute(f'PRAGMA table_info("{table}")').fetchall():
            name = column[1]
            db.execute(
                f'UPDATE "{table}" SET "{name}" = replace("{name}", ?, ?)'
                f" WHERE typeof(\"{name}\") = 'text'",
                (str(home), SCRUBBED_HOME),
            )
    db.commit()
    db.execute("VACUUM")
    db.close()


def scrub(src: Path, dst: Path, home_dir: Path) -> None:
    """Copy the logs with the machine's paths replaced (in file names and in the text)."""
    home, flat = str(home_dir), str(home_dir).replace("/", "-")
    for path in sorted(src.rglob("*")):
        if path.is_dir():
            continue
        rel = str(path.relative_to(src)).replace(flat, SCRUBBED_HOME.replace("/", "-"))
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text().replace(home, SCRUBBED_HOME).replace(flat, "-home-user")
        target.write_text(text)


def record(
    out: Path,
    claude: str | None,
    codex_bin: str | None,
    opencode_bin: str | None = None,
    gemini_bin: str | None = None,
    base: Path = BASE,
) -> dict[str, Any]:
    """Run the scenarios with HOME under `base` (tests give each run its own folder: the
    machine is shared) and keep the scrubbed logs under `out`."""
    home = base / "home"
    shutil.rmtree(base, ignore_errors=True)
    home.mkdir(parents=True)
    done: dict[str, Any] = {}
    with Upstream() as up:
        if claude:
            scrub(claude_code(claude, up, home), out / "claude-code", home)
            done["claude-code"] = str(out / "claude-code")
        up.offset_s = 0.0
        if codex_bin:
            scrub(codex(codex_bin, up, home), out / "codex", home)
            done["codex"] = str(out / "codex")
        up.offset_s = 0.0
        if opencode_bin:
            db = opencode(opencode_bin, up, home) / "opencode.db"
            scrub_db(db, out / "opencode" / "opencode.db", home)
            done["opencode"] = str(out / "opencode")
        up.offset_s = 0.0
        if gemini_bin:
            scrub(gemini_cli(gemini_bin, up, home), out / "gemini-cli", home)
            done["gemini-cli"] = str(out / "gemini-cli")
    return done


def main() -> None:
    """`python -m tests.agentlogs.record_agents OUT [AGENT...]` (default: all four)."""
    out = Path(sys.argv[1])
    wanted = set(sys.argv[2:]) or {"claude-code", "codex", "opencode", "gemini-cli"}
    agents = Path(os.environ.get("PROMPTLINT_AGENTS", "/work/agents/node_modules/.bin"))

    def binary(agent: str, name: str) -> str | None:
        return str(agents / name) if agent in wanted else None

    print(
        record(
            out,
            binary("claude-code", "claude"),
            binary("codex", "codex"),
            binary("opencode", "opencode"),
            binary("gemini-cli", "gemini"),
        )
    )


if __name__ == "__main__":
    main()
