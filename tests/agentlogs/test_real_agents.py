"""The `agents` group: the real Claude Code and Codex CLI (from npm, `make test-agents`)
write their logs again against the local upstream, and `promptlint import` reads them as
it reads the committed fixtures; ccusage, run on the same logs, agrees on every daily
total. Under CI=true a missing agent fails the group instead of skipping it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

from promptlint.agentlogs.importer import import_logs
from promptlint.report.aggregate import build_report
from promptlint.store import open_store
from promptlint.store.sql import SQLStore
from tests.agentlogs.record_agents import agent_bin, record
from tests.agentlogs.test_import import (
    CLAUDE,
    causes,
    claude_usage_in_logs,
    codex_usage_in_logs,
    totals,
)

pytestmark = pytest.mark.agents


def test_real_agents_logs_import_as_the_fixtures(tmp_path: Path) -> None:
    if shutil.which("faketime") is None and os.environ.get("CI") == "true":
        pytest.fail("libfaketime is not installed (apt-get install faketime)")
    out = record(
        tmp_path / "logs", agent_bin("claude"), agent_bin("codex"), base=tmp_path / "agents"
    )
    store = open_store(str(tmp_path / "r.db"))
    assert isinstance(store, SQLStore)
    claude, codex = Path(out["claude-code"]), Path(out["codex"])
    a = import_logs(store, "claude-code", [claude])
    b = import_logs(store, "codex", [codex])
    assert a.errors.count == b.errors.count == 0
    assert (a.written, b.written) == (10, 4)
    assert totals(store, "claude-code") == claude_usage_in_logs(claude)
    assert totals(store, "codex") == codex_usage_in_logs(codex)
    assert [c for _, c, _, _ in causes(store, "claude-code")] == [
        "ttl-expired",
        "param-change",
        "compaction",
    ]
    assert [c for _, c, _, _ in causes(store, "codex")] == ["param-change"]
    store.close()


def test_daily_totals_equal_ccusage(tmp_path: Path) -> None:
    config = tmp_path / "claude"
    shutil.copytree(CLAUDE, config / "projects")
    env = {**os.environ, "CLAUDE_CONFIG_DIR": str(config)}
    run = subprocess.run(
        [agent_bin("ccusage"), "daily", "--json", "--offline"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    theirs = {d["period"]: d for d in json.loads(run.stdout)["daily"]}
    store = open_store(str(tmp_path / "r.db"))
    assert isinstance(store, SQLStore)
    import_logs(store, "claude-code", [config / "projects"])
    ours = {g.key: g for g in build_report(store, "day").rows}
    store.close()
    assert set(ours) == set(theirs)
    for day, t in theirs.items():
        g = ours[day]
        assert g.uncached_input_tokens == t["inputTokens"]
        assert g.cache_read_tokens == t["cacheReadTokens"]
        assert g.cache_write_tokens == t["cacheCreationTokens"]
        assert g.output_tokens == t["outputTokens"]
        assert abs(g.cost_usd - Decimal(str(t["totalCost"]))) < Decimal("0.000001")
