"""Reconstruction of infiniflow/ragflow@b1b8cd623520b97b2526ffb1514bd812bdcc7eaf:agent/component/agent_with_tools.py (lines 100-116, 288-330), trimmed; not the original text."""

from agent.component.llm import LLM
from common.mcp_tool_call_conn import MCPToolBinding, MCPToolCallSession, mcp_tool_metadata_to_openai_tool
from rag.prompts.generator import citation_prompt, full_question


class Agent(LLM):
    def _bind_mcp(self, custom_header=None):
        tool_idx = len(self.tools)
        for mcp in self._param.mcp:
            mcp_server = self._mcp_server(mcp["mcp_id"])
            tool_call_session = MCPToolCallSession(mcp_server, mcp_server.variables, custom_header)
            for tnm, meta in mcp["tools"].items():
                indexed_name = f"{tnm}_{tool_idx}"
                tool_idx += 1
                self.tool_meta.append(mcp_tool_metadata_to_openai_tool(meta, function_name=indexed_name))
                self.tools[indexed_name] = MCPToolBinding(tool_call_session, tnm)

    async def stream_output_with_tools_async(self, prompt, msg, user_defined_prompt={}):
        if len(msg) > 3:
            user_request = await full_question(messages=msg, chat_mdl=self.chat_mdl)
            msg = [*msg[:-1], {"role": "user", "content": user_request}]  # expect: PL301
        msg, fit_error = self.fit_messages(prompt, msg, self.chat_mdl.max_length)
        if fit_error:
            return
        if self._param.cite and self._canvas.get_reference()["chunks"]:
            msg[0]["content"] += "\n" + citation_prompt()
        async for delta in self._generate_streamly(msg):
            yield delta
