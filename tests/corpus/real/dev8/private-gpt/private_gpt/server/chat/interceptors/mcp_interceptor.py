"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/server/chat/interceptors/mcp_interceptor.py (lines 225-340), trimmed; not the original text.

Before the loop of each chat request, the tools of the request's MCP servers are listed
and become a tool-definitions layer of the request.
"""

import asyncio

from private_gpt.components.context.models.context_layer import ToolDefinitionsLayer


def mcp_tool_to_spec(config, tool):
    return {"name": tool.name, "description": tool.description, "parameters": tool.inputSchema}


class McpRequestInterceptor:
    def __init__(self, mcp_service) -> None:
        self._mcp_service = mcp_service

    async def _collect_tools_from_mcp(self, request) -> list:
        output_tools: list = []
        if request.mcp_servers:

            async def _get_mcp_tools(config) -> list:
                client = self._mcp_service.create_client(config)
                try:
                    mcp_tools = await client.list_tools()  # expect: PL201
                    return [mcp_tool_to_spec(config, tool) for tool in mcp_tools]
                finally:
                    await client.close()

            mcp_tools_results = list(
                await asyncio.gather(*(_get_mcp_tools(c) for c in request.mcp_servers), return_exceptions=True)
            )
            for result_or_exception in mcp_tools_results:
                if isinstance(result_or_exception, BaseException):
                    raise result_or_exception
            output_tools.extend(t for tools in mcp_tools_results if isinstance(tools, list) for t in tools)
        return output_tools

    async def intercept(self, context) -> None:
        state = context.state
        request = state.input.request
        mcp_tools = await self._collect_tools_from_mcp(request)
        if mcp_tools:
            state.input.context_stack = state.input.context_stack.remove_layers_of_source("mcp").append_layer(
                ToolDefinitionsLayer(tools=mcp_tools, source="mcp")
            )
            state.input.request.mcp_servers = []
        context.set_state(state)
