"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/adapters/base_llm_adapter.py (lines 148-205, 207-271), trimmed; not the original text.

Adapters for providers with a separate system parameter take an initial system message out of
a copy of the context's messages. With a context of one system message only (the bot speaks
first), that message is sent as a user message instead; from the next request on, when the
history has grown, it is extracted as the system parameter.
"""


class BaseLLMAdapter:
    def __init__(self):
        self._builtin_tools = {}
        self._warned_system_instruction = False

    def get_messages(self, context):
        return context.get_messages(self.id_for_llm_specific_messages)

    def from_standard_tools(self, tools):
        if tools is None:
            return None
        standard = tools.standard_tools + list(self._builtin_tools.values())
        return self.to_provider_tools_format(standard)

    def _extract_initial_system(self, messages, *, system_instruction=None):
        if not messages or messages[0].get("role") != "system":
            return None
        if len(messages) == 1:
            messages[0] = {**messages[0], "role": "user"}  # expect: PL301
            return None
        content = messages[0].get("content", "")
        if isinstance(content, list):
            content = " ".join(p.get("text", "") for p in content if p.get("type") == "text")
        messages.pop(0)
        return content

    def _resolve_system_instruction(self, system_from_context, system_instruction, *, discard):
        if system_instruction:
            return system_instruction
        if system_from_context and discard:
            return system_from_context
        return None
