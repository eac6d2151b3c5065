"""Reconstruction of Future-House/paper-qa@d2c3c698fdf06986aa021812ab3186d3696438d8:src/paperqa/agents/helpers.py (lines 20-70), trimmed; not the original text."""
from datetime import datetime


def get_year(ts=None):
    if ts is None:
        ts = datetime.now()
    return ts.strftime("%Y")


async def litellm_get_search_query(question, count, template=None, llm="gpt-4o-mini"):
    search_prompt = (
        "We want to answer the following question: {question}\nProvide"
        " {count} unique keyword searches (one search per line) and year ranges"
        " that will find papers to help answer the question. Do not use boolean"
        " operators. Make sure not to repeat searches without changing the"
        " keywords or year ranges. Make some searches broad and some narrow. Use"
        " this format: [keyword search], [start year]-[end year]. where end year"
        f" is optional. The current year is {get_year()}."
    )
    model = LiteLLMModel(name=llm)
    messages = [Message(content=search_prompt.format(question=question, count=count))]
    result = await model.call_single(messages=messages)
    return result.text.split("\n")
