"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/tools/service.py
(lines 1140-1275), trimmed; not the original text.
"""

import json

from browser_use.llm.messages import SystemMessage, UserMessage

EXTRACT_SYSTEM_PROMPT = """You extract data from the markdown of a web page.
Use only what the page says; say so when the answer is missing; list all items when asked.
If the content was cut, the user can continue with start_from_char.
Skip items listed in <already_collected>."""


async def extract(query: str, content: str, stats_summary: str, page_extraction_llm, output_schema=None, structured_model=None):
    if structured_model is not None:
        # clean: the schema comes from this call's parameters and goes into the only user message
        schema_json = json.dumps(output_schema, indent=2)
        prompt = (
            f"<query>\n{query}\n</query>\n\n"
            f"<output_schema>\n{schema_json}\n</output_schema>\n\n"
            f"<content_stats>\n{stats_summary}\n</content_stats>\n\n"
            f"<webpage_content>\n{content}\n</webpage_content>"
        )
        return await page_extraction_llm.ainvoke(
            [SystemMessage(content=EXTRACT_SYSTEM_PROMPT), UserMessage(content=prompt)], output_format=structured_model
        )
    prompt = f"<query>\n{query}\n</query>\n\n<content_stats>\n{stats_summary}\n</content_stats>\n\n<webpage_content>\n{content}\n</webpage_content>"
    # clean: constant system prompt, everything per call in the one user message after it
    return await page_extraction_llm.ainvoke([SystemMessage(content=EXTRACT_SYSTEM_PROMPT), UserMessage(content=prompt)])
