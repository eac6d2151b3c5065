"""Reconstruction of modelscope/agentscope@b01fef5eb4ba68b703113c53108a274fe60b5cbe:src/agentscope/formatter/_openai_formatter.py (lines 120-250, 251-414), trimmed; not the original text.

The chat formatter maps each message in memory; tool-call inputs are re-serialised from the dict
kept in memory. The multi-agent formatter folds consecutive agent messages into one user message
between <history> tags, the history prompt on the first group only.
"""

import json

from agentscope.formatter._truncated_formatter_base import TruncatedFormatterBase


class OpenAIChatFormatter(TruncatedFormatterBase):
    async def _format(self, msgs):
        messages = []
        for msg in msgs:
            content_blocks = []
            tool_calls = []
            for block in msg.get_content_blocks():
                typ = block.get("type")
                if typ == "text":
                    content_blocks.append({**block})
                elif typ == "tool_use":
                    tool_calls.append(
                        {
                            "id": block.get("id"),
                            "type": "function",
                            "function": {
                                "name": block.get("name"),
                                "arguments": json.dumps(block.get("input", {}), ensure_ascii=False),
                            },
                        }
                    )
                elif typ == "tool_result":
                    messages.append(
                        {
                            "role": "tool",
                            "tool_call_id": block.get("id"),
                            "content": str(block.get("output")),
                            "name": block.get("name"),
                        }
                    )
            msg_openai = {"role": msg.role, "name": msg.name, "content": content_blocks or None}
            if tool_calls:
                msg_openai["tool_calls"] = tool_calls
            if msg_openai["content"] or msg_openai.get("tool_calls"):
                messages.append(msg_openai)
        return messages


class OpenAIMultiAgentFormatter(TruncatedFormatterBase):
    def __init__(self, conversation_history_prompt="# Conversation History\nThe text between <history></history> is the conversation so far\n", **kwargs):
        super().__init__(**kwargs)
        self.conversation_history_prompt = conversation_history_prompt

    async def _format_tool_sequence(self, msgs):
        return await OpenAIChatFormatter().format(msgs)

    async def _format_agent_message(self, msgs, is_first=True):
        if is_first:
            conversation_history_prompt = self.conversation_history_prompt
        else:
            conversation_history_prompt = ""
        accumulated_text = []
        for msg in msgs:
            for block in msg.get_content_blocks():
                if block["type"] == "text":
                    accumulated_text.append(f"{msg.name}: {block['text']}")
        if not accumulated_text:
            return []
        text = conversation_history_prompt + "<history>\n" + "\n".join(accumulated_text) + "\n</history>"
        return [{"role": "user", "content": [{"type": "text", "text": text}]}]
