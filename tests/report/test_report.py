"""Report figures against the recorded usage, on SQLite and (marked `postgres`) PostgreSQL."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from promptlint.causes import Cause
from promptlint.cli import cli
from promptlint.report.aggregate import build_report
from promptlint.report.render_data import render_csv, render_json, report_dict
from promptlint.report.render_html import render_html
from promptlint.report.render_text import render_table
from promptlint.store import open_store
from promptlint.store.records import RequestRecord
from promptlint.store.sql import SQLStore

from .data import expected_totals, recordings

AVOIDABLE = {c.value for c in Cause if c.avoidable}


@pytest.fixture
def recs() -> list[RequestRecord]:
    return recordings()


@pytest.fixture
def filled(store_url: str, recs: list[RequestRecord]) -> str:
    with open_store(store_url) as store:
        store.write(recs)
    return store_url


def _report(url: str, by: str = "model", **kw: object) -> dict[str, object]:
    with open_store(url, create=False) as store:
        assert isinstance(store, SQLStore)
        return report_dict(build_report(store, by, **kw))  # type: ignore[arg-type]


def test_totals_equal_the_recorded_usage_exactly(filled: str, recs: list[RequestRecord]) -> None:
    total = _report(filled)["total"]
    assert isinstance(total, dict)
    for key, value in expected_totals(recs).items():
        got = Decimal(total[key]) if isinstance(value, Decimal) else total[key]
        assert got == value, key
    assert Decimal(total["saved_usd"]) == Decimal(total["cost_usd_without_cache"]) - Decimal(
        total["cost_usd"]
    )


@pytest.mark.parametrize("by", ["model", "session", "day", "key"])
def test_groups_match_python_sums_and_add_up(
    filled: str, recs: list[RequestRecord], by: str
) -> None:
    attr = {"model": "model", "session": "session_id", "key": "key_hash"}.get(by)
    groups: dict[str, list[RequestRecord]] = defaultdict(list)
    for r in recs:
        key = getattr(r, attr) if attr else r.ts[:10]
        groups[key].append(r)
    data = _report(filled, by)
    rows = data["rows"]
    assert isinstance(rows, list)
    name = {"model": "model", "session": "session_id", "day": "day", "key": "key_hash"}[by]
    assert sorted(row[name] for row in rows) == sorted(groups)
    for row in rows:
        want = expected_totals(groups[row[name]])
        for key, value in want.items():
            got = Decimal(row[key]) if isinstance(value, Decimal) else row[key]
            assert got == value, (row[name], key)
    total = data["total"]
    assert isinstance(total, dict)
    assert sum(Decimal(r["avoidable_usd"]) for r in rows) == Decimal(total["avoidable_usd"])
    assert sum(Decimal(r["cost_usd"]) for r in rows) == Decimal(total["cost_usd"])


def test_by_cause_attribution_adds_up_to_the_avoidable_total(
    filled: str, recs: list[RequestRecord]
) -> None:
    data = _report(filled, "cause")
    rows = data["rows"]
    total = data["total"]
    assert isinstance(rows, list) and isinstance(total, dict)
    avoidable_rows = [r for r in rows if r["avoidable"]]
    assert {r["cause"] for r in avoidable_rows} <= AVOIDABLE
    assert sum(Decimal(r["lost_usd"]) for r in avoidable_rows) == Decimal(total["avoidable_usd"])
    assert Decimal(total["avoidable_usd"]) > 0
    # Every cause: its count, its loss, and the first request where it appeared.
    for row in rows:
        hits = [(r, b) for r in recs for b in r.breaks if b.cause == row["cause"]]
        assert row["breaks"] == len(hits)
        assert Decimal(row["lost_usd"]) == sum((Decimal(b.lost_usd) for _, b in hits), Decimal(0))
        first = min(hits, key=lambda rb: (rb[0].ts.replace("Z", ""), rb[0].id))[0]
        assert row["first_request_id"] == first.id
        per_session: dict[str, Decimal] = defaultdict(Decimal)
        for r, b in hits:
            per_session[r.session_id] += Decimal(b.lost_usd)
        best = max(per_session.items(), key=lambda kv: (kv[1], [-ord(c) for c in kv[0]]))
        assert row["top_sessions"][0]["session_id"] == best[0]
        assert Decimal(row["top_sessions"][0]["lost_usd"]) == best[1]
        assert len(row["top_sessions"]) == min(3, len(per_session))
    # Unavoidable causes are listed but never counted as avoidable money.
    assert all(not r["avoidable"] for r in rows if r["cause"] not in AVOIDABLE)


def test_since_until_restrict_every_figure(filled: str, recs: list[RequestRecord]) -> None:
    inside = [r for r in recs if "2026-11-03" <= r.ts[:10] <= "2026-11-05"]
    data = _report(filled, "day", since="2026-11-03", until="2026-11-05")
    total = data["total"]
    assert isinstance(total, dict)
    for key, value in expected_totals(inside).items():
        got = Decimal(total[key]) if isinstance(value, Decimal) else total[key]
        assert got == value, key
    assert [r["day"] for r in data["rows"]] == ["2026-11-03", "2026-11-04", "2026-11-05"]  # type: ignore[union-attr]


def test_cost_by_model_uses_each_models_prices(store_url: str) -> None:
    # Two models, one request each with every token class: the recorded bill per model is
    # tokens × that model's per-class price.
    from store.factory import make_record

    tokens = (1_000_000, 2_000_000, 400_000, 100_000, 50_000)
    with open_store(store_url) as store:
        store.write(
            [
                make_record("a", model="claude-sonnet-4-5", tokens=tokens),
                make_record(
                    "b", model="deepseek-chat", tokens=(1_000_000, 2_000_000, 0, 0, 50_000)
                ),
            ]
        )
    rows = {r["model"]: r for r in _report(store_url)["rows"]}  # type: ignore[union-attr]
    # 3 + 2×0.30 + 0.4×3.75 + 0.1×6 + 0.05×15 (USD per million tokens)
    assert Decimal(rows["claude-sonnet-4-5"]["cost_usd"]) == Decimal("6.45")
    # 0.27 + 2×0.07 + 0.05×1.10
    assert Decimal(rows["deepseek-chat"]["cost_usd"]) == Decimal("0.465")
    assert Decimal(rows["claude-sonnet-4-5"]["cost_usd_without_cache"]) == Decimal(
        "3.5"
    ) * 3 + Decimal("0.75")


def test_renderers_agree(filled: str) -> None:
    with open_store(filled, create=False) as store:
        assert isinstance(store, SQLStore)
        report = build_report(store, "session", with_sessions=10)
    as_json = json.loads(render_json(report), parse_float=Decimal)
    table = render_table(report)
    rows = list(csv.DictReader(io.StringIO(render_csv(report))))
    assert len(rows) == len(as_json["rows"]) == 25
    for row, jrow in zip(rows, as_json["rows"], strict=True):
        assert row["session_id"] == jrow["session_id"]
        assert int(row["requests"]) == jrow["requests"]
        assert Decimal(row["cost_usd"]) == Decimal(jrow["cost_usd"])
        assert row["session_id"] in table
    total_line = next(line for line in table.splitlines() if line.startswith("Total "))
    assert f" {as_json['total']['requests']:,} " in total_line
    html = render_html(report)
    assert "<svg" in html and "Money lost by cause" in html


def test_empty_period_renders_everywhere(filled: str) -> None:
    with open_store(filled, create=False) as store:
        assert isinstance(store, SQLStore)
        report = build_report(store, "model", since="2030-01-01", with_sessions=5)
    assert report.total.requests == 0
    assert "No recorded requests" in render_table(report)
    assert json.loads(render_json(report))["rows"] == []
    assert render_csv(report).count("\n") == 1
    assert "No recorded requests" in render_html(report)


@pytest.mark.postgres
def test_sqlite_and_postgres_give_identical_reports(
    tmp_path: object, pg_server: str, recs: list[RequestRecord]
) -> None:
    from store.pgcluster import fresh_database

    sqlite_url = f"sqlite:///{tmp_path}/r.db"
    with open_store(sqlite_url) as s:
        s.write(recs)
    with fresh_database(pg_server) as pg_url:
        with open_store(pg_url) as s:
            s.write(recs)
        for by in ("model", "session", "day", "cause", "key"):
            a, b = _report(sqlite_url, by), _report(pg_url, by)
            for d in (a, b):
                d.pop("store")
                d.pop("generated_at")
            assert a == b, by
        for url in (sqlite_url, pg_url):
            with open_store(url) as s:
                assert isinstance(s, SQLStore)
                html = render_html(build_report(s, "model", with_sessions=20))
            html = html.split("generated", 1)[1].split("</p>", 1)[1]
            if url == sqlite_url:
                first = html
        assert html == first


def test_cli_json_and_csv(filled: str, recs: list[RequestRecord], tmp_path: object) -> None:
    runner = CliRunner()
    res = runner.invoke(cli, ["report", "--store", filled, "--format", "json", "--by", "day"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output, parse_float=Decimal)
    assert set(data["total"]) >= {
        "requests", "input_tokens", "cache_read_tokens", "cache_write_tokens", "output_tokens",
        "cost_usd", "cost_usd_without_cache", "avoidable_usd",
    }  # fmt: skip
    assert data["total"]["requests"] == len(recs)
    res = runner.invoke(cli, ["report", "--store", filled, "--format", "csv", "--by", "key"])
    assert res.exit_code == 0
    assert len(list(csv.DictReader(io.StringIO(res.output)))) == 3


def test_cost_by_token_class_applies_each_models_prices(store_url: str) -> None:
    # Recordings costed the way the proxy costs them (promptlint.cost.prices); the report's split
    # by token class must be tokens × that model's price for that class, summed over models.
    from store.factory import make_record

    from promptlint.cost.catalog import price_of
    from promptlint.cost.prices import cost_of, cost_without_cache
    from promptlint.wire.usage import Usage

    usages = {
        "claude-sonnet-4-5": [Usage(1000, 200_000, 30_000, 7_000, 900), Usage(0, 50_000, 0, 0, 10)],
        "gpt-4o-mini": [Usage(400_000, 1_200_000, 0, 0, 30_000)],
        "deepseek-chat": [Usage(12_345, 678_901, 0, 0, 2_345)],
    }
    recs = []
    for model, items in usages.items():
        price = price_of(model)
        for i, u in enumerate(items):
            r = make_record(f"{model}-{i}", tokens=(0, 0, 0, 0, 0))
            r.model = model
            r.uncached_input_tokens, r.cache_read_tokens = (
                u.uncached_input_tokens,
                u.cache_read_tokens,
            )
            r.cache_write_5m_tokens, r.cache_write_1h_tokens = (
                u.cache_write_5m_tokens,
                u.cache_write_1h_tokens,
            )
            r.output_tokens = u.output_tokens
            r.cost_usd = str(cost_of(u, price))
            r.cost_usd_without_cache = str(cost_without_cache(u, price))
            recs.append(r)
    with open_store(store_url) as store:
        store.write(recs)
    data = _report(store_url)
    want = {"uncached_input": Decimal(0), "cache_read": Decimal(0), "cache_write": Decimal(0),
            "output": Decimal(0)}  # fmt: skip
    for model, items in usages.items():
        p = price_of(model)
        for u in items:
            want["uncached_input"] += u.uncached_input_tokens * p.input / 1_000_000
            want["cache_read"] += u.cache_read_tokens * p.cache_read / 1_000_000
            want["cache_write"] += (
                u.cache_write_5m_tokens * p.cache_write_5m
                + u.cache_write_1h_tokens * p.cache_write_1h
            ) / 1_000_000
            want["output"] += u.output_tokens * p.output / 1_000_000
    got = {k: Decimal(v) for k, v in data["cost_by_token_class"].items()}  # type: ignore[union-attr]
    assert got == want
    total = data["total"]
    assert isinstance(total, dict)
    # Nothing unpriced, and the split adds up to the recorded bill.
    assert sum(want.values()) == Decimal(total["cost_usd"])
    assert not any("split" in a for a in data["assumptions"])  # type: ignore[union-attr]
    rows = {r["model"]: r for r in data["rows"]}  # type: ignore[union-attr]
    sonnet = price_of("claude-sonnet-4-5")
    assert Decimal(rows["claude-sonnet-4-5"]["cost_usd"]) == sum(
        (cost_of(u, sonnet) for u in usages["claude-sonnet-4-5"]), Decimal(0)
    )


@pytest.mark.postgres
def test_report_never_shows_the_database_password(
    pg_server: str, recs: list[RequestRecord]
) -> None:
    from store.pgcluster import fresh_database

    with fresh_database(pg_server) as url:
        secret_url = url.replace("promptlint@", "promptlint:s3cr3t-pw@")
        with open_store(secret_url) as store:
            store.write(recs[:20])
            assert isinstance(store, SQLStore)
            report = build_report(store, "model", with_sessions=5)
        for text in (render_json(report), render_table(report), render_html(report)):
            assert "s3cr3t-pw" not in text
            assert "postgresql://127.0.0.1:" in text


def test_tables_name_groups_whose_key_was_not_recorded(tmp_path: Path) -> None:
    from dataclasses import replace

    from store.factory import make_record

    failed = make_record("b", model="gpt-4o", key="anonymous", tokens=(0, 0, 0, 0, 0))
    recs = [make_record("a", model="gpt-4o", key="k_1"), replace(failed, model="", status=400)]
    with open_store(str(tmp_path / "r.db")) as store:
        store.write(recs)
        by_model = render_table(build_report(store, "model"))
        by_key = render_table(build_report(store, "key"))
    assert "(unknown model: request not parsed)" in by_model
    assert "(no API key)" in by_key and "anonymous" not in by_key
