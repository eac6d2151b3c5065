"""Reconstruction of arc53/DocsGPT@52279d27b4c311c83e62f16f7867f2cf4a74b7f5:application/llm/handlers/base.py (lines 470-520), trimmed; not the original text."""

import json
import uuid


class LLMHandler:
    def _build_conversation_from_messages(self, messages):
        calls = []
        for message in messages:
            if message.get("role") in {"assistant", "model"}:
                for tc in message.get("tool_calls") or []:
                    # Builds the conversation handed to compression (a one-off summary), not a chat prompt.
                    call_id = tc.get("id") or str(uuid.uuid4())
                    func = tc.get("function", {})
                    args = func.get("arguments")
                    if isinstance(args, str):
                        args = json.loads(args)
                    calls.append({"call_id": call_id, "name": func.get("name"), "arguments": args})
        return calls
