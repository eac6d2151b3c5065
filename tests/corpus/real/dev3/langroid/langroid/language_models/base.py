"""Reconstruction of langroid/langroid@786c4fe39a3fd7b595d3220a08676e9af78f4143:langroid/language_models/base.py (lines 270-372), trimmed; not the original text."""

import json
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional

from pydantic import BaseModel, Field


class Role:
    USER = "user"
    SYSTEM = "system"
    ASSISTANT = "assistant"


class OpenAIToolSpec(BaseModel):
    type: str
    strict: Optional[bool] = None
    function: Any = None


class LLMMessage(BaseModel):
    role: str
    content: Optional[str] = None
    tool_calls: Optional[List[Any]] = None
    timestamp: datetime = Field(default_factory=lambda: datetime.now(timezone.utc))
    chat_document_id: str = ""

    def api_dict(self, model: str, has_system_role: bool = True) -> Dict[str, Any]:
        d = self.model_dump()
        if not has_system_role and d["role"] == "system":
            d["role"] = "user"
            d["content"] = "[ADDITIONAL SYSTEM MESSAGE:]\n\n" + (d["content"] or "")
        out = {k: v for k, v in d.items() if v is not None}
        for tc in out.get("tool_calls") or []:
            # the arguments the model returned, parsed and dumped again in their own order
            tc["function"]["arguments"] = json.dumps(tc["function"]["arguments"])
        # bookkeeping fields never reach the API
        out.pop("timestamp", None)
        out.pop("chat_document_id", None)
        return out
