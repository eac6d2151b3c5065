"""One request/response as the proxy saw it: the proxy builds it, the Analyzer reads it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass
class Exchange:
    """One request/response as the proxy saw it."""

    request_id: str
    ts: datetime  # arrival, UTC
    # openai-chat | openai-responses | openai-completions | anthropic-messages | other
    api: str
    path: str
    request_body: bytes  # as received
    request_headers: dict[str, str]  # lower-case names, credentials already REMOVED
    key_hash: str  # salted hash of the credential (proxy computes it)
    status: int
    streamed: bool
    latency_ms: float
    usage_raw: dict[str, Any] | None  # the provider's usage object as returned (merged for streams)
    response_model: str | None
    error: str | None = None
