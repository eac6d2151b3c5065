"""Reconstruction of Skyvern-AI/skyvern@07222e7a7caae79aacd5908c30e4a4445fce5f9b:skyvern/forge/sdk/copilot/cache_envelope.py (lines 24-48), trimmed; not the original text."""

from __future__ import annotations


class CacheableSystemInstructions(str):
    """A system prompt string that also remembers where its stable prefix ends."""

    stable_prefix: str
    dynamic_suffix: str
    cache_namespace: str | None

    def __new__(cls, stable_prefix: str, dynamic_suffix: str, *, cache_namespace: str | None = None) -> CacheableSystemInstructions:
        instance = super().__new__(cls, stable_prefix + dynamic_suffix)
        instance.stable_prefix = stable_prefix
        instance.dynamic_suffix = dynamic_suffix
        instance.cache_namespace = cache_namespace
        return instance
