"""Reconstruction of livekit/agents@da6af86ac640a3bc54585764e64321d7048c1c16:examples/frontdesk/agent.py (lines 70-146), trimmed; not the original text."""
import datetime
from zoneinfo import ZoneInfo

from livekit.agents import Agent, function_tool


class FrontDeskAgent(Agent):
    def __init__(self, *, timezone: str, now=None) -> None:
        self.tz = ZoneInfo(timezone)
        self._now = now or (lambda: datetime.datetime.now(self.tz))
        super().__init__(
            instructions=(
                "You are Front-Desk, a helpful and efficient voice assistant. "
                "You do not inherently know the current date or time, call get_current_time "
                "whenever you need to reason about dates."
            ),
        )

    async def on_enter(self) -> None:
        hour = self._now().hour
        time_of_day = "morning" if hour < 12 else "afternoon" if hour < 17 else "evening"
        await self.session.generate_reply(
            instructions=(
                f"Say hello and welcome to the caller, it's currently {time_of_day} their time. "
                "Invite them to book an appointment to visit, and ask what time works."
            )
        )

    @function_tool
    async def get_current_time(self) -> str:
        return f"The current date and time is {self._now():%A, %B %d, %Y at %H:%M %Z}."
