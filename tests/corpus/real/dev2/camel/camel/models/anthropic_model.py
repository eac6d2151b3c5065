"""Reconstruction of camel-ai/camel@13dc7a7dda66d943949e5448d55e70d5a9481cfe:camel/models/anthropic_model.py (lines 155-210, 1111-1200), trimmed; not the original text.

cache_control is one configured TTL ("5m" or "1h") on system and on the last message.
"""

from typing import Any, Dict, List

from anthropic import Anthropic


class AnthropicModel:
    def __init__(self, model_type: str, model_config_dict: Dict[str, Any]) -> None:
        self.model_type = model_type
        self.model_config_dict = model_config_dict
        self.client = Anthropic()
        cache_control = model_config_dict.get("cache_control")
        self._cache_control_config = {"type": "ephemeral", "ttl": cache_control} if cache_control else None

    def _run(self, messages: List[dict], tools=None):
        system_message = "\n".join(m["content"] for m in messages if m["role"] == "system")
        anthropic_messages = [m for m in messages if m["role"] != "system"]
        request_params: Dict[str, Any] = {
            "model": str(self.model_type),
            "messages": anthropic_messages,
            "max_tokens": self.model_config_dict.get("max_tokens", 4096),
        }
        if system_message:
            if self._cache_control_config:
                request_params["system"] = [{"type": "text", "text": system_message, "cache_control": self._cache_control_config}]
            else:
                request_params["system"] = system_message
        if self._cache_control_config and request_params["messages"]:
            last = request_params["messages"][-1]
            if isinstance(last["content"], str):
                last["content"] = [{"type": "text", "text": last["content"], "cache_control": self._cache_control_config}]
        if tools:
            request_params["tools"] = tools
        return self.client.messages.create(**request_params)
