"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/models/anthropic/claude.py (lines 72-90, 599-700), trimmed; not the original text.

The system array is the agent-built block then the model's custom blocks, TTL order checked; with
cache_tools the last tool gets one marker.
"""

from dataclasses import dataclass, field

from agno.utils.models.claude import _validate_cache_ttl_order, build_system_blocks


@dataclass
class SystemPromptBlock:
    text: str
    cache: bool = True
    ttl: str | None = None


@dataclass
class Claude:
    id: str = "claude-sonnet-4"
    cache_system_prompt: bool = False
    extended_cache_time: bool = False
    cache_tools: bool = False
    system_prompt_blocks: list = field(default_factory=list)

    def _apply_cache_tools(self, request_kwargs):
        if self.cache_tools and request_kwargs.get("tools"):
            request_kwargs["tools"][-1]["cache_control"] = {"type": "ephemeral"}

    def _build_system(self, system_message):
        blocks = []
        if system_message:
            blocks.extend(
                build_system_blocks(
                    system_message,
                    cache_system_prompt=self.cache_system_prompt,
                    extended_cache_time=self.extended_cache_time,
                )
            )
        user_blocks = self.system_prompt_blocks() if callable(self.system_prompt_blocks) else self.system_prompt_blocks
        if user_blocks:
            blocks.extend(
                build_system_blocks(
                    user_blocks,
                    cache_system_prompt=self.cache_system_prompt,
                    extended_cache_time=self.extended_cache_time,
                )
            )
        _validate_cache_ttl_order(blocks)
        return blocks

    def _prepare_request_kwargs(self, system_message, tools=None):
        request_kwargs = {"model": self.id, "max_tokens": 8192}
        system = self._build_system(system_message)
        if system:
            request_kwargs["system"] = system
        if tools:
            request_kwargs["tools"] = list(tools)
        self._apply_cache_tools(request_kwargs)
        return request_kwargs
