"""Run the real Claude Code and Codex CLI against the local stand-in upstream and keep the
logs they write: the fixtures of tests/agentlogs (`python -m tests.agentlogs.record_agents
OUT`), and the `agents` test group's way of checking that today's agents still log what
`promptlint import` reads.

The scenarios make the breaks a user meets: a follow-up that reads the cache, a pause past
the 5-minute TTL (Claude Code runs under libfaketime's clock, the upstream's clock moves
with it; Codex is a static binary that libfaketime cannot reach, so its TTL case is a unit
test), a model switch and back, a replaced system prompt, a compaction, and a sub-agent
(the upstream answers `[[tool_use Agent …]]` with that tool call). Home and project paths are
scrubbed to /home/user before the logs are kept.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.proxy.fake_upstream import ThreadedUpstream

BASE = Path("/tmp/promptlint-agents")
SCRUBBED_HOME = "/home/user"
FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"
TTL_GAP_S = 400  # past Anthropic's and OpenAI's 5-minute TTL
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


def _run(cmd: list[str], env: dict[str, str], cwd: Path, up: Upstream) -> str:
    up.tick()
    if up.offset_s:
        # libfaketime preloaded by hand: the `faketime` wrapper's shared-memory clock trips
        # over its own semaphore when run again.
        env = {
            **env,
            "LD_PRELOAD": FAKETIME_LIB,
            "FAKETIME": f"+{int(up.offset_s)}s",
            "FAKETIME_DISABLE_SHM": "1",
        }
    out = subprocess.run(
        cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=180, check=False
    )
    if out.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed ({out.returncode}): {out.stderr[-500:]}")
    return out.stdout


def _env(extra: dict[str, str], home: Path) -> dict[str, str]:
    keep = {k: os.environ[k] for k in ("PATH", "LANG", "TERM") if k in os.environ}
    return {**keep, "HOME": str(home), **extra}


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
    out: Path, claude: str | None, codex_bin: str | None, base: Path = BASE
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
    return done


def main() -> None:
    out = Path(sys.argv[1])
    agents = Path(os.environ.get("PROMPTLINT_AGENTS", "/work/agents/node_modules/.bin"))
    print(record(out, str(agents / "claude"), str(agents / "codex")))


if __name__ == "__main__":
    main()
