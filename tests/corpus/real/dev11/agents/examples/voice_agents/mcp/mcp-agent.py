"""Reconstruction of livekit/agents@da6af86ac640a3bc54585764e64321d7048c1c16:examples/voice_agents/mcp/mcp-agent.py (lines 1-45), trimmed; not the original text."""
from datetime import datetime

from livekit.agents import Agent, AgentSession, JobContext, mcp


class MyAgent(Agent):
    def __init__(self) -> None:
        super().__init__(
            instructions=(
                "You are a friendly travel assistant that communicates via voice. "
                "Avoid emojis and markdown, speak naturally and concisely. "
                "Use the get_weather tool when the user asks about the weather somewhere. "
                "Use the book_flight tool when the user wants to book a flight. "
                f"Today is {datetime.now().strftime('%Y-%m-%d %A')}"  # expect: PL101
            ),
        )

    async def on_enter(self):
        self.session.generate_reply(instructions="greeting the user and introducing yourself")


async def entrypoint(ctx: JobContext):
    session = AgentSession(mcp_servers=[mcp.MCPServerHTTP(url="http://localhost:8000/mcp")])
    await session.start(agent=MyAgent(), room=ctx.room)
