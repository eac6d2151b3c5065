"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/adapters/services/open_ai_adapter.py (lines 145-194), trimmed; not the original text.

The system instruction of the service settings is prepended to the context's messages on every
request: the same text each time.
"""

from pipecat.adapters.base_llm_adapter import BaseLLMAdapter


class OpenAILLMAdapter(BaseLLMAdapter):
    id_for_llm_specific_messages = "openai"

    def to_provider_tools_format(self, functions):
        return [{"type": "function", "function": f.to_default_dict()} for f in functions]

    def get_llm_invocation_params(self, context, *, system_instruction=None):
        messages = list(self.get_messages(context))
        if system_instruction:
            messages = [{"role": "system", "content": system_instruction}] + messages
        return {
            "messages": messages,
            "tools": self.from_standard_tools(context.tools),
            "tool_choice": context.tool_choice,
        }
