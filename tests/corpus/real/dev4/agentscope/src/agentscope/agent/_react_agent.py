"""Reconstruction of modelscope/agentscope@b01fef5eb4ba68b703113c53108a274fe60b5cbe:src/agentscope/agent/_react_agent.py (lines 62-216, 217-420, 421-463), trimmed; not the original text.

Each reasoning step sends the fixed system prompt and the whole memory; retrieved long-term
memory is appended to the memory once, as a message of its own; a plain-text answer is turned into
a finish-function call with a fresh short id, stored once in memory.
"""

import shortuuid

from agentscope.tool._toolkit import Toolkit


class Msg:
    def __init__(self, name, content, role, metadata=None):
        self.name = name
        self.content = content
        self.role = role
        self.metadata = metadata


class ReActAgent:
    finish_function_name = "generate_response"

    def __init__(self, name, sys_prompt, model, formatter, memory, toolkit=None, long_term_memory=None, max_iters=10):
        self.name = name
        self._sys_prompt = sys_prompt
        self.model = model
        self.formatter = formatter
        self.memory = memory
        self.toolkit = toolkit or Toolkit()
        self.long_term_memory = long_term_memory
        self._static_control = long_term_memory is not None
        self.max_iters = max_iters

    @property
    def sys_prompt(self):
        return self._sys_prompt

    async def reply(self, msg=None):
        await self.memory.add(msg)
        if self._static_control:
            retrieved_info = await self.long_term_memory.retrieve(msg)
            if retrieved_info:
                await self.memory.add(
                    Msg(
                        name="long_term_memory",
                        content=f"<long_term_memory>Possibly useful, from long-term memory:\n{retrieved_info}</long_term_memory>",
                        role="user",
                    )
                )
        reply_msg = None
        for _ in range(self.max_iters):
            msg_reasoning = await self._reasoning()
            if msg_reasoning.metadata:
                reply_msg = msg_reasoning
                break
        if reply_msg is None:
            reply_msg = await self._summarizing()
        await self.memory.add(reply_msg)
        return reply_msg

    async def _reasoning(self):
        prompt = await self.formatter.format(
            msgs=[Msg("system", self.sys_prompt, "system"), *await self.memory.get_memory()]
        )
        res = await self.model(prompt, tools=self.toolkit.get_json_schemas())
        msg = Msg(self.name, list(res.content), "assistant")
        if not any(block.get("type") == "tool_use" for block in msg.content):
            msg.content = [
                {
                    "id": shortuuid.uuid(),
                    "type": "tool_use",
                    "name": self.finish_function_name,
                    "input": {"response": " ".join(b.get("text", "") for b in msg.content)},
                }
            ]
        await self.memory.add(msg)
        return msg

    async def _summarizing(self):
        hint_msg = Msg(
            "user",
            "You did not finish within the maximum iterations; answer now with a summary of where things stand.",
            role="user",
        )
        prompt = await self.formatter.format(
            [Msg("system", self.sys_prompt, "system"), *await self.memory.get_memory(), hint_msg]
        )
        res = await self.model(prompt)
        return Msg(self.name, res.content, "assistant")
