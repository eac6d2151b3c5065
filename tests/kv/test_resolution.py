"""Finding the config (file, folder, local HF cache) and refusing broken ones in one line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from promptlint.errors import UserError
from promptlint.kv import estimate_kv, load_model_spec

CONFIGS = Path(__file__).parent.parent / "data" / "configs"


def write(tmp_path: Path, config: dict[str, Any], name: str = "config.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(config), encoding="utf-8")
    return path


def llama(**changes: Any) -> dict[str, Any]:
    config = json.loads((CONFIGS / "llama-3.1-8b-instruct.json").read_text(encoding="utf-8"))
    config.update(changes)
    return {k: v for k, v in config.items() if v is not ...}


def test_model_folder(tmp_path: Path) -> None:
    shutil.copy(CONFIGS / "qwen3-4b.json", tmp_path / "config.json")
    assert estimate_kv(tmp_path).bytes_per_token == 36 * 2 * 8 * 128 * 2


def test_hub_id_from_local_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "hub" / "models--Qwen--Qwen3-4B"
    old = repo / "snapshots" / "0ld"
    new = repo / "snapshots" / "abc123"
    old.mkdir(parents=True)
    new.mkdir(parents=True)
    write(old, llama())  # a stale snapshot: refs/main points elsewhere
    shutil.copy(CONFIGS / "qwen3-4b.json", new / "config.json")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("abc123", encoding="utf-8")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    est = estimate_kv("Qwen/Qwen3-4B", kv_dtype="fp8")
    assert est.bytes_per_token == 72 * 1024
    assert est.model == "Qwen/Qwen3-4B"


def test_hub_id_not_cached_never_downloads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    with pytest.raises(UserError, match="never downloads"):
        load_model_spec("meta-llama/Llama-3.1-8B")


def test_folder_without_config(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"no config\.json"):
        load_model_spec(tmp_path)


@pytest.mark.parametrize(
    ("config", "field"),
    [
        (llama(num_hidden_layers=...), "num_hidden_layers"),
        (llama(num_attention_heads=...), "num_attention_heads"),
        (llama(hidden_size=..., num_key_value_heads=8), "hidden_size"),
        (llama(model_type=...), "model_type"),
        (llama(num_hidden_layers="32"), "num_hidden_layers"),
        (llama(layer_types=["full_attention"] * 3), "layer_types"),
        (llama(layer_types=["full_attention", "weird"] * 16), "weird"),
        (llama(layer_types=["sliding_attention"] * 32), "sliding_window"),
        (
            {
                "model_type": "qwen3_next",
                "num_hidden_layers": 4,
                "num_attention_heads": 8,
                "hidden_size": 512,
                "num_key_value_heads": 2,
            },
            "linear_num_value_heads",
        ),
        (
            {
                "model_type": "deepseek_nas_like",
                "num_hidden_layers": 2,
                "num_attention_heads": 8,
                "hidden_size": 512,
                "block_configs": [{"attention": {}}, {"attention": {}}],
            },
            "n_heads_in_group",
        ),
    ],
)
def test_broken_config_names_the_field(tmp_path: Path, config: dict[str, Any], field: str) -> None:
    with pytest.raises(UserError, match=field):
        estimate_kv(write(tmp_path, config))


def test_not_json(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(UserError, match="not valid JSON"):
        load_model_spec(path)


def test_cli_broken_config_is_one_line_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, llama(num_hidden_layers=...))
    proc = subprocess.run(
        [sys.executable, "-m", "promptlint", "kv", str(path)], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "num_hidden_layers" in lines[0]


def test_unknown_kv_dtype_is_a_user_error() -> None:
    with pytest.raises(UserError, match="int3"):
        estimate_kv(CONFIGS / "qwen3-4b.json", kv_dtype="int3")
