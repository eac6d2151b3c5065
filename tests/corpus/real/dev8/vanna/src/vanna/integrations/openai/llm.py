"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/integrations/openai/llm.py (lines 190-240), trimmed; not the original text."""

import json
from typing import Any, Dict, List


class OpenAILlmService:
    def __init__(self, client, model: str):
        self._client = client
        self.model = model

    async def send_request(self, request):
        return self._client.chat.completions.create(**self._build_payload(request))

    def _build_payload(self, request) -> Dict[str, Any]:
        messages: List[Dict[str, Any]] = []
        if request.system_prompt:
            messages.append({"role": "system", "content": request.system_prompt})
        for m in request.messages:
            msg: Dict[str, Any] = {"role": m.role, "content": m.content}
            if m.role == "tool" and m.tool_call_id:
                msg["tool_call_id"] = m.tool_call_id
            elif m.role == "assistant" and m.tool_calls:
                msg["tool_calls"] = [
                    {
                        "id": tc.id,
                        "type": "function",
                        # arguments parsed from the model's own JSON, dumped back in that order
                        "function": {"name": tc.name, "arguments": json.dumps(tc.arguments)},
                    }
                    for tc in m.tool_calls
                ]
            messages.append(msg)
        payload: Dict[str, Any] = {"model": self.model, "messages": messages}
        if request.tools:
            payload["tools"] = [
                {"type": "function",
                 "function": {"name": t.name, "description": t.description, "parameters": t.parameters}}
                for t in request.tools
            ]
        return payload
