"""Reconstruction of OpenBMB/ChatDev@b23950d03575e31c958d7f57af521fb782db8750:runtime/node/agent/providers/openai_provider.py (lines 228-286, 737-741), trimmed; not the original text."""

import hashlib
from typing import Any, Dict, List, Optional


class OpenAIProvider:
    def _build_chat_payload(self, conversation: List, tool_specs: Optional[List], raw_params: Dict[str, Any]) -> Dict[str, Any]:
        params = dict(raw_params)
        messages = [m for m in (self._serialize_message_for_chat(item) for item in conversation) if m is not None]
        payload: Dict[str, Any] = {
            "model": self.model_name,
            "messages": messages or [{"role": "user", "content": ""}],
            "temperature": params.pop("temperature", 0.7),
        }
        tools = list(params.pop("tools", None) or [])
        for spec in tool_specs or []:
            tools.append({"type": "function", "function": {"name": spec.name, "description": spec.description, "parameters": spec.parameters}})
        if tools:
            payload["tools"] = tools
            payload.setdefault("tool_choice", "auto")
        payload.update(params)
        return payload

    def _build_tool_call_id(self, function_name: str, arguments: str, *, fallback_prefix: str = "tool_call") -> str:
        base = function_name or fallback_prefix
        digest = hashlib.md5(f"{base}:{arguments or ''}".encode("utf-8")).hexdigest()[:8]
        return f"{base}_{digest}"
