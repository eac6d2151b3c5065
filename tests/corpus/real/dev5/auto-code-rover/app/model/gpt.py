"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/model/gpt.py (lines 127-175, 243-275), trimmed; not the original text."""

from typing import Any

from openai import OpenAI


class OpenaiModel:
    def __init__(self, name: str) -> None:
        self.name = name
        self.client = OpenAI()

    def call(self, messages: list[dict[str, Any]], response_format: str = "text", temperature: float = 0.0) -> tuple[str, float]:
        response = self.client.chat.completions.create(
            model=self.name, messages=messages, temperature=temperature, response_format={"type": response_format}
        )
        return response.choices[0].message.content or "", 0.0


class Gpt_o1mini(OpenaiModel):
    def __init__(self) -> None:
        super().__init__("o1-mini")

    def call(self, messages: list[dict[str, Any]], response_format: str = "text", temperature: float = 0.0) -> tuple[str, float]:
        if response_format == "json_object":
            last_content = messages[-1]["content"]
            last_content += "\nYour response MUST start with { and end with }. DO NOT write anything else other than the json."
            messages[-1]["content"] = last_content
            response_format = "text"
        # in place, on the thread's own messages: every later call sees the same roles
        for msg in messages:
            msg["role"] = "user"
        return super().call(messages, response_format, temperature)
