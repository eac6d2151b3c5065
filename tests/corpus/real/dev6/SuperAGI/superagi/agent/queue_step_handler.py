"""Reconstruction of TransformerOptimus/SuperAGI@c3c1982e7bd6a11cfed53c5a193ea502f924b1b6:superagi/agent/queue_step_handler.py (lines 84-109), trimmed; not the original text."""

from superagi.agent.agent_message_builder import AgentLlmMessageBuilder
from superagi.helper.prompt_reader import PromptReader
from superagi.models.agent_execution_feed import AgentExecutionFeed


class QueueStepHandler:
    def __init__(self, session, llm, agent_id: int, agent_execution_id: int):
        self.session = session
        self.llm = llm
        self.agent_id = agent_id
        self.agent_execution_id = agent_execution_id

    def _process_input_instruction(self, step_tool):
        prompt = self._build_queue_input_prompt(step_tool)
        agent_feeds = AgentExecutionFeed.fetch_agent_execution_feeds(self.session, self.agent_execution_id)
        messages = AgentLlmMessageBuilder(
            self.session, self.llm, self.llm.get_model(), self.agent_id, self.agent_execution_id
        ).build_agent_messages(prompt, agent_feeds, history_enabled=step_tool.history_enabled, completion_prompt=step_tool.completion_prompt)
        response = self.llm.chat_completion(messages, 2048)
        return response["content"]

    def _build_queue_input_prompt(self, step_tool):
        queue_input_prompt = PromptReader.read_agent_prompt(__file__, "agent_queue_input.txt")
        return queue_input_prompt.replace("{instruction}", step_tool.input_instruction)
