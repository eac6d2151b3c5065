"""Reconstruction of huggingface/smolagents@e3a5b8994b301983b91c0325546e9dc82eab8cf0:src/smolagents/memory.py
(lines 50-200), trimmed; not the original text.

The history is rebuilt from the memory steps on every request; the steps are append-only unless a
step callback edits an old step (vision_web_browser.save_screenshot).
"""

from dataclasses import dataclass
from typing import Any

from smolagents.models import ChatMessage, MessageRole


@dataclass
class ActionStep:
    step_number: int
    model_output: str | None = None
    tool_calls: list | None = None
    observations: str | None = None
    observations_images: list | None = None
    error: Any = None

    def to_messages(self, summary_mode: bool = False) -> list[ChatMessage]:
        messages = []
        if self.model_output is not None and not summary_mode:
            messages.append(ChatMessage(role=MessageRole.ASSISTANT, content=[{"type": "text", "text": self.model_output.strip()}]))
        if self.tool_calls is not None:
            # clean: str() of the stored tool calls, the same text on every request
            messages.append(
                ChatMessage(role=MessageRole.TOOL_CALL, content=[{"type": "text", "text": "Calling tools:\n" + str([tc.dict() for tc in self.tool_calls])}])
            )
        if self.observations_images:
            messages.append(ChatMessage(role=MessageRole.USER, content=[{"type": "image", "image": image} for image in self.observations_images]))
        if self.observations is not None:
            messages.append(ChatMessage(role=MessageRole.TOOL_RESPONSE, content=[{"type": "text", "text": f"Observation:\n{self.observations}"}]))
        return messages


@dataclass
class PlanningStep:
    plan: str

    def to_messages(self, summary_mode: bool = False) -> list[ChatMessage]:
        if summary_mode:
            return []
        return [
            ChatMessage(role=MessageRole.ASSISTANT, content=[{"type": "text", "text": self.plan.strip()}]),
            ChatMessage(role=MessageRole.USER, content=[{"type": "text", "text": "Now proceed and carry out this plan."}]),
        ]


@dataclass
class SystemPromptStep:
    system_prompt: str

    def to_messages(self, summary_mode: bool = False) -> list[ChatMessage]:
        if summary_mode:
            return []
        return [ChatMessage(role=MessageRole.SYSTEM, content=[{"type": "text", "text": self.system_prompt}])]


class AgentMemory:
    def __init__(self, system_prompt: str):
        self.system_prompt = SystemPromptStep(system_prompt=system_prompt)
        self.steps: list = []
