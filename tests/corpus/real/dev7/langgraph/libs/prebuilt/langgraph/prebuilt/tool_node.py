"""Reconstruction of langchain-ai/langgraph@f09cfe8ffc1eeffd68f4b628ed69c30f7cad229f:libs/prebuilt/langgraph/prebuilt/tool_node.py (lines 793-860), trimmed; not the original text."""

import asyncio
from concurrent.futures import ThreadPoolExecutor


class ToolNode:
    def __init__(self, tools: list):
        self._tools_by_name = {tool.name: tool for tool in tools}

    @property
    def tools_by_name(self) -> dict:
        return self._tools_by_name

    def _run_one(self, call: dict):
        return self._tools_by_name[call["name"]].invoke(call)

    async def _arun_one(self, call: dict):
        return await self._tools_by_name[call["name"]].ainvoke(call)

    def _func(self, tool_calls: list) -> list:
        with ThreadPoolExecutor() as executor:
            outputs = list(executor.map(self._run_one, tool_calls))
        return outputs

    async def _afunc(self, tool_calls: list) -> list:
        coros = [self._arun_one(call) for call in tool_calls]
        outputs = await asyncio.gather(*coros)
        return list(outputs)
