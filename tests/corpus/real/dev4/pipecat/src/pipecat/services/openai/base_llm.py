"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/services/openai/base_llm.py (lines 313-385), trimmed; not the original text.

The request is the sampling settings plus what the adapter built from the context.
"""

from pipecat.adapters.services.open_ai_adapter import OpenAILLMAdapter


class BaseOpenAILLMService:
    def __init__(self, client, settings):
        self._client = client
        self._settings = settings
        self._adapter = OpenAILLMAdapter()

    async def get_chat_completions(self, context):
        params_from_context = self._adapter.get_llm_invocation_params(
            context, system_instruction=self._settings.system_instruction
        )
        params = self.build_chat_completion_params(params_from_context)
        return await self._client.chat.completions.create(**params)

    def build_chat_completion_params(self, params_from_context):
        params = {
            "model": self._settings.model,
            "stream": True,
            "stream_options": {"include_usage": True},
            "temperature": self._settings.temperature,
            "seed": self._settings.seed,
            "max_tokens": self._settings.max_tokens,
        }
        params.update(params_from_context)
        params.update(self._settings.extra)
        return params
