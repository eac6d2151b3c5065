"""Reconstruction of Skyvern-AI/skyvern@07222e7a7caae79aacd5908c30e4a4445fce5f9b:skyvern/forge/sdk/api/llm/api_handler_factory.py (lines 1631-1830), trimmed; not the original text."""

import litellm

EXTRACT_ACTION_PROMPT_NAME = "extract-actions"


async def llm_api_handler_with_router_and_fallback(prompt: str, prompt_name: str, context, model: str, screenshots: list[str] | None = None):
    messages = [{"role": "user", "content": [{"type": "text", "text": prompt}]}]
    cached_static_prompt = getattr(context, "cached_static_prompt", None)
    if cached_static_prompt and prompt_name == EXTRACT_ACTION_PROMPT_NAME and model.startswith("gpt-"):
        caching_system_message = {"role": "system", "content": [{"type": "text", "text": cached_static_prompt}]}
        messages = [caching_system_message] + messages
    response = await litellm.acompletion(model=model, messages=messages, timeout=120)
    return response.choices[0].message.content
