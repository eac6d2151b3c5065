"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:examples/hosted_mcp/connectors.py
(lines 15-55), trimmed; not the original text.
"""

from datetime import datetime

from agents import Agent, HostedMCPTool, Runner


async def main(authorization: str):
    agent = Agent(
        name="Assistant",
        instructions="You are a helpful assistant that can answer questions about the user's calendar.",
        tools=[HostedMCPTool(tool_config={"type": "mcp", "server_label": "google_calendar", "connector_id": "connector_googlecalendar", "authorization": authorization, "require_approval": "never"})],
    )
    # clean: today's date is in the user's message, the final turn, after the fixed instructions
    today = datetime.now().strftime("%Y-%m-%d")
    run_result = await Runner.run(agent, f"What is my schedule for {today}?")
    print(run_result.final_output)
