"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/agent.py (lines 300-345, 1204-1275), trimmed; not the original text.

The legacy Agent still serves the OpenAI-compatible chat completions route.
"""

from datetime import datetime, timezone

from letta.prompts.prompt_generator import PromptGenerator


def get_utc_time() -> datetime:
    return datetime.now(timezone.utc)


def count_tokens(text: str) -> int:
    return len(text.split())


class Agent:
    def __init__(self, agent_state, tool_rules_solver, message_manager, agent_manager, user, llm_client):
        self.agent_state = agent_state
        self.tool_rules_solver = tool_rules_solver
        self.message_manager = message_manager
        self.agent_manager = agent_manager
        self.user = user
        self.llm_client = llm_client

    def _get_ai_reply(self, message_sequence: list):
        available_tools = set([t.name for t in self.agent_state.tools])
        agent_state_tool_jsons = [t.json_schema for t in self.agent_state.tools]  # expect: PL201
        allowed_tool_names = self.tool_rules_solver.get_allowed_tool_names(available_tools=available_tools) or list(available_tools)
        allowed_functions = [func for func in agent_state_tool_jsons if func["name"] in allowed_tool_names]
        return self.llm_client.send(messages=message_sequence, tools=allowed_functions)

    def get_context_window(self) -> dict:
        # token accounting for the context-window overview shown to the user; not a request
        external_memory_summary = PromptGenerator.compile_memory_metadata_block(
            memory_edit_timestamp=get_utc_time(),
            timezone=self.agent_state.timezone,
            agent_id=self.agent_state.id,
            previous_message_count=self.message_manager.size(actor=self.user, agent_id=self.agent_state.id),
            archival_memory_size=self.agent_manager.passage_size(actor=self.user, agent_id=self.agent_state.id),
        )
        return {"external_memory_summary": external_memory_summary, "num_tokens_external_memory_summary": count_tokens(external_memory_summary)}
