"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:swarm/types.py (lines 1-41), trimmed; not the original text."""

from typing import Callable, Union

from pydantic import BaseModel

AgentFunction = Callable[[], Union[str, "Agent", dict]]


class Agent(BaseModel):
    name: str = "Agent"
    model: str = "gpt-4o"
    instructions: Union[str, Callable[[], str]] = "You are a helpful agent."
    functions: list[AgentFunction] = []
    tool_choice: str = None
    parallel_tool_calls: bool = True


class Result(BaseModel):
    value: str = ""
    agent: Agent | None = None
    context_variables: dict = {}
