"""Recordings as JSON Lines for other tools: one request per line, breaks nested."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, TextIO

from promptlint.store.base import Store


def export_jsonl(
    store: Store,
    out: TextIO,
    since: str | None = None,
    until: str | None = None,
    bodies: bool = True,
) -> int:
    """Write every request in arrival order; returns how many. Keys follow RequestRecord."""
    n = 0
    for record in store.iter_requests(since, until):
        row: dict[str, Any] = dataclasses.asdict(record)
        if not bodies:
            row["body"] = None
        out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
        n += 1
    return n
