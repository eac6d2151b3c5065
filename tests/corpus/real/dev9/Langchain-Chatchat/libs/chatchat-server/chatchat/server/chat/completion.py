"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/chatchat/server/chat/completion.py (lines 30-60), trimmed; not the original text."""

import asyncio

from langchain.chains import LLMChain
from langchain.prompts import PromptTemplate

from chatchat.server.utils import get_OpenAI, get_prompt_template, wrap_done


async def completion(query: str, model: str, prompt_name: str = "default", callback=None):
    model = get_OpenAI(model_name=model, temperature=0.7, max_tokens=1024, callbacks=[callback], local_wrap=True)
    prompt_template = get_prompt_template("llm_model", prompt_name)
    prompt = PromptTemplate.from_template(prompt_template, template_format="jinja2")
    chain = LLMChain(prompt=prompt, llm=model)
    task = asyncio.create_task(wrap_done(chain.acall({"input": query}), callback.done))
    await task
