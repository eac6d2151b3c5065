"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/langchain/chain.py (lines 11-43), trimmed; not the original text."""

from __future__ import annotations

from langchain.agents import AgentType, Tool, initialize_agent
from langchain.chains import LLMMathChain
from langchain_community.chat_models import ChatOpenAI
from langchain_community.utilities import SerpAPIWrapper


async def agent_search(query: str, memeory, callback=None) -> str:
    llm = ChatOpenAI(streaming=True, temperature=0, model="gpt-3.5-turbo-0613")
    search = SerpAPIWrapper()
    llm_math_chain = LLMMathChain.from_llm(llm=llm, verbose=False)
    tools = [
        Tool(name="Search", func=search.run, description="如果你不知道或不确定答案，可以使用这个搜索引擎检索答案"),
        Tool(name="Calculator", func=llm_math_chain.run, description="在需要回答数学问题时非常有用"),
    ]
    agent = initialize_agent(tools, llm, agent=AgentType.OPENAI_FUNCTIONS, verbose=False, memory=memeory)
    callbacks = [callback] if callback else None
    return await agent.arun(query, callbacks=callbacks)
