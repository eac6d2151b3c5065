"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/conversation_memory.py (lines 75-182, 531-627, 687-700, 805-826), trimmed; not the original text."""

from openhands.core.message import Message, TextContent
from openhands.events.action.message import SystemMessageAction
from openhands.events.observation.agent import RecallObservation, RecallType
from openhands.utils.prompt import PromptManager, RuntimeInfo


class ConversationMemory:
    def __init__(self, config, prompt_manager: PromptManager):
        self.agent_config = config
        self.prompt_manager = prompt_manager

    def process_events(self, condensed_history: list, initial_user_action) -> list[Message]:
        events = condensed_history
        self._ensure_system_message(events)
        messages: list[Message] = []
        for event in events:
            messages += self._event_to_messages(event)
        return self._apply_user_message_formatting(messages)

    def _apply_user_message_formatting(self, messages: list[Message]) -> list[Message]:
        # the separator depends only on the role before, which appending does not change
        prev_role = None
        for msg in messages:
            if msg.role == "user" and prev_role == "user" and msg.content:
                for item in msg.content:
                    if isinstance(item, TextContent):
                        item.text = "\n\n" + item.text
                        break
            prev_role = msg.role
        return messages

    def _event_to_messages(self, event) -> list[Message]:
        if isinstance(event, RecallObservation) and event.recall_type == RecallType.WORKSPACE_CONTEXT:
            runtime_info = RuntimeInfo(date=event.date, available_hosts=event.runtime_hosts)
            text = self.prompt_manager.build_workspace_context(
                repository_info=None,
                runtime_info=runtime_info,
                repo_instructions=event.repo_instructions,
            )
            return [Message(role="user", content=[TextContent(text=text)])]
        if isinstance(event, SystemMessageAction):
            return [Message(role="system", content=[TextContent(text=event.content)])]
        return [Message(role="user", content=[TextContent(text=str(event))])]

    def apply_prompt_caching(self, messages: list[Message]) -> None:
        # two breakpoints: the system message and the last user / tool message
        if messages and messages[0].role == "system":
            messages[0].content[-1].cache_prompt = True
        for message in reversed(messages):
            if message.role in ("user", "tool"):
                message.content[-1].cache_prompt = True
                break

    def _ensure_system_message(self, events: list) -> None:
        if not any(isinstance(e, SystemMessageAction) for e in events):
            prompt = self.prompt_manager.get_system_message(cli_mode=self.agent_config.cli_mode)
            events.insert(0, SystemMessageAction(content=prompt))
