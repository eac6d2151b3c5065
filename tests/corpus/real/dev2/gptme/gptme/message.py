"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/message.py (lines 251-330), trimmed; not the original text."""

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class Message:
    role: str
    content: str
    hide: bool = False
    pinned: bool = False
    call_id: str | None = None
    ephemeral_ttl: int | None = None
    metadata: dict[str, Any] | None = field(default=None)

    def replace(self, **kwargs: Any) -> "Message":
        return replace(self, **kwargs)
