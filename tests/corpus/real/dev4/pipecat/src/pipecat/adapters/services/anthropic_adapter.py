"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/adapters/services/anthropic_adapter.py (lines 74-114, 414-466), trimmed; not the original text.

With prompt caching on, the two most recent user messages of a deep copy get a cache_control
marker: two breakpoints per request, the newest writing the cache and the older one reading what
the previous request wrote.
"""

import copy

from pipecat.adapters.base_llm_adapter import BaseLLMAdapter


class AnthropicLLMAdapter(BaseLLMAdapter):
    id_for_llm_specific_messages = "anthropic"

    def to_provider_tools_format(self, functions):
        return [
            {
                "name": f.name,
                "description": f.description,
                "input_schema": {
                    "type": "object",
                    "properties": f.properties,
                    "required": f.required,
                },
            }
            for f in functions
        ]

    def get_llm_invocation_params(self, context, enable_prompt_caching, system_instruction=None):
        remaining = list(self.get_messages(context))
        system = self._extract_initial_system(remaining, system_instruction=system_instruction)
        system = self._resolve_system_instruction(system, system_instruction, discard=True)
        return {
            "system": system,
            "messages": (
                self._with_cache_control_markers(remaining) if enable_prompt_caching else remaining
            ),
            "tools": self.from_standard_tools(context.tools) or [],
        }

    def _with_cache_control_markers(self, messages):
        def add_cache_control_marker(message):
            if isinstance(message["content"], str):
                message["content"] = [{"type": "text", "text": message["content"]}]
            message["content"][-1]["cache_control"] = {"type": "ephemeral"}

        messages_with_markers = copy.deepcopy(messages)
        user_message_indices = []
        for i in range(len(messages_with_markers) - 1, -1, -1):
            if messages_with_markers[i]["role"] == "user":
                user_message_indices.append(i)
                if len(user_message_indices) == 2:
                    break
        for index in user_message_indices:
            add_cache_control_marker(messages_with_markers[index])
        return messages_with_markers
