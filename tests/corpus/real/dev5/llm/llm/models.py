"""Reconstruction of simonw/llm@f3f4f29c6e5e623c3776cbf6455dda2345638214:llm/models.py (lines 300-415, 537-600, 648-710, 751-814, 2223-2472), trimmed; not the original text."""

import asyncio
import dataclasses
import json
from dataclasses import dataclass

from llm.parts import Message, TextPart, ToolResultPart
from llm.utils import monotonic_ulid


class Tool:
    @classmethod
    def function(cls, fn, name=None):
        tool = cls()
        tool.fn = fn
        tool.name = name or fn.__name__
        return tool


class Toolbox:
    _blocked = ("tools", "add_tool", "prepare")

    def __init__(self):
        self._extra_tools = []

    def tools(self):
        # dir() lists attribute names sorted, so the toolbox's tools come in name order
        for name in dir(self):
            if name.startswith("_") or name in self._blocked:
                continue
            attr = getattr(self, name)
            if callable(attr):
                yield Tool.function(attr, name=f"{self.__class__.__name__}_{name}")
        yield from self._extra_tools


@dataclass
class ToolCall:
    name: str
    arguments: dict
    tool_call_id: str | None = None


def _ensure_tool_call_id(tool_call: ToolCall) -> ToolCall:
    # made once when the call is recorded on the response; replays reuse the stored id
    if tool_call.tool_call_id is not None:
        return tool_call
    return dataclasses.replace(tool_call, tool_call_id=f"tc_{str(monotonic_ulid()).lower()}")


class Prompt:
    def __init__(self, prompt, system=None, tool_results=None, messages=None):
        self._prompt = prompt
        self.system = system
        self.tool_results = tool_results or []
        self._explicit_messages = messages

    @property
    def messages(self):
        if self._explicit_messages is not None:
            return list(self._explicit_messages)
        result = []
        if self.system:
            result.append(Message(role="system", parts=[TextPart(text=self.system)]))
        if self.tool_results:
            result.append(
                Message(role="tool", parts=[ToolResultPart(name=tr.name, output=tr.output, tool_call_id=tr.tool_call_id) for tr in self.tool_results])
            )
        if self._prompt:
            result.append(Message(role="user", parts=[TextPart(text=self._prompt)]))
        return result


def _append_turn_input(chain, prompt, fragments=None, tool_results=None):
    if tool_results:
        chain.append(
            Message(role="tool", parts=[ToolResultPart(name=tr.name, output=tr.output, tool_call_id=tr.tool_call_id) for tr in tool_results])
        )
    prompt_text = "\n".join([str(f) for f in fragments or []] + ([prompt] if prompt else []))
    if prompt_text:
        chain.append(Message(role="user", parts=[TextPart(text=prompt_text)]))
    return chain


def _combine_system(system, system_fragments):
    bits = [bit.strip() for bit in ((system_fragments or []) + [system or ""]) if bit.strip()]
    return "\n\n".join(bits)


class _BaseConversation:
    def __init__(self):
        self.responses = []
        self.loaded_messages = None

    def _build_full_chain(self, prompt, tool_results, system=None, system_fragments=None, fragments=None):
        chain = []
        if self.loaded_messages:
            # the stored chain of a conversation continued from the log database
            chain.extend(self.loaded_messages)
        elif self.responses:
            last = self.responses[-1]
            # the previous request's full input, then that response's own messages
            chain.extend(last.prompt.messages)
            chain.extend(last._messages_now())
        else:
            system_text = _combine_system(system, system_fragments)
            if system_text:
                chain.append(Message(role="system", parts=[TextPart(text=system_text)]))
        return _append_turn_input(chain, prompt, fragments, tool_results)


@dataclass
class ToolResult:
    name: str
    output: str
    tool_call_id: str | None = None


class AsyncResponse:
    def __init__(self, tools_by_name):
        self.tools_by_name = tools_by_name

    async def execute_tool_calls(self, tool_calls: list) -> list:
        async def run(idx, tc):
            result = await self.tools_by_name[tc.name](**tc.arguments)
            output = result if isinstance(result, str) else json.dumps(result, default=repr)
            return idx, ToolResult(name=tc.name, output=output, tool_call_id=tc.tool_call_id)

        indexed_results = await asyncio.gather(*[run(i, tc) for i, tc in enumerate(tool_calls)])
        # back in the order the model asked for them, whatever finished first
        indexed_results = sorted(indexed_results, key=lambda x: x[0])
        return [tr for _, tr in indexed_results]
