"""Rendering a probe report: a readable table, JSON, or one self-contained HTML page."""

from __future__ import annotations

import html
import json
from typing import Any

from tabulate import tabulate


def _n(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f} %"


Section = tuple[str, list[str], list[list[Any]], list[str]]


def sections(report: dict[str, Any]) -> list[Section]:
    """(title, headers, rows, notes) for each part of the report; shared by text and HTML."""
    out: list[Section] = []
    e = report["engine"]
    out.append(
        (
            "engine",
            ["", ""],
            [
                ["server", f"{e.get('url')} ({'launched' if e.get('launched') else 'attached'})"],
                ["model", f"{e['model']} (max_model_len {_n(e['max_model_len'])})"],
                [
                    "blocks",
                    f"{_n(e['num_gpu_blocks'])} × {e['block_size']} tokens "
                    f"({_n(e['usable_blocks'])} usable = {_n(e['pool_tokens'])} tokens; "
                    "block 0 is the null block)",
                ],
                [
                    "KV dtype / memory",
                    f"{e['cache_dtype']} / {_n(e['kv_cache_memory_bytes'])} bytes",
                ],
            ],
            [],
        )
    )
    kv = report["kv"]
    engine_bpt = _n(kv["bytes_per_token_engine"])
    if kv.get("bytes_per_token_engine_range"):
        low, high = kv["bytes_per_token_engine_range"]
        engine_bpt = f"{low:,}–{high:,}"
    out.append(
        (
            "KV bytes per token",
            ["", "predicted (promptlint.kv)", "engine", "match"],
            [
                [
                    "bytes per token",
                    _n(kv["bytes_per_token_predicted"]),
                    engine_bpt,
                    _n(kv["match"]),
                ],
                [
                    "blocks from the KV memory",
                    _n(kv["num_gpu_blocks_predicted"]),
                    _n(kv["num_gpu_blocks_engine"]),
                    "",
                ],
            ],
            list(kv["assumptions"]),
        )
    )
    seq = report.get("sequential")
    if seq:
        rows = [
            [
                r["id"],
                _n(r["prompt_tokens"]),
                _n(r["predicted_hit_tokens"]),
                _n(r["metric_hit_tokens"]),
                _n(r["cached_tokens"]),
                "ok" if r["match"] else "MISMATCH: " + "; ".join(r["why"]),
            ]
            for r in seq["per_request"]
        ]
        rows.append(
            [
                "total",
                _n(seq["prompt_tokens"]),
                _n(seq["predicted_hit_tokens"]),
                _n(seq["measured_hit_tokens"]),
                "",
                f"{seq['mismatches']} mismatches",
            ]
        )
        out.append(
            (
                f"sequential: {seq['workload']} — {seq['requests']} requests, "
                f"{seq['mismatches']} mismatches, hit rate {_pct(seq['hit_rate'])}",
                ["request", "prompt", "predicted hit", "Δ hits metric", "cached_tokens", ""],
                rows,
                [seq["description"], *seq["assumptions"]],
            )
        )
    conc = report.get("concurrent")
    if conc:
        out.append(
            (
                f"concurrent: {conc['requests']} requests at concurrency {conc['concurrency']}",
                ["", "hit tokens", "vs measured"],
                [
                    [
                        "measured (Δ vllm:prefix_cache_hits_total)",
                        _n(conc["measured_hit_tokens"]),
                        "",
                    ],
                    *(
                        [
                            [
                                "predicted: scheduler simulation (before the run)",
                                _n(conc["predicted_hit_tokens_scheduler"]),
                                f"{conc['difference_pct_scheduler']:+.2f} %",
                            ]
                        ]
                        if conc.get("predicted_hit_tokens_scheduler") is not None
                        else []
                    ),
                    ["measured (Σ cached_tokens)", _n(conc["measured_cached_tokens_sum"]), ""],
                    [
                        "predicted: arrival order",
                        _n(conc["predicted_hit_tokens"]),
                        f"{conc['difference_pct']:+.2f} %",
                    ],
                    [
                        "predicted: measured lifetimes",
                        _n(conc["predicted_hit_tokens_with_lifetimes"]),
                        f"{conc['difference_pct_with_lifetimes']:+.2f} %",
                    ],
                ],
                list(conc["explanation"]),
            )
        )
    sw = report.get("sweep")
    if sw:
        rows = []
        for lv in sw["levels"]:
            marks = []
            if lv["concurrency"] == sw["measured_cliff"]:
                marks.append("◀ measured cliff")
            if lv["concurrency"] == sw["predicted_cliff"]:
                marks.append("◀ predicted cliff")
            rows.append(
                [
                    lv["concurrency"],
                    lv["requests"],
                    _pct(lv["hit_rate"]),
                    _pct(lv.get("predicted_hit_rate_scheduler")),
                    _n(lv.get("requests_differing_scheduler")),
                    _pct(lv["predicted_hit_rate"]),
                    _n(lv["ttft_p50_ms"]),
                    _n(lv.get("predicted_ttft_p50_ms")),
                    _n(lv["ttft_p99_ms"]),
                    _n(lv.get("predicted_ttft_p99_ms")),
                    _n(lv.get("server_ttft_mean_ms")),
                    lv["preemptions"],
                    _pct(lv.get("peak_kv_usage")),
                    " ".join(marks),
                ]
            )
        cap = sw.get("capacity") or {}
        rounds = sw.get("arrival", "rounds") == "rounds"
        notes = [
            f"cliff: {sw['cliff_rule']}",
            "sessions sent "
            + (
                "in lockstep rounds: each round queued on the paused engine, then released"
                if rounds
                else "in closed loops: which requests overlap depends on the client's timing"
            ),
            f"predicted: the scheduler simulation (promptlint.serving) of the "
            f"{'rounds' if rounds else 'closed-loop sessions'}, made before the level ran, with "
            "step times from the calibration below; requests off: requests whose cached_tokens "
            "it got wrong; one at a time: the block pool fed the planned order, one request "
            "after another",
            f"TTFT p50/p99: first streamed chunk at the client"
            f"{', from the round’s release' if rounds else ''}; server TTFT: "
            "vllm:time_to_first_token_seconds (sum/count over the level"
            f"{', from arrival: it includes the wait in the paused queue' if rounds else ''})",
            "peak KV use: vllm:kv_cache_usage_perc scraped every 50 ms while the level ran "
            "(— when no scrape caught a request running)",
        ]
        cal = cap.get("calibration")
        if cal:
            notes.append(
                f"calibration ({cal['requests']} requests, the engine's histograms): a step "
                f"{cal['step_base_ms']} ms + {cal['per_prefill_token_us']} µs per prefill token "
                f"+ {cal['per_decode_seq_ms']} ms per decoding sequence; client round trip "
                f"{cal['client_round_trip_ms']} ms, "
                f"{cal.get('client_per_answer_ms', 0.0)} ms per answer read; "
                f"max_num_seqs {cal['max_num_seqs']}, "
                f"max_num_batched_tokens {cal['max_num_batched_tokens']}"
            )
        if cap.get("workload"):
            notes.append(
                f"capacity: {cap['workload']}; a session peaks at {cap['session_peak_blocks']} "
                f"blocks ({cap['shared_prefix_blocks']} shared by all), so "
                f"{cap['sessions_that_fit']} sessions fit in {cap['usable_blocks']} blocks "
                f"(capacity cliff: {_n(sw.get('capacity_cliff'))})"
            )
            model = cap.get("capacity_model")
            if model:
                notes.append(
                    f"capacity model (promptlint.kv.capacity on the engine's KV memory: "
                    f"{model['kv_blocks']} blocks, "
                    f"{'= engine' if model['kv_blocks_match_engine'] else '≠ engine'}): "
                    f"{model['max_sessions_all_at_peak']} sessions fit all at their peak, "
                    f"{model['max_sessions_staggered']} staggered"
                )
        out.append(
            (
                "concurrency sweep",
                [
                    "concurrency",
                    "requests",
                    "hit rate",
                    "predicted",
                    "requests off",
                    "one at a time",
                    "TTFT p50 ms",
                    "predicted",
                    "TTFT p99 ms",
                    "predicted",
                    "server TTFT mean ms",
                    "preemptions",
                    "peak KV use",
                    "",
                ],
                rows,
                notes,
            )
        )
    routing = report.get("routing")
    if routing:
        rows = [
            [
                r["policy"],
                _pct(r["hit_rate"]),
                _pct(r["predicted_hit_rate"]),
                "—" if r["difference_points"] is None else f"{r['difference_points']:+.2f}",
                " / ".join(str(n) for n in r["requests_per_engine"]),
                " / ".join(str(n) for n in r["predicted_requests_per_engine"]),
                f"{_n(r['ttft_p50_ms'])} / {_n(r['ttft_p99_ms'])}",
                f"{_n(r['predicted_ttft_p50_ms'])} / {_n(r['predicted_ttft_p99_ms'])}",
                r["preemptions"],
            ]
            for r in routing["policies"]
        ]
        order = routing["ordering"]
        out.append(
            (
                f"routing on {routing['engines']} engines at concurrency {routing['concurrency']}",
                [
                    "policy",
                    "hit rate",
                    "predicted",
                    "Δ points",
                    "requests per engine",
                    "predicted",
                    "TTFT p50 / p99 ms",
                    "predicted",
                    "preemptions",
                ],
                rows,
                [
                    routing["workload"],
                    "measured: Δ vllm:prefix_cache_hits_total summed over the engines; the probe "
                    "routes each request itself (its in-flight counts; for prefix-aware, "
                    + (
                        "a scheduler simulation per engine fed each answered round"
                        if routing.get("arrival", "rounds") == "rounds"
                        else "a block pool per engine that records each answered prompt"
                    )
                    + ")",
                    "predicted before each policy ran: promptlint route's simulation (a "
                    "scheduler simulation per engine, the calibrated step times and client "
                    "round trip)",
                    *([f"TTFT: {routing['ttft_basis']['why']}"] if "ttft_basis" in routing else []),
                    f"ordering by hit rate: measured {', '.join(order['measured'])}; predicted "
                    f"{', '.join(order['predicted'])}: "
                    + (
                        "the same"
                        if order["same"]
                        else "differs for "
                        + "; ".join(" vs ".join(pair) for pair in order["discordant_pairs"])
                    )
                    + f" (pairs closer than {order['tie_points']} points, measured or "
                    "predicted, are ties)",
                ],
            )
        )
    return out


