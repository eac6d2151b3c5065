"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/agent/browser.py
(lines 19-78), trimmed; not the original text.
"""

from typing import Any

NEXT_STEP_PROMPT = "What should I do next to achieve my goal?\n{url_placeholder}{tabs_placeholder}"


class BrowserContextHelper:
    def __init__(self, agent: Any):
        self.agent = agent

    async def get_browser_state(self) -> dict | None:
        raise NotImplementedError("asks the browser tool for its state, trimmed")

    async def format_next_step_prompt(self) -> str:
        state = await self.get_browser_state()
        url_info, tabs_info = "", ""
        if state and not state.get("error"):
            url_info = f"\n   URL: {state.get('url', 'N/A')}\n   Title: {state.get('title', 'N/A')}"
            if state.get("tabs"):
                tabs_info = f"\n   {len(state['tabs'])} tab(s) available"
        return NEXT_STEP_PROMPT.format(url_placeholder=url_info, tabs_placeholder=tabs_info)
