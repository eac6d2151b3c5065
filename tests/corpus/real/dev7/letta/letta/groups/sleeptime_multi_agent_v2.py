"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/groups/sleeptime_multi_agent_v2.py (lines 263-310), trimmed; not the original text.

The foreground conversation since the last processed message goes to the sleeptime agent as one
new user message; the sleeptime agent's own history is appended to.
"""


def stringify_message(message):
    return f"{message.role}: {message.text}" if message.text else None


class SleeptimeMultiAgentV2:
    def __init__(self, group, message_manager):
        self.group = group
        self.message_manager = message_manager

    async def _participant_agent_step(self, foreground_agent_id: str, sleeptime_agent_id: str, response_messages: list, last_processed_message_id: str, sleeptime_agent):
        prior_messages = []
        if self.group.sleeptime_agent_frequency:
            prior_messages = await self.message_manager.list_messages(
                agent_id=foreground_agent_id, after=last_processed_message_id, before=response_messages[0].id
            )
        transcript_summary = [stringify_message(message) for message in prior_messages + response_messages]
        transcript_summary = [summary for summary in transcript_summary if summary is not None]
        message_text = "\n".join(transcript_summary)
        sleeptime_agent_messages = [{"role": "user", "content": message_text, "agent_id": sleeptime_agent_id}]
        return await sleeptime_agent.step(sleeptime_agent_messages)
