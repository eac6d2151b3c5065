"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:examples/realtime/twilio/twilio_handler.py
(lines 20-45), trimmed; not the original text.
"""

from datetime import datetime

from agents import function_tool as tool
from agents.realtime import RealtimeAgent


@tool
def get_current_time() -> str:
    """Get the current time."""
    # clean: a tool result, produced once and kept in the history as it was
    return f"The current time is {datetime.now().strftime('%H:%M:%S')}"


agent = RealtimeAgent(
    name="Twilio Assistant",
    instructions="You greet creatively and keep answers short: this is a phone call.",
    tools=[get_current_time],
)
