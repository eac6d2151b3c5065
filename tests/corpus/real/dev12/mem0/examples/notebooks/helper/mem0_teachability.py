"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:examples/notebooks/helper/mem0_teachability.py (lines 42-160), trimmed; not the original text."""

from typing import Dict, Union

from autogen.agentchat.contrib.capabilities.agent_capability import AgentCapability


class Mem0Teachability(AgentCapability):
    def add_to_agent(self, agent):
        self.teachable_agent = agent
        agent.register_hook(hookable_method="process_last_received_message", hook=self.process_last_received_message)
        agent.update_system_message(
            agent.system_message
            + "\nYou've been given the special ability to remember user teachings from prior conversations."
        )

    def process_last_received_message(self, text: Union[Dict, str]):
        expanded_text = text
        if self.memory.get_all(filters={"agent_id": self.agent_id}):
            expanded_text = self._consider_memo_retrieval(text)
        return expanded_text

    def _consider_memo_retrieval(self, comment: Union[Dict, str]):
        memo_list = self._retrieve_relevant_memos(comment)
        response = self._analyze(comment, "Does any part of the TEXT ask the agent to perform a task? Answer yes or no.")
        if "yes" in response.lower():
            task = self._analyze(comment, "Copy just the task from the TEXT, then stop.")
            memo_list.extend(self._retrieve_relevant_memos(task))
        memo_list = list(set(memo_list))
        return comment + self._concatenate_memo_texts(memo_list)

    def _retrieve_relevant_memos(self, input_text: str) -> list:
        search_results = self.memory.search(input_text, filters={"agent_id": self.agent_id}, top_k=self.max_num_retrievals)
        return [result["memory"] for result in search_results if result["score"] <= self.recall_threshold]

    def _concatenate_memo_texts(self, memo_list: list) -> str:
        memo_texts = ""
        if memo_list:
            info = "\n# Memories that might help\n"
            for memo in memo_list:
                info += f"- {memo}\n"
            memo_texts = memo_texts + "\n" + info
        return memo_texts
