"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/dataclasses/chat_message.py (lines 727-748), trimmed; not the original text."""

import json


class ChatMessage:
    def _system_assistant_message_to_openai(self, openai_msg: dict, require_tool_call_ids: bool) -> dict:
        # reasoning content is never sent back, on any turn
        if self.texts:
            openai_msg["content"] = self.texts[0]
        if self.tool_calls:
            openai_tool_calls = []
            for tc in self.tool_calls:
                openai_tool_call = {"type": "function", "function": {"name": tc.tool_name, "arguments": json.dumps(tc.arguments, ensure_ascii=False)}}
                if tc.id is not None:
                    openai_tool_call["id"] = tc.id
                openai_tool_calls.append(openai_tool_call)
            openai_msg["tool_calls"] = openai_tool_calls
        return openai_msg
