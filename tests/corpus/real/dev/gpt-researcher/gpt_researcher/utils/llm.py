"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/utils/llm.py
(lines 41-140), trimmed; not the original text.
"""

from gpt_researcher.llm_provider.generic.base import GenericLLMProvider


async def create_chat_completion(messages: list[dict[str, str]], model: str | None = None, temperature: float | None = 0.4, max_tokens: int | None = 4000, llm_provider: str | None = None, stream: bool = False, websocket=None, llm_kwargs=None, cost_callback=None, **kwargs) -> str:
    if model is None:
        raise ValueError("Model cannot be None")
    provider = GenericLLMProvider.from_provider(llm_provider, model=model, temperature=temperature, max_tokens=max_tokens, **(llm_kwargs or {}))
    # clean: the messages as the caller built them
    return await provider.get_chat_response(messages, stream, websocket, **kwargs)
