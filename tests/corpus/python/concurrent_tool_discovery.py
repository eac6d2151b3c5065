"""Tools gathered from several MCP servers concurrently: completion order is not stable,
`asyncio.gather` keeps the order of its arguments."""

import asyncio

from mcp import ClientSession
from openai import AsyncOpenAI

llm = AsyncOpenAI()


async def discover(session: ClientSession) -> list[dict]:
    res = await session.list_tools()
    return [
        {"type": "function", "function": {"name": t.name, "parameters": t.inputSchema}}
        for t in sorted(res.tools, key=lambda t: t.name)
    ]


async def tools_by_completion(sessions: list[ClientSession]) -> list[dict]:
    tools: list[dict] = []
    for fut in asyncio.as_completed([discover(s) for s in sessions]):  # expect: PL201
        tools.extend(await fut)
    return tools


async def tools_in_order(sessions: list[ClientSession]) -> list[dict]:
    tools: list[dict] = []
    for found in await asyncio.gather(*(discover(s) for s in sessions)):
        tools.extend(found)
    return tools


async def ask(sessions: list[ClientSession], messages: list[dict]):
    return await llm.chat.completions.create(
        model="gpt-4.1", messages=messages, tools=await tools_by_completion(sessions)
    )


async def ask_stable(sessions: list[ClientSession], messages: list[dict]):
    return await llm.chat.completions.create(
        model="gpt-4.1", messages=messages, tools=await tools_in_order(sessions)
    )
