"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/agents/letta_agent_v3.py (lines 1093-1110, 1438-1484, 2039-2075), trimmed; not the original text."""

from letta.agents.letta_agent_v2 import LettaAgentV2


class LettaAgentV3(LettaAgentV2):
    client_tools: list = []

    async def _step_request(self, messages: list, llm_client, llm_config, compaction_trigger_threshold: int):
        valid_tools = await self._get_valid_tools()
        request_data = llm_client.build_request_data(
            agent_type=self.agent_state.agent_type,
            messages=messages,
            llm_config=llm_config,
            tools=valid_tools,
            system=messages[0].content[0].text,
        )
        response = await llm_client.request_async(request_data, llm_config)
        if self.context_token_estimate is not None and self.context_token_estimate > compaction_trigger_threshold:
            summary_message, messages, summary_text = await self.compact(messages, trigger_threshold=compaction_trigger_threshold)
            await self.agent_manager.rebuild_system_prompt_async(agent_id=self.agent_state.id, actor=None, force=True, update_timestamp=True)
            messages = await self._refresh_messages(messages, force_system_prompt_refresh=True)
        return response, messages

    async def compact(self, messages: list, trigger_threshold=None):
        raise NotImplementedError

    async def _get_valid_tools(self):
        tools = self.agent_state.tools  # expect: PL201
        valid_tool_names = self.tool_rules_solver.get_allowed_tool_names(
            available_tools=set([t.name for t in tools]),
            error_on_empty=False,
        ) or list(set(t.name for t in tools))
        client_tool_names = {ct.name for ct in self.client_tools} if self.client_tools else set()
        allowed_tools = [t.json_schema for t in tools if t.name in set(valid_tool_names) and t.name not in client_tool_names]
        for ct in self.client_tools:
            allowed_tools.append({"name": ct.name, "description": ct.description, "parameters": ct.parameters or {"type": "object", "properties": {}}})
        return allowed_tools
