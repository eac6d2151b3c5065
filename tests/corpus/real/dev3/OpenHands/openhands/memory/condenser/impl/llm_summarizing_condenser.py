"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/condenser/impl/llm_summarizing_condenser.py (lines 52-158), trimmed; not the original text."""

from openhands.core.message import Message, TextContent
from openhands.events.action.agent import CondensationAction
from openhands.events.observation.agent import AgentCondensationObservation
from openhands.memory.condenser.condenser import Condensation, RollingCondenser, View

SUMMARY_RULES = """You keep a running summary of what an agent did.
Track USER_CONTEXT, TASK_TRACKING, COMPLETED, PENDING, CURRENT_STATE and, for code,
CODE_STATE, TESTS, CHANGES, DEPS, VERSION_CONTROL_STATUS."""


class LLMSummarizingCondenser(RollingCondenser):
    def __init__(self, llm, max_size: int = 100, keep_first: int = 1):
        self.llm = llm
        self.max_size = max_size
        self.keep_first = keep_first
        super().__init__()

    def get_condensation(self, view: View) -> Condensation:
        tail_n = self.max_size // 2 - self.keep_first - 1
        first = view[self.keep_first]
        summary_event = (
            first
            if isinstance(first, AgentCondensationObservation)
            else AgentCondensationObservation("No events summarized")
        )
        forgotten = [
            e for e in view[self.keep_first : -tail_n] if not isinstance(e, AgentCondensationObservation)
        ]
        prompt = SUMMARY_RULES + "\n\n"
        prompt += f"<PREVIOUS SUMMARY>\n{summary_event.message}\n</PREVIOUS SUMMARY>\n\n"
        for event in forgotten:
            prompt += f"<EVENT id={event.id}>\n{event}\n</EVENT>\n"
        prompt += "Now summarize the events using the rules above."
        messages = [Message(role="user", content=[TextContent(text=prompt)])]
        response = self.llm.completion(
            messages=self.llm.format_messages_for_llm(messages),
            extra_body={"metadata": self.llm_metadata},
        )
        return Condensation(
            CondensationAction(
                forgotten_events_start_id=min(e.id for e in forgotten),
                forgotten_events_end_id=max(e.id for e in forgotten),
                summary=response.choices[0].message.content,
                summary_offset=self.keep_first,
            )
        )

    def should_condense(self, view: View) -> bool:
        return len(view) > self.max_size
