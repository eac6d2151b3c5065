"""`promptlint kv` through the real entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CONFIGS = Path(__file__).parent.parent / "data" / "configs"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "kv", *args], capture_output=True, text=True
    )


def test_json_has_the_contract_keys() -> None:
    proc = run(str(CONFIGS / "gpt-oss-20b.json"), "--kv-dtype", "fp8", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["kv_dtype"] == "fp8"
    assert data["bytes_per_token"] == 24 * 2 * 8 * 64
    assert data["bytes_per_token_unbounded"] == 12 * 2 * 8 * 64
    assert data["per_request_state_bytes"] == 0
    assert data["layers"] == {"full_attention": 12, "sliding_attention": 12}
    assert isinstance(data["assumptions"], list) and data["exact"] is False
    assert data["model"].endswith("gpt-oss-20b.json")


def test_table_shows_units_and_formula() -> None:
    proc = run(str(CONFIGS / "deepseek-v3.json"), "--tp", "8")
    assert proc.returncode == 0, proc.stderr
    assert "70,272 B (68.62 KiB)" in proc.stdout
    assert "61 MLA layers × 1 latent × 576" in proc.stdout
    assert "replicated on every rank" in proc.stdout


def test_bad_choice_is_usage_error() -> None:
    proc = run(str(CONFIGS / "qwen3-4b.json"), "--kv-dtype", "int3")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_table_names_the_reader_and_an_unknown_architecture(tmp_path: Path) -> None:
    known = run(str(CONFIGS / "step3.json"))
    assert "Step3VLForConditionalGeneration (vLLM models/step3_vl.py)" in known.stdout
    config = json.loads((CONFIGS / "llama-3.1-8b-instruct.json").read_text(encoding="utf-8"))
    config["architectures"] = ["AcmeForCausalLM"]
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    table = run(str(path))
    assert table.returncode == 0
    assert "AcmeForCausalLM: unknown architecture" in table.stdout
    data = json.loads(run(str(path), "--format", "json").stdout)
    assert data["reader"] == "" and data["architecture"] == "AcmeForCausalLM"
    assert any("AcmeForCausalLM: not one promptlint reads" in a for a in data["assumptions"])
    assert data["bytes_per_token"] == 32 * 2 * 8 * 128 * 2
