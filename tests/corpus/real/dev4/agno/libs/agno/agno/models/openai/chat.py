"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/models/openai/chat.py (lines 313-376), trimmed; not the original text.

Each stored message is mapped field by field; a tool result is sent compressed once the
compression manager compressed it.
"""


class OpenAIChat:
    default_role_map = {"system": "developer", "user": "user", "assistant": "assistant", "tool": "tool"}

    def __init__(self, role_map=None):
        self.role_map = role_map

    def _format_message(self, message, compress_tool_results=False):
        tool_result = message.get_content(use_compressed_content=compress_tool_results)
        message_dict = {
            "role": self.role_map[message.role] if self.role_map else self.default_role_map[message.role],
            "content": tool_result,
            "name": message.name,
            "tool_call_id": message.tool_call_id,
            "tool_calls": message.tool_calls,
        }
        message_dict = {k: v for k, v in message_dict.items() if v is not None}
        if message.tool_calls is not None and len(message.tool_calls) == 0:
            message_dict["tool_calls"] = None
        if message.content is None:
            message_dict["content"] = ""
        return message_dict
