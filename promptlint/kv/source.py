"""Find and read a model's config.json: a file, a model folder, or a Hub id in the local cache.

Never downloads: a Hub id is only looked up in the Hugging Face cache on disk.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from promptlint.errors import UserError


@dataclass(frozen=True)
class ConfigSource:
    """A parsed config.json and where it came from."""

    label: str  # what the user named (path or Hub id)
    config_path: Path
    raw: dict[str, Any]

    @property
    def folder(self) -> Path:
        return self.config_path.parent


def hf_hub_cache() -> Path:
    """The hub cache folder, by the same environment variables huggingface_hub reads."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    if os.environ.get("HUGGINGFACE_HUB_CACHE"):
        return Path(os.environ["HUGGINGFACE_HUB_CACHE"])
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]) / "hub"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "huggingface" / "hub"


def _cached_snapshot_config(model_id: str) -> Path | None:
    repo = hf_hub_cache() / ("models--" + model_id.replace("/", "--"))
    snapshots = repo / "snapshots"
    if not snapshots.is_dir():
        return None
    ref = repo / "refs" / "main"
    if ref.is_file():
        preferred = snapshots / ref.read_text(encoding="utf-8").strip() / "config.json"
        if preferred.is_file():
            return preferred
    candidates = [p / "config.json" for p in snapshots.iterdir() if (p / "config.json").is_file()]
    if not candidates:
        return None
    return max(candidates, key=lambda p: p.stat().st_mtime)


def locate_config(model: str | Path) -> Path:
    path = Path(model).expanduser()
    if path.is_file():
        return path
    if path.is_dir():
        config = path / "config.json"
        if config.is_file():
            return config
        raise UserError(f"{path}: folder has no config.json")
    text = str(model)
    if text.count("/") == 1 and not text.startswith((".", "/", "~")):
        cached = _cached_snapshot_config(text)
        if cached is not None:
            return cached
        raise UserError(
            f"{text}: not a file or folder, and not in the local Hugging Face cache "
            f"({hf_hub_cache()}); promptlint never downloads — pass a config.json or model folder"
        )
    raise UserError(f"{text}: no such config.json or model folder")


def read_config(model: str | Path) -> ConfigSource:
    config_path = locate_config(model)
    try:
        raw = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{config_path}: cannot read: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise UserError(f"{config_path}: not valid JSON: {exc.msg} (line {exc.lineno})") from exc
    if not isinstance(raw, dict):
        raise UserError(f"{config_path}: a config.json must hold a JSON object")
    return ConfigSource(label=str(model), config_path=config_path, raw=raw)
