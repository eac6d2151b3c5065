"""Reconstruction of TransformerOptimus/SuperAGI@c3c1982e7bd6a11cfed53c5a193ea502f924b1b6:superagi/tools/thinking/tools.py (lines 24-75), trimmed; not the original text."""

from superagi.agent.agent_prompt_builder import AgentPromptBuilder
from superagi.helper.prompt_reader import PromptReader
from superagi.tools.base_tool import BaseTool


class ThinkingTool(BaseTool):
    name = "ThinkingTool"
    description = "Reasons about the task from the given data only."
    goals: list = []

    def _execute(self, task_description: str):
        prompt = PromptReader.read_tools_prompt(__file__, "thinking.txt")
        prompt = prompt.replace("{goals}", AgentPromptBuilder.add_list_items_to_string(self.goals))
        prompt = prompt.replace("{task_description}", task_description)
        prompt = prompt.replace("{last_tool_response}", self.tool_response_manager.get_last_response())
        relevant = self.tool_response_manager.get_relevant_response(query=task_description, metadata={"agent_execution_id": self.agent_execution_id})
        prompt = prompt.replace("{relevant_tool_response}", relevant)
        messages = [{"role": "system", "content": prompt}]
        result = self.llm.chat_completion(messages, max_tokens=self.max_token_limit)
        return result["content"]
