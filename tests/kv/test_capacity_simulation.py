"""`promptlint capacity`'s concurrency cliff from the scheduler simulation."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

CONFIG = "tests/data/configs/qwen3-4b.json"
# 8.2 GiB all for weights and KV: 322 blocks of 16 tokens. A session: a shared 512-token
# system prompt, 4 turns of 256 tokens in and 32 out (sent back with the next turn).
SMALL = [
    "--gpu-memory-gib", "8.2", "--gpu-memory-utilization", "1", "--reserve-gib", "0",
    "--system", "512", "--turns", "4", "--turn-tokens", "256", "--output-tokens", "32",
]  # fmt: skip


def capacity(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "capacity", CONFIG, *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def plan(*args: str) -> dict[str, Any]:
    proc = capacity(*SMALL, *args, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def test_one_session_hits_its_whole_history_and_the_answers_it_generated() -> None:
    # Turn k's prompt: 768, 1056, 1344, 1632 tokens. Each turn reads the full blocks of the
    # previous prompt plus the 31 answer tokens the engine computed (the 32nd is sampled,
    # never fed back): 784, 1072 and 1360 tokens; a second session reads the 512-token system
    # prompt the first is computing in the same step.
    data = plan("--levels", "1,2")
    one, two = data["simulation"]["levels"]
    assert one["prompt_tokens"] == 768 + 1056 + 1344 + 1632
    assert one["hit_tokens"] == 784 + 1072 + 1360
    assert two["hit_tokens"] == 2 * one["hit_tokens"] + 512


def test_the_cliff_lies_past_the_sessions_that_fit_at_their_peak() -> None:
    data = plan()
    sim = data["simulation"]
    assert data["kv_blocks"] == 322 and data["max_sessions_all_at_peak"] == 4
    rates = {row["sessions"]: row["hit_rate"] for row in sim["levels"]}
    assert sorted(rates) == [1, 2, 3, 4, 5, 6, 8]  # around the bound, up to twice it
    fit = data["max_sessions_all_at_peak"]
    # while every history fits, more sessions share the system prompt: the rate rises
    rising = [rates[n] for n in sorted(rates) if n <= fit]
    assert rising == sorted(rising)
    assert sim["cliff"] is not None and sim["cliff"] > fit
    assert rates[sim["cliff"]] <= rates[fit] - 0.05
    assert rates[8] < rates[sim["cliff"]]


def test_table_names_the_simulated_cliff_and_bad_levels_are_one_line() -> None:
    proc = capacity(*SMALL)
    assert proc.returncode == 0, proc.stderr
    assert "scheduler simulation (sessions in lockstep rounds" in proc.stdout
    assert "◀ cliff" in proc.stdout
    assert "scheduler simulation" not in capacity(*SMALL, "--no-simulate").stdout
    bad = capacity(*SMALL, "--levels", "4,x")
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        "promptlint: error: --levels: expected session counts like 4,8,16, got '4,x'"
    )
