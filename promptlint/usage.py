"""Token usage normalised across providers: four input classes plus output.

OpenAI's `cached_tokens` is a *subset* of `prompt_tokens`; Anthropic's cache tokens are
*in addition to* `input_tokens`; Gemini's `promptTokenCount` includes cached tokens.
Everything downstream speaks only this shape.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Usage:
    uncached_input_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_5m_tokens: int = 0
    cache_write_1h_tokens: int = 0
    output_tokens: int = 0

    @property
    def cache_write_tokens(self) -> int:
        return self.cache_write_5m_tokens + self.cache_write_1h_tokens

    @property
    def input_tokens(self) -> int:
        """Every prompt token, whichever way it was billed."""
        return self.uncached_input_tokens + self.cache_read_tokens + self.cache_write_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.uncached_input_tokens + other.uncached_input_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.cache_write_5m_tokens + other.cache_write_5m_tokens,
            self.cache_write_1h_tokens + other.cache_write_1h_tokens,
            self.output_tokens + other.output_tokens,
        )
