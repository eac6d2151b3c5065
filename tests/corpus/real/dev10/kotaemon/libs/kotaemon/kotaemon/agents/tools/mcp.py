"""Reconstruction of Cinnamon/kotaemon@4015bb0f7cebd59d474624c4a570a4c119cdd826:libs/kotaemon/kotaemon/agents/tools/mcp.py (lines 43-60, 99-188, 191-225), trimmed; not the original text."""

from typing import Any, Optional


def build_args_model(tool_name: str, input_schema: dict):
    properties = input_schema.get("properties", {})
    required = set(input_schema.get("required", []))
    fields = {}
    for prop_name, prop_info in properties.items():
        if prop_name in required:
            fields[prop_name] = (str, ...)
        else:
            fields[prop_name] = (Optional[str], prop_info.get("default", None))
    return fields


def _make_tool(parsed: dict, tool_info: Any):
    return {"name": tool_info.name, "description": tool_info.description or f"MCP tool: {tool_info.name}"}


async def _async_discover_tools(parsed: dict) -> list:
    from mcp import ClientSession
    from mcp.client.sse import sse_client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    tools = []
    transport = parsed["transport"]
    if transport == "stdio":
        server_params = StdioServerParameters(command=parsed["command"], args=parsed.get("args", []))
        async with stdio_client(server_params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                result = await session.list_tools()  # expect: PL201
                for tool_info in result.tools:
                    tools.append(_make_tool(parsed, tool_info))
    elif transport == "sse":
        async with sse_client(url=parsed["command"]) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                result = await session.list_tools()  # expect: PL201
                for tool_info in result.tools:
                    tools.append(_make_tool(parsed, tool_info))
    return tools


def create_tools_from_config(config: dict, enabled_tools: Optional[list] = None) -> list:
    import asyncio
    tools = asyncio.run(_async_discover_tools(config))
    if enabled_tools:
        tools = [t for t in tools if t["name"] in enabled_tools]
    return tools


async def async_discover_tools_info(config: dict) -> list:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    tool_infos = []
    server_params = StdioServerParameters(command=config["command"], args=config.get("args", []))
    async with stdio_client(server_params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            result = await session.list_tools()
            for t in result.tools:
                tool_infos.append({"name": t.name, "description": t.description or ""})
    return tool_infos
