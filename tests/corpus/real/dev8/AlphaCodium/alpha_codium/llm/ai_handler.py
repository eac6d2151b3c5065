"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/llm/ai_handler.py (lines 70-135), trimmed; not the original text."""

from litellm import acompletion

from alpha_codium.settings.config_loader import get_settings


class AiHandler:
    async def chat_completion(self, model: str, system: str, user: str, temperature: float = 0.2,
                              frequency_penalty: float = 0.0):
        if "deepseek" in get_settings().get("config.model"):
            response = await acompletion(
                model="huggingface/deepseek-ai/deepseek-coder-33b-instruct",
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                api_base=get_settings().get("config.model"),
                temperature=temperature,
                max_tokens=2000,
            )
        else:
            response = await acompletion(
                model=model,
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                temperature=temperature,
                frequency_penalty=frequency_penalty,
            )
        return response["choices"][0]["message"]["content"], response["choices"][0]["finish_reason"]
