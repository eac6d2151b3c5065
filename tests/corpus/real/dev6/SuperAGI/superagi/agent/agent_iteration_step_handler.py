"""Reconstruction of TransformerOptimus/SuperAGI@c3c1982e7bd6a11cfed53c5a193ea502f924b1b6:superagi/agent/agent_iteration_step_handler.py (lines 35-168), trimmed; not the original text."""

from sqlalchemy.sql.operators import and_

from superagi.agent.agent_message_builder import AgentLlmMessageBuilder
from superagi.agent.agent_prompt_builder import AgentPromptBuilder
from superagi.agent.task_queue import TaskQueue
from superagi.agent.tool_builder import ToolBuilder
from superagi.config.config import get_config
from superagi.helper.token_counter import TokenCounter
from superagi.models.agent import Agent
from superagi.models.agent_execution_feed import AgentExecutionFeed
from superagi.models.tool import Tool
from superagi.tools.thinking.tools import ThinkingTool


class AgentIterationStepHandler:
    def __init__(self, session, llm, agent_id: int, agent_execution_id: int, memory=None):
        self.session = session
        self.llm = llm
        self.agent_execution_id = agent_execution_id
        self.agent_id = agent_id
        self.memory = memory
        self.organisation = Agent.find_org_by_agent_id(self.session, agent_id=self.agent_id)
        self.task_queue = TaskQueue(str(self.agent_execution_id))

    def execute_step(self, agent_config, agent_execution_config, iteration_workflow, iteration_workflow_step):
        agent_feeds = AgentExecutionFeed.fetch_agent_execution_feeds(self.session, self.agent_execution_id)
        agent_tools = self._build_tools(agent_config, agent_execution_config)
        prompt = self._build_agent_prompt(
            iteration_workflow=iteration_workflow,
            agent_config=agent_config,
            agent_execution_config=agent_execution_config,
            prompt=iteration_workflow_step.prompt,
            agent_tools=agent_tools,
        )
        messages = AgentLlmMessageBuilder(
            self.session, self.llm, self.llm.get_model(), self.agent_id, self.agent_execution_id
        ).build_agent_messages(
            prompt,
            agent_feeds,
            history_enabled=iteration_workflow_step.history_enabled,
            completion_prompt=iteration_workflow_step.completion_prompt,
        )
        current_tokens = TokenCounter.count_message_tokens(messages=messages, model=self.llm.get_model())
        response = self.llm.chat_completion(messages, 4096 - current_tokens)
        return response["content"]

    def _build_agent_prompt(self, iteration_workflow, agent_config: dict, agent_execution_config: dict, prompt: str, agent_tools: list):
        max_token_limit = int(get_config("MAX_TOOL_TOKEN_LIMIT", 600))
        prompt = AgentPromptBuilder.replace_main_variables(
            prompt,
            agent_execution_config["goal"],
            agent_execution_config["instruction"],
            agent_config["constraints"],
            agent_tools,
            (not iteration_workflow.has_task_queue),
        )
        if iteration_workflow.has_task_queue:
            response = self.task_queue.get_last_task_details()
            last_task, last_task_result = (response["task"], response["response"]) if response is not None else ("", "")
            current_task = self.task_queue.get_first_task() or ""  # expect: PL104
            token_limit = TokenCounter(session=self.session, organisation_id=self.organisation.id).token_limit() - max_token_limit
            prompt = AgentPromptBuilder.replace_task_based_variables(
                prompt,
                current_task,
                last_task,
                last_task_result,
                self.task_queue.get_tasks(),
                self.task_queue.get_completed_tasks(),
                token_limit,
            )
        return prompt

    def _build_tools(self, agent_config: dict, agent_execution_config: dict):
        agent_tools = [ThinkingTool()]
        tool_builder = ToolBuilder(self.session, self.agent_id, self.agent_execution_id)
        user_tools = self.session.query(Tool).filter(and_(Tool.id.in_(agent_execution_config["tools"]), Tool.file_name is not None)).all()  # expect: PL201
        for tool in user_tools:
            agent_tools.append(tool_builder.build_tool(tool))
        return [tool_builder.set_default_params_tool(t, agent_config, agent_execution_config, None, None, self.memory) for t in agent_tools]
