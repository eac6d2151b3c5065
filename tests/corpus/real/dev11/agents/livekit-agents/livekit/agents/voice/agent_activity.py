"""Reconstruction of livekit/agents@da6af86ac640a3bc54585764e64321d7048c1c16:livekit-agents/livekit/agents/voice/agent_activity.py (lines 960-975, 1585-1610, 3160-3190), trimmed; not the original text."""
from .. import llm, utils
from ..llm.mcp import MCPToolset
from .generation import update_expressive_instructions


class AgentActivity:
    def __init__(self, agent, session) -> None:
        self._agent = agent
        self._session = session

    async def _start(self, mcp_servers) -> None:
        self._mcp_tools = [
            MCPToolset(id=utils.shortuuid("mcp_toolset_"), mcp_server=server) for server in mcp_servers
        ]

    @property
    def tools(self):
        return self._agent.tools + self._mcp_tools

    def generate_reply(self, *, instructions=None, tools=None):
        all_tools = self.tools.copy()
        resolved_tools = None
        if tools is not None:
            tool_ctx = llm.ToolContext(all_tools)
            toolset_dict = {t.id: t for t in tool_ctx.toolsets}
            tool_dict = {t.id: t for t in tool_ctx.flatten()}
            resolved_tools = list()
            for name in set(tools):  # expect: PL201
                tool = toolset_dict.get(name) or tool_dict.get(name)
                if tool is None:
                    raise ValueError(f"tool '{name}' not found")
                resolved_tools.append(tool)
        return self._pipeline_reply_task_impl(
            chat_ctx=self._agent.chat_ctx,
            tools=resolved_tools if resolved_tools is not None else all_tools,
            instructions=instructions,
        )

    async def _pipeline_reply_task_impl(self, *, chat_ctx, tools, new_message=None, instructions=None):
        chat_ctx = chat_ctx.copy()
        tool_ctx = llm.ToolContext(tools)

        if new_message is not None:
            chat_ctx.insert(new_message)

        if instructions is not None:
            chat_ctx.add_message(role="system", content=[instructions])

        text = self.tts.markup.llm_instructions()
        if text.strip():
            update_expressive_instructions(chat_ctx, text=text)

        return await self._agent.llm_node(chat_ctx, tool_ctx.flatten())
