"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/llm_provider/generic/base.py
(lines 356-390), trimmed; not the original text.
"""

from langchain_openai import ChatOpenAI


class GenericLLMProvider:
    def __init__(self, llm):
        self.llm = llm

    @classmethod
    def from_provider(cls, provider: str, **kwargs):
        return cls(ChatOpenAI(**kwargs))

    async def get_chat_response(self, messages, stream, websocket=None, **kwargs):
        if not stream:
            # clean: LangChain call with the caller's messages
            output = await self.llm.ainvoke(messages, **kwargs)
            return output.content
        response = ""
        async for chunk in self.llm.astream(messages, **kwargs):
            response += chunk.content or ""
        return response
