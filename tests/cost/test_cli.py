"""`promptlint cost` and `promptlint pricing` end to end, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

DATA = Path(__file__).parent.parent / "data" / "cost"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", *args], capture_output=True, text=True
    )


def test_cost_json_has_stable_keys_and_numeric_money() -> None:
    proc = run(
        "cost",
        "anthropic/claude-sonnet-4-5-20250929",
        "--system",
        "2000",
        "--turns",
        "3",
        "--turn-tokens",
        "100",
        "--output-tokens",
        "50",
        "--gap",
        "60",
        "--format",
        "json",
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout, parse_float=Decimal)
    assert report["model"] == "claude-sonnet-4-5-20250929"
    assert len(report["turns"]) == 3
    total = report["total"]
    for key in (
        "input_tokens",
        "uncached_input_tokens",
        "cache_read_tokens",
        "cache_write_tokens",
        "output_tokens",
        "cost_usd",
        "cost_usd_without_cache",
    ):
        assert key in total
    # Money is a JSON number with its exact digits (hand-computed in test_costsim).
    assert total["cost_usd"] == Decimal("0.012555")
    assert total["cost_usd_without_cache"] == Decimal("0.0225")
    assert '"cost_usd": 0.012555' in proc.stdout
    assert report["turns"][1]["cost_usd"] == Decimal("0.0019425")
    assert report["exact"] is False and report["assumptions"]


def test_cost_table_and_csv() -> None:
    proc = run(
        "cost",
        "gpt-4o",
        "--system",
        "2000",
        "--turns",
        "2",
        "--turn-tokens",
        "100",
        "--output-tokens",
        "50",
    )
    assert proc.returncode == 0, proc.stderr
    assert "0.009315" in proc.stdout  # total, hand-computed in test_costsim
    assert "without caching" in proc.stdout
    csv_proc = run(
        "cost",
        "gpt-4o",
        "--system",
        "2000",
        "--turns",
        "2",
        "--turn-tokens",
        "100",
        "--output-tokens",
        "50",
        "--format",
        "csv",
    )
    lines = csv_proc.stdout.strip().splitlines()
    assert lines[0].startswith("session,turn,input_tokens")
    assert lines[-1].startswith("total,")
    assert lines[-1].split(",")[-2] == "0.009315"


def test_price_overrides() -> None:
    proc = run(
        "cost",
        "gpt-4o",
        "--system",
        "2000",
        "--turns",
        "2",
        "--turn-tokens",
        "100",
        "--output-tokens",
        "50",
        "--input-price",
        "1",
        "--cache-read-price",
        "0.1",
        "--output-price",
        "2",
        "--format",
        "json",
    )
    total = json.loads(proc.stdout, parse_float=Decimal)["total"]
    # 2100*1 + 50*2 = 2200; 202*1 + 2048*0.1 + 100 = 506.8 -> 2706.8 per million
    assert total["cost_usd"] == Decimal("0.0027068")


def test_ttl_and_period_options() -> None:
    ok = run("cost", "claude-sonnet-4-5", "--ttl", "1h", "--format", "json")
    assert json.loads(ok.stdout)["policy"]["ttl"] == "1h"
    bad = run("cost", "gpt-4o", "--ttl", "1h")
    assert bad.returncode == 2 and "offers no TTL '1h'" in bad.stderr
    peak = run("cost", "deepseek-flash", "--period", "off-peak", "--format", "json")
    assert json.loads(peak.stdout, parse_float=Decimal)["prices_usd_per_mtok"]["input"] == Decimal(
        "0.15"
    )
    wrong = run("cost", "gpt-4o", "--period", "peak")
    assert wrong.returncode == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cost", "claude-sonet-4-5"], "did you mean: claude-sonnet-4-5"),
        # The workload options have one declaration (and one range) in cost/capacity/probe.
        (["cost", "gpt-4o", "--turns", "0"], "'--turns': 0 is not in the range x>=1"),
        (["cost", "gpt-4o", "--system", "-5"], "'--system': -5 is not in the range x>=0"),
        (["cost", "gpt-4o", "--gap", "-1"], "'--gap': -1.0 is not in the range x>=0"),
        (["cost", "gpt-4o", "--output-price", "-1"], "non-negative"),
        (["cost", "gpt-4o", "--cache-read-price", "cheap"], "not a number"),
        (["cost"], "missing MODEL"),
        (["pricing", "show", "gpt-9000-ultra"], "unknown model"),
        (["cost", "nosuchmodel-xyz"], "none is close (names as LiteLLM spells them"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_usage_file_prices_each_shape(tmp_path: Path) -> None:
    proc = run("cost", "--usage", str(DATA / "usage_mixed.jsonl"), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout, parse_float=Decimal)
    by_model = {m["model"]: m for m in report["models"]}
    # gpt-4o: 1936*2.5 + 8064*1.25 + 1000*10 = 24920
    assert by_model["gpt-4o-2024-08-06"]["cost_usd"] == Decimal("0.02492")
    # Anthropic stream (message_start + message_delta): 10*3 + 30000*0.3 + 2000*6 (1h) + 500*15
    claude = by_model["claude-sonnet-4-5-20250929"]
    assert claude["cache_write_1h_tokens"] == 2000
    assert claude["cost_usd"] == Decimal("0.02853")
    # DeepSeek: 104*0.28 + 896*0.028 + 50*0.42 = 29.12 + 25.088 + 21 = 75.208
    assert by_model["deepseek-chat"]["cost_usd"] == Decimal("0.000075208")
    # Gemini stream: the cumulative usageMetadata of the last chunk only.
    # 2000*0.3 + 8000*0.03 + 1000*2.5 = 3340
    assert by_model["gemini-2.5-flash"]["cost_usd"] == Decimal("0.00334")
    # Bedrock Converse has no model in the response: the MODEL argument is the default.
    assert report["records"] == 4


def test_usage_file_bedrock_uses_default_model(tmp_path: Path) -> None:
    f = tmp_path / "bedrock.json"
    f.write_text(
        json.dumps(
            {
                "usage": {
                    "inputTokens": 20,
                    "outputTokens": 30,
                    "cacheReadInputTokens": 2000,
                    "cacheWriteInputTokens": 1000,
                }
            }
        )
    )
    no_model = run("cost", "--usage", str(f))
    assert no_model.returncode == 2 and "no model" in no_model.stderr
    proc = run(
        "cost",
        "bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0",
        "--usage",
        str(f),
        "--format",
        "json",
    )
    total = json.loads(proc.stdout, parse_float=Decimal)["total"]
    # 20*3 + 2000*0.3 + 1000*3.75 + 30*15 = 60 + 600 + 3750 + 450 = 4860
    assert total["cost_usd"] == Decimal("0.00486")


def test_usage_file_errors_name_the_line(tmp_path: Path) -> None:
    f = tmp_path / "u.jsonl"
    f.write_text(
        '{"model": "gpt-4o", "usage": {"prompt_tokens": 5, "completion_tokens": 1}}\n'
        '{"model": "gpt-4o", "usage": {"tokens": 5}}\n'
    )
    proc = run("cost", "--usage", str(f))
    assert proc.returncode == 2
    assert f"{f}:2: usage object of no known shape" in proc.stderr
    f.write_text('{"model": "gpt-4o", "usage": {"prompt_tokens": -5}}\n')
    assert "negative" in run("cost", "--usage", str(f)).stderr
    f.write_text("not json\n")
    assert ":1: not JSON" in run("cost", "--usage", str(f)).stderr
    assert run("cost", "--usage", str(tmp_path / "missing.json")).returncode == 2


def test_pricing_show_json() -> None:
    proc = run("pricing", "show", "anthropic/claude-haiku-4-5", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout, parse_float=Decimal)
    assert report["model"] == "claude-haiku-4-5"
    assert report["prices"]["cache_write_1h"]["usd_per_mtok"] == Decimal(2)
    assert report["policy"]["min_cacheable_tokens"] == 4096
    assert report["price_date"]
    assert all(report["policy_sources"].values())


def test_pricing_import(tmp_path: Path) -> None:
    out = tmp_path / "snap.json"
    proc = run(
        "pricing",
        "import",
        str(DATA / "litellm_sample.json"),
        "--date",
        "2026-11-01",
        "-o",
        str(out),
    )
    assert proc.returncode == 0, proc.stderr
    assert "imported 4 chat models" in proc.stdout
    snap = json.loads(out.read_text())
    assert snap["date"] == "2026-11-01"
    models = snap["models"]
    assert set(models) == {"claude-sonnet-4-5", "gemini/gemini-2.5-pro", "noisy-model", "o3-pro"}
    assert models["claude-sonnet-4-5"]["cache_write_1h"] == "6"
    assert models["noisy-model"]["input"] == "0.2"  # float noise 2.0000000000000002e-07 gone
    assert models["noisy-model"]["output"] == "3.6"
    assert models["gemini/gemini-2.5-pro"]["tiers"] == {
        "200000": {"cache_read": "0.25", "input": "2.5", "output": "15"}
    }
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    proc = run("pricing", "import", str(bad), "-o", str(out))
    assert proc.returncode == 2 and "JSON object" in proc.stderr


def test_sessions_table_has_a_session_column() -> None:
    proc = run(
        "cost",
        "gpt-4o",
        "--system",
        "2000",
        "--turns",
        "1",
        "--turn-tokens",
        "100",
        "--output-tokens",
        "50",
        "--sessions",
        "2",
    )
    assert proc.returncode == 0, proc.stderr
    header = proc.stdout.splitlines()[1]
    assert header.split()[:2] == ["session", "turn"]
    # session 2 reads the shared system prompt: 15 * 128 = 1920 (test_costsim)
    assert "1920" in proc.stdout


def test_openai_streams_cached_reads_are_not_billed_as_input() -> None:
    proc = run("cost", "--usage", str(DATA / "openai_streams.txt"), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout, parse_float=Decimal)
    assert report["records"] == 2  # chunks without usage and other events are skipped
    by_model = {m["model"]: m for m in report["models"]}
    # gpt-4o usage chunk: 136*2.5 + 4864*1.25 + 100*10 = 340 + 6080 + 1000 = 7420
    assert by_model["gpt-4o-2024-08-06"]["cost_usd"] == Decimal("0.00742")
    assert by_model["gpt-4o-2024-08-06"]["cache_read_tokens"] == 4864
    # gpt-5.4 response.completed: 80*2.5 + 1920*0.25 + 50*15 = 200 + 480 + 750 = 1430
    assert by_model["gpt-5.4"]["cost_usd"] == Decimal("0.00143")


def test_explicit_cache_cli() -> None:
    proc = run(
        "cost",
        "gemini-2.5-pro",
        "--system",
        "20000",
        "--turns",
        "4",
        "--turn-tokens",
        "1000",
        "--output-tokens",
        "500",
        "--gap",
        "60",
        "--explicit-cache",
        "--format",
        "json",
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout, parse_float=Decimal)
    assert report["explicit_cache"]["storage_cost_usd"] == Decimal("0.09")
    assert report["total"]["cost_usd"] == Decimal("0.16125")  # test_costsim, by hand
    assert run("cost", "gpt-4o", "--explicit-cache").returncode == 2
    assert run("cost", "gemini-2.5-pro", "--explicit-cache", "--ttl", "soon").returncode == 2
    assert run("cost", "gemini-2.5-pro", "--storage-price", "1").returncode == 2


def test_pricing_show_text_and_summary() -> None:
    proc = run("pricing", "show", "deepseek-flash")
    assert proc.returncode == 0, proc.stderr
    assert "deepseek-flash -> deepseek-flash" in proc.stdout
    assert "input (deepseek: no write fee)" in proc.stdout
    assert "peak_windows_utc" in proc.stdout
    tiers = run("pricing", "show", "gpt-5.6-luna")
    assert "above 272,000 input tokens: input 0.4" in tiers.stdout
    summary = run("pricing")
    assert summary.returncode == 0 and "chat models, dated" in summary.stdout


def test_usage_file_as_a_json_array(tmp_path: Path) -> None:
    f = tmp_path / "usage.json"
    f.write_text(
        json.dumps(
            [
                {
                    "model": "openai/gpt-4o",
                    "usage": {
                        "prompt_tokens": 2000,
                        "completion_tokens": 100,
                        "prompt_tokens_details": {"cached_tokens": 1920},
                    },
                },
                {"model": "gpt-4o", "usage": {"prompt_tokens": 1000, "completion_tokens": 0}},
            ],
            indent=2,
        )
    )
    proc = run("cost", "--usage", str(f), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout, parse_float=Decimal)
    assert [m["model"] for m in report["models"]] == ["gpt-4o"]  # both spellings, one model
    # (80 + 1000)*2.5 + 1920*1.25 + 100*10 = 2700 + 2400 + 1000 = 6100
    assert report["total"]["cost_usd"] == Decimal("0.0061")
    f.write_text('[{"model": "gpt-4o"}]')
    bad = run("cost", "--usage", str(f))
    assert bad.returncode == 2 and "item 1: no usage object" in bad.stderr


def test_pricing_import_writes_a_user_override_over_the_bundled_snapshot(
    tmp_path: Path,
) -> None:
    import os

    from promptlint.cost import catalog

    bundled = Path(str(catalog.resources.files("promptlint.pricing") / catalog.SNAPSHOT))
    before = bundled.read_bytes()
    override = tmp_path / "state" / "prices.json"
    env = {**os.environ, "PROMPTLINT_PRICES": str(override)}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "promptlint", *args], capture_output=True, text=True, env=env
        )

    sample = str(DATA / "litellm_sample.json")
    proc = cli("pricing", "import", sample, "--date", "2026-11-01")
    assert proc.returncode == 0, proc.stderr
    assert str(override) in proc.stdout and override.is_file()
    assert bundled.read_bytes() == before  # the package's own file is never written
    shown = json.loads(cli("pricing", "show", "noisy-model", "--format", "json").stdout)
    assert shown["price_date"] == "2026-11-01"
    assert shown["prices"]["input"]["usd_per_mtok"] == 0.2
    # Models the override lacks still resolve from the bundled snapshot, with its date.
    kept = json.loads(cli("pricing", "show", "gpt-4o", "--format", "json").stdout)
    assert kept["price_date"] != "2026-11-01"
    assert "override: " + str(override) in cli("pricing").stdout
    override.write_text("{not json")
    broken = cli("pricing", "show", "gpt-4o")
    assert broken.returncode == 2 and "price override" in broken.stderr
    assert "Traceback" not in broken.stderr
