"""Reconstruction of modelscope/agentscope@b01fef5eb4ba68b703113c53108a274fe60b5cbe:src/agentscope/formatter/_anthropic_formatter.py (lines 35-110), trimmed; not the original text.

Thinking blocks of earlier assistant turns are passed back as they were received.
"""

from agentscope.formatter._truncated_formatter_base import TruncatedFormatterBase


class AnthropicChatFormatter(TruncatedFormatterBase):
    async def _format(self, msgs):
        messages = []
        for msg in msgs:
            content_blocks = []
            for block in msg.get_content_blocks():
                typ = block.get("type")
                if typ in ["thinking", "text", "image"]:
                    content_blocks.append({**block})
                elif typ == "tool_use":
                    content_blocks.append(
                        {
                            "id": block.get("id"),
                            "type": "tool_use",
                            "name": block.get("name"),
                            "input": block.get("input", {}),
                        }
                    )
                elif typ == "tool_result":
                    content_blocks.append(
                        {"type": "tool_result", "tool_use_id": block.get("id"), "content": str(block.get("output"))}
                    )
            if content_blocks:
                role = "user" if msg.role == "system" and messages else msg.role
                messages.append({"role": role, "content": content_blocks})
        return messages
