"""Reconstruction of AbanteAI/mentat@3a01f0a59404d717e527e4b60b6244cca158cfed:mentat/llm_api_handler.py (lines 240-276), trimmed; not the original text."""

from mentat.session_context import SESSION_CONTEXT


def get_max_tokens() -> int:
    return SESSION_CONTEXT.get().config.maximum_context or 128000


class LlmApiHandler:
    def __init__(self, spice):
        self.spice = spice

    async def call_llm_api(self, messages: list, model: str, provider, stream: bool, response_format=None):
        config = SESSION_CONTEXT.get().config
        if not stream:
            return await self.spice.get_response(
                model=model, provider=provider, messages=messages,
                temperature=config.temperature, response_format=response_format,
            )
        return await self.spice.stream_response(
            model=model, provider=provider, messages=messages,
            temperature=config.temperature, response_format=response_format,
        )
