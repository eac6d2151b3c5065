"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/utils/tools.py
(lines 46-120, 230-260), trimmed; not the original text.
"""

from langchain_core.tools import tool

from gpt_researcher.llm_provider.generic.base import GenericLLMProvider


def create_search_tool(search_function):
    @tool
    def search_tool(query: str) -> str:
        """Search the web for current information."""
        return str(search_function(query))

    return search_tool


async def create_chat_completion_with_tools(messages, tools, model, llm_provider, llm_kwargs=None):
    provider = GenericLLMProvider.from_provider(llm_provider, model=model, **(llm_kwargs or {}))
    llm_with_tools = provider.llm.bind_tools(tools)
    response = await llm_with_tools.ainvoke(messages)
    return response.content, []
