"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/model/claude.py (lines 68-105), trimmed; not the original text."""

from typing import Any

import litellm


class AnthropicModel:
    def __init__(self, name: str, max_output_token: int = 4096) -> None:
        self.name = name
        self.max_output_token = max_output_token

    def call(self, messages: list[dict[str, Any]], response_format: str = "text", temperature: float = 0.0) -> tuple[str, float]:
        if response_format == "json_object":
            # the caller's own list: the instruction lands on its last (the new) message
            last_content = messages[-1]["content"]
            last_content += "\nYour response should start with { and end with }. DO NOT write anything else other than the json."
            messages[-1]["content"] = last_content
        response = litellm.completion(
            model=self.name, messages=messages, temperature=temperature, max_tokens=self.max_output_token
        )
        return response.choices[0].message.content or "", 0.0
