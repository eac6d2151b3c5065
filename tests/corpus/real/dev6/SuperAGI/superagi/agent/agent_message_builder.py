"""Reconstruction of TransformerOptimus/SuperAGI@c3c1982e7bd6a11cfed53c5a193ea502f924b1b6:superagi/agent/agent_message_builder.py (lines 16-146), trimmed; not the original text."""

import time

from superagi.config.config import get_config
from superagi.helper.prompt_reader import PromptReader
from superagi.helper.token_counter import TokenCounter
from superagi.models.agent import Agent
from superagi.models.agent_execution_config import AgentExecutionConfiguration


class AgentLlmMessageBuilder:
    def __init__(self, session, llm, llm_model: str, agent_id: int, agent_execution_id: int):
        self.session = session
        self.llm = llm
        self.llm_model = llm_model
        self.agent_id = agent_id
        self.agent_execution_id = agent_execution_id
        self.organisation = Agent.find_org_by_agent_id(self.session, self.agent_id)

    def build_agent_messages(self, prompt: str, agent_feeds: list, history_enabled=False, completion_prompt: str = None):
        token_limit = TokenCounter(session=self.session, organisation_id=self.organisation.id).token_limit(self.llm_model)
        max_output_token_limit = int(get_config("MAX_TOOL_TOKEN_LIMIT", 800))
        messages = [{"role": "system", "content": prompt}]
        if history_enabled:
            messages.append({"role": "system", "content": f"The current time and date is {time.strftime('%c')}"})  # expect: PL101
            base_token_limit = TokenCounter.count_message_tokens(messages, self.llm_model)
            full_message_history = [
                {"role": feed.role, "content": feed.feed, "chat_id": feed.id} for feed in agent_feeds
            ]
            past_messages, current_messages = self._split_history(
                full_message_history, ((token_limit - base_token_limit - max_output_token_limit) // 4) * 3
            )
            if past_messages:
                ltm_summary = self._build_ltm_summary(
                    past_messages=past_messages,
                    output_token_limit=(token_limit - base_token_limit - max_output_token_limit) // 4,
                )
                messages.append({"role": "assistant", "content": ltm_summary})
            for history in current_messages:
                messages.append({"role": history["role"], "content": history["content"]})
            messages.append({"role": "user", "content": completion_prompt})
        return messages

    def _split_history(self, history: list, pending_token_limit: int):
        hist_token_count = 0
        i = len(history)
        for message in reversed(history):
            hist_token_count += TokenCounter.count_message_tokens(
                [{"role": message["role"], "content": message["content"]}], self.llm_model
            )
            if hist_token_count > pending_token_limit:
                return history[:i], history[i:]  # expect: PL301
            i -= 1
        return [], history

    def _build_ltm_summary(self, past_messages, output_token_limit) -> str:
        ltm_prompt = self._build_prompt_for_ltm_summary(past_messages=past_messages, token_limit=output_token_limit)
        msgs = [
            {"role": "system", "content": "You are GPT Prompt writer"},
            {"role": "assistant", "content": ltm_prompt},
        ]
        ltm_summary = self.llm.chat_completion(msgs)
        AgentExecutionConfiguration.add_or_update_agent_execution_config(
            session=self.session, execution=None, agent_execution_configs={"ltm_summary": ltm_summary["content"]}
        )
        return ltm_summary["content"]

    def _build_prompt_for_ltm_summary(self, past_messages: list, token_limit: int):
        ltm_summary_prompt = PromptReader.read_agent_prompt(__file__, "agent_summary.txt")
        past_messages_prompt = ""
        for past_message in past_messages:
            past_messages_prompt += past_message["role"] + ": " + past_message["content"] + "\n"
        ltm_summary_prompt = ltm_summary_prompt.replace("{past_messages}", past_messages_prompt)
        ltm_summary_prompt = ltm_summary_prompt.replace("{char_limit}", str(token_limit * 4))
        return ltm_summary_prompt
