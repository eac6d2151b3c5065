"""Reconstruction of TransformerOptimus/SuperAGI@c3c1982e7bd6a11cfed53c5a193ea502f924b1b6:superagi/agent/agent_tool_step_handler.py (lines 98-176), trimmed; not the original text."""

import json

from superagi.agent.agent_message_builder import AgentLlmMessageBuilder
from superagi.agent.agent_prompt_builder import AgentPromptBuilder
from superagi.helper.prompt_reader import PromptReader
from superagi.helper.token_counter import TokenCounter
from superagi.models.agent_execution_feed import AgentExecutionFeed


class AgentToolStepHandler:
    def __init__(self, session, llm, agent_id: int, agent_execution_id: int, memory=None):
        self.session = session
        self.llm = llm
        self.agent_id = agent_id
        self.agent_execution_id = agent_execution_id
        self.memory = memory

    def _process_input_instruction(self, agent_config, agent_execution_config, step_tool, workflow_step, tool_obj):
        prompt = self._build_tool_input_prompt(step_tool, tool_obj, agent_execution_config)
        agent_feeds = AgentExecutionFeed.fetch_agent_execution_feeds(self.session, self.agent_execution_id)
        messages = AgentLlmMessageBuilder(
            self.session, self.llm, self.llm.get_model(), self.agent_id, self.agent_execution_id
        ).build_agent_messages(prompt, agent_feeds, history_enabled=step_tool.history_enabled, completion_prompt=step_tool.completion_prompt)
        current_tokens = TokenCounter.count_message_tokens(messages, self.llm.get_model())
        response = self.llm.chat_completion(messages, 4096 - current_tokens)
        return response["content"]

    def _process_output_instruction(self, final_response: str, step_tool, workflow_step):
        prompt = self._build_tool_output_prompt(step_tool, final_response, workflow_step)
        messages = [{"role": "system", "content": prompt}]
        current_tokens = TokenCounter.count_message_tokens(messages, self.llm.get_model())
        response = self.llm.chat_completion(messages, 4096 - current_tokens)
        return response["content"].replace("'", "").replace('"', "")

    def _build_tool_input_prompt(self, step_tool, tool, agent_execution_config: dict):
        super_agi_prompt = PromptReader.read_agent_prompt(__file__, "agent_tool_input.txt")
        super_agi_prompt = super_agi_prompt.replace("{goals}", AgentPromptBuilder.add_list_items_to_string(agent_execution_config["goal"]))
        super_agi_prompt = super_agi_prompt.replace("{tool_name}", step_tool.tool_name)
        super_agi_prompt = super_agi_prompt.replace("{instruction}", step_tool.input_instruction)
        tool_schema = f'"{tool.name}": {tool.description}, args json schema: {json.dumps(tool.args)}'
        return super_agi_prompt.replace("{tool_schema}", tool_schema)

    def _build_tool_output_prompt(self, step_tool, tool_output: str, workflow_step):
        super_agi_prompt = PromptReader.read_agent_prompt(__file__, "agent_tool_output.txt")
        super_agi_prompt = super_agi_prompt.replace("{tool_output}", tool_output)
        super_agi_prompt = super_agi_prompt.replace("{tool_name}", step_tool.tool_name)
        super_agi_prompt = super_agi_prompt.replace("{instruction}", step_tool.output_instruction)
        return super_agi_prompt.replace("{output_options}", str([s["step_response"] for s in workflow_step.next_steps]))
