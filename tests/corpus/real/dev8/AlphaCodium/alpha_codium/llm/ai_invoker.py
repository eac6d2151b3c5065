"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/llm/ai_invoker.py (lines 8-32), trimmed; not the original text."""

from typing import Callable

from alpha_codium.settings.config_loader import get_settings


async def send_inference(f: Callable):
    all_models = [get_settings().config.model] + list(get_settings().config.fallback_models)
    for i, model in enumerate(all_models):
        try:
            return await f(model)
        except Exception:
            if i == len(all_models) - 1:
                raise
