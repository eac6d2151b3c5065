"""`promptlint route`'s report: a table, JSON, or one HTML page with a chart per policy."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

HEADERS = [
    "policy",
    "hit rate",
    "prefill computed",
    "hottest replica",
    "in flight max / mean",
    "TTFT p50 / p99 ms",
    "preemptions",
]


def rows(report: dict[str, Any]) -> list[list[str]]:
    out = []
    for p in report["policies"]:
        means = p["mean_in_flight_per_replica"]
        out.append(
            [
                p["policy"],
                f"{p['hit_rate'] * 100:.1f} %",
                f"{p['prefill_tokens_computed']:,}",
                f"{p['hottest_replica_share'] * 100:.0f} %",
                f"{max(p['max_in_flight_per_replica'])} / {max(means):.1f}",
                f"{p['ttft_p50_ms']:,.1f} / {p['ttft_p99_ms']:,.1f}",
                str(p["preemptions"]),
            ]
        )
    return out


def notes(report: dict[str, Any]) -> list[str]:
    r = report["replicas"]
    out = [
        f"{report['workload']}; {report['requests']} requests, "
        f"{report['prompt_tokens']:,} prompt tokens",
        f"{r['count']} replicas × {r['num_blocks']:,} blocks of {r['block_size']} tokens; "
        f"max_num_seqs {r['max_num_seqs']}, max_num_batched_tokens "
        f"{r['max_num_batched_tokens']}, {'async' if r['async_scheduling'] else 'sync'} "
        "scheduling",
        f"step times: {r['step_ms']} ms + {r['prefill_token_us']} µs per prefill token + "
        f"{r['decode_seq_ms']} ms per decoding sequence ({r['step_times_from']})",
        "hit rate: what vllm:prefix_cache_hits_total / queries_total would count; prefill "
        "computed: prompt tokens the replicas computed, recomputes after preemption included; "
        "hottest replica: its share of the requests (even is "
        f"{100 / r['count']:.0f} %); in flight: requests sent and not yet answered on one "
        "replica, the worst replica's maximum and time-mean",
    ]
    best = report.get("best")
    if best:
        out.append(f"most hits: {best}")
    return out


def render_table(report: dict[str, Any]) -> str:
    lines = [tabulate(rows(report), headers=HEADERS, disable_numparse=True)]
    lines += [f"  · {n}" for n in notes(report)]
    return "\n".join(lines) + "\n"


def render_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2) + "\n"


def chart(policies: Sequence[dict[str, Any]]) -> str:
    """Inline SVG: per policy, the hit rate and the hottest replica's share as bars."""
    bar_h, gap, label_w, width = 14, 10, 140, 320
    height = len(policies) * (2 * bar_h + gap) + 30
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{label_w + width + 60}' "
        f"height='{height}' role='img' aria-label='hit rate and hottest replica per policy'>"
    ]
    y = 10
    for p in policies:
        name = html.escape(p["policy"])
        parts.append(f"<text x='0' y='{y + bar_h + 4}' font-size='12'>{name}</text>")
        for value, color, label in (
            (p["hit_rate"], "#2b7bb9", "hit rate"),
            (p["hottest_replica_share"], "#d9822b", "hottest replica"),
        ):
            w = max(1, round(value * width))
            parts.append(
                f"<rect x='{label_w}' y='{y}' width='{w}' height='{bar_h}' fill='{color}'>"
                f"<title>{label}: {value * 100:.1f} %</title></rect>"
                f"<text x='{label_w + w + 4}' y='{y + bar_h - 3}' font-size='11'>"
                f"{value * 100:.1f} %</text>"
            )
            y += bar_h
        y += gap
    parts.append(
        f"<text x='{label_w}' y='{height - 6}' font-size='11'>"
        "<tspan fill='#2b7bb9'>■ prefix-hit rate</tspan>  "
        "<tspan fill='#d9822b'>■ hottest replica's share of requests</tspan></text></svg>"
    )
    return "".join(parts)


def render_html(report: dict[str, Any]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADERS)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
        for row in rows(report)
    )
    items = "".join(f"<li>{html.escape(n)}</li>" for n in notes(report))
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>promptlint route</title>"
        "<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "td:first-child{text-align:left}</style></head><body><h1>promptlint route</h1>"
        f"<table><tr>{head}</tr>{body}</table>{chart(report['policies'])}<ul>{items}</ul>"
        "</body></html>\n"
    )


def render(report: dict[str, Any], fmt: str) -> str:
    return {"table": render_table, "json": render_json, "html": render_html}[fmt](report)
