"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/actions/agent_creator.py
(lines 17-60), trimmed; not the original text.
"""

import json

from gpt_researcher.utils.llm import create_chat_completion


async def choose_agent(query, cfg, parent_query=None, cost_callback=None, prompt_family=None):
    query = f"{parent_query} - {query}" if parent_query else f"{query}"
    # clean: constant system prompt, the task in the only user message
    response = await create_chat_completion(
        model=cfg.smart_llm_model,
        messages=[
            {"role": "system", "content": f"{prompt_family.auto_agent_instructions()}"},
            {"role": "user", "content": f"task: {query}"},
        ],
        temperature=0.15,
        llm_provider=cfg.smart_llm_provider,
        cost_callback=cost_callback,
    )
    agent_dict = json.loads(response)
    return agent_dict["server"], agent_dict["agent_role_prompt"]
