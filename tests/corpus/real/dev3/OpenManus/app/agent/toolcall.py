"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/agent/toolcall.py
(lines 18-164), trimmed; not the original text.

Each step appends the next-step prompt to the memory and sends the class's system prompt, the
memory and the agent's tools.
"""

from typing import List

from pydantic import BaseModel, Field

from app.llm import LLM
from app.schema import Memory, Message, ToolCall
from app.tool.tool_collection import ToolCollection

SYSTEM_PROMPT = "You are an agent that can execute tool calls"
NEXT_STEP_PROMPT = "If you want to stop interaction, use `terminate` tool/function call."


class ToolCallAgent(BaseModel):
    name: str = "toolcall"
    system_prompt: str = SYSTEM_PROMPT
    next_step_prompt: str = NEXT_STEP_PROMPT
    llm: LLM = Field(default_factory=LLM)
    memory: Memory = Field(default_factory=Memory)
    available_tools: ToolCollection = Field(default_factory=ToolCollection)
    tool_calls: List[ToolCall] = Field(default_factory=list)
    max_observe: int | None = None

    class Config:
        arbitrary_types_allowed = True

    async def think(self) -> bool:
        if self.next_step_prompt:
            self.memory.add_message(Message.user_message(self.next_step_prompt))
        # clean: a class-level system prompt, the memory as it is, the fixed tool collection
        response = await self.llm.ask_tool(
            messages=self.memory.messages,
            system_msgs=[Message.system_message(self.system_prompt)] if self.system_prompt else None,
            tools=self.available_tools.to_params(),
            tool_choice="auto",
        )
        self.tool_calls = response.tool_calls or []
        self.memory.add_message(Message(role="assistant", content=response.content, tool_calls=self.tool_calls or None))
        return bool(self.tool_calls)

    async def act(self) -> str:
        results = []
        for command in self.tool_calls:
            result = await self.execute_tool(command)
            if self.max_observe:
                result = result[: self.max_observe]
            self.memory.add_message(Message(role="tool", content=result, tool_call_id=command.id, name=command.function.name))
            results.append(result)
        return "\n\n".join(results)

    async def execute_tool(self, command: ToolCall) -> str:
        raise NotImplementedError("runs the named tool, trimmed")