def render_table(report: dict[str, Any]) -> str:
    parts = []
    for title, headers, rows, notes in sections(report):
        parts.append(f"== {title} ==")
        if headers and any(headers):
            parts.append(tabulate(rows, headers=headers, disable_numparse=True))
        else:
            parts.append(tabulate(rows, tablefmt="plain", disable_numparse=True))
        parts.extend(f"  · {note}" for note in notes)
        parts.append("")
    return "\n".join(parts)


def render_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, sort_keys=False) + "\n"


def render_html(report: dict[str, Any]) -> str:
    body = []
    for title, headers, rows, notes in sections(report):
        body.append(f"<h2>{html.escape(title)}</h2>")
        body.append("<table>")
        if any(headers):
            body.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headers) + "</tr>")
        for row in rows:
            cls = ' class="bad"' if any("MISMATCH" in str(c) for c in row) else ""
            body.append(
                f"<tr{cls}>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
            )
        body.append("</table>")
        if notes:
            body.append("<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in notes) + "</ul>")
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>promptlint probe</title>"
        "<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "td:first-child{text-align:left}"
        "tr.bad{background:#fdd}</style></head><body><h1>promptlint probe</h1>"
        + "\n".join(body)
        + "</body></html>\n"
    )


def render(report: dict[str, Any], fmt: str) -> str:
    return {"table": render_table, "json": render_json, "html": render_html}[fmt](report)
