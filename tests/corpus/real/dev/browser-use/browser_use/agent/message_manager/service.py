"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/agent/message_manager/service.py
(lines 104-302, 391-420, 424-554), trimmed; not the original text.

The history is not kept as messages: it is text (agent_history_description) rebuilt into the one
state message of every step, after the task.
"""

from browser_use.agent.prompts import AgentMessagePrompt
from browser_use.llm.messages import SystemMessage, UserMessage


class MessageManager:
    def __init__(self, task: str, system_message: SystemMessage, file_system, state, max_history_items: int | None = None, sensitive_data=None):
        self.task = task
        self.state = state
        self.system_prompt = system_message
        self.file_system = file_system
        self.max_history_items = max_history_items
        self.sensitive_data = sensitive_data
        self.sensitive_data_description = ""
        self.state.history.system_message = self.system_prompt

    @property
    def agent_history_description(self) -> str:
        compacted_prefix = ""
        if self.state.compacted_memory:
            compacted_prefix = f"<compacted_memory>\n{self.state.compacted_memory}\n</compacted_memory>\n"
        if self.max_history_items is None or len(self.state.agent_history_items) <= self.max_history_items:
            return compacted_prefix + "\n".join(item.to_string() for item in self.state.agent_history_items)
        omitted_count = len(self.state.agent_history_items) - self.max_history_items
        recent_items_count = self.max_history_items - 1
        items_to_include = [
            self.state.agent_history_items[0].to_string(),
            f"<sys>[... {omitted_count} previous steps omitted...]</sys>",
        ]
        # once over the limit the window moves every step: the history text after the first item
        # (and the omitted count) differs on each request
        items_to_include.extend([item.to_string() for item in self.state.agent_history_items[-recent_items_count:]])  # expect: PL301
        return compacted_prefix + "\n".join(items_to_include)

    async def maybe_compact_messages(self, llm, settings, step_info=None) -> bool:
        if not settings or not settings.enabled or llm is None or step_info is None:
            return False
        if step_info.step_number - (self.state.last_compaction_step or 0) < settings.compact_every_n_steps:
            return False
        history_items = self.state.agent_history_items
        full_history_text = "\n".join(item.to_string() for item in history_items).strip()
        if len(full_history_text) < (settings.trigger_char_count or 40000):
            return False
        compaction_input = f"<agent_history>\n{full_history_text}\n</agent_history>"
        system_prompt = (
            "You summarise an agent run so that its prompt can be compacted.\n"
            "Keep the task, facts, decisions, progress, errors and next steps; keep URLs and paths.\n"
            "Return plain text."
        )
        # clean: one-shot summarisation; the summary then replaces the old items once
        messages = [SystemMessage(content=system_prompt), UserMessage(content=compaction_input)]
        response = await llm.ainvoke(messages)
        summary = (response.completion or "").strip()
        if not summary:
            return False
        self.state.compacted_memory = summary
        self.state.last_compaction_step = step_info.step_number
        keep_last = max(0, settings.keep_last_items)
        if len(history_items) > keep_last + 1:
            self.state.agent_history_items = [history_items[0]] + (history_items[-keep_last:] if keep_last else [])
        return True

    def _get_sensitive_data_description(self, current_page_url) -> str:
        if not self.sensitive_data:
            return ""
        placeholders: set[str] = set()
        for key, value in self.sensitive_data.items():
            if isinstance(value, dict):
                placeholders.update(value.keys())
            else:
                placeholders.add(key)
        if not placeholders:
            return ""
        # clean: the set is sorted before it is written into the prompt
        placeholder_list = sorted(list(placeholders))
        formatted = "\n".join(f"  - {p}" for p in placeholder_list)
        return f"SENSITIVE DATA - use these placeholders:\n{formatted}\nWrap them in <secret> tags."

    def create_state_messages(self, browser_state_summary, step_info=None) -> None:
        self.sensitive_data_description = self._get_sensitive_data_description(browser_state_summary.url)
        state_message = AgentMessagePrompt(
            browser_state_summary=browser_state_summary,
            file_system=self.file_system,
            agent_history_description=self.agent_history_description,
            task=self.task,
            step_info=step_info,
        ).get_user_message(True)
        self.state.history.state_message = state_message

    def get_messages(self):
        # [system, state, *context]: the state message is the final user turn of every request
        history = self.state.history
        return [history.system_message, history.state_message, *history.context_messages]
