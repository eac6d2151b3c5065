"""Reconstruction of TauricResearch/TradingAgents@85946c2f60768ab2dae23a5a36cd927662feef94:tradingagents/agents/utils/structured.py (lines 32-79), trimmed; not the original text."""

import logging

logger = logging.getLogger(__name__)


def bind_structured(llm, schema, agent_name: str):
    try:
        return llm.with_structured_output(schema)
    except (NotImplementedError, AttributeError):
        return None


def invoke_structured_or_freetext(structured_llm, plain_llm, prompt, render, agent_name: str) -> str:
    if structured_llm is not None:
        try:
            result = structured_llm.invoke(prompt)
            if result is None:
                raise ValueError("structured output returned no parsed result")
            return render(result)
        except Exception as exc:
            logger.warning("%s: structured call failed (%s); retrying as free text", agent_name, exc)
    # the retry sends the same prompt without the structured-output tool
    response = plain_llm.invoke(prompt)
    return response.content
