"""An agent that exposes MCP server tools to Claude."""

import anthropic
from mcp import ClientSession

client = anthropic.AsyncAnthropic()


def to_anthropic(tool) -> dict:
    return {"name": tool.name, "description": tool.description, "input_schema": tool.inputSchema}


async def turn(session: ClientSession, messages: list[dict]):
    listed = await session.list_tools()  # expect: PL201
    tools = [to_anthropic(t) for t in listed.tools]
    return await client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=1024,
        tools=tools,
        messages=messages,
    )


async def turn_sorted(session: ClientSession, messages: list[dict]):
    listed = await session.list_tools()
    tools = [to_anthropic(t) for t in sorted(listed.tools, key=lambda t: t.name)]
    return await client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=1024,
        tools=tools,
        messages=messages,
    )
