"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/llm/anthropic.py (lines 165-287, 433-470), trimmed; not the original text."""

import json
from typing import Any, Dict, List, Optional, Tuple

_PLACEHOLDER_USER_TEXT = "(continued)"
DEFAULT_MAX_TOKENS = 4096


class AnthropicLLM:
    @staticmethod
    def _tool_use_blocks(tool_calls: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        blocks = []
        for call in tool_calls:
            function = call.get("function") or {}
            arguments = function.get("arguments", "{}")
            if isinstance(arguments, str):
                arguments = json.loads(arguments or "{}")
            blocks.append({"type": "tool_use", "id": call.get("id") or "", "name": function.get("name") or "", "input": arguments})
        return blocks

    @classmethod
    def _clean_messages_anthropic(cls, messages: Optional[List[Dict[str, Any]]]) -> Tuple[List[Dict[str, Any]], Optional[str]]:
        system_parts: List[str] = []
        mapped: List[Dict[str, Any]] = []
        for message in messages or []:
            role = message.get("role")
            content = message.get("content")
            if role == "system":
                if content:
                    system_parts.append(str(content))
                continue
            if role == "tool":
                tool_content = content if isinstance(content, str) else json.dumps(content, default=str)
                mapped.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": message.get("tool_call_id") or "", "content": tool_content}]})
                continue
            blocks = [{"type": "text", "text": content}] if content else []
            if role == "assistant":
                blocks.extend(cls._tool_use_blocks(message.get("tool_calls") or []))
            if blocks:
                mapped.append({"role": "assistant" if role == "assistant" else "user", "content": blocks})
        if not mapped or mapped[0]["role"] != "user":
            mapped.insert(0, {"role": "user", "content": [{"type": "text", "text": _PLACEHOLDER_USER_TEXT}]})
        merged: List[Dict[str, Any]] = []
        for message in mapped:
            if merged and merged[-1]["role"] == message["role"]:
                merged[-1]["content"].extend(message["content"])
            else:
                merged.append(message)
        return merged, ("\n\n".join(system_parts) if system_parts else None)

    def _build_request(self, model: str, messages, tools=None, **kwargs) -> Dict[str, Any]:
        cleaned_messages, system_prompt = self._clean_messages_anthropic(messages)
        params: Dict[str, Any] = {"model": model, "messages": cleaned_messages, "max_tokens": int(kwargs.get("max_tokens") or DEFAULT_MAX_TOKENS)}
        if system_prompt:
            params["system"] = system_prompt
        if tools:
            params["tools"] = tools
        return params
