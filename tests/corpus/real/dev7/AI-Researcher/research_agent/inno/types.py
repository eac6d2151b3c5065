"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/inno/types.py (lines 1-40), trimmed; not the original text."""

from typing import Callable, List, Union

from pydantic import BaseModel


class Agent(BaseModel):
    name: str = "Agent"
    model: str = "gpt-4o"
    instructions: Union[str, Callable[[dict], str]] = "You are a helpful agent."
    functions: List = []
    tool_choice: str = None
    parallel_tool_calls: bool = False
