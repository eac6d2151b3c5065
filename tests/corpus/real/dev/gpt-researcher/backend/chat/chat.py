"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:backend/chat/chat.py
(lines 32-60, 153-245), trimmed; not the original text.

The web app's chat about a finished report: the system prompt holds the whole report and is
rebuilt on every turn, with the conversation history after it.
"""

from datetime import datetime

from gpt_researcher.utils.tools import create_chat_completion_with_tools, create_search_tool


class ChatAgentWithMemory:
    def __init__(self, report: str, config):
        self.report = report
        self.config = config

    def quick_search(self, query: str):
        return []

    async def process_chat_completion(self, messages):
        search_tool = create_search_tool(self.quick_search)
        return await create_chat_completion_with_tools(
            messages=messages,
            tools=[search_tool],
            model=self.config.smart_llm_model,
            llm_provider=self.config.smart_llm_provider,
        )

    async def chat(self, messages, websocket=None):
        system_prompt = (
            "You are GPT Researcher, an autonomous research agent (https://gptr.dev).\n"
            "This is a chat about a research report you wrote: answer from the report, with citations.\n"
            "Use the quick_search tool for recent information the report lacks.\n"
            "Answer in readable markdown, as in a chat, not a report.\n\n"
            # a microsecond clock ahead of the whole report and the history, on every turn
            f"Assume the current time is: {datetime.now()}.\n\n"  # expect: PL101
            f"Report: {self.report}\n"
        )
        formatted_messages = [{"role": "system", "content": system_prompt}]
        for msg in messages:
            if "role" in msg and "content" in msg:
                formatted_messages.append({"role": msg["role"], "content": msg["content"]})
        return await self.process_chat_completion(formatted_messages)
