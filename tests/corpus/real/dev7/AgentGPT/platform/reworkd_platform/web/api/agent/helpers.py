"""Reconstruction of reworkd/AgentGPT@18b073ab05b2902e1d052c3d2799786d8623b5e5:platform/reworkd_platform/web/api/agent/helpers.py (lines 68-76), trimmed; not the original text."""

from langchain import LLMChain


async def openai_error_handler(func, *args, settings=None, **kwargs):
    return await func(*args, **kwargs)


async def call_model_with_handling(model, prompt, args: dict, settings, **kwargs) -> str:
    chain = LLMChain(llm=model, prompt=prompt)
    return await openai_error_handler(chain.arun, args, settings=settings, **kwargs)
