"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/agent/manus.py
(lines 18-165), trimmed; not the original text.

Manus formats its system prompt from the configuration once; while the browser is in use the
next-step prompt carries the page's URL and title, appended as the newest user message.
"""

from app.agent.browser import BrowserContextHelper
from app.agent.toolcall import ToolCallAgent

WORKSPACE_ROOT = "/workspace"
SYSTEM_PROMPT = "You are OpenManus, an all-capable AI assistant. The initial directory is: {directory}"
NEXT_STEP_PROMPT = "Based on user needs, proactively select the most appropriate tool."


class Manus(ToolCallAgent):
    name: str = "Manus"
    # clean: formatted from the configuration, once per class
    system_prompt: str = SYSTEM_PROMPT.format(directory=WORKSPACE_ROOT)
    next_step_prompt: str = NEXT_STEP_PROMPT
    browser_context_helper: BrowserContextHelper | None = None

    async def think(self) -> bool:
        original_prompt = self.next_step_prompt
        recent_messages = self.memory.messages[-3:] if self.memory.messages else []
        browser_in_use = any(
            tc.function.name == "browser_use" for msg in recent_messages if msg.tool_calls for tc in msg.tool_calls
        )
        if browser_in_use and self.browser_context_helper:
            # clean: the page state goes into the newest user message, after the history
            self.next_step_prompt = await self.browser_context_helper.format_next_step_prompt()
        result = await super().think()
        self.next_step_prompt = original_prompt
        return result
