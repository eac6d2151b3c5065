"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:agents/utils/history_util.py
(lines 6-124), trimmed; not the original text.

Once the running token count passes the context window, every request first drops the oldest
message pairs and puts a truncation notice in front.
"""

from typing import Any


class MessageHistory:
    def __init__(self, model: str, system: str, context_window_tokens: int, client: Any, enable_caching: bool = True):
        self.model = model
        self.system = system
        self.context_window_tokens = context_window_tokens
        self.messages: list[dict[str, Any]] = []
        self.enable_caching = enable_caching
        self.message_tokens: list[tuple[int, int]] = []
        self.client = client
        self.total_tokens = len(system) // 4

    async def add_message(self, role: str, content: Any, usage: Any | None = None):
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        self.messages.append({"role": role, "content": content})
        if role == "assistant" and usage:
            total_input = usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens
            current_turn_input = total_input - self.total_tokens
            self.message_tokens.append((current_turn_input, usage.output_tokens))
            self.total_tokens += current_turn_input + usage.output_tokens

    def truncate(self) -> None:
        if self.total_tokens <= self.context_window_tokens:
            return
        notice = {"role": "user", "content": [{"type": "text", "text": "[Earlier history has been truncated.]"}]}

        def remove_message_pair():
            self.messages.pop(0)  # expect: PL301
            self.messages.pop(0)
            if self.message_tokens:
                input_tokens, output_tokens = self.message_tokens.pop(0)
                self.total_tokens -= input_tokens + output_tokens

        while self.message_tokens and len(self.messages) >= 2 and self.total_tokens > self.context_window_tokens:
            remove_message_pair()
            if self.messages and self.message_tokens:
                original_input, original_output = self.message_tokens[0]
                self.messages[0] = notice
                self.message_tokens[0] = (25, original_output)
                self.total_tokens += 25 - original_input

    def format_for_api(self) -> list[dict[str, Any]]:
        # clean: one breakpoint, on a copy of the latest message's blocks
        result = [{"role": m["role"], "content": m["content"]} for m in self.messages]
        if self.enable_caching and self.messages:
            result[-1]["content"] = [{**block, "cache_control": {"type": "ephemeral"}} for block in self.messages[-1]["content"]]
        return result
