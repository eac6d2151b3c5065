"""Count tokens of rendered prompts: the model's own tokenizer when it sits next to the template.

A chat template shipped in a model folder usually has a `tokenizer.json` beside it; then
positions are given in that model's tokens. Otherwise the count is an estimate (about
4 characters per token for English text) and every report says so.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

CHARS_PER_TOKEN = 4


class TokenCounter:
    """Counts tokens with a `tokenizer.json`, or estimates them from characters."""

    def __init__(self, tokenizer: Any = None, source: str | None = None) -> None:
        self._tokenizer = tokenizer
        self.source = source

    @property
    def exact(self) -> bool:
        return self._tokenizer is not None

    def count(self, text: str) -> int:
        if self._tokenizer is None:
            return math.ceil(len(text) / CHARS_PER_TOKEN)
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def describe(self) -> str:
        if self._tokenizer is None:
            return f"estimated tokens (≈{CHARS_PER_TOKEN} characters per token; no tokenizer.json)"
        return f"tokens of {self.source}"


def counter_for(template_path: str | Path | None) -> TokenCounter:
    """A counter using the `tokenizer.json` next to `template_path`, if there is one."""
    if template_path is None:
        return TokenCounter()
    candidate = Path(template_path).parent / "tokenizer.json"
    if not candidate.is_file():
        return TokenCounter()
    try:
        # Imported here: `check` must not pay for tokenizers unless a model folder needs it.
        from tokenizers import Tokenizer

        return TokenCounter(Tokenizer.from_file(str(candidate)), str(candidate))
    except Exception:  # a broken tokenizer.json must not stop the check: fall back to estimates
        return TokenCounter()
