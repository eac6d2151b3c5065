"""Reconstruction of reworkd/AgentGPT@18b073ab05b2902e1d052c3d2799786d8623b5e5:platform/reworkd_platform/web/api/agent/tools/utils.py (lines 55-75), and tools/code.py (lines 14-25), trimmed; not the original text."""

from langchain import LLMChain
from lanarky.responses import StreamingResponse


def summarize_with_sources(model, language: str, goal: str, query: str, snippets: list):
    from reworkd_platform.web.api.agent.prompts import summarize_with_sources_prompt

    chain = LLMChain(llm=model, prompt=summarize_with_sources_prompt)
    return StreamingResponse.from_chain(
        chain,
        {"goal": goal, "query": query, "language": language, "snippets": snippets},
        media_type="text/event-stream",
    )


class Code:
    def __init__(self, model, language: str):
        self.model = model
        self.language = language

    async def call(self, goal: str, task: str, input_str: str, *args, **kwargs):
        from reworkd_platform.web.api.agent.prompts import code_prompt

        chain = LLMChain(llm=self.model, prompt=code_prompt)
        return StreamingResponse.from_chain(chain, {"goal": goal, "language": self.language, "task": task}, media_type="text/event-stream")
