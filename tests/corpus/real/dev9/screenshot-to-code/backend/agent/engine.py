"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/agent/engine.py (lines 22-66, 96-97, 185-262), trimmed; not the original text."""
# Event ids label the websocket messages to the frontend, never the model's input.
import uuid


class AgentEngine:
    def __init__(self, send_message, variant_index: int):
        self.send_message = send_message
        self.variant_index = variant_index

    def _next_event_id(self, prefix: str) -> str:
        return f"{prefix}-{self.variant_index}-{uuid.uuid4().hex[:8]}"

    async def _run_with_session(self, session):
        for _ in range(20):
            assistant_event_id = self._next_event_id("assistant")
            turn = await session.stream_turn(lambda event: self.send_message("assistant", event.text, assistant_event_id))
            if not turn.tool_calls:
                return turn.assistant_text
            await session.append_tool_results(turn, [])
        raise Exception("Agent exceeded max tool turns")
