"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/chatchat/server/chat/kb_chat.py (lines 30-228), trimmed; not the original text."""

import asyncio
from typing import List

from langchain.prompts.chat import ChatPromptTemplate

from chatchat.server.utils import History, get_ChatOpenAI, get_prompt_template, wrap_done


async def kb_chat(query: str, docs: List[dict], history: List[dict], model: str, prompt_name: str = "default", callback=None):
    history = [History.from_data(h) for h in history]
    llm = get_ChatOpenAI(model_name=model, temperature=0.7, max_tokens=None, callbacks=[callback])

    context = "\n\n".join([doc["page_content"] for doc in docs])
    if len(docs) == 0:
        prompt_name = "empty"
    prompt_template = get_prompt_template("rag", prompt_name)
    input_msg = History(role="user", content=prompt_template).to_msg_template(False)  # expect: PL301
    chat_prompt = ChatPromptTemplate.from_messages([i.to_msg_template() for i in history] + [input_msg])
    chain = chat_prompt | llm
    task = asyncio.create_task(wrap_done(chain.ainvoke({"context": context, "question": query}), callback.done))
    await task
