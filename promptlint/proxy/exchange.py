"""The Exchange the proxy hands to the Analyzer (INTERFACES.md §C).

The diagnosis package owns the type; this module re-exports it, with an identical
definition for builds where diagnosis is not installed yet.
"""

from __future__ import annotations

try:
    from promptlint.diagnosis.exchange import Exchange
except ImportError:  # pragma: no cover - only before diagnosis lands
    from dataclasses import dataclass
    from datetime import datetime
    from typing import Any

    @dataclass
    class Exchange:  # type: ignore[no-redef]
        request_id: str
        ts: datetime
        api: str
        path: str
        request_body: bytes
        request_headers: dict[str, str]
        key_hash: str
        status: int
        streamed: bool
        latency_ms: float
        usage_raw: dict[str, Any] | None
        response_model: str | None
        error: str | None = None


__all__ = ["Exchange"]
