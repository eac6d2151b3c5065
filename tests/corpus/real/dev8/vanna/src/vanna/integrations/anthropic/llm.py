"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/integrations/anthropic/llm.py (lines 132-224), trimmed; not the original text."""

from typing import Any, Dict, List


class AnthropicLlmService:
    def __init__(self, client, model: str):
        self._client = client
        self.model = model

    async def send_request(self, request):
        return self._client.messages.create(**self._build_payload(request))

    def _build_payload(self, request) -> Dict[str, Any]:
        messages: List[Dict[str, Any]] = []
        i = 0
        while i < len(request.messages):
            m = request.messages[i]
            if m.role == "tool":
                blocks = []
                while i < len(request.messages) and request.messages[i].role == "tool":
                    tool_msg = request.messages[i]
                    if tool_msg.tool_call_id:
                        blocks.append({"type": "tool_result", "tool_use_id": tool_msg.tool_call_id,
                                       "content": tool_msg.content})
                    i += 1
                if blocks:
                    messages.append({"role": "user", "content": blocks})
                continue
            blocks = []
            if m.content and m.content.strip():
                blocks.append({"type": "text", "text": m.content})
            if m.role == "assistant" and m.tool_calls:
                for tc in m.tool_calls:
                    blocks.append({"type": "tool_use", "id": tc.id, "name": tc.name, "input": tc.arguments})
            if blocks:
                messages.append({"role": m.role if m.role in {"user", "assistant"} else "user",
                                 "content": blocks})
            i += 1
        payload: Dict[str, Any] = {"model": self.model, "messages": messages,
                                   "max_tokens": request.max_tokens or 512}
        if request.tools:
            payload["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters}
                for t in request.tools
            ]
        if request.system_prompt:
            payload["system"] = request.system_prompt
        return payload
